/**
 * A new passkey, checked before the vault keeps it (docs/security.md, "Passkey accounts"). The extension
 * page that ran `navigator.credentials.create` sends the credential id and the authenticator data; the key
 * is read here from the attested credential data (core registeredPasskeyOf), never taken from the page's
 * word: it must be ES256 on P-256, a point on the curve (WebCrypto imports it), and the credential id
 * the page names must be the one the authenticator data carries.
 */
import * as z from 'zod/mini';
import type { PasskeyRegistration } from '../../api/passkeys';
import { base64url, bytesEqual, concatBytes, ProtocolError, registeredPasskeyOf } from '../../core';
import { ERROR_CODES } from '../../provider/protocol';
import { isPasskeyName, type NewPasskey } from '../../vault';
import { ProviderError } from '../providerError';

const b64u = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'));

export const passkeyRegistrationSchema = z.lazy(
  () =>
    z.strictObject({
      credentialId: b64u(1400),
      authenticatorData: b64u(8192),
      name: z.string().check(z.trim(), z.refine(isPasskeyName, 'must be a one-line name of 1 to 128 characters')),
    }) satisfies z.ZodMiniType<PasskeyRegistration>,
);

export const passkeySourceSchema = z.lazy(() =>
  z.strictObject({ kind: z.literal('passkey'), registration: passkeyRegistrationSchema }),
);

const refused = (detail: string) =>
  new ProviderError(ERROR_CODES.invalidParams, `This passkey cannot be used: ${detail}`, { field: 'registration' });

/** The passkey the registration's authenticator data holds; throws a clear error when it does not hold one. */
export async function checkedRegistration(r: PasskeyRegistration, subtle: SubtleCrypto): Promise<NewPasskey> {
  let found: ReturnType<typeof registeredPasskeyOf>;
  try {
    found = registeredPasskeyOf(base64url.decode(r.authenticatorData));
  } catch (e) {
    throw refused(e instanceof ProtocolError ? e.message : 'its authenticator data cannot be read');
  }
  if (!bytesEqual(found.credentialId, base64url.decode(r.credentialId)))
    throw refused('the credential id is not the one its authenticator data names');
  try {
    await subtle.importKey(
      'raw',
      Uint8Array.from(concatBytes(Uint8Array.of(4), found.xy)),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
  } catch {
    throw refused('its key is not a point on P-256');
  }
  return { publicKey: found.publicKey, credentialId: r.credentialId, name: r.name };
}
