// What a page learns of the network and of the lock (docs/dapps.md, "Methods"): a connected site reads
// the network and hears it change; locked, it is told so; a stranger is refused or told only that it is
// not connected. Two simulators: Local (intents.sim) and a stand-in for Mainnet (intents.near).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { call, PASSWORD } from './harness';
import { DAPP, OTHER, pageSetup } from './pageHarness';

let sim: RunningSimulator;
let mainnet: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
  mainnet = await startSimulator({ port: 0, clock: 'manual', verifierId: 'intents.near', seed: 'mainnet-stand-in' });
});
afterAll(async () => {
  await sim.close();
  await mainnet.close();
});
beforeEach(() => fakeBrowser.reset());

const settingsOf = (s: RunningSimulator, verifierId: string) => ({
  endpoints: { swap: s.url, transactions: `${s.url}/api/v0`, bus: s.urls.bus, ledgerRpc: s.urls.ledgerRpc },
  verifierId,
  busApiKey: s.busApiKey,
});

describe('intents_network', () => {
  it('a connected site reads the network; a stranger gets 4100 and no event', async () => {
    const t = await pageSetup(sim);
    expect(await t.page(METHODS.network)).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
    await t.connect();
    expect(await t.page(METHODS.network)).toEqual({
      ok: true,
      result: { network: 'local', verifierId: 'intents.sim' },
    });
    expect(await t.page(METHODS.network, undefined, OTHER)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
  });

  it('networkChanged reaches the sites connected on the network the wallet moves to, and no one else', async () => {
    const t = await pageSetup(sim);
    await call(t.bg, WALLET.setSettings, settingsOf(mainnet, 'intents.near'));
    await t.connect();
    await t.page(METHODS.accounts, undefined, OTHER); // a stranger the background knows of
    await call(t.bg, WALLET.setSettings, settingsOf(sim, 'intents.sim'));
    await t.connect();
    t.pushes.length = 0;
    await call(t.bg, WALLET.setSettings, settingsOf(mainnet, 'intents.near'));
    const changed = (tab: number) =>
      t.pushes.flatMap((p) =>
        p.message.type === 'providerEvent' && p.message.event === 'networkChanged' && p.tabId === tab
          ? [p.message.data]
          : [],
      );
    expect(changed(DAPP.tab.id)).toEqual([{ network: 'mainnet', verifierId: 'intents.near' }]);
    expect(changed(OTHER.tab.id)).toEqual([]);
    expect(await t.page(METHODS.network)).toEqual({
      ok: true,
      result: { network: 'mainnet', verifierId: 'intents.near' },
    });
    // The same network again (other endpoints, same verifier): nothing moved, nothing said.
    t.pushes.length = 0;
    await call(t.bg, WALLET.setSettings, { endpoints: settingsOf(mainnet, 'intents.near').endpoints });
    expect(changed(DAPP.tab.id)).toEqual([]);
  });
});

describe('intents_status', () => {
  it('a connected site is told locked or not, and its account ids; a stranger only that it is not connected, locked or not', async () => {
    const t = await pageSetup(sim);
    expect(await t.page(METHODS.status)).toEqual({ ok: true, result: { connected: false } });
    await t.connect();
    expect(await t.page(METHODS.status)).toEqual({
      ok: true,
      result: { connected: true, locked: false, accountIds: [t.accountId] },
    });
    await call(t.bg, WALLET.lock);
    expect(await t.page(METHODS.status)).toEqual({
      ok: true,
      result: { connected: true, locked: true, accountIds: [t.accountId] },
    });
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    expect(await t.page(METHODS.status, undefined, OTHER)).toEqual({ ok: true, result: { connected: false } });
    await call(t.bg, WALLET.unlock, { password: PASSWORD });
    expect(await t.page(METHODS.status)).toEqual({
      ok: true,
      result: { connected: true, locked: false, accountIds: [t.accountId] },
    });
  });
});
