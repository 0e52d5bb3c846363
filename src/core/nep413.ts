/**
 * NEP-413 off-chain message signing (docs/protocol.md, "NEP-413: the bytes that are signed").
 * digest = SHA-256( u32le(2^31 + 413) ‖ borsh{ message: String, nonce: [u8; 32], recipient: String,
 *                   callbackUrl: Option<String> } )
 * signature = Ed25519(secret, digest) — plain RFC 8032 over the 32-byte digest.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8 } from './encoding';
import { ProtocolError } from './errors';
import { assertStrongPublicKey } from './keys';

export interface Nep413Payload {
  message: string;
  nonce: Uint8Array;
  recipient: string;
  callbackUrl?: string | null | undefined;
}

/** 2^31 + 413: the NEP-461 off-chain prefix tag for NEP-413. */
export const NEP413_TAG = 2 ** 31 + 413;

function u32le(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
}

function borshString(text: string): Uint8Array {
  const bytes = utf8.encode(text);
  return concatBytes(u32le(bytes.length), bytes);
}

/** The tag and Borsh bytes that are hashed (un-hashed pre-image, for comparison with other tools). */
export function nep413Serialize(payload: Nep413Payload): Uint8Array {
  if (!(payload.nonce instanceof Uint8Array) || payload.nonce.length !== 32) {
    throw new ProtocolError('nonce must be 32 bytes', 'nonce');
  }
  const callback =
    payload.callbackUrl == null
      ? new Uint8Array([0])
      : concatBytes(new Uint8Array([1]), borshString(payload.callbackUrl));
  return concatBytes(
    u32le(NEP413_TAG),
    borshString(payload.message),
    payload.nonce,
    borshString(payload.recipient),
    callback,
  );
}

export function nep413Digest(payload: Nep413Payload): Uint8Array {
  return sha256(nep413Serialize(payload));
}

/**
 * Signs with the 32-byte seed by noble's `ed25519.sign`, the audited primitive (docs/decisions.md, "Signing
 * with the audited primitive"). The wallet's own keys sign only inside src/vault, which verifies each
 * signature before it leaves; this is for keys that are not the wallet's (the simulator's solvers, tests).
 */
export function signNep413(seed: Uint8Array, payload: Nep413Payload): Uint8Array {
  if (seed.length !== 32) throw new ProtocolError('secret seed must be 32 bytes');
  return ed25519.sign(nep413Digest(payload), seed);
}

export function verifyNep413(publicKey: Uint8Array, payload: Nep413Payload, signature: Uint8Array): boolean {
  return verifyEd25519(publicKey, nep413Digest(payload), signature);
}

/**
 * Strict RFC 8032 verification (no ZIP-215 leniency) that also refuses small-order keys, like the
 * verifier. Stricter than the chain never lets the simulator accept what the verifier would refuse.
 */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    assertStrongPublicKey(publicKey);
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
