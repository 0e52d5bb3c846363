import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
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

  it.each([
    ['not a SEQUENCE', hex.decode('3106020101020101')],
    ['a wrong SEQUENCE length', hex.decode('3007020101020101')],
    ['a negative INTEGER', hex.decode('3006020181020101')],
    ['a non-minimal INTEGER', hex.decode('300702020001020101')],
    [
      'bytes after the SEQUENCE',
      concatBytes(der(1n, 1n).slice(0, 1), Uint8Array.of(7), der(1n, 1n).slice(2), Uint8Array.of(0)),
    ],
    ['r = 0', der(0n, 1n)],
    ['r = n', der(P256_ORDER, 1n)],
  ])('refuses %s', (_what, bytes) => {
    expect(() => p256SignatureFromDer(bytes)).toThrow();
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
  });

  it('WebCrypto check: a key off the curve is a failed check, not a throw', async () => {
    expect(
      await verifyP256WebCrypto(subtle, new Uint8Array(64).fill(1), Uint8Array.of(1), concatBytes(b32(1n), b32(1n))),
    ).toBe(false);
  });
});
