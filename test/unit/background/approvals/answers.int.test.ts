/**
 * The approval service's answers through the background's messages (APPROVAL.current / resolve), on
 * the real simulator: a locked window, a connect window's choices, and a request no longer waiting. Every request gets an answer.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { type CreateResult, WALLET } from '../../../../src/api/walletApi';
import { base64 } from '../../../../src/core';
import { ERROR_CODES, METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { call, ONE_NEAR, WNEAR } from '../harness';
import { onRequests, pageSetup, signal } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const nonceOf = (n: number) => base64.encode(new Uint8Array(32).fill(n));

describe('a locked window', () => {
  it('shows nothing of the request, refuses Confirm until unlocked, and a decline answers 4100', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await call(t.bg, WALLET.lock);
    const pending = await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.example', nonce: nonceOf(1) });
    const view = await t.current();
    expect(view).toMatchObject({ kind: 'signMessage', locked: true, blocked: null, waiting: 1 });
    expect(view).not.toHaveProperty('message');
    // The window is told to ask for the password (4100, reason locked), and the request keeps waiting.
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toMatchObject({
      message: expect.stringMatching(/Unlock the wallet/),
      code: ERROR_CODES.unauthorized,
      data: { reason: 'locked' },
    });
    expect((await t.current())?.id).toBe(view!.id);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: false });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized, message: expect.stringMatching(/locked/) },
    });
    expect(await t.current()).toBeNull();
  });

  it('locked while an approved request is being carried out: the window asks for the password, the request waits', async () => {
    let hold = false;
    const reached = signal();
    const released = signal();
    const t = await pageSetup(
      sim,
      { now: Date.now() },
      {
        // Confirm reads the balances again before it signs: it waits there while the wallet is locked.
        fetch: onRequests('mt_batch_balance_of', async (request) => {
          if (hold) {
            reached.fire();
            await released.fired;
          }
          return request.send();
        }),
      },
    );
    await t.connect();
    const unfunded = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_NEAR.toString() } }];
    const pending = await t.page(METHODS.signIntents, { intents: unfunded });
    const view = await t.current();
    expect(view?.kind).toBe('signIntents');
    hold = true;
    const resolving = call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    await reached.fired;
    await call(t.bg, WALLET.lock);
    released.fire();
    await expect(resolving).rejects.toMatchObject({ code: ERROR_CODES.unauthorized, data: { reason: 'locked' } });
    expect(await t.current()).toMatchObject({ id: view!.id, locked: true });
    const answered = t.pushes.filter((p) => p.message.type === 'approvalResult' && p.message.approvalId === view!.id);
    expect(answered, 'the page is not answered').toEqual([]);
    expect(t.closed).not.toContain(t.windows.at(-1));
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: false });
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
  });

  it('an unlocked decline answers 4001', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.example', nonce: nonceOf(2) });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: false });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.userRejected, message: 'The user rejected the request' },
    });
  });
});

describe('a connect window', () => {
  it('lists the selected account first, and refuses no account or one that is not the wallet’s', async () => {
    const t = await pageSetup(sim);
    const added = await call<CreateResult>(t.bg, WALLET.addAccount, { source: { kind: 'generate' } });
    const second = added.status.accounts.find((a) => a.accountId !== t.accountId)!.accountId;
    await call(t.bg, WALLET.selectAccount, { accountId: second });
    const pending = await t.page(METHODS.requestAccounts, {});
    const view = await t.current();
    expect(view?.accounts?.map((a) => a.accountId)).toEqual([second, t.accountId]);
    for (const accounts of [[], ['someone.near'], [second, 'someone.near']]) {
      await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, accounts })).rejects.toThrow(
        /at least one of this wallet/,
      );
    }
    expect((await t.current())?.id).toBe(view!.id);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, accounts: [t.accountId] });
    expect(await t.answerOf(pending)).toEqual({
      ok: true,
      result: [{ accountId: t.accountId, publicKey: t.publicKey }],
    });
    expect(await t.page(METHODS.accounts)).toEqual({
      ok: true,
      result: [{ accountId: t.accountId, publicKey: t.publicKey }],
    });
  });
});

describe('answers', () => {
  it('refuses an answer to a request that is no longer waiting', async () => {
    const t = await pageSetup(sim);
    await t.page(METHODS.requestAccounts, {});
    const view = await t.current();
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: false });
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toThrow(/no longer waiting/);
  });
});
