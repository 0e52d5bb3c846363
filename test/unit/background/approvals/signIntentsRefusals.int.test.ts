/**
 * What an `intents_signIntents` request is refused for, and when (docs/security.md, "No signature before
 * consent": Confirm judges the risk again on the stored payload against the current settings and
 * grant; docs/dapps.md, "Errors"): a deadline reached is -32010 at once, even at its very millisecond; a
 * forbidden finding refuses Confirm in the person's words; danger needs the acknowledgement and a mere
 * warning does not. Real background, real simulator.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { verifySignedIntent } from '../../../../src/core';
import { ERROR_CODES, METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { call } from '../harness';
import { DAPP, pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const HOUR = 3600_000;

/** A connected page asks to sign no intents, valid for `ms`: the window's view and every finding it shows. */
async function emptyRequestValidFor(ms: number) {
  const clock = { now: Date.now() };
  const t = await pageSetup(sim, clock);
  await t.connect();
  const deadline = new Date(clock.now + ms).toISOString();
  const pending = await t.page(METHODS.signIntents, { intents: [], deadline });
  const view = await t.current();
  const findings = [
    ...(view?.intents?.batchFindings ?? []),
    ...(view?.intents?.intents ?? []).flatMap((i) => i.findings),
  ];
  return { t, pending, view, findings, deadline };
}

describe('a deadline reached while the request waits', () => {
  it('ends the request at the deadline’s own millisecond: -32010, in words the window can show', async () => {
    const clock = { now: Date.now() };
    const t = await pageSetup(sim, clock);
    await t.connect();
    const deadline = new Date(clock.now + 60_000).toISOString();
    const pending = await t.page(METHODS.signIntents, { intents: [], deadline });
    expect((await t.current())?.intents?.deadline).toBe(deadline);
    clock.now = Date.parse(deadline);
    expect(await t.current(), 'not left waiting behind a blocked window').toBeNull();
    expect(await t.answerOf(pending)).toEqual({
      ok: false,
      error: {
        code: ERROR_CODES.expired,
        message: `The deadline passed before Confirm (${deadline}): ask for a new quote and request again`,
        data: { reason: 'expired', deadline, words: { key: 'approveRefused_expired', subs: [] } },
      },
    });
  });
});

describe('Confirm judges the request again', () => {
  it('a forbidden finding that arose while the window was open refuses Confirm, naming it; the request waits', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await t.page(METHODS.signIntents, { intents: [] });
    const view = await t.current();
    expect(view?.blocked).toBeNull();
    await t.bg.permissions.grant(DAPP.origin, ['someone-else.near']);
    const refusal = call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    await expect(refusal).rejects.toMatchObject({
      code: ERROR_CODES.invalidParams,
      message: expect.stringMatching(/^This request cannot be approved: .*someone-else\.near/),
      data: {
        words: {
          key: 'approveRefused_forbidden',
          subs: [{ key: 'risk_signerMismatch', subs: [t.accountId, 'someone-else.near'] }],
        },
      },
    });
    expect((await t.current())?.id).toBe(view!.id);
  });

  it('danger alone still needs the acknowledgement', async () => {
    // Valid for two days: a signature that stays good that long is danger (core/risk.ts, deadline_far).
    const { t, pending, view, findings } = await emptyRequestValidFor(48 * HOUR);
    expect(findings.map((f) => [f.code, f.level])).toEqual([['deadline_far', 'danger']]);
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toMatchObject({
      code: ERROR_CODES.invalidParams,
      message: 'Confirm that you understand the risk first',
      data: { words: { key: 'approveRefused_ackRisk', subs: [{ key: 'approve_ackRisk', subs: [] }] } },
    });
    expect((await t.current())?.id).toBe(view!.id);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true });
  });

  it('a warning alone does not need it: Confirm signs', async () => {
    // Two hours: longer than a quote needs (a warning), not long enough to be danger.
    const { t, pending, view, findings, deadline } = await emptyRequestValidFor(2 * HOUR);
    expect(findings.map((f) => [f.code, f.level])).toEqual([['deadline_far', 'warning']]);
    expect(await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).toBeNull();
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
    const result = reply.result as { signed: unknown; payload: { deadline: string; signer_id: string } };
    expect(verifySignedIntent(result.signed).ok).toBe(true);
    expect(result.payload).toMatchObject({ deadline, signer_id: t.accountId });
  });
});
