/**
 * What a passkey registration tells the wallet: the credential id and the public key in the authenticator
 * data's attested credential data (WebAuthn Level 3, https://w3c.github.io/webauthn/#sctn-authenticator-data
 * and #sctn-attested-credential-data): rpIdHash (32) ‖ flags (1) ‖ signCount (4) ‖ aaguid (16) ‖
 * credentialIdLength (2, big-endian) ‖ credentialId ‖ the COSE_Key (./cose.ts) ‖ extensions. Only an ES256
 * key on P-256 makes a passkey account (docs/protocol.md, "The webauthn payload").
 */
import { passkeyKeyFromCose, readCoseKey } from './cose';
import { ProtocolError } from './errors';
import { formatP256PublicKey } from './p256';

const FLAG_AT = 1 << 6;
const FLAG_ED = 1 << 7;

export interface RegisteredPasskey {
  credentialId: Uint8Array;
  /** `p256:<base58 of x‖y>`. */
  publicKey: string;
  /** x‖y. */
  xy: Uint8Array;
}

export function registeredPasskeyOf(authenticatorData: Uint8Array): RegisteredPasskey {
  const a = authenticatorData;
  if (a.length < 37 + 18) throw new ProtocolError('authenticator data too short for a registration');
  const flags = a[32]!;
  if ((flags & FLAG_AT) === 0) throw new ProtocolError('authenticator data has no attested credential');
  const idLength = (a[53]! << 8) | a[54]!;
  const idStart = 55;
  const keyStart = idStart + idLength;
  if (idLength === 0 || keyStart > a.length) throw new ProtocolError('authenticator data: bad credential id length');
  const { end } = readCoseKey(a, keyStart);
  if (end !== a.length && (flags & FLAG_ED) === 0) throw new ProtocolError('authenticator data: bytes after the key');
  const key = passkeyKeyFromCose(a.slice(keyStart, end));
  if (key.curve !== 'p256') throw new ProtocolError('the passkey is not ES256 on P-256');
  return { credentialId: a.slice(idStart, keyStart), publicKey: formatP256PublicKey(key.bytes), xy: key.bytes };
}
