// The signer's passkey paths (src/background/signing/signer.ts): a passkey account's payload is always a
// webauthn one, signed only with the authenticator's answer, never retried on its own after a refused salt;
// a payload that claims a passkey the wallet does not hold, or the other standard, is not signed. The
// passkey is a real P-256 key (test/support/passkey.ts) in a background on the simulator.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProviderError } from '../../../../src/background/providerError';
import type { PreparedIntent } from '../../../../src/background/signing/signer';
import { base64url, webauthnRequestOf } from '../../../../src/core';
import { softPasskey } from '../../../support/passkey';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { generatedWallet } from '../generatedWallet';
import { answer, passkeyWallet } from '../passkeyWallet';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const challengeOf = (p: PreparedIntent) => base64url.encode(webauthnRequestOf(p.payload).challenge);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('not signed'),
    (e: unknown) => e as ProviderError,
  );

describe('a passkey account', () => {
  it('prepares a webauthn payload whatever the request asked', async () => {
    const { bg, account } = await passkeyWallet(sim, { now: Date.now() });
    const prepared = await bg.signer.prepare({ signerId: account.accountId, intents: [], standard: 'nep413' });
    expect(prepared.standard).toBe('webauthn');
    expect(prepared.publicKey).toBe(account.publicKeys[0]);
  });

  it('signs nothing without the authenticator’s answer, and says what to do', async () => {
    const { bg, account } = await passkeyWallet(sim, { now: Date.now() });
    const prepared = await bg.signer.prepare({ signerId: account.accountId, intents: [] });
    const e = await refusal(bg.signer.sign(prepared));
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe(-32602);
    expect(e.message).toBe('This account signs with its passkey: confirm with your authenticator. Nothing was signed.');
    expect(e.data).toEqual({ reason: 'passkey', words: { key: 'signRefusal_confirmPasskey', subs: [] } });
  });

  it('signs with the answer, once: a refused salt ends the request, as the person touched the key once', async () => {
    const { bg, account, passkey } = await passkeyWallet(sim, { now: Date.now() });
    const prepared = await bg.signer.prepare({ signerId: account.accountId, intents: [] });
    let checks = 0;
    await expect(
      bg.signer.release(
        { signerId: account.accountId, intents: [] },
        {
          prepared,
          assertion: answer(passkey, challengeOf(prepared)),
          check: async () => {
            checks += 1;
            return 'invalid_salt';
          },
        },
      ),
    ).rejects.toThrow(/no longer valid/);
    expect(checks).toBe(1);
  });

  it('never signs a payload that names another standard, or a passkey the wallet does not hold', async () => {
    const { bg, account, passkey } = await passkeyWallet(sim, { now: Date.now() });
    const prepared = await bg.signer.prepare({ signerId: account.accountId, intents: [] });
    const assertion = answer(passkey, challengeOf(prepared));
    const asNep413 = await refusal(bg.signer.sign({ ...prepared, standard: 'nep413' }, assertion));
    expect(asNep413.message).toBe('This payload is not one a passkey of this wallet signs');
    expect(asNep413.code).toBe(-32603);
    const stranger = await refusal(bg.signer.sign({ ...prepared, publicKey: softPasskey().publicKey }, assertion));
    expect(stranger.message).toBe('This payload is not one a passkey of this wallet signs');
  });
});

describe('an ed25519 account', () => {
  it('never signs a payload marked webauthn', async () => {
    const { bg, accountId } = await generatedWallet(sim);
    const prepared = await bg.signer.prepare({ signerId: accountId, intents: [] });
    const e = await refusal(bg.signer.sign({ ...prepared, standard: 'webauthn' }));
    expect(e.message).toBe('This payload is not one a passkey of this wallet signs');
  });
});
