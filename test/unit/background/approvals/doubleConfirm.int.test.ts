// Found by the model-based test (test/unit/reliability/model.int.test.ts), shrunk to
// [PageAsks(publishIntents), Together(Confirm, Confirm)]: two answers to one request at once (a double
// click, two windows). It is carried out once: one signature, one publish, and the page told it succeeded.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { dev } from '../../reliability/helpers';
import { balanceOf } from '../../reliability/model/world';
import { call, ONE_NEAR, WNEAR } from '../harness';
import { pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

describe('two Confirms of one request at once', () => {
  it('publishes once and tells the page it succeeded (double Confirm)', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await dev(sim, '/dev/fund', { accountId: t.accountId, tokenId: WNEAR, amount: ONE_NEAR.toString() });
    const before = await balanceOf(sim, t.accountId);
    const pending = await t.page(METHODS.publishIntents, {
      intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1000' } }],
    });
    const view = await t.current();
    const answer = { id: view!.id, approve: true, acknowledgeDanger: true };
    const [first, second] = await Promise.allSettled([
      call(t.bg, APPROVAL.resolve, answer),
      call(t.bg, APPROVAL.resolve, answer),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: null });
    // The second arrives while the first is being carried out: refused, not carried out again.
    expect(second).toMatchObject({ status: 'rejected', reason: { message: 'This request is already being answered' } });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true, result: { status: 'OK' } });
    expect(await balanceOf(sim, t.accountId)).toBe(before - 1000n);
  });
});
