/**
 * What a web page can and cannot make the background do (docs/security.md), through the real router
 * as a relay sends it, on the fake browser with the real simulator: the message door, no signature
 * before consent, per-document delivery, the access and rate rules, bounded queues, and relaying
 * signatures. The browser-level attacks are in test/e2e/security/.
 */

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { APPROVAL } from '../../../src/api/approvalApi';
import { WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { base64 } from '../../../src/core';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { call, EVENTUALLY, PASSWORD } from './harness';
import { DAPP, docToken, OTHER, onRequests, pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const WNEAR = 'nep141:wrap.near';
const ONE = '1000000000000000000000000';
const nonceOf = (fill: number) => base64.encode(new Uint8Array(32).fill(fill));
const fund = (accountId: string, amount: string) =>
  fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId: WNEAR, amount }),
  });
const balanceOf = async (accountId: string): Promise<bigint> => {
  const r = await fetch(`${sim.url}/dev/balances?accountId=${encodeURIComponent(accountId)}`);
  const body = (await r.json()) as { balances: Record<string, string> };
  return BigInt(body.balances[WNEAR] ?? '0');
};

/** Wraps the background's fetch to record every request body sent to the ledger RPC and the bus. */
function recordFetch(t: Awaited<ReturnType<typeof pageSetup>>) {
  const seen: { url: string; body: string }[] = [];
  t.env.fetch = onRequests('', (request) => {
    seen.push({ url: request.url, body: request.body });
    return request.send();
  })(t.env.fetch);
  return seen;
}

describe('the message door is shut', () => {
  it('claims a message nonce once: the same nonce cannot sign a second message or an intent', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = nonceOf(7);
    const first = await t.page(METHODS.signMessage, { message: 'Sign in', recipient: 'dapp.example', nonce });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(first)).toMatchObject({ ok: true });
    const windows = t.windows.length;
    expect(await t.page(METHODS.signMessage, { message: 'Other', recipient: 'dapp.example', nonce })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
    expect(await t.page(METHODS.signIntents, { intents: [], nonce })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
    expect(t.windows.length).toBe(windows);
  });

  it('two sites asking for the same message under one nonce before either is confirmed: one signature, the other refused', async () => {
    // Found by the model-based test (test/unit/reliability/model.int.test.ts): the nonce was checked when a
    // request arrived, and its claim let the same bytes through again, for another request too.
    const t = await pageSetup(sim);
    await t.connect();
    await t.connect(OTHER);
    const ask = { message: 'Sign in', recipient: 'dapp.example', nonce: nonceOf(9) };
    const first = await t.page(METHODS.signMessage, ask);
    const second = await t.page(METHODS.signMessage, ask, OTHER);
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(first)).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect((await t.current())?.origin).toBe(OTHER.origin), EVENTUALLY);
    // For another site's recipient, so the person acknowledged the danger too.
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(second)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
  });

  it('refuses at Confirm a message whose recipient became the verifier while it waited', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.near', nonce: nonceOf(8) });
    await call(t.bg, WALLET.setSettings, { verifierId: 'dapp.near' });
    const out = await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(out).toEqual({
      refused: expect.stringMatching(/verifier/),
      words: { key: 'approveRefused_verifierMessage', subs: [] },
    });
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
  });
});

describe('no signature before consent', () => {
  it('previews without sending any signature; simulate_intents runs only after Confirm', async () => {
    const t = await pageSetup(sim);
    const seen = recordFetch(t);
    await t.connect();
    await fund(t.accountId, ONE);
    const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE } }];
    const pending = await t.page(METHODS.publishIntents, { intents });
    const view = await t.current();
    expect(view?.intents?.simulation).toMatchObject({ ok: true, balanceChanges: [{ text: '-1 wNEAR' }] });
    // A worker restart while the window is open prepares the preview again: still no signature.
    const restarted = startBackground({ ...t.env });
    expect((await call<{ id: string }>(restarted, APPROVAL.current)).id).toBe(view!.id);
    expect(seen.filter((s) => /signature|simulate_intents|publish_intent/.test(s.body))).toEqual([]);

    await call(restarted, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true, result: { status: 'OK' } });
    const order = seen
      .filter((s) => /simulate_intents|publish_intent/.test(s.body))
      .map((s) => (/simulate_intents/.test(s.body) ? 'simulate' : 'publish'));
    expect(order).toEqual(['simulate', 'publish']);
  });

  it('a refusal by the verifier after Confirm stops the release: nothing is published, the window and the page are told', async () => {
    const t = await pageSetup(sim);
    const seen = recordFetch(t);
    await t.connect();
    const before = await balanceOf(t.accountId);
    const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE } }];
    const pending = await t.page(METHODS.publishIntents, { intents });
    const view = await t.current();
    expect(view?.intents?.simulation).toMatchObject({
      ok: false,
      error: expect.stringMatching(/insufficient balance/),
    });
    const out = await call<{ refused: string }>(t.bg, APPROVAL.resolve, {
      id: view!.id,
      approve: true,
      acknowledgeDanger: true,
    });
    expect(out.refused).toMatch(/The verifier refused it: .*balance.*not given to the page or published/i);
    expect(out).toMatchObject({
      words: { key: 'approveRefused_verifier', subs: [expect.stringMatching(/balance/i)] },
    });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.internal, data: { reason: expect.stringMatching(/balance/i) } },
    });
    expect(seen.some((s) => /publish_intent/.test(s.body))).toBe(false);
    expect(await balanceOf(t.accountId)).toBe(before);
  });
});

