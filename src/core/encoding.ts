/**
 * Byte encodings used on the wire, written here rather than taken from @scure/base: that module is one
 * file of every encoding, all of it in the background's script (docs/architecture.md, "Budgets").
 * Decoding is strict: a text decodes only if it is the one encoding of its bytes (no other alphabet, no
 * missing or extra padding, no stray bits), as @scure/base decodes it (test/unit/core/encoding.unit.test.ts
 * compares both on random bytes).
 * - base58: Bitcoin alphabet, used for ed25519 keys/signatures and intent hashes; XRP's alphabet for its addresses.
 * - base64: standard alphabet with padding (nonces, NEP-413 signatures as wallets return them).
 * - base64url: URL-safe alphabet, written unpadded; read with or without its padding, as the verifier's
 *   `Base64<UrlSafe, Unpadded>` reads WebAuthn's authenticator data and challenge (docs/protocol.md,
 *   "The webauthn payload").
 * - hex: lowercase out; either case in (hashes and keys are often pasted in upper case).
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ProtocolError } from './errors';

export interface BytesCodec {
  encode(bytes: Uint8Array): string;
  decode(text: string): Uint8Array;
}

/** Base58 over `alphabet` (58 characters): leading zero bytes are leading first characters. */
export function base58Codec(alphabet: string): BytesCodec {
  const digit = new Map([...alphabet].map((c, i) => [c, i]));
  return {
    encode(bytes) {
      const digits: number[] = []; // little-endian base-58 digits of the number
      for (const byte of bytes) {
        let carry = byte;
        for (let i = 0; i < digits.length; i++) {
          carry += digits[i]! << 8;
          digits[i] = carry % 58;
          carry = (carry / 58) | 0;
        }
        for (; carry > 0; carry = (carry / 58) | 0) digits.push(carry % 58);
      }
      let zeros = 0;
      while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
      return (
        alphabet[0]!.repeat(zeros) +
        digits
          .reverse()
          .map((d) => alphabet[d])
          .join('')
      );
    },
    decode(text) {
      const out: number[] = []; // little-endian bytes of the number
      for (const c of text) {
        let carry = digit.get(c);
        if (carry === undefined) throw new Error('base58: a character outside the alphabet');
        for (let i = 0; i < out.length; i++) {
          carry += out[i]! * 58;
          out[i] = carry & 0xff;
          carry >>= 8;
        }
        for (; carry > 0; carry >>= 8) out.push(carry & 0xff);
      }
      let zeros = 0;
      while (zeros < text.length && text[zeros] === alphabet[0]) zeros++;
      return Uint8Array.from([...new Array<number>(zeros).fill(0), ...out.reverse()]);
    },
  };
}

export const base58 = base58Codec('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const base64: BytesCodec = {
  encode(bytes) {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  },
  decode(text) {
    if (!BASE64.test(text)) throw new Error('base64: not padded base64');
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    // atob ignores bits past the last byte: only the text that encodes these bytes is theirs.
    if (base64.encode(bytes) !== text) throw new Error('base64: stray bits in the last character');
    return bytes;
  },
};

const BASE64URL = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;
export const base64url: BytesCodec = {
  encode: (bytes) => base64.encode(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  decode(text) {
    if (!BASE64URL.test(text)) throw new Error('base64url: not base64url');
    const bare = text.replace(/=+$/, '');
    const padded = bare.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (bare.length % 4)) % 4);
    return base64.decode(padded); // the stray-bits check is base64's
  },
};

// @noble/hashes' own (the background carries that module for SHA-2): either case in, lowercase out.
export const hex: BytesCodec = { encode: bytesToHex, decode: hexToBytes };

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = {
  encode: (text: string): Uint8Array => textEncoder.encode(text),
  decode: (bytes: Uint8Array): string => textDecoder.decode(bytes),
};

/** Decodes and checks the length, with a message that names what was expected. */
export function decodeExact(codec: BytesCodec, text: string, length: number, what: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = codec.decode(text);
  } catch {
    throw new ProtocolError(`${what} is not valid ${codecName(codec)}`);
  }
  if (bytes.length !== length) {
    throw new ProtocolError(`${what} must be ${length} bytes, got ${bytes.length}`);
  }
  return bytes;
}

function codecName(codec: BytesCodec): string {
  if (codec === base58) return 'base58';
  if (codec === base64) return 'base64';
  if (codec === hex) return 'hex';
  return 'encoding';
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
