/**
 * A request confirmed and signed, then interrupted (the worker stopped after the bus took the intent, before
 * the wallet heard back): the restarted worker shows it again, and the verifier's "nonce was already used"
 * is this very intent's. The window must say so (`resumed`), not that the verifier would refuse it, and
 * Confirm again answers the page with the same intent (docs/testing.md, "Found by a full run: a view that
 * changes after the tick"). Real background, real simulator; the restart is a second background on the
 * same storage.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalViewWire } from '../../../../src/api/approvalApi';
import { startBackground } from '../../../../src/background/start';
import { METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { ledgerAnswer, simNow } from '../../sim/harness';
import { call } from '../harness';
import { never, onRequests, pageSetup, signal } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

describe('a publish interrupted after the bus took it', () => {
  it('is shown again as resumed, and Confirm again tells the page it was published', async () => {
    let hold = true;
    const busTookIt = signal();
    const t = await pageSetup(
      sim,
      { now: Date.now() },
      {
        // The first publish reaches the bus, whose answer never comes back: the worker "stops" then.
        fetch: onRequests('"publish_intent"', async (request) => {
          const res = await request.send();
          if (!hold) return res;
          hold = false;
          busTookIt.fire();
          return never();
        }),
      },
    );
    await t.connect();
    const deadline = new Date((await simNow(sim)) + 120_000).toISOString();
    const pending = await t.page(METHODS.publishIntents, { intents: [], deadline });
    expect(pending.ok).toBe('deferred');
    const first = await t.current();
    expect(first?.intents?.simulation).toMatchObject({ ok: true });
    expect(first?.intents?.resumed, 'a request never signed is not resumed').toBeUndefined();
    void call(t.bg, APPROVAL.resolve, { id: first!.id, approve: true }); // never answers: the bus's reply is lost
    await busTookIt.fired;
    const nonce = JSON.parse(first!.intents!.raw).nonce as string;
    await expect
      .poll(async () => (await ledgerAnswer<boolean>(sim, 'is_nonce_used', { account_id: t.accountId, nonce })).value)
      .toBe(true);

    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(t.env);
    const again = await call<ApprovalViewWire | null>(restarted, APPROVAL.current);
    expect(again?.id).toBe(first!.id);
    expect(again?.intents?.raw, 'the same payload, not a new one').toBe(first!.intents!.raw);
    expect(again?.intents?.simulation).toMatchObject({
      ok: false,
      error: expect.stringMatching(/nonce was already used/),
    });
    expect(again?.intents?.resumed).toBe(true);

    expect(await call(restarted, APPROVAL.resolve, { id: again!.id, approve: true })).toBeNull();
    expect(await t.answerOf(pending)).toMatchObject({ ok: true, result: { status: 'OK' } });
  });
});
