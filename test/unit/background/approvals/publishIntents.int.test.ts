/**
 * `intents_publishIntents` after Confirm (docs/interface.md, the message bus; docs/security.md, "No
 * signature before consent"): the quote hashes the page sent are the ones shown and published, a bus
 * refusal is the page's -32603 with the verifier's reason and Activity's record says FAILED, a publish
 * the bus took is Activity's PENDING record for the asking site, and a missing bus key blocks the window
 * and refuses Confirm before anything is signed (without hiding a refusal of the request itself). Real
 * background, real simulator bus.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ActivityItem, ActivityPage, PublishedIntentView } from '../../../../src/api/activity';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { WALLET } from '../../../../src/api/walletApi';
import type { Phrase } from '../../../../src/core/phrase';
import { ERROR_CODES, METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { simNow } from '../../sim/harness';
import { call } from '../harness';
import { DAPP, onRequests, pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

/** A quote hash the simulator's bus never handed out. */
const UNKNOWN_QUOTE = '11111111111111111111111111111111';

/** A page on a background whose bus and ledger requests are recorded; `beforePublish` runs as a publish goes out. */
async function recorded(beforePublish?: () => Promise<void>) {
  const bodies: string[] = [];
  /** Once set, the bus cannot be asked an intent's status: Activity shows what the wallet recorded. */
  let statusDown = false;
  const t = await pageSetup(
    sim,
    { now: Date.now() },
    {
      fetch: onRequests('', async (request) => {
        if (request.body) bodies.push(request.body);
        if (statusDown && request.body.includes('"get_status"')) throw new TypeError('Failed to fetch');
        if (beforePublish && request.body.includes('"publish_intent"')) await beforePublish();
        return request.send();
      }),
    },
  );
  await t.connect();
  const published = () =>
    bodies.filter((b) => b.includes('"publish_intent"')).map((b) => JSON.parse(b) as { params: unknown });
  const simulated = () => bodies.filter((b) => b.includes('simulate_intents'));
  return { t, published, simulated, stopStatus: () => (statusDown = true) };
}

const intentOf = (items: ActivityItem[], hash: string): PublishedIntentView | undefined =>
  items.flatMap((i) => (i.type === 'intent' && i.intent.intentHash === hash ? [i.intent] : []))[0];

