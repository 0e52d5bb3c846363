/**
 * The two keys the wallet's private records use, both derived from the data key kept in the vault's
 * contents with HKDF-SHA256 (RFC 5869; https://www.w3.org/TR/WebCryptoAPI/#hkdf), one per purpose:
 * AES-256-GCM seals each record, HMAC-SHA256 names it, so that neither the value nor the name of a
 * private record (`balances:<account>`, `swap:<id>`) shows anything without the password
 * (docs/security.md, "What storage keeps"). Neither key can be exported.
 */
import { hex, utf8 } from '../core';

export interface RecordKeys {
  seal: CryptoKey;
  name: CryptoKey;
}

const bs = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);
const info = (purpose: string) => bs(utf8.encode(`intents-companion records: ${purpose}`));

export async function recordKeys(dataKey: Uint8Array): Promise<RecordKeys> {
  const subtle = globalThis.crypto.subtle;
  const base = await subtle.importKey('raw', bs(dataKey), 'HKDF', false, ['deriveKey']);
  const hkdf = (purpose: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: info(purpose) });
  const [seal, name] = await Promise.all([
    subtle.deriveKey(hkdf('seal'), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    subtle.deriveKey(hkdf('names'), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']),
  ]);
  return { seal, name };
}

/** The stored name of a private record: 128 bits of its HMAC, in hex. */
export async function recordName(key: CryptoKey, logical: string): Promise<string> {
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, bs(utf8.encode(logical))));
  return hex.encode(mac.slice(0, 16));
}