describe('per-document identity', () => {
  it('events go to the document that connected, not to the next document of the same tab', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await t.connect(OTHER); // a second site: its events are the barrier (they are sent after DAPP's)
    const unlockSeen = async (doc: string) => {
      await call(t.bg, WALLET.lock);
      await call(t.bg, WALLET.unlock, { password: PASSWORD });
      await expect
        .poll(() =>
          t.pushes.some(
            (p) => p.message.type === 'providerEvent' && p.message.event === 'unlock' && p.message.doc === doc,
          ),
        )
        .toBe(true);
    };
    t.pushes.length = 0;
    await unlockSeen(OTHER.doc);
    expect(
      t.pushes
        .filter((p) => p.message.type === 'providerEvent' && p.message.doc === DAPP.doc)
        .map((p) => p.message.type === 'providerEvent' && p.message.event),
    ).toEqual(['accountsChanged', 'lock', 'accountsChanged', 'unlock']);
    // The tab navigates to a site that never connected, which talks to the wallet.
    const next = t.navigate(DAPP, {
      url: 'https://evil.example/',
      origin: 'https://evil.example',
      frameId: 0,
      doc: docToken(99),
    });
    await t.page(METHODS.accounts, undefined, next);
    t.pushes.length = 0;
    await unlockSeen(OTHER.doc);
    expect(t.pushes.filter((p) => p.tabId === DAPP.tab.id)).toEqual([]);
  });

  it("a tab's pending request is dropped when it shows another document", async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, { message: 'hi', recipient: 'dapp.example', nonce: nonceOf(9) });
    if (pending.ok !== 'deferred') throw new Error('not deferred');
    expect(await t.current()).not.toBeNull();
    t.navigate(DAPP, {
      url: 'https://dapp.example/other',
      origin: 'https://dapp.example',
      frameId: 0,
      doc: docToken(100),
    });
    await fakeBrowser.tabs.onUpdated.trigger(DAPP.tab.id, { status: 'loading' }, { id: DAPP.tab.id } as never);
    await expect.poll(() => t.current(), EVENTUALLY).toBeNull();
    expect(
      t.pushes.some((p) => p.message.type === 'approvalResult' && p.message.approvalId === pending.approvalId),
    ).toBe(false);
  });

  it('approval results carry the asking document, so a later document cannot take them', async () => {
    const t = await pageSetup(sim);
    const pending = await t.page(METHODS.requestAccounts, {});
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: false });
    await t.answerOf(pending);
    const result = t.pushes.find((p) => p.message.type === 'approvalResult');
    expect(result?.message.doc).toBe(DAPP.doc);
  });
});

