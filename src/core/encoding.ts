/**
 * Byte encodings used on the wire. All from @scure/base (audited, same family as @noble).
 * - base58: Bitcoin alphabet, used for ed25519 keys/signatures and intent hashes.
 * - base64: standard alphabet with padding (nonces, NEP-413 signatures as wallets return them).
 * - hex: lowercase.
 */
import { base58 as b58, base64 as b64, hex as hx } from '@scure/base';
import { ProtocolError } from './errors';

export interface BytesCodec {
  encode(bytes: Uint8Array): string;
  decode(text: string): Uint8Array;
}

export const base58: BytesCodec = b58;
export const base64: BytesCodec = b64;
export const hex: BytesCodec = {
  encode: (bytes) => hx.encode(bytes),
  // @scure/base accepts only lowercase; hashes and keys are often pasted in upper case.
  decode: (text) => hx.decode(text.toLowerCase()),
};

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
