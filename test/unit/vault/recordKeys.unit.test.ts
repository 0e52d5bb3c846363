// The keys of the private records (src/vault/recordKeys.ts) and the credential cipher
// (src/vault/credentialCipher.ts), checked against node:crypto computing RFC 5869 HKDF, HMAC and
// AES-256-GCM on its own: records sealed and named by one version must open and be found by the next,
// so the derivation (its labels, its hash, the 128-bit names) is part of the stored format.
import { createCipheriv, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64, hex, utf8 } from '../../../src/core';
import { VaultError } from '../../../src/vault';
import { openText, openWithKey, sealText, sealWithKey } from '../../../src/vault/credentialCipher';
import { recordKeys, recordName } from '../../../src/vault/recordKeys';

const DATA_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 200 + i);

const hkdf = (purpose: string) =>
  Buffer.from(hkdfSync('sha256', DATA_KEY, new Uint8Array(0), `intents-companion records: ${purpose}`, 32));

/** AES-256-GCM as node:crypto computes it: ciphertext then the 16-byte tag, as WebCrypto returns it. */
function gcm(key: Uint8Array, plaintext: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', key, IV);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

async function refusal(p: Promise<unknown>): Promise<VaultError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof VaultError)) throw new Error(`expected a VaultError, got ${String(e)}`);
  return e;
}

describe('record keys (HKDF-SHA256 of the data key)', () => {
  it('seal with the key labelled "seal", under the record’s storage key as additional data', async () => {
    const keys = await recordKeys(DATA_KEY);
    const sealed = await sealWithKey(keys.seal, '{"history":1}', 'swap:1', IV);
    expect(sealed).toEqual({ iv: base64.encode(IV), ciphertext: gcm(hkdf('seal'), '{"history":1}', 'swap:1') });
    expect(await openWithKey(keys.seal, sealed, 'swap:1')).toBe('{"history":1}');
  });

  it('name a record with the first 16 bytes of HMAC-SHA256 under the key labelled "names"', async () => {
    const keys = await recordKeys(DATA_KEY);
    const expected = createHmac('sha256', hkdf('names')).update('balances:alice.near').digest().subarray(0, 16);
    expect(await recordName(keys.name, 'balances:alice.near')).toBe(hex.encode(expected));
  });

  it('say a record that does not open is damaged, not that the password is wrong', async () => {
    const keys = await recordKeys(DATA_KEY);
    const sealed = await sealWithKey(keys.seal, 'x', 'a', IV);
    const e = await refusal(openWithKey(keys.seal, sealed, 'b'));
    expect([e.code, e.message]).toEqual(['corrupted', 'A stored record does not open with this wallet’s key.']);
  });
});

describe('credential cipher (AES-256-GCM under the credentials key)', () => {
  it('seals with the raw key and the credential’s binding as additional data', async () => {
    const sealed = await sealText(DATA_KEY, 'the-secret-jwt', 'jwt|https://a.example', IV);
    expect(sealed).toEqual({
      iv: base64.encode(IV),
      ciphertext: gcm(DATA_KEY, 'the-secret-jwt', 'jwt|https://a.example'),
    });
    expect(await openText(DATA_KEY, sealed, 'jwt|https://a.example')).toBe('the-secret-jwt');
  });

  it('refuses another binding or another key, saying the credential does not open', async () => {
    const sealed = await sealText(DATA_KEY, 'the-secret-jwt', 'jwt|https://a.example', IV);
    const other = await refusal(openText(DATA_KEY, sealed, 'jwt|https://b.example'));
    expect([other.code, other.message]).toEqual([
      'corrupted',
      'A saved credential does not open with this wallet’s key.',
    ]);
    const wrongKey = utf8.encode('another key of exactly 32 bytes!');
    expect((await refusal(openText(wrongKey, sealed, 'jwt|https://a.example'))).code).toBe('corrupted');
  });
});