describe('pages get nothing for free', () => {
  it('needs a connected origin and the top frame for everything but discovery and intents_accounts', async () => {
    const t = await pageSetup(sim);
    const stranger = { ...OTHER };
    for (const [method, params] of [
      [METHODS.getIntentStatus, { intentHash: 'abc' }],
      [METHODS.publishIntents, { signed: {} }],
      [METHODS.revokePermissions, [{ intents_accounts: {} }]],
      [METHODS.disconnect, undefined],
      [METHODS.signIntents, { intents: [] }],
    ] as const) {
      expect(await t.page(method, params, stranger)).toMatchObject({
        ok: false,
        error: { code: ERROR_CODES.unauthorized },
      });
    }
    expect(await t.page(METHODS.accounts, undefined, stranger)).toEqual({ ok: true, result: [] });
    expect(await t.page(METHODS.getPermissions, undefined, stranger)).toEqual({ ok: true, result: [] });
    await t.connect();
    expect(await t.page(METHODS.getIntentStatus, { intentHash: 'abc' }, { ...DAPP, frameId: 2 })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
  });

  it('refuses pages that are not http(s)', async () => {
    const t = await pageSetup(sim);
    for (const sender of [
      { url: 'file:///home/u/a.html', origin: 'file://', frameId: 0, tab: { id: 30 }, doc: docToken(30) },
      { url: 'data:text/html,hi', origin: 'null', frameId: 0, tab: { id: 31 }, doc: docToken(31) },
      {
        url: 'chrome-extension://otherextensionid/page.html',
        origin: 'chrome-extension://otherextensionid',
        frameId: 0,
        tab: { id: 32 },
        doc: docToken(32),
      },
    ]) {
      expect(await t.page(METHODS.requestAccounts, {}, sender)).toMatchObject({
        ok: false,
        error: { code: ERROR_CODES.unauthorized },
      });
    }
    expect(t.windows).toEqual([]);
  });

  it('rate-limits calls that spend the API key, and the limit survives a worker restart', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await t.page(METHODS.getIntentStatus, { intentHash: `h${i}` });
      if (!r.ok) codes.push(r.error.code);
    }
    expect(codes).not.toContain(ERROR_CODES.rateLimited);
    expect(await t.page(METHODS.getIntentStatus, { intentHash: 'x' })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.rateLimited },
    });
    const restarted = startBackground({ ...t.env });
    const { doc, ...sender } = DAPP;
    expect(
      await restarted.route({ type: 'request', method: METHODS.publishIntents, params: { signed: {} }, doc }, sender),
    ).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams }, // the shape is checked before the allowance is spent
    });
    expect(
      await restarted.route(
        { type: 'request', method: METHODS.getIntentStatus, params: { intentHash: 'y' }, doc },
        sender,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.rateLimited },
    });
  });

  it('bounds the queue per tab and per site, and closing the window cools the tab down', async () => {
    const t = await pageSetup(sim);
    await t.page(METHODS.requestAccounts, {});
    // Same tab, another origin (it navigated, or frames another site): still one at a time.
    const sameTab = { ...OTHER, tab: DAPP.tab, doc: DAPP.doc };
    expect(await t.page(METHODS.requestAccounts, {}, sameTab)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.requestPending },
    });
    const sub = (n: number) => ({
      url: `https://s${n}.evil.example/`,
      origin: `https://s${n}.evil.example`,
      frameId: 0,
      tab: { id: 40 + n },
      doc: docToken(40 + n),
    });
    const replies = [];
    for (let n = 0; n < 5; n++) replies.push(await t.page(METHODS.requestAccounts, {}, sub(n)));
    expect(replies.map((r) => (r.ok === 'deferred' ? 'waiting' : r.ok ? 'ok' : r.error.code))).toEqual([
      'waiting',
      'waiting',
      'waiting',
      ERROR_CODES.requestPending,
      ERROR_CODES.requestPending,
    ]);
    await fakeBrowser.windows.onRemoved.trigger(t.windows[0]!);
    await expect.poll(async () => (await t.current())?.origin, EVENTUALLY).not.toBe(DAPP.origin);
    expect(await t.page(METHODS.requestAccounts, {})).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.rateLimited },
    });
  });
});

describe('relaying signatures a page holds', () => {
  it('refuses a signature by this wallet that it never released through the window', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await fund(t.accountId, ONE);
    const before = await balanceOf(t.accountId);
    // A signature of this wallet's key over an intent that never passed the approval window.
    const prepared = await t.bg.signer.prepare({
      signerId: t.accountId,
      intents: [{ intent: 'transfer', receiver_id: 'thief.near', tokens: { [WNEAR]: ONE } }],
    });
    const signed = t.bg.wallet.vault.signIntent(prepared.publicKey, prepared.payload, 'nep413');
    expect(await t.page(METHODS.publishIntents, { signed })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized, data: { field: 'signed' } },
    });
    await call(t.bg, WALLET.lock);
    expect(await t.page(METHODS.publishIntents, { signed })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
    expect(await balanceOf(t.accountId)).toBe(before);
  });
});