describe('publishing what the user approved', () => {
  it('publishes with no quote hashes when the page sent none: OK, and Activity keeps a PENDING record for the site', async () => {
    const { t, published, stopStatus } = await recorded();
    const deadline = new Date((await simNow(sim)) + 120_000).toISOString();
    const pending = await t.page(METHODS.publishIntents, { intents: [], deadline });
    const view = await t.current();
    expect(view?.intents?.quoteHashes).toEqual([]);
    expect(await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).toBeNull();
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
    const result = reply.result as { intentHash: string; status: string };
    expect(result).toEqual({ intentHash: expect.any(String), status: 'OK' });
    expect(published()).toEqual([expect.objectContaining({ params: [expect.objectContaining({ quote_hashes: [] })] })]);
    // What the wallet recorded itself, before the bus is asked again.
    stopStatus();
    const page = await call<ActivityPage>(t.bg, WALLET.activity, {});
    expect(intentOf(page.items, result.intentHash)).toMatchObject({
      kind: 'dapp',
      origin: DAPP.origin,
      accountId: t.accountId,
      status: 'PENDING',
      detail: null,
    });
  });

  it('a bus refusal after release: -32603 with the reason, the window is told, Activity says FAILED', async () => {
    const { t, published } = await recorded();
    const deadline = new Date((await simNow(sim)) + 120_000).toISOString();
    const pending = await t.page(METHODS.publishIntents, { intents: [], deadline, quoteHashes: [UNKNOWN_QUOTE] });
    const view = await t.current();
    expect(view?.intents?.quoteHashes).toEqual([UNKNOWN_QUOTE]);
    const outcome = await call<{ refused: string; words?: Phrase } | null>(t.bg, APPROVAL.resolve, {
      id: view!.id,
      approve: true,
    });
    // The simulator's bus refuses a quote it never gave (src/sim/bus/publish.ts).
    const reason = `quote '${UNKNOWN_QUOTE}' not found`;
    expect(outcome).toEqual({
      refused: `The verifier refused it: ${reason}`,
      words: { key: 'approveRefused_published', subs: [reason] },
    });
    // Published once, with the page's quote hash: one approval, one signature, no second try.
    expect(published()).toEqual([
      expect.objectContaining({ params: [expect.objectContaining({ quote_hashes: [UNKNOWN_QUOTE] })] }),
    ]);
    const reply = await t.answerOf(pending);
    expect(reply).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.internal, data: { intentHash: expect.any(String), reason } },
    });
    if (reply.ok !== false) throw new Error('not refused');
    const intentHash = (reply.error.data as { intentHash: string }).intentHash;
    const page = await call<ActivityPage>(t.bg, WALLET.activity, {});
    expect(intentOf(page.items, intentHash)).toMatchObject({
      kind: 'dapp',
      origin: DAPP.origin,
      status: 'FAILED',
      detail: reason,
    });
  });

  it('a salt invalidated between the check and the bus ends the request: no second signature under a fresh nonce', async () => {
    // The verifier's admin rotates the salt and invalidates the old one just as the publish goes out.
    const dev = async (path: string, body: unknown) =>
      (await fetch(`${sim.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { previous: string };
    const { t, published, simulated } = await recorded(async () => {
      const { previous } = await dev('/dev/salt/rotate', {});
      await dev('/dev/salt/invalidate', { salts: [previous] });
    });
    const pending = await t.page(METHODS.publishIntents, { intents: [] });
    const view = await t.current();
    expect(view?.intents?.nonceKind, 'the wallet made the nonce, under the salt of the time').toBe('versioned');
    const outcome = await call<{ refused: string } | null>(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    expect(outcome?.refused).toMatch(/invalid salt/);
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.internal, data: { reason: expect.stringMatching(/invalid salt/) } },
    });
    expect(simulated()).toHaveLength(1);
    expect(published()).toHaveLength(1);
  });

  it('a signIntents window shows no quote hashes: only publishing carries them', async () => {
    const { t } = await recorded();
    await t.page(METHODS.signIntents, { intents: [], quoteHashes: [UNKNOWN_QUOTE] });
    const view = await t.current();
    expect(view?.kind).toBe('signIntents');
    expect(view?.intents?.quoteHashes).toEqual([]);
  });
});

describe('publishing without the message-bus API key', () => {
  it('blocks the window and refuses Confirm before anything is signed or sent', async () => {
    const { t, published, simulated } = await recorded();
    await call(t.bg, WALLET.setSettings, { busApiKey: null });
    const pending = await t.page(METHODS.publishIntents, { intents: [] });
    const view = await t.current();
    expect(view?.blocked).toMatch(/API key/);
    const outcome = await call<{ refused: string; words?: Phrase } | null>(t.bg, APPROVAL.resolve, {
      id: view!.id,
      approve: true,
    });
    expect(outcome?.words).toMatchObject({ key: 'busKey_missing' });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.disconnected,
        message: outcome?.refused,
        data: { service: 'bus', httpStatus: null, setting: 'busApiKey', words: { key: 'busKey_missing' } },
      },
    });
    expect(simulated(), 'no signature went to the ledger RPC').toEqual([]);
    expect(published()).toEqual([]);
  });

  it('a request refused for itself says that, not the missing key', async () => {
    const { t } = await recorded();
    await call(t.bg, WALLET.setSettings, { busApiKey: null });
    await t.page(METHODS.publishIntents, { intents: [] });
    // The site's grant moved to another account before the window drew the request.
    await t.bg.permissions.grant(DAPP.origin, ['someone-else.near']);
    const view = await t.current();
    expect(view?.intents?.batchFindings).toContainEqual(
      expect.objectContaining({ code: 'signer_mismatch', level: 'forbidden' }),
    );
    expect(view?.blocked).toMatch(/someone-else\.near/);
    expect(view?.blocked).not.toMatch(/API key/);
  });
});
