/**
 * A passkey's answer, checked before it becomes a signature the wallet releases (docs/protocol.md, "The
 * webauthn payload"; docs/security.md, "No signature before consent"). The service worker cannot run
 * WebAuthn: the extension page that showed the request asks the authenticator after Confirm, with the
 * challenge of the payload the background prepared, and sends back what the authenticator returned. Here
 * that answer is parsed (zod: it comes from a page), tied to the account's own credential and key, its DER
 * signature made r‖s with a low s, and the whole signed payload verified with the verifier's rules and
 * WebCrypto's P-256 before it is returned. Nothing the page says about the payload is used: the payload
 * is the background's.
 */

import * as z from 'zod/mini';
import {
  base64url,
  bytesEqual,
  type IntentPayload,
  ProtocolError,
  p256SignatureFromDer,
  type SignedWebauthn,
  type SubtleLike,
  signedWebauthnOf,
  utf8,
  verifyP256WebCrypto,
  verifyWebauthnAsync,
} from '../../core';
import { phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

const base64urlText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => {
      try {
        base64url.decode(s);
        return true;
      } catch {
        return false;
      }
    }, 'must be base64url'),
  );

/** What an extension page sends back from `navigator.credentials.get` (every byte field base64url). */
export const passkeyAssertionSchema = z.strictObject({
  credentialId: base64urlText(1400),
  authenticatorData: base64urlText(4096),
  clientDataJson: base64urlText(8192),
  signature: base64urlText(200),
});
export type PasskeyAssertionWire = z.output<typeof passkeyAssertionSchema>;

/** A passkey account's public half: all the vault keeps of it (there is no private key to keep). */
export interface PasskeyKey {
  /** `p256:<x‖y>`. */
  publicKey: string;
  /** The credential's id, base64url, as the registration gave it. */
  credentialId: string;
}

const refused = (detail: string) =>
  new ProviderError(ERROR_CODES.internal, `The passkey's answer was refused: ${detail}`, {
    reason: 'passkey',
    words: phrase('passkeyRefusal_answer'),
  });

/**
 * The `webauthn` signed payload for `payload`, from the authenticator's answer, checked as the verifier
 * checks it; throws (nothing is released) when any part does not hold.
 */
export async function signedFromAssertion(
  payload: IntentPayload,
  key: PasskeyKey,
  wire: unknown,
  subtle: SubtleLike,
): Promise<SignedWebauthn> {
  const parsed = passkeyAssertionSchema.safeParse(wire);
  if (!parsed.success) throw refused('it is not an authenticator assertion');
  const answer = parsed.data;
  if (!bytesEqual(base64url.decode(answer.credentialId), base64url.decode(key.credentialId))) {
    throw refused("it comes from another passkey than this account's");
  }
  let clientDataJson: string;
  let rs: Uint8Array;
  try {
    clientDataJson = utf8.decode(base64url.decode(answer.clientDataJson));
    rs = p256SignatureFromDer(base64url.decode(answer.signature));
  } catch (e) {
    throw refused(e instanceof ProtocolError ? e.message : 'its client data is not UTF-8');
  }
  const signed = signedWebauthnOf(
    payload,
    key.publicKey,
    rs,
    clientDataJson,
    base64url.decode(answer.authenticatorData),
  );
  const check = await verifyWebauthnAsync(signed, (xy, m, sig) => verifyP256WebCrypto(subtle, xy, m, sig));
  if (!check.ok) throw refused(check.detail);
  if (check.publicKey !== key.publicKey) throw refused("it verifies under another key than this account's");
  return signed;
}
