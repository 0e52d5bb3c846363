// Red team: what a web page learns from the wallet's errors (docs/security.md, "A page gets nothing it was
// not granted"). The 4900 a service failure gives a page names the service and the setting to change; the
// user's own endpoint (a host on their network, a private relay) is the wallet's configuration, not the page's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { call } from './harness';
import { pageSetup } from './pageHarness';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
});
afterAll(() => sim.close());
beforeEach(() => fakeBrowser.reset());

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