describe('the nonce registry fails closed', () => {
  it('a damaged registry is set aside, page-supplied nonces are refused, the wallet’s own nonces still sign', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = nonceOf(11);
    const first = await t.page(METHODS.signMessage, { message: 'one', recipient: 'dapp.example', nonce });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(first)).toMatchObject({ ok: true });
    const damaged = { [t.accountId]: 'not a list' };
    await t.bg.local.write('usedNonces', damaged);
    // The same nonce again: the registry cannot prove it unused, so it is refused (never read as empty).
    expect(await t.page(METHODS.signMessage, { message: 'two', recipient: 'dapp.example', nonce })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
    expect(await t.page(METHODS.signIntents, { intents: [], nonce: nonceOf(12) })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams },
    });
    expect(await t.bg.local.read('usedNonces.damaged', z.unknown())).toEqual(damaged);
    const status = await call<WalletStatus>(t.bg, WALLET.status);
    expect(status.problem).toBeNull();
    expect(status.storeProblems).toEqual([
      {
        store: 'nonces',
        message: expect.stringMatching(/used nonces was damaged/),
        words: { key: 'storeProblem_nonces', subs: [] },
      },
    ]);
    // A wallet-made nonce is fresh: signing goes on.
    const own = await t.page(METHODS.signIntents, { intents: [] });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(own)).toMatchObject({ ok: true });
  });
});

describe('signer_mismatch compares with the grant, not with the payload', () => {
  it('a request whose account is no longer granted to the site is blocked in the window', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await t.page(METHODS.signIntents, { intents: [] });
    expect((await t.current())?.blocked).toBeNull();
    // The grant changes while the request waits (the user connected the site to another account).
    await t.bg.permissions.grant(DAPP.origin, ['someone-else.near']);
    const t2 = startBackground({ ...t.env }); // a fresh preview, as after a worker restart
    const view = await call<{
      id: string;
      blocked: string | null;
      intents: { batchFindings: { code: string; level: string }[] };
    }>(t2, APPROVAL.current);
    expect(view.intents.batchFindings).toContainEqual(
      expect.objectContaining({ code: 'signer_mismatch', level: 'forbidden' }),
    );
    expect(view.blocked).toMatch(/someone-else\.near/);
    await expect(call(t2, APPROVAL.resolve, { id: view.id, approve: true, acknowledgeDanger: true })).rejects.toThrow(
      /cannot be approved/,
    );
  });
});

describe('one approval, one payload, one signature', () => {
  it('concurrent previews of one request prepare one payload, and that payload is what gets signed', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signIntents, { intents: [] });
    const [a, b, c] = await Promise.all([t.current(), t.current(), t.current()]);
    const shown = (a?.intents as { raw: string } | undefined)?.raw;
    expect((b?.intents as { raw: string } | undefined)?.raw).toBe(shown);
    expect((c?.intents as { raw: string } | undefined)?.raw).toBe(shown);
    await call(t.bg, APPROVAL.resolve, { id: a!.id, approve: true });
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error('not signed');
    expect(JSON.stringify((reply.result as { payload: unknown }).payload, null, 2)).toBe(shown);
  });

  it('asks that overlap while a preview is being made share it: the ledger views it needs are asked once', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const balanceViews: string[] = [];
    t.env.fetch = onRequests('mt_batch_balance_of', (request) => {
      balanceViews.push(request.body);
      return request.send();
    })(t.env.fetch);
    const bg = startBackground({ ...t.env });
    const { doc, ...sender } = DAPP;
    await bg.route(
      {
        type: 'request',
        method: METHODS.signIntents,
        params: { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE } }] },
        doc,
      },
      sender,
    );
    const views = await Promise.all([
      call<{ id: string; intents?: { raw: string } }>(bg, APPROVAL.current),
      call<{ id: string }>(bg, APPROVAL.current),
      call<{ id: string }>(bg, APPROVAL.current),
    ]);
    expect(new Set(views.map((v) => v.id)).size).toBe(1);
    expect(views[0]!.intents?.raw).toContain('bob.near');
    expect(balanceViews).toHaveLength(1);
    await call(bg, APPROVAL.current); // made: the next ask reads it
    expect(balanceViews).toHaveLength(1);
  });

  it('an "invalid salt" from the ledger RPC ends the request; the wallet never signs a second nonce for it', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await fund(t.accountId, ONE);
    const bodies: string[] = [];
    t.env.fetch = onRequests('', async (request) => {
      bodies.push(request.body);
      // A lying RPC keeps the signature and claims the salt is stale.
      if (request.body.includes('simulate_intents') || request.body.includes('c2ltdWxhdGVfaW50ZW50cw')) {
        return new Response(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            result: {
              error: 'wasm execution failed with error: HostError(GuestPanic { panic_msg: "invalid salt" })',
              logs: [],
            },
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return request.send();
    })(t.env.fetch);
    const bg = startBackground({ ...t.env });
    const { doc, ...sender } = DAPP;
    const pending = await bg.route(
      {
        type: 'request',
        method: METHODS.publishIntents,
        params: { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE } }] },
        doc,
      },
      sender,
    );
    const view = await call<{ id: string }>(bg, APPROVAL.current);
    const out = await call<{ refused: string } | null>(bg, APPROVAL.resolve, {
      id: view.id,
      approve: true,
      acknowledgeDanger: true,
    });
    expect(out?.refused).toMatch(/invalid salt/);
    if (pending.ok !== 'deferred') throw new Error('not deferred');
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.internal } });
    // One simulate with one signature, no publish, no second signature.
    expect(bodies.filter((b) => b.includes('simulate_intents') || b.includes('c2ltdWxhdGVfaW50ZW50cw'))).toHaveLength(
      1,
    );
    expect(bodies.some((b) => b.includes('publish_intent'))).toBe(false);
  });
});

