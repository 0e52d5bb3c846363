/**
 * The vault's signatures: made by noble's `ed25519.sign` (RFC 8032, the audited primitive; docs/decisions.md,
 * "Signing with the audited primitive") from the 32-byte seed, and verified before they are returned, strictly
 * as the verifier does (no ZIP-215 leniency, weak keys refused: core's verifyEd25519), against the public key
 * the vault stores for that secret, not one derived from it. A signature that does not verify (a damaged
 * stored key, a fault in the signing code) throws, and nothing is released.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  base64,
  type IntentPayload,
  intentSigningBytes,
  type Nep413Payload,
  nep413Digest,
  parsePublicKey,
  type SignedIntent,
  type SigningStandard,
  signedIntentOf,
  verifyEd25519,
  verifySignedIntent,
} from '../core';
import { VaultError } from './errors';

function failedCheck(publicKey: string): VaultError {
  return new VaultError(
    'corrupted',
    `A signature by ${publicKey} did not verify: nothing was released (is the stored key damaged?).`,
  );
}

/** The RFC 8032 signature of `message` by `seed`, returned only once it verifies under `publicKey` (`ed25519:…`). */
export function signVerified(seed: Uint8Array, publicKey: string, message: Uint8Array): Uint8Array {
  const signature = ed25519.sign(message, seed);
  if (!verifyEd25519(parsePublicKey(publicKey), message, signature)) throw failedCheck(publicKey);
  return signature;
}

/**
 * An intent signed under `standard`, checked as the verifier reads the wrapper that is released: its
 * digest recomputed from the wrapper, its key the stored one.
 */
export function signIntentChecked(
  seed: Uint8Array,
  publicKey: string,
  payload: IntentPayload,
  standard: SigningStandard,
): SignedIntent {
  const signed = signedIntentOf(
    payload,
    standard,
    publicKey,
    ed25519.sign(intentSigningBytes(payload, standard), seed),
  );
  const check = verifySignedIntent(signed);
  if (!check.ok || check.publicKey !== publicKey) throw failedCheck(publicKey);
  return signed;
}

/** A NEP-413 message signature, base64 (as wallets return it). */
export function signMessageChecked(seed: Uint8Array, publicKey: string, payload: Nep413Payload): string {
  return base64.encode(signVerified(seed, publicKey, nep413Digest(payload)));
}
