/**
 * ed25519 keys in the ledger's text forms (`ed25519:<base58>`).
 * Secret keys appear as the 64-byte `seed ‖ public key` form (what near-api-js and wallets export)
 * or as a bare 32-byte seed; both are accepted, and the public half is checked when present.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, bytesEqual, hex } from './encoding';
import { ProtocolError } from './errors';

export type Random = (length: number) => Uint8Array;

export interface KeyPair {
  /** The 32-byte RFC 8032 seed. Only the vault should hold this. */
  readonly secretSeed: Uint8Array;
  readonly publicKey: Uint8Array;
}

const PREFIX = 'ed25519:';

export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  if (seed.length !== 32) throw new ProtocolError(`secret seed must be 32 bytes, got ${seed.length}`);
  return ed25519.getPublicKey(seed);
}

export function generateKeyPair(random: Random): KeyPair {
  const secretSeed = random(32);
  if (!(secretSeed instanceof Uint8Array) || secretSeed.length !== 32) {
    throw new ProtocolError('random source must return 32 bytes');
  }
  return { secretSeed, publicKey: publicKeyFromSeed(secretSeed) };
}

function stripPrefix(text: string, what: string): string {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  if (colon === -1) return trimmed;
  const curve = trimmed.slice(0, colon).toLowerCase();
  if (curve !== 'ed25519') throw new ProtocolError(`${what} uses curve '${curve}'; only ed25519 is supported`);
  return trimmed.slice(colon + 1);
}

function decodeBase58(text: string, what: string): Uint8Array {
  try {
    return base58.decode(text);
  } catch {
    throw new ProtocolError(`${what} is not valid base58`);
  }
}

export function parseSecretKey(text: string): KeyPair {
  const bytes = decodeBase58(stripPrefix(text, 'secret key'), 'secret key');
  if (bytes.length === 32) return { secretSeed: bytes, publicKey: publicKeyFromSeed(bytes) };
  if (bytes.length === 64) {
    const secretSeed = bytes.slice(0, 32);
    const publicKey = publicKeyFromSeed(secretSeed);
    if (!bytesEqual(publicKey, bytes.slice(32))) {
      throw new ProtocolError('secret key is corrupted: its public half does not match its seed');
    }
    return { secretSeed, publicKey };
  }
  throw new ProtocolError(`secret key must be 32 or 64 bytes, got ${bytes.length}`);
}

/** The 64-byte `seed ‖ public key` form, as near-api-js writes it. */
export function formatSecretKey(pair: KeyPair): string {
  const out = new Uint8Array(64);
  out.set(pair.secretSeed, 0);
  out.set(pair.publicKey, 32);
  return PREFIX + base58.encode(out);
}

export function formatPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new ProtocolError(`public key must be 32 bytes, got ${publicKey.length}`);
  return PREFIX + base58.encode(publicKey);
}

/**
 * Parses `ed25519:<base58>` (prefix case-insensitive, or bare base58, as the verifier accepts) and
 * rejects points that are not on the curve or have small order (the verifier's `is_weak` check).
 */
export function parsePublicKey(text: string): Uint8Array {
  const bytes = decodeBase58(stripPrefix(text, 'public key'), 'public key');
  if (bytes.length !== 32) throw new ProtocolError(`public key must be 32 bytes, got ${bytes.length}`);
  assertStrongPublicKey(bytes);
  return bytes;
}

export function assertStrongPublicKey(bytes: Uint8Array): void {
  let small: boolean;
  try {
    small = ed25519.Point.fromBytes(bytes).isSmallOrder();
  } catch {
    throw new ProtocolError('public key is not a valid ed25519 point');
  }
  if (small) throw new ProtocolError('public key has small order (weak key)');
}

export function implicitAccountId(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new ProtocolError(`public key must be 32 bytes, got ${publicKey.length}`);
  return hex.encode(publicKey);
}
