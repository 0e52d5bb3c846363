import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url, concatBytes, hex, passkeyKeyFromCose, passkeyKeyFromSpki, utf8 } from '../../../src/core';
import { readCoseKey } from '../../../src/core/cose';

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

  const NOT_SPKI = 'public key is neither a P-256 nor an Ed25519 SubjectPublicKeyInfo';
  it('refuses an SPKI of another curve', () => {
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey;
    expect(() => passkeyKeyFromSpki(new Uint8Array(k1.export({ format: 'der', type: 'spki' })))).toThrow(NOT_SPKI);
  });

  it('refuses an SPKI with a byte more than its key, and a P-256 point that is not uncompressed', () => {
    const p256 = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
    const ed = new Uint8Array(generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }));
    expect(() => passkeyKeyFromSpki(concatBytes(p256, Uint8Array.of(0)))).toThrow(NOT_SPKI);
    expect(() => passkeyKeyFromSpki(concatBytes(ed, Uint8Array.of(0)))).toThrow(NOT_SPKI);
    const hybrid = p256.slice();
    hybrid[26] = 0x06; // X9.62's hybrid form, 65 bytes like the uncompressed one
    expect(() => passkeyKeyFromSpki(hybrid)).toThrow('P-256 key is not an uncompressed point');
  });
});

/** A CBOR head (RFC 8949 §3.1) in its shortest form. */
function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 0x100) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 0xff];
}
type Value = number | Uint8Array;
/** A map of integer labels to integers and byte strings, labels and values of any size up to 16 bits. */
function coseOf(entries: [number, Value][]): Uint8Array {
  const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));
  const parts: number[] = head(5, entries.length);
  for (const [k, v] of entries) {
    parts.push(...int(k));
    if (typeof v === 'number') parts.push(...int(v));
    else parts.push(...head(2, v.length), ...v);
  }
  return Uint8Array.from(parts);
}

describe('COSE_Key CBOR: what is read (RFC 8949 Appendix A encodings)', () => {
  it('reads integers of every head width, text and byte strings', () => {
    // {1: 23, 2: 24, 3: 500, 4: 1000000, 6: -1000, 7: "IETF", 8: h'01020304', 5: 1000000000000}
    const buf = hex.decode(
      [
        'a8',
        '0117',
        '021818',
        '031901f4',
        '041a000f4240',
        '063903e7',
        '076449455446',
        '084401020304',
        '051b000000e8d4a51000',
      ].join(''),
    );
    const { key, end } = readCoseKey(buf);
    expect(end).toBe(buf.length);
    expect([...key.keys()]).toEqual([1, 2, 3, 4, 6, 7, 8, 5]);
    expect([1, 2, 3, 4, 6, 5].map((k) => key.get(k))).toEqual([23n, 24n, 500n, 1000000n, -1000n, 1000000000000n]);
    expect(key.get(7)).toBe('IETF');
    expect(key.get(8)).toEqual(Uint8Array.of(1, 2, 3, 4));
  });

  it('refuses a text string that is not UTF-8', () => {
    expect(() => readCoseKey(hex.decode('a10162c328'))).toThrow();
  });

  it('refuses an indefinite-length map (RFC 8949 §3.2.2), even one holding a whole P-256 key', () => {
    const definite = coseOf([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(32).fill(1)],
      [-3, new Uint8Array(32).fill(2)],
    ]);
    const indefinite = concatBytes(Uint8Array.of(0xbf), definite.subarray(1), Uint8Array.of(0xff));
    expect(() => passkeyKeyFromCose(indefinite)).toThrow('COSE key: unsupported CBOR length');
  });

  it('reads a map of 16 labels and refuses one of 17', () => {
    const labels = (n: number): [number, Value][] => Array.from({ length: n }, (_, i) => [i + 10, i]);
    expect(readCoseKey(coseOf(labels(16))).key.size).toBe(16);
    expect(() => readCoseKey(coseOf(labels(17)))).toThrow('COSE key: not a map');
  });

  it.each([
    ['nothing', '', 'COSE key: truncated'],
    ['a map without its entries', 'a1', 'COSE key: truncated'],
    ['a byte string shorter than its length', 'a1014200', 'COSE key: truncated'],
    ['a head whose argument is cut', 'a1011901', 'COSE key: unsupported CBOR length'],
    ['a reserved head (info 28)', 'a1011c', 'COSE key: unsupported CBOR length'],
    ['an array value', 'a10180', 'COSE key: unexpected CBOR item'],
    ['a null value', 'a101f6', 'COSE key: unexpected CBOR item'],
    ['an array for the map', '8102', 'COSE key: not a map'],
    ['a byte-string label', 'a1410001', 'COSE key: label is not an integer'],
    ['a label twice', 'a201020102', 'COSE key: a label twice'],
    ['bytes after the map', 'a1010200', 'COSE key: bytes after the map'],
  ])('refuses %s', (_what, bytes, message) => {
    expect(() => passkeyKeyFromCose(hex.decode(bytes))).toThrow(message);
  });
});

describe('COSE_Key: which keys are a passkey’s', () => {
  // RFC 8152 Appendix C.7.1, the key of meriadoc.brandybuck@buckland.example: EC2 on P-256, no alg, a kid.
  const x = hex.decode('65eda5a12577c2bae829437fe338701a10aaa375e1bb5b5de108de439c08551d');
  const y = hex.decode('1e52ed75701163f7f9e40ddf9f341b3dc9ba860af7e0ca7ca7e9eecd0084d19c');
  const kid = utf8.encode('meriadoc.brandybuck@buckland.example');
  // RFC 8032 §7.1 TEST 1's Ed25519 public key.
  const ed = hex.decode('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');

  it('takes keys without an alg (RFC 9052 §7: alg is optional)', () => {
    const meriadoc = coseOf([
      [-1, 1],
      [-2, x],
      [-3, y],
      [1, 2],
      [2, kid],
    ]);
    expect(passkeyKeyFromCose(meriadoc)).toEqual({ curve: 'p256', bytes: concatBytes(x, y) });
    const okp = coseOf([
      [1, 1],
      [-1, 6],
      [-2, ed],
    ]);
    expect(passkeyKeyFromCose(okp)).toEqual({ curve: 'ed25519', bytes: ed });
  });

  it.each([
    [
      'a P-256 key for ES384 (alg −35)',
      [
        [1, 2],
        [3, -35],
        [-1, 1],
        [-2, x],
        [-3, y],
      ],
    ],
    [
      'an OKP key naming P-256',
      [
        [1, 1],
        [-1, 1],
        [-2, x],
        [-3, y],
      ],
    ],
    [
      'an X25519 key (OKP, crv 4)',
      [
        [1, 1],
        [-1, 4],
        [-2, ed],
      ],
    ],
    [
      'an EC2 key naming Ed25519',
      [
        [1, 2],
        [-1, 6],
        [-2, ed],
      ],
    ],
    [
      'an Ed25519 key for ES256 (alg −7)',
      [
        [1, 1],
        [3, -7],
        [-1, 6],
        [-2, ed],
      ],
    ],
  ] as [string, [number, Value][]][])('refuses %s', (_what, entries) => {
    expect(() => passkeyKeyFromCose(coseOf(entries))).toThrow('COSE key: neither ES256 on P-256 nor EdDSA on Ed25519');
  });

  it('names the coordinate that is not 32 bytes', () => {
    const short = coseOf([
      [1, 2],
      [-1, 1],
      [-2, x],
      [-3, y.subarray(1)],
    ]);
    expect(() => passkeyKeyFromCose(short)).toThrow('COSE key: label -3 is not 32 bytes');
  });
});
