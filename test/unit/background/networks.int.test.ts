// One network, one verifier (docs/security.md, "Networks"), through the background as the extension runs
// it: the network is named from the verifier; grants, nonces and popup drafts are per network; nothing
// prepared for one network is signed after the settings moved to another. Two simulators: the Local one
// (its default verifier, intents.sim) and a stand-in for Mainnet (verifier intents.near).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import { type ConnectedSite, type SettingsView, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { defaultSettings } from '../../../src/background/wallet/settingsModel';
import { base64 } from '../../../src/core';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { backgroundEnv, call, ONE_NEAR, WNEAR } from './harness';
import { DAPP, pageSetup } from './pageHarness';

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

const endpointsOf = (s: RunningSimulator) => ({
  swap: s.url,
  transactions: `${s.url}/api/v0`,
  bus: s.urls.bus,
  ledgerRpc: s.urls.ledgerRpc,
});
type Bg = ReturnType<typeof startBackground>;
const toMainnet = (bg: Bg) =>
  call<SettingsView>(bg, WALLET.setSettings, {
    endpoints: endpointsOf(mainnet),
    verifierId: 'intents.near',
    busApiKey: mainnet.busApiKey,
  });
const toLocal = (bg: Bg) =>
  call<SettingsView>(bg, WALLET.setSettings, {
    endpoints: endpointsOf(sim),
    verifierId: 'intents.sim',
    busApiKey: sim.busApiKey,
  });

