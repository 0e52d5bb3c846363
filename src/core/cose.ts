/**
 * A passkey's public key as the verifier wants it, from the two forms a WebAuthn registration gives
 * (WebAuthn Level 3, https://w3c.github.io/webauthn/#sctn-public-key-easy and #sctn-encoded-credPubKey-examples):
 * - `getPublicKey()`: SubjectPublicKeyInfo DER (RFC 5480 for P-256, RFC 8410 for Ed25519);
 * - the credential public key in the authenticator data: a COSE_Key (RFC 9053), CBOR-encoded.
 * P-256 keys come out as x‖y (64 bytes), Ed25519 keys as their 32 bytes (docs/protocol.md, "The webauthn payload").
 */
import { bytesEqual, hex } from './encoding';
import { ProtocolError } from './errors';

export type PasskeyCurve = 'p256' | 'ed25519';
export interface PasskeyPublicKey {
  curve: PasskeyCurve;
  /** x‖y for p256, the 32-byte point for ed25519. */
  bytes: Uint8Array;
}

// The fixed DER prefixes of the two SPKIs (AlgorithmIdentifier, then the BIT STRING header).
const SPKI_P256 = /* @__PURE__ */ hex.decode('3059301306072a8648ce3d020106082a8648ce3d030107034200');
const SPKI_ED25519 = /* @__PURE__ */ hex.decode('302a300506032b6570032100');

export function passkeyKeyFromSpki(spki: Uint8Array): PasskeyPublicKey {
  const p256Head = SPKI_P256.length;
  if (spki.length === p256Head + 65 && bytesEqual(spki.subarray(0, p256Head), SPKI_P256)) {
    if (spki[p256Head] !== 0x04) throw new ProtocolError('P-256 key is not an uncompressed point');
    return { curve: 'p256', bytes: spki.slice(p256Head + 1) };
  }
  const edHead = SPKI_ED25519.length;
  if (spki.length === edHead + 32 && bytesEqual(spki.subarray(0, edHead), SPKI_ED25519)) {
    return { curve: 'ed25519', bytes: spki.slice(edHead) };
  }
  throw new ProtocolError('public key is neither a P-256 nor an Ed25519 SubjectPublicKeyInfo');
}

type CborValue = bigint | Uint8Array | string;

/** Reads one CBOR head (RFC 8949 §3): major type and argument. Indefinite lengths are refused. */
function head(buf: Uint8Array, at: number): { major: number; arg: bigint; at: number } {
  const first = buf[at];
  if (first === undefined) throw new ProtocolError('COSE key: truncated');
  const major = first >> 5;
  const info = first & 0x1f;
  if (info < 24) return { major, arg: BigInt(info), at: at + 1 };
  const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
  if (size === 0 || at + 1 + size > buf.length) throw new ProtocolError('COSE key: unsupported CBOR length');
  return { major, arg: BigInt(`0x${hex.encode(buf.subarray(at + 1, at + 1 + size))}`), at: at + 1 + size };
}

function item(buf: Uint8Array, at: number): { value: CborValue; at: number } {
  const h = head(buf, at);
  if (h.major === 0) return { value: h.arg, at: h.at };
  if (h.major === 1) return { value: -1n - h.arg, at: h.at };
  if (h.major === 2 || h.major === 3) {
    const end = h.at + Number(h.arg);
    if (end > buf.length) throw new ProtocolError('COSE key: truncated');
    const bytes = buf.slice(h.at, end);
    return { value: h.major === 2 ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes), at: end };
  }
  throw new ProtocolError('COSE key: unexpected CBOR item');
}

/** A COSE_Key map of integer labels; returns it and where it ends (the authenticator data may go on). */
export function readCoseKey(buf: Uint8Array, at = 0): { key: Map<number, CborValue>; end: number } {
  const h = head(buf, at);
  if (h.major !== 5 || h.arg > 16n) throw new ProtocolError('COSE key: not a map');
  const key = new Map<number, CborValue>();
  let pos = h.at;
  for (let i = 0n; i < h.arg; i++) {
    const label = item(buf, pos);
    if (typeof label.value !== 'bigint') throw new ProtocolError('COSE key: label is not an integer');
    const value = item(buf, label.at);
    if (key.has(Number(label.value))) throw new ProtocolError('COSE key: a label twice');
    key.set(Number(label.value), value.value);
    pos = value.at;
  }
  return { key, end: pos };
}

function bytesAt(key: Map<number, CborValue>, label: number, length: number): Uint8Array {
  const v = key.get(label);
  if (!(v instanceof Uint8Array) || v.length !== length) {
    throw new ProtocolError(`COSE key: label ${label} is not ${length} bytes`);
  }
  return v;
}

/** EC2/P-256/ES256 (kty 2, crv 1, alg −7) or OKP/Ed25519/EdDSA (kty 1, crv 6, alg −8). */
export function passkeyKeyFromCose(cose: Uint8Array): PasskeyPublicKey {
  const { key, end } = readCoseKey(cose);
  if (end !== cose.length) throw new ProtocolError('COSE key: bytes after the map');
  const kty = key.get(1);
  const alg = key.get(3);
  const crv = key.get(-1);
  if (kty === 2n && crv === 1n && (alg === undefined || alg === -7n)) {
    const out = new Uint8Array(64);
    out.set(bytesAt(key, -2, 32), 0);
    out.set(bytesAt(key, -3, 32), 32);
    return { curve: 'p256', bytes: out };
  }
  if (kty === 1n && crv === 6n && (alg === undefined || alg === -8n)) {
    return { curve: 'ed25519', bytes: bytesAt(key, -2, 32).slice() };
  }
  throw new ProtocolError('COSE key: neither ES256 on P-256 nor EdDSA on Ed25519');
}
