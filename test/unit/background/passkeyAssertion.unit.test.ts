// The background's check of a passkey's answer (src/background/signing/passkeyAssertion.ts): genuine
// assertions from a real P-256 key become the verifier's webauthn payload; anything else is refused and
// nothing is returned. WebCrypto is the real one (node's globalThis.crypto.subtle), as in the extension.
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../src/background/providerError';
import { type PasskeyKey, signedFromAssertion } from '../../../src/background/signing/passkeyAssertion';
import {
  base64,
  base64url,
  buildIntentPayload,
  type IntentPayload,
  utf8,
  verifyWebauthn,
  webauthnRequestOf,
} from '../../../src/core';
import { verifyP256 } from '../../../src/sim/ledger/p256';
import { type AssertionOptions, FLAG_UP, type SoftPasskey, softPasskey } from '../../support/passkey';

const subtle = globalThis.crypto.subtle;
const credentialId = base64url.encode(Uint8Array.from({ length: 16 }, (_, i) => i + 1));

function payloadFor(signerId: string, amount = '10'): IntentPayload {
  return buildIntentPayload({
    signerId,
    verifyingContract: 'intents.sim',
    deadline: new Date('2030-01-01T00:00:00Z'),
    nonce: base64.encode(new Uint8Array(32).fill(1)),
    intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:usdc.near': amount } }],
  });
}

function answer(passkey: SoftPasskey, challenge: Uint8Array, o: AssertionOptions = {}, id = credentialId) {
  const a = passkey.assert(challenge, o);
  return {
    credentialId: id,
    authenticatorData: base64url.encode(a.authenticatorData),
    clientDataJson: base64url.encode(utf8.encode(a.clientDataJson)),
    signature: base64url.encode(a.der),
  };
}

function setup() {
  const passkey = softPasskey();
  const key: PasskeyKey = { publicKey: passkey.publicKey, credentialId };
  const payload = payloadFor('0x3602b546589a8fcafdce7fad64a46f91db0e4d50');
  return { passkey, key, payload, challenge: webauthnRequestOf(payload).challenge };
}

describe('a passkey answer checked by the background', () => {
  it('a genuine answer becomes the webauthn payload the verifier accepts (UV or not)', async () => {
    const { passkey, key, payload, challenge } = setup();
    for (const flags of [undefined, FLAG_UP]) {
      const signed = await signedFromAssertion(payload, key, answer(passkey, challenge, { flags }), subtle);
      expect(signed.public_key).toBe(key.publicKey);
      expect(JSON.parse(signed.payload)).toEqual(payload);
      expect(verifyWebauthn(signed, verifyP256)).toEqual({ ok: true, publicKey: key.publicKey });
    }
  });

  const refusals: [string, (s: ReturnType<typeof setup>) => unknown, RegExp][] = [
    [
      'an answer for another payload',
      (s) => answer(s.passkey, webauthnRequestOf(payloadFor(s.payload.signer_id, '11')).challenge),
      /another challenge/,
    ],
    ['an answer without user presence', (s) => answer(s.passkey, s.challenge, { flags: 0x04 }), /UP flag/],
    [
      'client data of a registration',
      (s) => answer(s.passkey, s.challenge, { type: 'webauthn.create' }),
      /webauthn\.create/,
    ],
    [
      'another passkey’s credential id',
      (s) => answer(s.passkey, s.challenge, {}, base64url.encode(new Uint8Array(16))),
      /another passkey/,
    ],
    ['another key’s signature', (s) => answer(softPasskey(), s.challenge), /does not verify/],
    [
      'a signature that is not DER',
      (s) => ({
        ...(answer(s.passkey, s.challenge) as object),
        signature: base64url.encode(new Uint8Array(64).fill(1)),
      }),
      /DER/,
    ],
    [
      'client data that is not UTF-8',
      (s) => ({
        ...(answer(s.passkey, s.challenge) as object),
        clientDataJson: base64url.encode(Uint8Array.of(0xff, 0xfe)),
      }),
      /UTF-8/,
    ],
    [
      'an answer with a field more',
      (s) => ({ ...(answer(s.passkey, s.challenge) as object), userHandle: 'x' }),
      /not an authenticator assertion/,
    ],
  ];

  it.each(refusals)('refuses %s', async (_what, make, detail) => {
    const s = setup();
    const attempt = signedFromAssertion(s.payload, s.key, make(s), subtle);
    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(attempt).rejects.toThrow(detail);
  });
});

describe('how a refused answer is told', () => {
  it('as an internal error with the passkey reason and the words for the person', async () => {
    const s = setup();
    const e = await signedFromAssertion(s.payload, s.key, answer(softPasskey(), s.challenge), subtle).catch(
      (x: unknown) => x as ProviderError,
    );
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe(-32603);
    expect((e as ProviderError).message).toMatch(/^The passkey's answer was refused: /);
    expect((e as ProviderError).data).toEqual({ reason: 'passkey', words: { key: 'passkeyRefusal_answer', subs: [] } });
  });

  it('a field that is not base64url makes it no assertion at all', async () => {
    const s = setup();
    for (const field of ['credentialId', 'authenticatorData', 'clientDataJson', 'signature']) {
      const wire = { ...answer(s.passkey, s.challenge), [field]: 'not*base64url' };
      await expect(signedFromAssertion(s.payload, s.key, wire, subtle), field).rejects.toThrow(
        /not an authenticator assertion/,
      );
    }
  });
});
