// Removing an account takes what was the account's (src/background/wallet/removeAccount.ts): the sites'
// grants for it (a site left with none hears accountsChanged []; one keeping another account hears the
// rest), its send draft and kept signature, its kept balances. Importing the same key again later gives
// no site the account without a window.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { APPROVAL } from '../../../src/api/approvalApi';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { call, EVENTUALLY, ONE_NEAR, PASSWORD, WNEAR } from './harness';
import { DAPP, OTHER, pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const anything = z.unknown();

describe('removing an account', () => {
  it('revokes its grants (with accountsChanged), drops its drafts, kept signature and balances; imported again, no site has it', async () => {
    const t = await pageSetup(sim);
    const removed = t.accountId;
    const added = await call<CreateResult>(t.bg, WALLET.addAccount, { source: { kind: 'generate' } });
    const kept = added.status.accounts.find((a) => a.accountId !== removed)!;
    // DAPP is granted the account to be removed only; OTHER both accounts.
    await t.connect(DAPP);
    const pending = await t.page(METHODS.requestAccounts, {}, OTHER);
    await call(t.bg, APPROVAL.resolve, {
      id: (await t.current())!.id,
      approve: true,
      accounts: [removed, kept.accountId],
    });
    await t.answerOf(pending);
    const { secretKey } = await call<{ secretKey: string }>(t.bg, WALLET.exportKey, {
      password: PASSWORD,
      publicKey: t.publicKey,
    });
    // What the account leaves behind: a reviewed send, its kept balances.
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: removed, tokenId: WNEAR, amount: ONE_NEAR.toString() }),
    });
    await call(t.bg, WALLET.previewSend, { accountId: removed, receiverId: 'dave.near', tokenId: WNEAR, amount: '1' });
    await call(t.bg, WALLET.balances, { accountId: removed });
    const verifier = (await t.bg.settings.plain()).verifierId;
    expect(await t.bg.local.read(`sendDraft:${verifier}:${removed}`, anything)).toBeDefined();
    expect(await t.bg.local.read(`balances:${verifier}:${removed}`, anything)).toBeDefined();

    t.pushes.length = 0;
    const status = await call<WalletStatus>(t.bg, WALLET.removeAccount, { accountId: removed });
    expect(status.accounts.map((a) => a.accountId)).toEqual([kept.accountId]);
    const events = (tabId: number) =>
      t.pushes.flatMap((p) =>
        p.tabId === tabId && p.message.type === 'providerEvent' && p.message.event === 'accountsChanged'
          ? [p.message.data]
          : [],
      );
    await expect.poll(() => events(DAPP.tab.id), EVENTUALLY).toContainEqual([]);
    await expect
      .poll(() => events(OTHER.tab.id))
      .toContainEqual([{ accountId: kept.accountId, publicKey: kept.publicKeys[0] }]);
    expect(await t.bg.local.read(`sendDraft:${verifier}:${removed}`, anything)).toBeUndefined();
    expect(await t.bg.local.read(`sendSigned:${verifier}:${removed}`, anything)).toBeUndefined();
    expect(await t.bg.local.read(`balances:${verifier}:${removed}`, anything)).toBeUndefined();
    expect(Object.values(await t.bg.permissions.all()).flatMap((g) => g.accounts)).not.toContain(removed);

    // The same key imported again: a new account of the wallet, connected nowhere.
    await call(t.bg, WALLET.addAccount, { source: { kind: 'importKey', secretKey } });
    expect(await t.page(METHODS.accounts, undefined, DAPP)).toEqual({ ok: true, result: [] });
    expect(await t.page(METHODS.accounts, undefined, OTHER)).toEqual({
      ok: true,
      result: [{ accountId: kept.accountId, publicKey: kept.publicKeys[0] }],
    });
    expect((await t.page(METHODS.requestAccounts, {}, DAPP)).ok, 'asking again opens the connect window').toBe(
      'deferred',
    );
  });
});
