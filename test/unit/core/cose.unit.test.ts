import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url, concatBytes, hex, passkeyKeyFromCose, passkeyKeyFromSpki } from '../../../src/core';

/** A COSE_Key written by hand in CBOR (RFC 9052 §7; RFC 8949): a map of small ints to ints and byte strings. */
function cose(entries: [number, number | Uint8Array][]): Uint8Array {
  const int = (n: number) => (n >= 0 ? (n < 24 ? [n] : [0x18, n]) : -1 - n < 24 ? [0x20 | (-1 - n)] : [0x38, -1 - n]);
  const parts: number[] = [0xa0 | entries.length];
  for (const [k, v] of entries) {
    parts.push(...int(k));
    if (typeof v === 'number') parts.push(...int(v));
    else parts.push(0x58, v.length, ...v);
  }
  return Uint8Array.from(parts);
}

describe('passkey public keys from a registration', () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = base64url.decode(jwk.x!);
  const y = base64url.decode(jwk.y!);

  it('P-256 SubjectPublicKeyInfo and COSE_Key give the same x‖y', () => {
    const spki = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
    expect(passkeyKeyFromSpki(spki)).toEqual({ curve: 'p256', bytes: concatBytes(x, y) });
    const key = cose([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]);
    expect(passkeyKeyFromCose(key)).toEqual({ curve: 'p256', bytes: concatBytes(x, y) });
  });

  it('Ed25519 SubjectPublicKeyInfo and COSE_Key give the 32-byte key', () => {
    const ed = generateKeyPairSync('ed25519').publicKey;
    const raw = base64url.decode(ed.export({ format: 'jwk' }).x!);
    expect(passkeyKeyFromSpki(new Uint8Array(ed.export({ format: 'der', type: 'spki' })))).toEqual({
      curve: 'ed25519',
      bytes: raw,
    });
    expect(
      passkeyKeyFromCose(
        cose([
          [1, 1],
          [3, -8],
          [-1, 6],
          [-2, raw],
        ]),
      ),
    ).toEqual({ curve: 'ed25519', bytes: raw });
  });

  it.each([
    [
      'RS256',
      cose([
        [1, 3],
        [3, -257],
      ]),
    ],
    [
      'ES256 on another curve (P-384)',
      cose([
        [1, 2],
        [3, -7],
        [-1, 2],
        [-2, new Uint8Array(32)],
        [-3, new Uint8Array(32)],
      ]),
    ],
    [
      'a short coordinate',
      cose([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(31)],
        [-3, new Uint8Array(32)],
      ]),
    ],
    [
      'a label twice',
      cose([
        [1, 2],
        [1, 2],
      ]),
    ],
    ['bytes after the map', concatBytes(cose([[1, 2]]), Uint8Array.of(0))],
    ['not a map', hex.decode('8102')],
  ])('refuses a COSE key: %s', (_what, bytes) => {
    expect(() => passkeyKeyFromCose(bytes)).toThrow();
  });

  it('refuses an SPKI of another curve', () => {
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey;
    expect(() => passkeyKeyFromSpki(new Uint8Array(k1.export({ format: 'der', type: 'spki' })))).toThrow();
  });
});