describe('messages', () => {
  it('an intents payload as a message is refused whatever the recipient (another verifier deployment)', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const message = JSON.stringify({
      deadline: '2030-01-01T00:00:00.000Z',
      intents: [{ intent: 'add_public_key', public_key: t.publicKey }],
      signer_id: t.accountId,
    });
    expect(
      await t.page(METHODS.signMessage, { message, recipient: 'other-verifier.near', nonce: nonceOf(21) }),
    ).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'message' } },
    });
  });

  it('a message nonce that looks like an expired versioned nonce is still never signed twice', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    // The versioned magic (56 28 f6 c6, version 0) with a deadline in 1970.
    const bytes = new Uint8Array(32);
    bytes.set([0x56, 0x28, 0xf6, 0xc6, 0]);
    const nonce = base64.encode(bytes);
    const first = await t.page(METHODS.signMessage, { message: 'one', recipient: 'dapp.example', nonce });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(first)).toMatchObject({ ok: true });
    // Another claim for the account prunes expired intent nonces; the message nonce must survive it.
    const other = await t.page(METHODS.signMessage, { message: 'two', recipient: 'dapp.example', nonce: nonceOf(22) });
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    await t.answerOf(other);
    expect(await t.page(METHODS.signMessage, { message: 'three', recipient: 'dapp.example', nonce })).toMatchObject({
      ok: false,
      error: { data: { field: 'nonce' } },
    });
  });

  it('a message for another site is danger in the view, and Confirm without the acknowledgement is refused (nothing signed)', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, {
      message: 'Sign in to near-intents.org',
      recipient: 'near-intents.org',
      nonce: nonceOf(31),
      callbackUrl: 'https://near-intents.org/cb',
    });
    const view = await t.current();
    expect(view?.message?.findings.map((f) => `${f.level}:${f.code}`)).toEqual([
      'danger:recipient_other_site',
      'danger:callback_other_site',
    ]);
    expect(view?.message?.findings[0]?.words.subs.join(' ')).toMatch(/near-intents\.org.*dapp\.example/);
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toThrow(/understand the risk/);
    // Still waiting, unsigned; the nonce is not spent.
    expect((await t.current())?.id).toBe(view!.id);
    if (pending.ok !== 'deferred') throw new Error('not deferred');
    expect(
      t.pushes.some((p) => p.message.type === 'approvalResult' && p.message.approvalId === pending.approvalId),
    ).toBe(false);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true, result: { signature: expect.any(String) } });
  });

  it('a message for the asking site itself (a subdomain, a URL of it) has no finding and signs without the acknowledgement', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, {
      message: 'Sign in',
      recipient: 'https://auth.DAPP.example./login',
      nonce: nonceOf(32),
      callbackUrl: 'https://dapp.example/cb',
    });
    const view = await t.current();
    expect(view?.message?.findings).toEqual([]);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true });
  });

  it('wallet_getPermissions shows no accounts while locked, like intents_accounts', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await call(t.bg, WALLET.lock);
    expect(await t.page(METHODS.getPermissions)).toEqual({ ok: true, result: [] });
  });
});
