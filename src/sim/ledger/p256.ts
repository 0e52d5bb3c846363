/**
 * The simulator's ECDSA P-256/SHA-256 check (node's OpenSSL), synchronous as the ledger's batch is; the
 * rules around it (curve pairing, r and s ranges, low s, the assertion) are core's (src/core/webauthn.ts).
 * A key that is not a point on the curve fails the check, as the verifier's `VerifyingKey` refuses it.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base64url, type P256Verify } from '../../core';

export const verifyP256: P256Verify = (xy, message, rs) => {
  if (xy.length !== 64 || rs.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: base64url.encode(xy.subarray(0, 32)),
        y: base64url.encode(xy.subarray(32)),
      },
      format: 'jwk',
    });
    return verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, rs);
  } catch {
    return false;
  }
};
