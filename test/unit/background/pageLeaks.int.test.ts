// Red team: what a web page learns from the wallet's errors (docs/security.md, "A page gets nothing it was
// not granted"). The 4900 a service failure gives a page names the service and the setting to change; the
// user's own endpoint (a host on their network, a private relay) is the wallet's configuration, not the page's.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { call, ONE_NEAR, WNEAR } from './harness';
import { onRequests, pageSetup } from './pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const fund = (accountId: string) =>
  fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId: WNEAR, amount: ONE_NEAR.toString() }),
  });
const HASH = '11111111111111111111111111111111';
const PRIVATE_BUS = 'https://relay.corp-intranet.example:8443';

describe('a page is not told the user endpoints', () => {
  it('a bus endpoint that answers with a redirect: the 4900 a page gets does not name the endpoint', async () => {
    const t = await pageSetup(sim, undefined, {
      fetch: (inner) => async (url, init) =>
        String(url).startsWith(PRIVATE_BUS)
          ? new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } })
          : inner(url, init),
    });
    await t.connect();
    await call(t.bg, WALLET.setSettings, { endpoints: { bus: `${PRIVATE_BUS}/rpc` } });
    const reply = await t.page(METHODS.getIntentStatus, { intentHash: HASH });
    expect(reply).toMatchObject({ ok: false, error: { code: ERROR_CODES.disconnected, data: { service: 'bus' } } });
    expect(JSON.stringify(reply)).not.toContain('corp-intranet');
  });

  it('a bus that answered with a redirect answered: data.httpStatus is its status, not null (docs/dapps.md, "Errors")', async () => {
    const t = await pageSetup(sim, undefined, {
      fetch: (inner) => async (url, init) =>
        String(url).startsWith(PRIVATE_BUS)
          ? new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } })
          : inner(url, init),
    });
    await t.connect();
    await call(t.bg, WALLET.setSettings, { endpoints: { bus: `${PRIVATE_BUS}/rpc` } });
    const reply = await t.page(METHODS.getIntentStatus, { intentHash: HASH });
    expect(reply).toMatchObject({ ok: false, error: { data: { service: 'bus', httpStatus: 302 } } });
  });
});

describe('what a page asked for and the bus could not take says which service failed', () => {
  it('an approved publishIntents whose bus cannot be reached: 4900 with service bus and endpoints.bus', async () => {
    const t = await pageSetup(sim, undefined, {
      // The bus goes down between the review and the publish (its key and endpoint stay as they were).
      fetch: onRequests('"publish_intent', () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await t.connect();
    await fund(t.accountId);
    const transfer = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_NEAR.toString() } }];
    const pending = await t.page(METHODS.publishIntents, { intents: transfer });
    const view = await t.current();
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.disconnected, data: { service: 'bus', httpStatus: null, setting: 'endpoints.bus' } },
    });
  });
});
