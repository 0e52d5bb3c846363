/**
 * A request the wallet signed and whose check never answered (the worker stopped while the ledger RPC held
 * `simulate_intents`), shown again by the restarted worker (docs/security.md, "No signature before
 * consent": the payload is prepared once and stored first-write-wins): the window shows the very payload
 * it signed, under the page's own nonce, and calls it resumed only when the verifier says that nonce was
 * used, not for any other refusal. Also a preview made while the ledger RPC is down: shown without a
 * simulation rather than ending the request; and a message whose nonce was claimed when the worker
 * stopped, signed again for that request alone. Real background, real simulator.
 */

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalViewWire } from '../../../../src/api/approvalApi';
import { startBackground } from '../../../../src/background/start';
import { base64 } from '../../../../src/core';
import { METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { call, ONE_NEAR, WNEAR } from '../harness';
import { never, onRequests, pageSetup, signal } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const unfunded = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_NEAR.toString() } }];

describe('a request signed before the worker stopped', () => {
  it('is shown again with the payload it signed, and not as resumed when the verifier refuses it for another reason', async () => {
    let hold = true;
    const sent = signal();
    const t = await pageSetup(
      sim,
      { now: Date.now() },
      {
        // The ledger RPC takes the signed request to check and never answers while `hold`.
        fetch: onRequests('simulate_intents', (request) => {
          if (!hold) return request.send();
          sent.fire();
          return never();
        }),
      },
    );
    await t.connect();
    // The page chooses the nonce: the wallet cannot prepare it a second time once it signed under it.
    const nonce = base64.encode(new Uint8Array(32).fill(41));
    const pending = await t.page(METHODS.signIntents, { intents: unfunded, nonce });
    expect(pending.ok).toBe('deferred');
    const first = await t.current();
    expect(first?.intents?.simulation).toMatchObject({ ok: false, error: expect.stringMatching(/balance/i) });
    void call(t.bg, APPROVAL.resolve, { id: first!.id, approve: true, acknowledgeDanger: true });
    await sent.fired;

    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(t.env);
    const again = await call<ApprovalViewWire | null>(restarted, APPROVAL.current);
    expect(again?.id).toBe(first!.id);
    expect(again?.intents?.raw, 'the payload it signed, not a new one').toBe(first!.intents!.raw);
    expect(JSON.parse(again!.intents!.raw).nonce).toBe(nonce);
    expect(again?.intents?.simulation).toMatchObject({ ok: false, error: expect.stringMatching(/balance/i) });
    expect(again?.intents?.resumed, 'the verifier did not say the nonce was used').toBeUndefined();

    hold = false;
    const outcome = await call<{ refused: string } | null>(restarted, APPROVAL.resolve, {
      id: again!.id,
      approve: true,
      acknowledgeDanger: true,
    });
    expect(outcome?.refused).toMatch(/balance.*not given to the page/i);
    expect(await t.answerOf(pending)).toMatchObject({ ok: false });
  });
});

describe('a preview while the ledger RPC is down', () => {
  it('is shown without a simulation, and the request keeps waiting', async () => {
    let down = false;
    const t = await pageSetup(
      sim,
      { now: Date.now() },
      {
        fetch: onRequests('', async (request) => {
          if (down && request.url.includes('/ledger-rpc')) throw new TypeError('fetch failed');
          return request.send();
        }),
      },
    );
    await t.connect();
    down = true;
    const nonce = base64.encode(new Uint8Array(32).fill(42));
    const pending = await t.page(METHODS.signIntents, { intents: [], nonce });
    expect(pending.ok).toBe('deferred');
    const view = await t.current();
    expect(view?.kind).toBe('signIntents');
    expect(view?.intents?.simulation).toBeNull();
    expect(view?.intents?.resumed).toBeUndefined();
    expect((await t.current())?.id).toBe(view!.id);
  });
});

describe('a message signed before the worker stopped', () => {
  it('is signed again for the same request by the restarted worker; its nonce stays refused to any other', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = base64.encode(new Uint8Array(32).fill(61));
    const asked = { message: 'sign in', recipient: 'dapp.example', nonce };
    const pending = await t.page(METHODS.signMessage, asked);
    const view = await t.current();
    // The worker stops once the nonce's claim is stored (storage.local's only write while a message is
    // signed): its next write to storage.session (the queue's, answering the page) never lands, so the
    // queue still holds the request.
    let claimed = false;
    const stopped = signal();
    const localSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    const sessionSet = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    const spies = [
      vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
        await localSet(items);
        claimed = true;
      }),
      vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation((items) => {
        if (!claimed) return sessionSet(items);
        stopped.fire();
        return never();
      }),
    ];
    void call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    await stopped.fired;
    for (const spy of spies) spy.mockRestore();

    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(t.env);
    const again = await call<ApprovalViewWire | null>(restarted, APPROVAL.current);
    expect(again?.id).toBe(view!.id);
    expect(await call(restarted, APPROVAL.resolve, { id: again!.id, approve: true })).toBeNull();
    const reply = await t.answerOf(pending);
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    // Another request for the very same bytes is still refused: one nonce, one signature.
    const second = await t.page(METHODS.signMessage, asked);
    expect(second).toMatchObject({ ok: false, error: { data: { field: 'nonce' } } });
  });
});
