// A software passkey for tests: a real P-256 key (node:crypto) that answers a challenge the way an
// authenticator does (WebAuthn Level 3, "Verifying an Authentication Assertion"): authenticator data of
// rpIdHash ‖ flags ‖ signCount, client data JSON, and a DER ECDSA signature over
// authenticatorData ‖ SHA-256(clientDataJSON).
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { base64url, concatBytes, formatP256PublicKey, p256SignatureFromDer } from '../../src/core';

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_BE = 0x08;
export const FLAG_BS = 0x10;

export interface AssertionOptions {
  flags?: number;
  type?: string;
  origin?: string;
  /** Answer this challenge instead of the one asked. */
  challenge?: Uint8Array;
}

export interface SoftPasskey {
  xy: Uint8Array;
  publicKey: string;
  privateKey: KeyObject;
  /** The authenticator's answer: data, client data JSON and the DER signature. */
  assert(
    challenge: Uint8Array,
    o?: AssertionOptions,
  ): { authenticatorData: Uint8Array; clientDataJson: string; der: Uint8Array };
}

const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());

export function softPasskey(rpId = 'abcdefghijklmnopabcdefghijklmnop'): SoftPasskey {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const xy = concatBytes(base64url.decode(jwk.x!), base64url.decode(jwk.y!));
  return {
    xy,
    publicKey: formatP256PublicKey(xy),
    privateKey,
    assert(challenge, o = {}) {
      const authenticatorData = concatBytes(
        sha256(rpId),
        Uint8Array.of(o.flags ?? FLAG_UP | FLAG_UV),
        Uint8Array.of(0, 0, 0, 7),
      );
      const clientDataJson = JSON.stringify({
        type: o.type ?? 'webauthn.get',
        challenge: base64url.encode(o.challenge ?? challenge),
        origin: o.origin ?? `chrome-extension://${rpId}`,
        crossOrigin: false,
      });
      const der = new Uint8Array(sign('sha256', concatBytes(authenticatorData, sha256(clientDataJson)), privateKey));
      return { authenticatorData, clientDataJson, der };
    },
  };
}

/** r‖s (low s) of an assertion's DER signature, as the verifier wants it. */
export const rawSignature = (der: Uint8Array): Uint8Array => p256SignatureFromDer(der);

/**
 * The authenticator data of a registration (WebAuthn Level 3, "Attested Credential Data"): rpIdHash ‖
 * flags (UP, UV, AT) ‖ signCount ‖ aaguid ‖ credential id length ‖ credential id ‖ the COSE_Key of an
 * ES256 P-256 key (RFC 9053: kty 2, alg −7, crv 1, x, y).
 */
export function registrationData(
  passkey: SoftPasskey,
  credentialId: Uint8Array,
  rpId = 'abcdefghijklmnop',
): Uint8Array {
  const cose = concatBytes(
    Uint8Array.of(0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20),
    passkey.xy.slice(0, 32),
    Uint8Array.of(0x22, 0x58, 0x20),
    passkey.xy.slice(32),
  );
  return concatBytes(
    sha256(rpId),
    Uint8Array.of(FLAG_UP | FLAG_UV | 0x40),
    Uint8Array.of(0, 0, 0, 0),
    new Uint8Array(16),
    Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff),
    credentialId,
    cose,
  );
}
