/**
 * The provider's methods through the real router, as a page's relay sends them, on the fake browser
 * with the real simulator: grants, the approval queue and its rules, signing and publishing.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalView } from '../../../src/api/approvalApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { base64, parsePublicKey, verifyNep413, verifySignedIntent } from '../../../src/core';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { call, EVENTUALLY, PASSWORD } from './harness';
import { DAPP, OTHER, pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

describe('connect and accounts', () => {
  it('asks once per origin, grants the chosen account, and reports it afterwards without asking', async () => {
    const t = await pageSetup(sim);
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    const pending = await t.page(METHODS.requestAccounts, {});
    expect(pending.ok).toBe('deferred');
    expect(t.windows).toHaveLength(1);
    const view = await t.current();
    expect(view).toMatchObject({ kind: 'connect', origin: 'https://dapp.example', locked: false });
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, accounts: [t.accountId] });
    expect(await t.answerOf(pending)).toEqual({
      ok: true,
      result: [{ accountId: t.accountId, publicKey: t.publicKey }],
    });
    expect(await t.page(METHODS.requestAccounts, {})).toEqual({
      ok: true,
      result: [{ accountId: t.accountId, publicKey: t.publicKey }],
    });
    expect(await t.page(METHODS.accounts, undefined, OTHER)).toEqual({ ok: true, result: [] });
    expect((await t.page(METHODS.getPermissions)).ok).toBe(true);
  });

  it('rejects with 4001, hides accounts while locked, and forgets the origin on disconnect', async () => {
    const t = await pageSetup(sim);
    const pending = await t.page(METHODS.requestAccounts, {});
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: false });
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.userRejected } });
    await t.connect();
    await call(t.bg, WALLET.lock);
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    await call(t.bg, WALLET.unlock, { password: PASSWORD });
    expect(await t.page(METHODS.disconnect, {})).toEqual({ ok: true, result: null });
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    expect(t.pushes.some((p) => p.message.type === 'providerEvent' && p.message.event === 'accountsChanged')).toBe(
      true,
    );
  });
});

describe('queue rules', () => {
  it('allows one pending request per origin (-32002) and rate-limits an origin (-32005)', async () => {
    const t = await pageSetup(sim);
    await t.page(METHODS.requestAccounts, {});
    expect(await t.page(METHODS.requestAccounts, {})).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.requestPending },
    });
    const other = await t.page(METHODS.requestAccounts, {}, OTHER);
    expect(other.ok).toBe('deferred');
    expect((await t.current())!.waiting).toBe(2);
    for (let i = 0; i < 10; i++) {
      await call(t.bg, APPROVAL.rejectAll, { origin: 'https://other.example' });
      await t.page(METHODS.requestAccounts, {}, OTHER);
    }
    await call(t.bg, APPROVAL.rejectAll, { origin: 'https://other.example' });
    expect(await t.page(METHODS.requestAccounts, {}, OTHER)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.rateLimited },
    });
  });

  it('closing the window rejects the shown request with 4001; a closed tab is dropped', async () => {
    const t = await pageSetup(sim);
    const pending = await t.page(METHODS.requestAccounts, {});
    await t.page(METHODS.requestAccounts, {}, OTHER);
    await fakeBrowser.windows.onRemoved.trigger(t.windows[0]!);
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.userRejected } });
    await expect
      .poll(() => t.windows.length, { ...EVENTUALLY, message: 'the next request got a window again' })
      .toBe(2);
    await fakeBrowser.tabs.onRemoved.trigger(12, { windowId: 1, isWindowClosing: false });
    await expect.poll(() => t.current(), { ...EVENTUALLY, message: 'the closed tab’s request is dropped' }).toBeNull();
  });

  it('keeps the queue across a worker restart and still delivers the answer', async () => {
    const t = await pageSetup(sim);
    const pending = await t.page(METHODS.requestAccounts, {});
    const restarted = startBackground({ ...t.env });
    const view = await call<ApprovalView>(restarted, APPROVAL.current);
    expect(view.kind).toBe('connect');
    await call(restarted, APPROVAL.resolve, { id: view.id, approve: true, accounts: [t.accountId] });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true });
  });

  it('refuses signatures from sub-frames and from sites that are not connected', async () => {
    const t = await pageSetup(sim);
    const nonce = base64.encode(new Uint8Array(32));
    expect(await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.example', nonce })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
    await t.connect();
    expect(
      await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.example', nonce }, { ...DAPP, frameId: 3 }),
    ).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
  });
});

describe('signing for pages', () => {
  it('signs a NEP-413 message the user approved; the signature verifies over the NEP-413 digest', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = Array.from(new Uint8Array(32).fill(5));
    const pending = await t.page(METHODS.signMessage, {
      message: 'Sign in to dapp.example',
      recipient: 'dapp.example',
      nonce,
    });
    const view = await t.current();
    expect(view?.message).toMatchObject({
      message: 'Sign in to dapp.example',
      recipient: 'dapp.example',
      recipientIsVerifier: false,
    });
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
    const r = reply.result as { accountId: string; publicKey: string; signature: string };
    const payload = { message: 'Sign in to dapp.example', recipient: 'dapp.example', nonce: Uint8Array.from(nonce) };
    expect(verifyNep413(parsePublicKey(r.publicKey), payload, base64.decode(r.signature))).toBe(true);
  });

  it('refuses a message addressed to the verifier, however it is spelled, before any window opens', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const windows = t.windows.length;
    // The configured verifier however spelled, and Mainnet's on Local too (a message for it would be a Mainnet intent).
    for (const recipient of ['intents.sim', ' INTENTS.sim ', 'Intents.Sim', 'intents.near', ' Intents.NEAR']) {
      const reply = await t.page(METHODS.signMessage, {
        message: '{}',
        recipient,
        nonce: base64.encode(new Uint8Array(32)),
      });
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: ERROR_CODES.invalidParams,
          data: { field: 'recipient' },
          message: expect.stringMatching(/intents_signIntents/),
        },
      });
    }
    expect(t.windows.length).toBe(windows);
    expect(await t.current()).toBeNull();
  });

  it('refuses key-management intents from a page before any window opens', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const windows = t.windows.length;
    const reply = await t.page(METHODS.signIntents, {
      intents: [{ intent: 'add_public_key', public_key: t.publicKey }],
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized, data: { field: 'intents.0.intent' } },
    });
    expect(t.windows.length).toBe(windows);
    const bad = await t.page(METHODS.signIntents, {
      intents: [{ intent: 'transfer', receiver_id: 'Bob', tokens: {} }],
    });
    expect(bad).toMatchObject({ ok: false, error: { code: ERROR_CODES.invalidParams } });
  });

  it('previews, simulates and signs intents; publishing a funded transfer settles on the simulator', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accountId: t.accountId,
        tokenId: 'nep141:wrap.near',
        amount: '2000000000000000000000000',
      }),
    });
    const intents = [
      { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1000000000000000000000000' } },
    ];
    const pending = await t.page(METHODS.publishIntents, { intents });
    const view = await t.current();
    // The window words it (client side) from the intent and the tokens it names.
    expect(view?.intents?.intents[0]?.intent).toEqual(intents[0]);
    expect(view?.intents?.tokens.map((x) => x.assetId)).toEqual(['nep141:wrap.near']);
    expect(view?.intents?.simulation).toMatchObject({
      ok: true,
      executed: 1,
      invariantViolated: null,
      balanceChanges: [{ text: '-1 wNEAR' }],
    });
    expect(view?.intents?.nonceKind).toBe('versioned');
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    const reply = await t.answerOf(pending);
    expect(reply).toMatchObject({ ok: true, result: { status: 'OK' } });

    const signPending = await t.page(METHODS.signIntents, { intents: [] });
    const v2 = await t.current();
    await call(t.bg, APPROVAL.resolve, { id: v2!.id, approve: true });
    const signed = await t.answerOf(signPending);
    if (signed.ok !== true) throw new Error('not signed');
    expect(verifySignedIntent((signed.result as { signed: unknown }).signed).ok).toBe(true);
  });

  it('accepts null optionals from a page (shown and signed without them) and refuses a zero storage_deposit by name', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const windows = t.windows.length;
    const zero = await t.page(METHODS.signIntents, {
      intents: [
        { intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'bob.near', amount: '1', storage_deposit: '0' },
      ],
    });
    expect(zero).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'intents.0.storage_deposit' } },
    });
    expect(t.windows.length).toBe(windows);
    await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: t.accountId, tokenId: 'nep141:wrap.near', amount: '1' }),
    });
    const shown = { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' } };
    const pending = await t.page(METHODS.signIntents, { intents: [{ ...shown, memo: null, msg: null }] });
    const view = await t.current();
    expect(view?.intents?.intents[0]?.intent).toEqual(shown);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    const signed = await t.answerOf(pending);
    if (signed.ok !== true) throw new Error('not signed');
    const message = JSON.parse(
      (signed.result as { signed: { payload: { message: string } } }).signed.payload.message,
    ) as { intents: unknown[] };
    expect(message.intents).toEqual([shown]);
  });

  it('needs an acknowledgement for danger and blocks forbidden requests', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await t.page(METHODS.signIntents, { intents: [{ intent: 'token_diff', diff: { 'nep141:wrap.near': '-5' } }] });
    const view = await t.current();
    expect(view?.intents?.level).toBe('danger');
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toThrow(/understand the risk/);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });

    // A passed deadline is not kept waiting behind a blocked window: the page is told to ask anew.
    const expired = await t.page(METHODS.signIntents, { intents: [], deadline: '2001-01-01T00:00:00Z' });
    expect(await t.current()).toBeNull();
    expect(await t.answerOf(expired)).toMatchObject({ ok: false, error: { code: ERROR_CODES.expired } });
  });
});
