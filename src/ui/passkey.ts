// The WebAuthn ceremonies of the extension's pages (a service worker cannot run them): create a passkey
// and ask it to sign a challenge the background gave. The relying party is the extension itself (the
// browser's default rp id for an extension page), so the passkey belongs to this extension's id
// (docs/security.md, "Passkey accounts"). What comes back is sent to the background, which checks it.
// Imports core modules directly, not the core index (the approval window loads this too: ./approve/view.ts).

import type { PasskeyAssertion, PasskeyRegistration } from '../api/passkeys';
import { base64url } from '../core/encoding';
import { errorText } from '../core/errorText';
import { NETWORK_NAME, type NetworkId } from '../core/network';
import { t } from './i18n';

/** ES256 (COSE −7): the verifier's P-256 passkeys (docs/protocol.md, "The webauthn payload"). */
const ES256 = -7;
/** How long the browser waits for the authenticator. */
const TIMEOUT_MS = 120_000;

export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
}

const b64u = (b: ArrayBuffer): string => base64url.encode(new Uint8Array(b));
const bytes = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(base64url.decode(text));

/** The words for what the browser threw, in the catalogue's (https://w3c.github.io/webauthn/#sctn-createCredential, errors). */
function wordsFor(e: unknown, what: 'create' | 'sign'): PasskeyError {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyError(t(what === 'create' ? 'passkeyError_createCancelled' : 'passkeyError_signCancelled'));
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return new PasskeyError(t('passkeyError_noAuthenticator'));
  if (name === 'InvalidStateError') return new PasskeyError(t('passkeyError_alreadyHeld'));
  return new PasskeyError(t('passkeyError_failed', errorText(e)));
}

function credentials(): CredentialsContainer {
  if (typeof navigator === 'undefined' || !navigator.credentials || typeof PublicKeyCredential === 'undefined')
    throw new PasskeyError(t('passkeyError_unsupported'));
  return navigator.credentials;
}

/** A new ES256 passkey, resident, named for the person's list of passkeys. */
export async function createPasskey(name: string): Promise<PasskeyRegistration> {
  const container = credentials();
  let credential: Credential | null;
  try {
    credential = await container.create({
      publicKey: {
        // The extension's own id (an extension page's host), the browser's default rp id for it, said outright.
        rp: { id: location.hostname, name: 'Intents Companion' },
        user: { id: crypto.getRandomValues(new Uint8Array(16)), name, displayName: name },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: ES256 }],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        attestation: 'none',
        timeout: TIMEOUT_MS,
      },
    });
  } catch (e) {
    throw wordsFor(e, 'create');
  }
  if (!(credential instanceof PublicKeyCredential)) throw new PasskeyError(t('passkeyError_noneMade'));
  const response = credential.response as AuthenticatorAttestationResponse;
  return { credentialId: b64u(credential.rawId), authenticatorData: b64u(response.getAuthenticatorData()), name };
}

/** The passkey's signature over `challenge` (base64url), from the one credential named. */
export async function askPasskey(ask: { credentialId: string; challenge: string }): Promise<PasskeyAssertion> {
  const container = credentials();
  let credential: Credential | null;
  try {
    credential = await container.get({
      publicKey: {
        rpId: location.hostname,
        challenge: bytes(ask.challenge),
        allowCredentials: [{ type: 'public-key', id: bytes(ask.credentialId) }],
        userVerification: 'preferred',
        timeout: TIMEOUT_MS,
      },
    });
  } catch (e) {
    throw wordsFor(e, 'sign');
  }
  if (!(credential instanceof PublicKeyCredential)) throw new PasskeyError(t('passkeyError_notSigned'));
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    credentialId: b64u(credential.rawId),
    authenticatorData: b64u(response.authenticatorData),
    clientDataJson: b64u(response.clientDataJSON),
    signature: b64u(response.signature),
  };
}

/**
 * The name a new passkey is given, which the authenticator lists it under (its user name and display
 * name) and the Keys list shows beside its key: "Intents Companion — <what> (<network>)", where `what`
 * is the account's short id once it is known (a further key), or what the new account is called (a new
 * passkey account's id comes from the key the authenticator is about to make). At most 128 characters,
 * one line (src/vault/passkeys.ts checks it again).
 */
export const passkeyName = (what: string, network: NetworkId): string =>
  `Intents Companion — ${what} (${NETWORK_NAME[network]})`.replace(/\s+/g, ' ').slice(0, 128).trim();

/**
 * After Confirm: a passkey account's review names its credential and challenge, and the authenticator is
 * asked now; any other review needs nothing (undefined).
 */
export const assertionFor = (preview: {
  passkey?: { credentialId: string; challenge: string } | undefined;
}): Promise<PasskeyAssertion | undefined> =>
  preview.passkey ? askPasskey(preview.passkey) : Promise.resolve(undefined);
