/**
 * An ed25519 secret expanded once, for a key that signs again and again while the vault is unlocked.
 * RFC 8032 §5.1.5 derives from the 32-byte seed a scalar s and a prefix (SHA-512 of the seed, clamped)
 * and the public key A = s·B; §5.1.6 signs with them: r = SHA-512(prefix ‖ M) mod L, R = r·B,
 * k = SHA-512(R ‖ A ‖ M) mod L, S = (r + k·s) mod L. `ed25519.sign(M, seed)` re-derives s, prefix and A
 * (a hash and a base-point multiplication) on every call; here they are kept, so a signature costs one
 * multiplication. Ed25519 is deterministic: the bytes are the same as `ed25519.sign`'s (the unit tests
 * compare both on the RFC 8032 vectors).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from './encoding';
import { ProtocolError } from './errors';

export interface ExpandedKey {
  readonly publicKey: Uint8Array;
  /** RFC 8032 Ed25519 signature of `message`. */
  sign(message: Uint8Array): Uint8Array;
  /** Zeroes the prefix and drops the scalar (a bigint cannot be zeroed); sign() throws afterwards. */
  wipe(): void;
}

const Fn = ed25519.Point.Fn;
const modL = (digest: Uint8Array) => Fn.create(bytesToNumberLE(digest));

export function expandSeed(seed: Uint8Array): ExpandedKey {
  if (seed.length !== 32) throw new ProtocolError('secret seed must be 32 bytes');
  const { prefix, scalar, pointBytes } = ed25519.utils.getExtendedPublicKey(seed);
  let state: { prefix: Uint8Array; scalar: bigint } | null = { prefix, scalar };
  return {
    publicKey: pointBytes,
    sign(message) {
      if (!state) throw new ProtocolError('this signing key was wiped');
      const r = modL(sha512(concatBytes(state.prefix, message)));
      const R = ed25519.Point.BASE.multiply(r).toBytes();
      const k = modL(sha512(concatBytes(R, pointBytes, message)));
      return concatBytes(R, Fn.toBytes(Fn.create(r + k * state.scalar)));
    },
    wipe() {
      state?.prefix.fill(0);
      state = null;
    },
  };
}

/** A seed, or a seed already expanded: what the signing functions take. */
export type SecretKeyInput = Uint8Array | ExpandedKey;

export function signEd25519(secret: SecretKeyInput, message: Uint8Array): Uint8Array {
  if (!(secret instanceof Uint8Array)) return secret.sign(message);
  if (secret.length !== 32) throw new ProtocolError('secret seed must be 32 bytes');
  return ed25519.sign(message, secret);
}

export function publicKeyOfSecret(secret: SecretKeyInput): Uint8Array {
  return secret instanceof Uint8Array ? ed25519.getPublicKey(secret) : secret.publicKey;
}
