import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58,
  base64url,
  concatBytes,
  formatP256PublicKey,
  formatP256Signature,
  hex,
  isCanonicalP256Signature,
  normalizeP256Signature,
  P256_ORDER,
  p256ImplicitAccountId,
  p256SignatureFromDer,
  parseP256PublicKey,
  parseP256Signature,
  verifyP256WebCrypto,
} from '../../../src/core';
import { P256_SIGNATURE_BAD_LENGTH, P256_SIGNATURE_PARSE_OK, SIGNED_P256 } from '../../fixtures/nearIntentsWebauthn';

const subtle = globalThis.crypto.subtle;
const big = (b: Uint8Array) => BigInt(`0x${hex.encode(b)}`);
const b32 = (n: bigint) => hex.decode(n.toString(16).padStart(64, '0'));

/** DER of SEQUENCE { INTEGER r, INTEGER s } written by hand, minimal. */
function der(r: bigint, s: bigint): Uint8Array {
  const int = (n: bigint) => {
    let h = n.toString(16);
    if (h.length % 2) h = `0${h}`;
    if (Number.parseInt(h.slice(0, 2), 16) & 0x80) h = `00${h}`;
    const body = hex.decode(h);
    return concatBytes(Uint8Array.of(2, body.length), body);
  };
  const inner = concatBytes(int(r), int(s));
  return concatBytes(Uint8Array.of(0x30, inner.length), inner);
}

describe('p256 texts (the verifier’s vectors)', () => {
  it('parses the verifier’s signature and refuses its wrong lengths', () => {
    expect(parseP256Signature(P256_SIGNATURE_PARSE_OK)).toHaveLength(64);
    for (const bad of P256_SIGNATURE_BAD_LENGTH) expect(() => parseP256Signature(bad)).toThrow(/64 bytes/);
    expect(() => parseP256PublicKey('P256:2V8Np9vGqLiwVZ8qmMmpkxU7CTRqje4WtwFeLimSwuuy')).toThrow(/p256:/);
  });

  it('the implicit account of the vector’s key is its signer, and texts round-trip', () => {
    const xy = parseP256PublicKey(SIGNED_P256.signed.public_key);
    expect(p256ImplicitAccountId(xy)).toBe(SIGNED_P256.signerId);
    expect(formatP256PublicKey(xy)).toBe(SIGNED_P256.signed.public_key);
    const rs = parseP256Signature(SIGNED_P256.signed.signature);
    expect(formatP256Signature(rs)).toBe(SIGNED_P256.signed.signature);
  });
});

describe('p256 texts and lengths: what is refused', () => {
  it('names the text that is not p256 base58 of 64 bytes', () => {
    expect(() => parseP256PublicKey('P256:2V8Np9vGqLiwVZ8qmMmpkxU7CTRqje4WtwFeLimSwuuy')).toThrow(
      "p256 public key must start with 'p256:'",
    );
    expect(() => parseP256Signature('p256:0OIl')).toThrow('p256 signature is not valid base58');
    expect(() => parseP256PublicKey(`p256:${base58.encode(new Uint8Array(33).fill(2))}`)).toThrow(
      'p256 public key must be 64 bytes, got 33',
    );
  });

  it('refuses to format or derive from anything but 64 bytes (a SEC1 point with its tag, a DER signature)', () => {
    const sec1 = Uint8Array.of(4, ...new Uint8Array(64).fill(1));
    expect(() => formatP256PublicKey(sec1)).toThrow('p256 public key must be 64 bytes, got 65');
    expect(() => p256ImplicitAccountId(sec1)).toThrow('p256 public key must be 64 bytes, got 65');
    const derSig = der(P256_ORDER - 1n, P256_ORDER - 1n);
    expect(() => formatP256Signature(derSig)).toThrow(`p256 signature must be 64 bytes, got ${derSig.length}`);
    expect(() => normalizeP256Signature(derSig)).toThrow(`p256 signature must be 64 bytes, got ${derSig.length}`);
  });

  it('WebCrypto check: a key or a signature of another length is a failed check', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const xy = concatBytes(base64url.decode(jwk.x!), base64url.decode(jwk.y!));
    const message = Uint8Array.of(1, 2, 3);
    const rs = p256SignatureFromDer(new Uint8Array(sign('sha256', message, privateKey)));
    expect(await verifyP256WebCrypto(subtle, xy, message, rs)).toBe(true);
    expect(await verifyP256WebCrypto(subtle, concatBytes(Uint8Array.of(4), xy), message, rs)).toBe(false);
    expect(await verifyP256WebCrypto(subtle, xy, message, concatBytes(rs, Uint8Array.of(0)))).toBe(false);
  });
});

