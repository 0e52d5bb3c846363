// A new passkey is read from its authenticator data and checked before the vault keeps it
// (src/background/signing/passkeyRegistration.ts; docs/security.md, "Passkey accounts"): the page's fields
// must be base64url and a one-line name, the credential id must be the one the data carries, and the key a
// point on P-256 (WebCrypto imports it). The passkey is a real P-256 key (test/support/passkey.ts).
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../../src/background/providerError';
import { checkedRegistration, passkeyRegistrationSchema } from '../../../../src/background/signing/passkeyRegistration';
import { base64url } from '../../../../src/core';
import { ERROR_CODES } from '../../../../src/provider/protocol';
import { registrationData, softPasskey } from '../../../support/passkey';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const credentialBytes = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
const passkey = softPasskey();
const registration = {
  credentialId: base64url.encode(credentialBytes),
  authenticatorData: base64url.encode(registrationData(passkey, credentialBytes)),
  name: 'Laptop',
};

describe('the registration a page sends', () => {
  const parse = (r: Record<string, unknown>) => passkeyRegistrationSchema.safeParse({ ...registration, ...r });

  it('takes base64url fields and a name, trimmed', () => {
    const out = parse({ name: '  Laptop  ', credentialId: 'AZaz09_-' });
    expect(out.success && out.data).toEqual({ ...registration, name: 'Laptop', credentialId: 'AZaz09_-' });
  });

  it('refuses a field that is not base64url anywhere in it, saying so', () => {
    for (const credentialId of ['+AAAA', 'AAAA=', 'AA AA', '%AAAA', 'AAAA%', '']) {
      const out = parse({ credentialId });
      expect(out.success, credentialId).toBe(false);
    }
    const out = parse({ authenticatorData: 'abc/def' });
    expect(out.success).toBe(false);
    expect(JSON.stringify(out.error?.issues)).toContain('must be base64url');
  });

  it('refuses a name of more than one line, saying what a name is', () => {
    const out = parse({ name: 'Laptop\nsecond line' });
    expect(out.success).toBe(false);
    expect(JSON.stringify(out.error?.issues)).toContain('must be a one-line name of 1 to 128 characters');
  });
});

describe('checkedRegistration', () => {
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('not refused'),
      (e: unknown) => e as ProviderError,
    );

  it("keeps the key the authenticator data carries, with the page's id and name", async () => {
    expect(await checkedRegistration(registration, subtle)).toEqual({
      publicKey: passkey.publicKey,
      credentialId: registration.credentialId,
      name: 'Laptop',
    });
  });

  it('refuses a credential id other than the one the data names', async () => {
    const e = await refusal(
      checkedRegistration({ ...registration, credentialId: base64url.encode(new Uint8Array(16)) }, subtle),
    );
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe(ERROR_CODES.invalidParams);
    expect(e.message).toBe(
      'This passkey cannot be used: the credential id is not the one its authenticator data names',
    );
    expect(e.data).toEqual({ field: 'registration' });
  });

  it('refuses authenticator data it cannot read', async () => {
    const e = await refusal(checkedRegistration({ ...registration, authenticatorData: 'AAAA' }, subtle));
    expect(e.message).toMatch(/^This passkey cannot be used: ./);
    expect(e.data).toEqual({ field: 'registration' });
  });

  it('refuses a key WebCrypto cannot import as a P-256 point', async () => {
    const offCurve = { ...passkey, xy: Uint8Array.from(passkey.xy, (b, i) => (i === 63 ? b ^ 1 : b)) };
    const e = await refusal(
      checkedRegistration(
        { ...registration, authenticatorData: base64url.encode(registrationData(offCurve, credentialBytes)) },
        subtle,
      ),
    );
    expect(e.message).toMatch(/^This passkey cannot be used: /);
  });

  it('imports the key for verifying only, and not extractable: the least a check needs', async () => {
    const calls: unknown[][] = [];
    const recording = {
      importKey: (...args: unknown[]) => {
        calls.push(args.slice(2));
        return (subtle.importKey as (...a: unknown[]) => Promise<CryptoKey>)(...args);
      },
    } as unknown as SubtleCrypto;
    await checkedRegistration(registration, recording);
    expect(calls).toEqual([[{ name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']]]);
  });
});
