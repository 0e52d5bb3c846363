// Failures that say what to fix (docs/dapps.md, "Errors"), through the background as the extension runs
// it against the simulator: an unreachable bus or a refused key is 4900 naming the service and the
// setting; a missing bus key blocks Confirm before anything is signed; a passed deadline is -32010.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { call, ONE_NEAR, WNEAR } from './harness';
import { pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const HASH = '11111111111111111111111111111111';
const transfer = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_NEAR.toString() } }];

describe('a service that fails says which, and the setting to change', () => {
  it('an unreachable message bus: 4900 with service bus, no HTTP status, endpoints.bus', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await call(t.bg, WALLET.setSettings, { endpoints: { bus: 'http://127.0.0.1:1/rpc' } });
    const reply = await t.page(METHODS.getIntentStatus, { intentHash: HASH });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.disconnected,
        message: expect.stringMatching(/message bus could not be reached.*endpoints\.bus/),
        data: { service: 'bus', httpStatus: null, setting: 'endpoints.bus' },
      },
    });
  });

  it('a bus that refuses the wallet without its key: 4900 with HTTP 401 and busApiKey', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await call(t.bg, WALLET.setSettings, { busApiKey: null });
    expect(await t.page(METHODS.getIntentStatus, { intentHash: HASH })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.disconnected, data: { service: 'bus', httpStatus: 401, setting: 'busApiKey' } },
    });
  });
});

describe('before Confirm', () => {
  it('a missing bus key blocks publishing in the window, and Confirm anyway is refused before any signature', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    await call(t.bg, WALLET.setSettings, { busApiKey: null });
    const pending = await t.page(METHODS.publishIntents, { intents: transfer });
    const view = await t.current();
    // The window says it in the person's words; the dApp reads the English message and the setting's name.
    expect(view?.blocked).toMatch(/^Sending needs an API key on Local.*“Message-bus API key”\.$/);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.disconnected,
        message: expect.stringMatching(/message-bus API key \(busApiKey\)/),
        data: { service: 'bus', setting: 'busApiKey', words: { key: 'busKey_missing' } },
      },
    });
    // With the key, the same request is not blocked for it.
    await call(t.bg, WALLET.setSettings, { busApiKey: sim.busApiKey });
    await t.page(METHODS.publishIntents, { intents: transfer });
    expect((await t.current())?.blocked ?? null).toBeNull();
  });

  it('a deadline that passed while the window was open: -32010, ask for a new quote', async () => {
    const clock = { now: Date.now() };
    const t = await pageSetup(sim, clock);
    await t.connect();
    const deadline = new Date(clock.now + 60_000).toISOString();
    const pending = await t.page(METHODS.publishIntents, { intents: transfer, deadline, quoteHashes: [] });
    const view = await t.current();
    expect(view?.intents?.deadline).toBe(deadline);
    clock.now += 61_000;
    // Confirm now is refused with the code the site re-quotes on…
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    const expired = {
      ok: false,
      error: {
        code: ERROR_CODES.expired,
        message: expect.stringMatching(/new quote/),
        data: { reason: 'expired', deadline },
      },
    };
    expect(await t.answerOf(pending)).toMatchObject(expired);
    // …and a window that merely shows it past its deadline ends it too: the site does not wait on it.
    const later = new Date(clock.now + 60_000).toISOString();
    const second = await t.page(METHODS.publishIntents, { intents: transfer, deadline: later, quoteHashes: [] });
    expect((await t.current())?.intents?.deadline).toBe(later);
    clock.now += 61_000;
    expect(await t.current()).toBeNull();
    expect(await t.answerOf(second)).toMatchObject({
      ...expired,
      error: { ...expired.error, data: { deadline: later } },
    });
  });
});