describe('p256 signatures: DER to r‖s with a low s', () => {
  it('converts an authenticator’s DER signatures into ones WebCrypto verifies, all with a low s', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const xy = concatBytes(base64url.decode(jwk.x!), base64url.decode(jwk.y!));
    for (let i = 0; i < 16; i++) {
      const message = Uint8Array.of(i, 1, 2, 3);
      const rs = p256SignatureFromDer(new Uint8Array(sign('sha256', message, privateKey)));
      expect(isCanonicalP256Signature(rs)).toBe(true);
      expect(await verifyP256WebCrypto(subtle, xy, message, rs)).toBe(true);
      const other = Uint8Array.of(i, 1, 2, 4);
      expect(await verifyP256WebCrypto(subtle, xy, other, rs)).toBe(false);
    }
  });

  it('pads short integers, drops the sign byte, and makes a high s low', () => {
    const r = 0x1234n; // two bytes
    const highS = P256_ORDER - 5n; // 33 bytes in DER (sign byte)
    const rs = p256SignatureFromDer(der(r, highS));
    expect(big(rs.subarray(0, 32))).toBe(r);
    expect(big(rs.subarray(32))).toBe(5n);
  });

  it('reads the shortest signature there is, r = s = 1', () => {
    expect(p256SignatureFromDer(hex.decode('3006020101020101'))).toEqual(concatBytes(b32(1n), b32(1n)));
  });

  const long = concatBytes(Uint8Array.of(0x30, 39, 2, 34, 0), new Uint8Array(33).fill(0x80), Uint8Array.of(2, 1, 1));
  it.each([
    ['not a SEQUENCE', hex.decode('3106020101020101'), 'not one SEQUENCE'],
    ['a wrong SEQUENCE length', hex.decode('3007020101020101'), 'not one SEQUENCE'],
    ['fewer bytes than any signature', hex.decode('3003020101'), 'not one SEQUENCE'],
    ['a BIT STRING where r should be', hex.decode('3006030101020101'), 'INTEGER expected'],
    ['an empty INTEGER', hex.decode('3006020002020101'), 'bad INTEGER length'],
    ['an INTEGER of 34 bytes', long, 'bad INTEGER length'],
    ['an INTEGER running past the end', hex.decode('3006020501020101'), 'bad INTEGER length'],
    ['a negative INTEGER', hex.decode('3006020181020101'), 'negative INTEGER'],
    ['a non-minimal INTEGER', hex.decode('300702020001020101'), 'INTEGER not minimal'],
    [
      'bytes after the SEQUENCE',
      concatBytes(der(1n, 1n).slice(0, 1), Uint8Array.of(7), der(1n, 1n).slice(2), Uint8Array.of(0)),
      'bytes after the SEQUENCE',
    ],
    ['r = 0', der(0n, 1n), 'r or s out of range'],
    ['r = n', der(P256_ORDER, 1n), 'r or s out of range'],
    // 33 bytes are only a sign byte before a high first byte; r = 2^256 + 5 must not be read as r = 5,
    // a second encoding of another signature (https://www.itu.int/rec/T-REC-X.690, 8.3).
    ['r of 33 bytes, 2^256 + 5', der((1n << 256n) + 5n, 1n), 'r or s out of range'],
    ['s of 33 bytes, 2^256 + 1', der(1n, (1n << 256n) + 1n), 'r or s out of range'],
  ])('refuses %s', (_what, bytes, message) => {
    expect(() => p256SignatureFromDer(bytes)).toThrow(`DER signature: ${message}`);
  });

  it('normalises exactly the high half and knows the ranges', () => {
    const half = P256_ORDER >> 1n;
    const at = (s: bigint) => concatBytes(b32(1n), b32(s));
    expect(big(normalizeP256Signature(at(half)).subarray(32))).toBe(half);
    expect(big(normalizeP256Signature(at(half + 1n)).subarray(32))).toBe(P256_ORDER - half - 1n);
    expect(isCanonicalP256Signature(at(half))).toBe(true);
    expect(isCanonicalP256Signature(at(half + 1n))).toBe(false);
    expect(isCanonicalP256Signature(at(0n))).toBe(false);
    expect(isCanonicalP256Signature(concatBytes(b32(0n), b32(1n)))).toBe(false);
    expect(isCanonicalP256Signature(concatBytes(b32(P256_ORDER), b32(1n)))).toBe(false);
    // r‖s of 63 or 65 bytes is no p256 signature, whatever its numbers.
    expect(isCanonicalP256Signature(concatBytes(b32(1n), b32(1n).subarray(1)))).toBe(false);
    expect(isCanonicalP256Signature(concatBytes(b32(1n), b32(1n), Uint8Array.of(1)))).toBe(false);
  });

  it('normalising gives a new array, never the caller’s', () => {
    const low = concatBytes(b32(1n), b32(2n));
    const out = normalizeP256Signature(low);
    expect(out).toEqual(low);
    out[0] = 9;
    expect(low[0]).toBe(0);
  });

  it('WebCrypto check: a key off the curve is a failed check, not a throw', async () => {
    expect(
      await verifyP256WebCrypto(subtle, new Uint8Array(64).fill(1), Uint8Array.of(1), concatBytes(b32(1n), b32(1n))),
    ).toBe(false);
  });
});
