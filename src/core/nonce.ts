/**
 * Nonces (docs/protocol.md, "Nonces"; docs/decisions.md, "Versioned nonces"). 32 bytes, standard base64.
 * Versioned V1 layout: magic 56 28 f6 c6 | version 00 | salt[4] | deadline ns u64 LE [8] | random[15].
 * Anything else is a legacy nonce: the verifier checks only its uniqueness.
 */

import { parseDeadlineNs } from './deadline';
import { base64, bytesEqual, concatBytes, decodeExact, hex } from './encoding';
import { ProtocolError } from './errors';

/** First 4 bytes of sha256("versioned_nonce"). */
export const VERSIONED_NONCE_MAGIC = new Uint8Array([0x56, 0x28, 0xf6, 0xc6]);
export const NONCE_VERSION_V1 = 0;

export type DecodedNonce =
  | {
      kind: 'versioned';
      version: 0;
      salt: Uint8Array;
      saltHex: string;
      /** Unix nanoseconds, as stored. */
      deadlineNs: bigint;
      /** Millisecond view of the deadline (floor). */
      deadline: Date;
      random: Uint8Array;
    }
  | { kind: 'legacy'; bytes: Uint8Array };

export interface VersionedNonceInput {
  salt: Uint8Array;
  deadline: Date;
  random15: Uint8Array;
}

export function encodeVersionedNonceBytes({ salt, deadline, random15 }: VersionedNonceInput): Uint8Array {
  if (salt.length !== 4) throw new ProtocolError('salt must be 4 bytes', 'salt');
  if (random15.length !== 15) throw new ProtocolError('random part must be 15 bytes', 'random15');
  const ms = deadline.getTime();
  if (!Number.isFinite(ms) || ms < 0)
    throw new ProtocolError('nonce deadline must be a valid date after 1970', 'deadline');
  const deadlineBytes = new Uint8Array(8);
  new DataView(deadlineBytes.buffer).setBigUint64(0, BigInt(ms) * 1_000_000n, true);
  return concatBytes(VERSIONED_NONCE_MAGIC, new Uint8Array([NONCE_VERSION_V1]), salt, deadlineBytes, random15);
}

export function encodeVersionedNonce(input: VersionedNonceInput): string {
  return base64.encode(encodeVersionedNonceBytes(input));
}

export function decodeNonceBytes(bytes: Uint8Array): DecodedNonce {
  if (bytes.length !== 32) throw new ProtocolError(`nonce must be 32 bytes, got ${bytes.length}`, 'nonce');
  if (!bytesEqual(bytes.subarray(0, 4), VERSIONED_NONCE_MAGIC) || bytes[4] !== NONCE_VERSION_V1) {
    // An unknown version byte fails Borsh decoding in the verifier, so it is a legacy nonce there too.
    return { kind: 'legacy', bytes: bytes.slice() };
  }
  const salt = bytes.slice(5, 9);
  // The verifier stores an i64; a u64 read differs only for dates past year 2262.
  const deadlineNs = new DataView(bytes.buffer, bytes.byteOffset + 9, 8).getBigInt64(0, true);
  return {
    kind: 'versioned',
    version: 0,
    salt,
    saltHex: hex.encode(salt),
    deadlineNs,
    deadline: new Date(Number(deadlineNs / 1_000_000n)),
    random: bytes.slice(17, 32),
  };
}

export function decodeNonce(nonceBase64: string): DecodedNonce {
  return decodeNonceBytes(decodeExact(base64, nonceBase64, 32, 'nonce'));
}

/** Why a V1 nonce would be refused (verifier order), or null when its deadline rules hold. */
export function checkNonceDeadline(
  intentDeadline: string,
  nonce: DecodedNonce,
  now: Date,
): 'deadline is greater than nonce' | 'nonce was already expired' | null {
  if (nonce.kind !== 'versioned') return null;
  if (parseDeadlineNs(intentDeadline) > nonce.deadlineNs) return 'deadline is greater than nonce';
  if (nonce.deadlineNs < BigInt(now.getTime()) * 1_000_000n) return 'nonce was already expired';
  return null;
}
