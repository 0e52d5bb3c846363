/**
 * A page's call reaches the network with the user's credential (the message-bus API key) at most once:
 * the HTTP client's retries on 429, 5xx and timeouts are for the wallet's own calls, so one
 * rate-limited page call cannot turn into several credentialed requests (docs/security.md, "Pages get
 * nothing for free"). Counted at the background's fetch, against the real simulator's fault injection.
 */

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import type { BackgroundEnv } from '../../../src/background/start';
import { METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { clearFaults, dev } from '../reliability/helpers';
import { call } from './harness';
import { pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());
afterEach(() => clearFaults(sim));

/** The background's fetch, counting the requests that carry the bus API key. */
function counting() {
  const sent: string[] = [];
  const wrap =
    (inner: BackgroundEnv['fetch']): BackgroundEnv['fetch'] =>
    (url, init) => {
      if (init.headers['x-api-key'] !== undefined) sent.push(url);
      return inner(url, init);
    };
  return { sent, wrap };
}

describe('a page call sends at most one credentialed request', () => {
  for (const kind of ['429', '500'] as const) {
    it(`intents_getIntentStatus answered ${kind}: one request, the page gets the error`, async () => {
      const c = counting();
      const t = await pageSetup(sim, { now: Date.now() }, { fetch: c.wrap });
      await t.connect();
      c.sent.length = 0;
      await dev(sim, '/dev/faults', { kind, count: 4, pathPrefix: '/rpc' });
      const reply = await t.page(METHODS.getIntentStatus, { intentHash: 'abc' });
      expect(reply.ok).toBe(false);
      expect(c.sent).toEqual([`${sim.url}/rpc`]);
    });
  }

  it('an approved intents_publishIntents answered 429 publishes once and tells the page', async () => {
    const c = counting();
    const t = await pageSetup(sim, { now: Date.now() }, { fetch: c.wrap });
    await t.connect();
    const pending = await t.page(METHODS.publishIntents, { intents: [] });
    const view = await t.current();
    c.sent.length = 0;
    await dev(sim, '/dev/faults', { kind: '429', count: 4, pathPrefix: '/rpc' });
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    expect((await t.answerOf(pending)).ok).toBe(false);
    expect(c.sent).toEqual([`${sim.url}/rpc`]);
  });
});
