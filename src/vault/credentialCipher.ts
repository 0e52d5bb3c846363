/**
 * AES-256-GCM for the user's service credentials (JWT, API key) under the vault's credentials key: a
 * random 32-byte key kept inside the encrypted vault contents, so it exists in memory only while the
 * vault is unlocked and survives a password change unchanged. The caller's additional data (the
 * credential's field and bound origins) is authenticated, so a ciphertext cannot be moved to another
 * field or origin (docs/security.md, "Credentials"; https://www.w3.org/TR/WebCryptoAPI/#aes-gcm).
 */
import { base64, utf8 } from '../core';
import { VaultError } from './errors';

export interface SealedText {
  iv: string;
  ciphertext: string;
}

export const CREDENTIALS_KEY_BYTES = 32;

const bs = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);

function aesKey(keyBytes: Uint8Array): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', bs(keyBytes), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function sealText(
  keyBytes: Uint8Array,
  plaintext: string,
  aad: string,
  iv: Uint8Array,
): Promise<SealedText> {
  return sealWithKey(await aesKey(keyBytes), plaintext, aad, iv);
}

/** Throws `corrupted` when the text does not open under this key and additional data. */
export async function openText(keyBytes: Uint8Array, sealed: SealedText, aad: string): Promise<string> {
  return openWithKey(await aesKey(keyBytes), sealed, aad, 'A saved credential does not open with this wallet’s key.');
}

export async function sealWithKey(key: CryptoKey, plaintext: string, aad: string, iv: Uint8Array): Promise<SealedText> {
  const params = { name: 'AES-GCM', iv: bs(iv), additionalData: bs(utf8.encode(aad)) };
  const ct = await globalThis.crypto.subtle.encrypt(params, key, bs(utf8.encode(plaintext)));
  return { iv: base64.encode(iv), ciphertext: base64.encode(new Uint8Array(ct)) };
}

export async function openWithKey(
  key: CryptoKey,
  sealed: SealedText,
  aad: string,
  damaged = 'A stored record does not open with this wallet’s key.',
): Promise<string> {
  try {
    const params = { name: 'AES-GCM', iv: bs(base64.decode(sealed.iv)), additionalData: bs(utf8.encode(aad)) };
    const pt = await globalThis.crypto.subtle.decrypt(params, key, bs(base64.decode(sealed.ciphertext)));
    return utf8.decode(new Uint8Array(pt));
  } catch {
    throw new VaultError('corrupted', damaged);
  }
}