async function fund(s: RunningSimulator, accountId: string) {
  const res = await fetch(`${s.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId: WNEAR, amount: (5n * ONE_NEAR).toString() }),
  });
  expect(res.status).toBe(200);
}

describe('the network is named from the verifier, never from the endpoints', () => {
  it('presets, custom endpoints and other verifiers', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    const network = async (change: Record<string, unknown>) =>
      (await call<SettingsView>(bg, WALLET.setSettings, change)).network;
    expect(await network({ preset: 'local' })).toEqual({ id: 'local', label: 'Local', verifierId: 'intents.sim' });
    expect(await network({ preset: 'mainnet' })).toEqual({
      id: 'mainnet',
      label: 'Mainnet',
      verifierId: 'intents.near',
    });
    // The Mainnet verifier through other hosts is still Mainnet.
    expect(await network({ endpoints: endpointsOf(sim) })).toEqual({
      id: 'mainnet',
      label: 'Mainnet (custom endpoints)',
      verifierId: 'intents.near',
    });
    expect(await network({ verifierId: 'intents.sim' })).toEqual({
      id: 'local',
      label: 'Local (custom endpoints)',
      verifierId: 'intents.sim',
    });
    expect(await network({ verifierId: 'intents.testnet' })).toEqual({
      id: 'custom',
      label: 'Custom',
      verifierId: 'intents.testnet',
    });
    // The Local preset with Mainnet's verifier is not Local any more: it is Mainnet, on custom endpoints.
    await network({ preset: 'local' });
    const view = await call<SettingsView>(bg, WALLET.setSettings, { verifierId: 'intents.near' });
    expect(view).toMatchObject({
      preset: 'custom',
      network: { id: 'mainnet', label: 'Mainnet (custom endpoints)' },
      endpoints: { ledgerRpc: 'http://127.0.0.1:3999/ledger-rpc' },
    });
  });

  it('settings saved when the Local preset signed for intents.near read as the simulator verifier; an edited preset reads as custom', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...defaultSettings('local'), verifierId: 'intents.near' } });
    let bg = startBackground(backgroundEnv({ now: Date.now() }));
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toMatchObject({
      preset: 'local',
      verifierId: 'intents.sim',
      network: { id: 'local', label: 'Local' },
    });
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({ settings: { ...defaultSettings('mainnet'), verifierId: 'intents.testnet' } });
    bg = startBackground(backgroundEnv({ now: Date.now() }));
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toMatchObject({
      preset: 'custom',
      verifierId: 'intents.testnet',
      network: { id: 'custom' },
    });
  });
});

describe('a preset’s hosts are the preset’s own, whatever storage says beside its name', () => {
  const stored = async (settings: Record<string, unknown>) => {
    await fakeBrowser.storage.local.set({ settings });
    return call<SettingsView>(startBackground(backgroundEnv({ now: Date.now() })), WALLET.getSettings);
  };

  it('"mainnet" with other endpoints and fallback hosts: Mainnet’s own are used, and it reads as plain Mainnet', async () => {
    const mainnetOwn = defaultSettings('mainnet');
    const view = await stored({
      ...mainnetOwn,
      endpoints: {
        ...mainnetOwn.endpoints,
        ledgerRpc: 'https://rpc.attacker.example',
        bus: 'https://bus.attacker.example',
      },
      ledgerRpcFallbacks: ['https://fallback.attacker.example'],
    });
    expect(view).toMatchObject({
      preset: 'mainnet',
      network: { id: 'mainnet', label: 'Mainnet' },
      endpoints: mainnetOwn.endpoints,
      ledgerRpcFallbacks: mainnetOwn.ledgerRpcFallbacks,
    });
  });

  it('an older version’s Mainnet, saved without fallbacks, gets today’s list', async () => {
    const { ledgerRpcFallbacks: _, ...older } = defaultSettings('mainnet');
    expect((await stored(older)).ledgerRpcFallbacks).toEqual(defaultSettings('mainnet').ledgerRpcFallbacks);
  });

  it('"local" with a fallback host elsewhere: Local has none', async () => {
    const view = await stored({
      ...defaultSettings('local'),
      ledgerRpcFallbacks: ['https://fallback.attacker.example'],
    });
    expect(view).toMatchObject({ preset: 'local', network: { id: 'local' }, ledgerRpcFallbacks: [] });
  });
});

describe('grants are per network', () => {
  it('a site connected on Local is not connected on Mainnet: its page hears so, Sites lists the network’s own, and back on Local it is connected again', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const events = () =>
      t.pushes.flatMap((p) =>
        p.message.type === 'providerEvent' && p.tabId === DAPP.tab.id ? [[p.message.event, p.message.data]] : [],
      );
    t.pushes.length = 0;
    await toMainnet(t.bg);
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    expect(await t.page(METHODS.signIntents, { intents: [] })).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized },
    });
    expect(await call<ConnectedSite[]>(t.bg, WALLET.listSites)).toEqual([]);
    expect(events()).toEqual([['accountsChanged', []]]);
    await toLocal(t.bg);
    const mine = [{ accountId: t.accountId, publicKey: t.publicKey }];
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: mine });
    expect(events()).toEqual([
      ['accountsChanged', []],
      ['networkChanged', { network: 'local', verifierId: 'intents.sim' }],
      ['accountsChanged', mine],
    ]);
    expect((await call<ConnectedSite[]>(t.bg, WALLET.listSites)).map((s) => s.origin)).toEqual([DAPP.origin]);
  });

  it('grants made before networks were kept apart are dropped: the site asks again', async () => {
    await fakeBrowser.storage.local.set({ grants: { [DAPP.origin]: { accounts: ['anyone.near'], grantedAt: 1 } } });
    const t = await pageSetup(sim);
    expect(await t.page(METHODS.accounts)).toEqual({ ok: true, result: [] });
    expect((await fakeBrowser.storage.local.get('grants')).grants).toBeUndefined();
    expect(await t.connect()).toMatchObject({ ok: true });
  });
});

describe('nothing prepared for one network is signed on another', () => {
  it('a request the window showed on Local is blocked once the wallet is on Mainnet, and named by the network of its payload', async () => {
    const t = await pageSetup(sim);
    await toMainnet(t.bg);
    await t.connect();
    await toLocal(t.bg);
    await t.connect();
    const pending = await t.page(METHODS.signIntents, {
      intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' } }],
    });
    const shown = await t.current();
    expect(shown).toMatchObject({
      network: { id: 'local', verifierId: 'intents.sim' },
      intents: { verifier: 'intents.sim' },
      blocked: null,
    });
    await toMainnet(t.bg);
    const moved = await t.current();
    expect(moved).toMatchObject({
      network: { id: 'local', verifierId: 'intents.sim' },
      blocked: expect.stringMatching(/Made for Local \(intents\.sim\), but the wallet is now on Mainnet/),
    });
    await expect(
      call(t.bg, APPROVAL.resolve, { id: shown!.id, approve: true, acknowledgeDanger: true }),
    ).rejects.toMatchObject({ code: ERROR_CODES.invalidParams });
    await call(t.bg, APPROVAL.resolve, { id: shown!.id, approve: false });
    expect(await t.answerOf(pending)).toMatchObject({ ok: false, error: { code: ERROR_CODES.userRejected } });
  });

  it('the signer itself refuses a payload made for another network than the current one', async () => {
    const t = await pageSetup(sim);
    const prepared = await t.bg.signer.prepare({ signerId: t.accountId, intents: [] });
    expect(prepared.payload.verifying_contract).toBe('intents.sim');
    await toMainnet(t.bg);
    await expect(t.bg.signer.sign(prepared)).rejects.toMatchObject({
      data: { field: 'network' },
      message: expect.stringMatching(/made for Local .* now on Mainnet/),
    });
  });

  it('a message waiting while the wallet moved to a network the site is not connected on is not signed', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const pending = await t.page(METHODS.signMessage, {
      message: 'hello',
      recipient: 'dapp.example',
      nonce: base64.encode(new Uint8Array(32).fill(3)),
      accountId: t.accountId,
    });
    const view = await t.current();
    expect(view?.network).toMatchObject({ id: 'local' });
    await toMainnet(t.bg);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    expect(await t.answerOf(pending)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.unauthorized, message: expect.stringMatching(/not connected .* on Mainnet/) },
    });
  });

  it('a Send reviewed on Local is not offered on Mainnet; back on Local it is still the one to confirm', async () => {
    const t = await pageSetup(sim);
    await fund(sim, t.accountId);
    await fund(mainnet, t.accountId);
    const { reviewed } = await call<{ reviewed: string }>(t.bg, WALLET.previewSend, {
      receiverId: 'bob.near',
      tokenId: WNEAR,
      amount: '1',
    });
    await toMainnet(t.bg);
    await expect(call(t.bg, WALLET.send, { reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /Review the transfer first \(on Mainnet/,
    );
    await toLocal(t.bg);
    expect(await call(t.bg, WALLET.send, { reviewed, acknowledgeDanger: true })).toEqual({
      intentHash: reviewed,
      status: 'OK',
    });
  });
});

describe('used nonces are per network; the table of before counts on every network', () => {
  const nonce = base64.encode(new Uint8Array(32).fill(9));

  it('a page nonce used on Local is refused there and not on Mainnet; one recorded before networks were kept apart is refused on both', async () => {
    const t = await pageSetup(sim);
    await t.bg.signer.sign(await t.bg.signer.prepare({ signerId: t.accountId, intents: [], nonce }));
    await expect(t.bg.signer.prepare({ signerId: t.accountId, intents: [], nonce })).rejects.toThrow(/already used/);
    await toMainnet(t.bg);
    expect((await t.bg.signer.prepare({ signerId: t.accountId, intents: [], nonce })).payload.verifying_contract).toBe(
      'intents.near',
    );

    const before = base64.encode(new Uint8Array(32).fill(5));
    await t.bg.local.write('usedNonces', { [t.accountId]: [{ nonce: before, forgetAfter: null }] });
    await expect(t.bg.signer.prepare({ signerId: t.accountId, intents: [], nonce: before })).rejects.toThrow(
      /already used/,
    );
    await toLocal(t.bg);
    await expect(t.bg.signer.prepare({ signerId: t.accountId, intents: [], nonce: before })).rejects.toThrow(
      /already used/,
    );
  });

  it('a message nonce, which no verifier binds to a network, is never signed again on any network', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const message = { message: 'hello', recipient: 'dapp.example', nonce, accountId: t.accountId };
    const first = await t.page(METHODS.signMessage, message);
    await call(t.bg, APPROVAL.resolve, { id: (await t.current())!.id, approve: true });
    expect(await t.answerOf(first)).toMatchObject({ ok: true });
    await toMainnet(t.bg);
    await t.connect();
    expect(await t.page(METHODS.signMessage, message)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
  });
});
