/**
 * Keys and signatures in the verifier's text forms, of every curve it parses (near/intents
 * contracts/defuse/core/src/public_key.rs, signature.rs): `<curve>:<base58>`, a bare text being ed25519;
 * and the implicit account each key owns (docs/protocol.md, "The webauthn payload").
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, hex } from './encoding';
import { p256ImplicitAccountId } from './p256';

export type VerifierCurve = 'ed25519' | 'secp256k1' | 'p256';
export const KEY_BYTES: Record<VerifierCurve, number> = { ed25519: 32, secp256k1: 64, p256: 64 };
export const SIGNATURE_BYTES: Record<VerifierCurve, number> = { ed25519: 64, secp256k1: 65, p256: 64 };

/** The curve and bytes of a key or signature text as the verifier parses it (curve name exact), or null. */
export function curveText(
  text: string,
  sizes: Record<VerifierCurve, number>,
): { curve: VerifierCurve; bytes: Uint8Array } | null {
  const colon = text.indexOf(':');
  const curve = colon === -1 ? 'ed25519' : text.slice(0, colon);
  if (!Object.hasOwn(sizes, curve)) return null;
  const c = curve as VerifierCurve;
  try {
    const bytes = base58.decode(colon === -1 ? text : text.slice(colon + 1));
    return bytes.length === sizes[c] ? { curve: c, bytes } : null;
  } catch {
    return null;
  }
}

/**
 * The account a key owns without being added (`to_implicit_account_id`): ed25519 → hex of the key;
 * secp256k1 → `0x` + hex(keccak256(key)[12..32]); p256 → `0x` + hex(keccak256("p256" ‖ key)[12..32]).
 * Null for a text that is not a key.
 */
export function implicitAccountOfKey(text: string): string | null {
  const key = curveText(text, KEY_BYTES);
  if (!key) return null;
  if (key.curve === 'ed25519') return hex.encode(key.bytes);
  if (key.curve === 'p256') return p256ImplicitAccountId(key.bytes);
  return `0x${hex.encode(keccak_256(key.bytes).slice(12, 32))}`;
}

/** `0x` + 40 lowercase hex: the implicit accounts of secp256k1 and p256 keys (NEAR's "eth-implicit" form). */
export const isEthImplicitAccountId = (id: string): boolean => /^0x[0-9a-f]{40}$/.test(id);
