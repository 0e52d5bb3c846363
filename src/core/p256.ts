/**
 * P-256 (secp256r1) keys and signatures in the verifier's text forms (docs/protocol.md, "The webauthn
 * payload"; near/intents crates/crypto/src/p256.rs):
 * - a key is `p256:` + base58 of the uncompressed point without its SEC1 tag, x‖y (64 bytes);
 * - a signature is `p256:` + base58 of r‖s (64 bytes), and the verifier refuses a high `s` (its guard
 *   against malleability), so an authenticator's DER signature is converted and its `s` made low;
 * - the implicit account of a key is `0x` + hex(keccak256("p256" ‖ x‖y)[12..32]).
 * The ECDSA check itself is passed in (WebCrypto in the extension, whose verify takes r‖s as it is; node's
 * in the simulator): no P-256 arithmetic ships in the extension's scripts (docs/architecture.md, "Budgets").
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, concatBytes, hex, utf8 } from './encoding';
import { ProtocolError } from './errors';

/** The order of the P-256 group (SEC 2, secp256r1). */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = P256_ORDER >> 1n;

const PREFIX = 'p256:';

function bigOf(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${hex.encode(bytes)}`);
}

function bytes32Of(n: bigint): Uint8Array {
  return hex.decode(n.toString(16).padStart(64, '0'));
}

function parseP256Text(text: string, what: string): Uint8Array {
  // The verifier's `PublicKey`/`Signature` parse: the curve name exactly, base58 of exactly 64 bytes.
  if (!text.startsWith(PREFIX)) throw new ProtocolError(`${what} must start with '${PREFIX}'`);
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text.slice(PREFIX.length));
  } catch {
    throw new ProtocolError(`${what} is not valid base58`);
  }
  if (bytes.length !== 64) throw new ProtocolError(`${what} must be 64 bytes, got ${bytes.length}`);
  return bytes;
}

/** `p256:<base58 of x‖y>` → the 64 bytes (whether the point is on the curve is the verify step's). */
export const parseP256PublicKey = (text: string): Uint8Array => parseP256Text(text, 'p256 public key');
/** `p256:<base58 of r‖s>` → the 64 bytes. */
export const parseP256Signature = (text: string): Uint8Array => parseP256Text(text, 'p256 signature');

export function formatP256PublicKey(xy: Uint8Array): string {
  if (xy.length !== 64) throw new ProtocolError(`p256 public key must be 64 bytes, got ${xy.length}`);
  return PREFIX + base58.encode(xy);
}

export function formatP256Signature(rs: Uint8Array): string {
  if (rs.length !== 64) throw new ProtocolError(`p256 signature must be 64 bytes, got ${rs.length}`);
  return PREFIX + base58.encode(rs);
}

/** `0x` + hex(keccak256("p256" ‖ x‖y)[12..32]) (near/intents contracts/defuse/core/src/public_key.rs). */
export function p256ImplicitAccountId(xy: Uint8Array): string {
  if (xy.length !== 64) throw new ProtocolError(`p256 public key must be 64 bytes, got ${xy.length}`);
  return `0x${hex.encode(keccak_256(concatBytes(utf8.encode('p256'), xy)).slice(12, 32))}`;
}

/**
 * What the verifier asks of r‖s before the curve is consulted: 0 < r, s < n (the `p256` crate's
 * `Signature::from_bytes`) and s ≤ n/2 (crates/crypto/src/p256.rs: `s().is_high()` is refused).
 */
export function isCanonicalP256Signature(rs: Uint8Array): boolean {
  if (rs.length !== 64) return false;
  const r = bigOf(rs.subarray(0, 32));
  const s = bigOf(rs.subarray(32));
  return r > 0n && r < P256_ORDER && s > 0n && s <= HALF_ORDER;
}

/** r‖s with `s` replaced by n − s when it is high: the same signature in the form the verifier takes. */
export function normalizeP256Signature(rs: Uint8Array): Uint8Array {
  if (rs.length !== 64) throw new ProtocolError(`p256 signature must be 64 bytes, got ${rs.length}`);
  const s = bigOf(rs.subarray(32));
  if (s <= HALF_ORDER) return rs.slice();
  return concatBytes(rs.subarray(0, 32), bytes32Of(P256_ORDER - s));
}

/** One DER INTEGER at `at` (minimal, positive, ≤ 32 bytes of value): its value bytes and where it ends. */
function derInteger(der: Uint8Array, at: number): { value: Uint8Array; end: number } {
  if (der[at] !== 0x02) throw new ProtocolError('DER signature: INTEGER expected');
  const length = der[at + 1] ?? 0;
  const start = at + 2;
  const end = start + length;
  if (length === 0 || length > 33 || end > der.length) throw new ProtocolError('DER signature: bad INTEGER length');
  const first = der[start]!;
  if (first & 0x80) throw new ProtocolError('DER signature: negative INTEGER');
  if (first === 0 && length > 1 && !(der[start + 1]! & 0x80))
    throw new ProtocolError('DER signature: INTEGER not minimal');
  // 33 bytes are a sign byte (0x00) before a high first byte; a 33-byte value that starts otherwise is
  // 2^256 or more, never a P-256 r or s (X.690 8.3), and dropping its first byte would read another one.
  if (length === 33 && first !== 0) throw new ProtocolError('DER signature: r or s out of range');
  return { value: der.subarray(length === 33 ? start + 1 : start, end), end };
}

/**
 * The authenticator's ECDSA signature (ASN.1 DER `SEQUENCE { r INTEGER, s INTEGER }`,
 * https://w3c.github.io/webauthn/#sctn-signature-attestation-types)
 * as the verifier's r‖s, with `s` made low.
 */
export function p256SignatureFromDer(der: Uint8Array): Uint8Array {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) {
    throw new ProtocolError('DER signature: not one SEQUENCE');
  }
  const r = derInteger(der, 2);
  const s = derInteger(der, r.end);
  if (s.end !== der.length) throw new ProtocolError('DER signature: bytes after the SEQUENCE');
  const rs = new Uint8Array(64);
  rs.set(r.value, 32 - r.value.length);
  rs.set(s.value, 64 - s.value.length);
  const normalized = normalizeP256Signature(rs);
  if (!isCanonicalP256Signature(normalized)) throw new ProtocolError('DER signature: r or s out of range');
  return normalized;
}

/** The subset of WebCrypto's SubtleCrypto used here (passed in: core has no browser globals). */
export interface SubtleLike {
  importKey(
    format: 'raw',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'ECDSA'; namedCurve: 'P-256' },
    extractable: false,
    usages: ['verify'],
  ): Promise<CryptoKey>;
  verify(
    algorithm: { name: 'ECDSA'; hash: 'SHA-256' },
    key: CryptoKey,
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean>;
}

/**
 * ECDSA P-256/SHA-256 over `message` by WebCrypto, which takes the signature as r‖s (IEEE P1363) and the key
 * as an uncompressed SEC1 point. A key that is not a point on the curve is a failed check, not an error.
 */
export async function verifyP256WebCrypto(
  subtle: SubtleLike,
  xy: Uint8Array,
  message: Uint8Array,
  rs: Uint8Array,
): Promise<boolean> {
  if (xy.length !== 64 || rs.length !== 64) return false;
  try {
    const key = await subtle.importKey(
      'raw',
      Uint8Array.from(concatBytes(Uint8Array.of(4), xy)),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Uint8Array.from(rs), Uint8Array.from(message));
  } catch {
    return false;
  }
}
