/**
 * Keys and signatures in the verifier's text forms, and the implicit account each key owns
 * (docs/protocol.md, "The webauthn payload"; near/intents contracts/defuse/core/src/public_key.rs).
 * Vectors: RFC 8032 §7.1 TEST 1's Ed25519 key (whose implicit NEAR account is its hex); the secp256k1
 * generator G, the key of private key 1, whose Ethereum address 0x7e5f…5bdf is widely published and which
 * node:crypto derives here independently; the verifier's own p256 vector (test/fixtures/nearIntentsWebauthn.ts).
 */
import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58,
  curveText,
  hex,
  implicitAccountOfKey,
  isEthImplicitAccountId,
  KEY_BYTES,
  SIGNATURE_BYTES,
} from '../../../src/core';
import { SIGNED_ED25519, SIGNED_P256 } from '../../fixtures/nearIntentsWebauthn';

const ED_HEX = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const ED = base58.encode(hex.decode(ED_HEX));

/** x‖y of secp256k1's G, from node's OpenSSL. */
function secp256k1G(): Uint8Array {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(`${'00'.repeat(31)}01`, 'hex'));
  return new Uint8Array(ecdh.getPublicKey()).subarray(1);
}

describe('curveText: the verifier’s parse', () => {
  it('reads an ed25519 key with or without its curve name', () => {
    const key = { curve: 'ed25519', bytes: hex.decode(ED_HEX) };
    expect(curveText(`ed25519:${ED}`, KEY_BYTES)).toEqual(key);
    expect(curveText(ED, KEY_BYTES)).toEqual(key);
  });

  it('reads each curve’s signature at its own length', () => {
    const sig = SIGNED_ED25519.signed.signature;
    expect(curveText(sig, SIGNATURE_BYTES)?.bytes).toHaveLength(64);
    expect(curveText(sig.slice('ed25519:'.length), SIGNATURE_BYTES)?.curve).toBe('ed25519');
    expect(curveText(SIGNED_P256.signed.signature, SIGNATURE_BYTES)?.curve).toBe('p256');
    expect(curveText(`secp256k1:${base58.encode(new Uint8Array(65).fill(1))}`, SIGNATURE_BYTES)?.curve).toBe(
      'secp256k1',
    );
    // A signature is not a key: 64 bytes is no ed25519 key.
    expect(curveText(sig, KEY_BYTES)).toBeNull();
  });

  it.each([
    ['a curve name in capitals', `ED25519:${ED}`],
    ['an unknown curve', 'p384:2V8Np9vGqLiwVZ8qmMmpkxU7CTRqje4WtwFeLimSwuuy'],
    ['a name from Object’s prototype', `constructor:${ED}`],
    ['a key one byte short', base58.encode(hex.decode(ED_HEX).subarray(1))],
    ['text that is not base58', 'ed25519:0OIl'],
    ['bare text that is not base58', '0OIl'],
  ])('gives null for %s', (_what, text) => {
    expect(curveText(text, KEY_BYTES)).toBeNull();
  });
});

describe('implicitAccountOfKey', () => {
  it('ed25519: the key’s hex, named or bare', () => {
    expect(implicitAccountOfKey(`ed25519:${ED}`)).toBe(ED_HEX);
    expect(implicitAccountOfKey(ED)).toBe(ED_HEX);
  });

  it('secp256k1: the Ethereum address of the key (keccak256, last 20 bytes)', () => {
    const g = secp256k1G();
    expect(implicitAccountOfKey(`secp256k1:${base58.encode(g)}`)).toBe('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });

  it('p256: the verifier vector’s signer', () => {
    expect(implicitAccountOfKey(SIGNED_P256.signed.public_key)).toBe(SIGNED_P256.signerId);
  });

  it('null for a text that is not a key', () => {
    expect(implicitAccountOfKey('not a key')).toBeNull();
    expect(implicitAccountOfKey(SIGNED_P256.signed.signature.replace('p256:', 'p256:1'))).toBeNull();
  });
});

describe('isEthImplicitAccountId', () => {
  it('takes 0x and 40 lowercase hex digits', () => {
    expect(isEthImplicitAccountId('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf')).toBe(true);
    expect(isEthImplicitAccountId(SIGNED_P256.signerId)).toBe(true);
  });

  it.each([
    ['the checksummed (mixed-case) form', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'],
    ['39 digits', '0x7e5f4552091a69125d5dfcb7b8c2659029395bd'],
    ['41 digits', '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf0'],
    ['something before the 0x', 'a.0x7e5f4552091a69125d5dfcb7b8c2659029395bdf'],
    ['a named account after it', '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf.near'],
    ['an ed25519 implicit account', ED_HEX],
  ])('refuses %s', (_what, id) => {
    expect(isEthImplicitAccountId(id)).toBe(false);
  });
});
