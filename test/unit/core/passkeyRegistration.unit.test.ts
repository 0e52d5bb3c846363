/**
 * What a passkey registration gives the wallet: the credential id and the P-256 key read from the
 * authenticator data's attested credential data (WebAuthn Level 3,
 * https://w3c.github.io/webauthn/#sctn-attested-credential-data; docs/protocol.md, "The webauthn payload").
 * The registrations are the spec's own test vectors (https://w3c.github.io/webauthn/#sctn-test-vectors); the
 * public key each should give is derived independently from the vector's private key by node:crypto.
 */
import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58,
  concatBytes,
  formatP256Signature,
  hex,
  p256SignatureFromDer,
  registeredPasskeyOf,
  verifyWebauthnAssertion,
} from '../../../src/core';
import { verifyP256 } from '../../../src/sim/ledger/p256';
import {
  LONG_ID_ES256,
  NONE_ES256,
  PACKED_EDDSA_AUTH_DATA_HEX,
  PACKED_ES384_AUTH_DATA_HEX,
  PACKED_RS256_AUTH_DATA_HEX,
} from '../../fixtures/w3cWebauthnVectors';

/** x‖y of the P-256 public key of a private key, by node's OpenSSL (the SEC1 tag dropped). */
function xyOf(privateKeyHex: string): Uint8Array {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKeyHex, 'hex'));
  return new Uint8Array(ecdh.getPublicKey()).subarray(1);
}

/** The vector's authenticator data with some bytes overwritten. */
function patched(changes: Record<number, number>, authData: string = NONE_ES256.authDataHex): Uint8Array {
  const bytes = hex.decode(authData);
  for (const [at, value] of Object.entries(changes)) bytes[Number(at)] = value;
  return bytes;
}

const FLAGS = 32;
const ID_LENGTH = 53;

describe('registeredPasskeyOf: the spec’s ES256 registrations', () => {
  it('reads the credential id and the key of "ES256 Credential with No Attestation"', () => {
    const xy = xyOf(NONE_ES256.credentialPrivateKeyHex);
    const passkey = registeredPasskeyOf(hex.decode(NONE_ES256.authDataHex));
    expect(hex.encode(passkey.credentialId)).toBe(NONE_ES256.credentialIdHex);
    expect(passkey.xy).toEqual(xy);
    expect(passkey.publicKey).toBe(`p256:${base58.encode(xy)}`);
  });

  it('the key it reads checks the same credential’s assertion in the spec', () => {
    const { publicKey } = registeredPasskeyOf(hex.decode(NONE_ES256.authDataHex));
    const a = NONE_ES256.assertion;
    const assertion = {
      publicKey,
      signature: formatP256Signature(p256SignatureFromDer(hex.decode(a.signatureDerHex))),
      authenticatorData: hex.decode(a.authenticatorDataHex),
      clientDataJson: a.clientDataJson,
      challenge: hex.decode(a.challengeHex),
    };
    expect(verifyWebauthnAssertion(assertion, verifyP256)).toEqual({ ok: true, publicKey });
    const other = { ...assertion, challenge: hex.decode(a.challengeHex).reverse() };
    expect(verifyWebauthnAssertion(other, verifyP256).ok).toBe(false);
  });

  it('reads a credential id of 1023 bytes (a two-byte length)', () => {
    const passkey = registeredPasskeyOf(hex.decode(LONG_ID_ES256.authDataHex));
    expect(passkey.credentialId).toHaveLength(1023);
    expect(hex.encode(passkey.credentialId)).toBe(LONG_ID_ES256.credentialIdHex);
    expect(passkey.xy).toEqual(xyOf(LONG_ID_ES256.credentialPrivateKeyHex));
  });

  it('takes extensions after the key when the ED flag says they are there', () => {
    // {"credProtect": 2} (https://fidoalliance.org/specs/fido-v2.1-ps-20210615/fido-client-to-authenticator-protocol-v2.1-ps-20210615.html#sctn-credProtect-extension)
    const extensions = hex.decode('a16b6372656450726f7465637402');
    const withEd = concatBytes(patched({ [FLAGS]: 0x59 | 0x80 }), extensions);
    const passkey = registeredPasskeyOf(withEd);
    expect(passkey.xy).toEqual(xyOf(NONE_ES256.credentialPrivateKeyHex));
    expect(hex.encode(passkey.credentialId)).toBe(NONE_ES256.credentialIdHex);
    expect(() => registeredPasskeyOf(concatBytes(hex.decode(NONE_ES256.authDataHex), extensions))).toThrow(
      'authenticator data: bytes after the key',
    );
  });
});

describe('registeredPasskeyOf: what makes no passkey account', () => {
  it.each([
    ['an Ed25519 key', PACKED_EDDSA_AUTH_DATA_HEX, 'the passkey is not ES256 on P-256'],
    ['an RS256 key', PACKED_RS256_AUTH_DATA_HEX, 'COSE key: neither ES256 on P-256 nor EdDSA on Ed25519'],
    ['an ES384 key on P-384', PACKED_ES384_AUTH_DATA_HEX, 'COSE key: neither ES256 on P-256 nor EdDSA on Ed25519'],
  ])('refuses the spec’s registration with %s', (_what, authData, message) => {
    expect(() => registeredPasskeyOf(hex.decode(authData))).toThrow(message);
  });

  it('refuses authenticator data too short to hold attested credential data', () => {
    const full = hex.decode(NONE_ES256.authDataHex);
    expect(() => registeredPasskeyOf(full.slice(0, 54))).toThrow('authenticator data too short for a registration');
    expect(() => registeredPasskeyOf(full.slice(0, 37))).toThrow('authenticator data too short for a registration');
    // 55 bytes is a header with an empty credential id: long enough to be read, and refused for the id.
    const header = full.slice(0, 55);
    header[ID_LENGTH + 1] = 0;
    header[ID_LENGTH] = 0;
    expect(() => registeredPasskeyOf(header)).toThrow('authenticator data: bad credential id length');
  });

  it('refuses authenticator data without the AT flag (an assertion’s, not a registration’s)', () => {
    expect(() => registeredPasskeyOf(patched({ [FLAGS]: 0x59 & ~0x40 }))).toThrow(
      'authenticator data has no attested credential',
    );
  });

  it('refuses a credential id length of 0 or past the end', () => {
    const bad = 'authenticator data: bad credential id length';
    expect(() => registeredPasskeyOf(patched({ [ID_LENGTH]: 0, [ID_LENGTH + 1]: 0 }))).toThrow(bad);
    expect(() => registeredPasskeyOf(patched({ [ID_LENGTH]: 0xff, [ID_LENGTH + 1]: 0xff }))).toThrow(bad);
    const length = hex.decode(NONE_ES256.authDataHex).length;
    expect(() => registeredPasskeyOf(patched({ [ID_LENGTH]: 0, [ID_LENGTH + 1]: length - 55 + 1 }))).toThrow(bad);
    // An id running exactly to the end leaves no key to read.
    expect(() => registeredPasskeyOf(patched({ [ID_LENGTH]: 0, [ID_LENGTH + 1]: length - 55 }))).toThrow(
      'COSE key: truncated',
    );
  });
});
