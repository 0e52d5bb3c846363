// A woken worker before the wallet's script is loaded (src/background/wake/wakeWorker.ts): what it answers
// itself, and that everything else loads the wallet once and reaches it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STATUS_SNAPSHOT_KEY } from '../../../../src/api/statusSnapshot';
import { WALLET, type WalletStatus } from '../../../../src/api/walletApi';
import { APPROVALS_KEY, PAGE_FRAMES_KEY } from '../../../../src/background/tabRecords';
import { WakeWorker } from '../../../../src/background/wake/wakeWorker';
import type { StartWallet, WalletPorts } from '../../../../src/background/wake/walletScript';

const EXT = 'chrome-extension://testextensionidtestextensionid';
const POPUP = { url: `${EXT}/popup.html` };
const NOW = 1_800_000_000_000;
const STATUS_ASK = { type: 'request', method: WALLET.status };

const unlocked: WalletStatus = {
  exists: true,
  unlocked: true,
  accounts: [{ accountId: 'a'.repeat(64), label: 'Main', kind: 'implicit', publicKeys: ['ed25519:pk'] }],
  selectedAccountId: 'a'.repeat(64),
  lockAt: NOW + 60_000,
  autoLockMinutes: 15,
  phrasesToBackUp: [],
  recovery: { phraseId: null, outsidePhrase: [], keysToBackUp: [] },
  problem: null,
  storeProblems: [],
};

/** A worker whose wallet answers every message with `from: 'wallet'` and records the events it hears. */
function worker() {
  const heard: unknown[][] = [];
  let ports: WalletPorts | undefined;
  const start: StartWallet = (given) => {
    ports = given;
    given.onAlarm.addListener((a) => heard.push(['alarm', a.name]));
    given.onWindowRemoved.addListener((id) => heard.push(['window', id]));
    given.onTabRemoved.addListener((id) => heard.push(['tabRemoved', id]));
    given.onTabUpdated.addListener((id, change) => heard.push(['tabUpdated', id, change]));
    return { route: async (message) => ({ ok: true, result: { from: 'wallet', message } }) };
  };
  const load = vi.fn(() => start);
  const storage = { local: fakeBrowser.storage.local, session: fakeBrowser.storage.session };
  const wake = new WakeWorker({ load, storage, extensionOrigin: EXT, now: () => NOW });
  return { wake, load, heard, ports: () => ports, storage };
}

const store = (status: unknown) => fakeBrowser.storage.session.set({ [STATUS_SNAPSHOT_KEY]: status });

beforeEach(() => fakeBrowser.reset());

describe('wallet_status at wake-up', () => {
  it('is the wallet’s copy, for the extension’s own page, with no wallet loaded', async () => {
    await store(unlocked);
    const { wake, load } = worker();
    expect(await wake.message(STATUS_ASK, POPUP)).toEqual({ ok: true, result: unlocked });
    expect(await wake.message({ ...STATUS_ASK, params: {} }, POPUP)).toEqual({ ok: true, result: unlocked });
    expect(load).not.toHaveBeenCalled();
    expect(wake.started).toBe(false);
  });

  it('is a locked wallet’s copy as it is', async () => {
    const locked = { ...unlocked, unlocked: false, accounts: [], selectedAccountId: null, lockAt: null };
    await store(locked);
    const { wake, load } = worker();
    expect(await wake.message(STATUS_ASK, POPUP)).toEqual({ ok: true, result: locked });
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ['no copy', undefined],
    ['a copy that is not a status', { exists: 'yes' }],
    ['an unlocked session whose deadline has passed (the wallet must end it)', { ...unlocked, lockAt: NOW }],
  ])('is the wallet’s answer for %s', async (_name, stored) => {
    if (stored !== undefined) await store(stored);
    const { wake, load } = worker();
    expect(await wake.message(STATUS_ASK, POPUP)).toMatchObject({ ok: true, result: { from: 'wallet' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a web page', STATUS_ASK, { url: 'https://evil.example/', origin: 'https://evil.example', tab: { id: 3 } }],
    ['another extension', STATUS_ASK, { url: 'chrome-extension://otherextensionidotherextensio/x.html' }],
    ['no sender url', STATUS_ASK, {}],
    ['an ask with more than a status ask holds', { ...STATUS_ASK, doc: 'x' }, POPUP],
    ['another method', { type: 'request', method: WALLET.lock }, POPUP],
    ['a ping', { type: 'ping' }, POPUP],
    ['not an object', 'wallet_status', POPUP],
  ])('goes to the wallet (its router decides) from %s', async (_name, message, sender) => {
    await store(unlocked);
    const { wake, load } = worker();
    expect(await wake.message(message, sender)).toEqual({ ok: true, result: { from: 'wallet', message } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the copy as the worker starts, for the first ask; again for a later one', async () => {
    await store(unlocked);
    const { wake, load } = worker();
    const other = { ...unlocked, autoLockMinutes: 5 };
    await store(other);
    expect(await wake.message(STATUS_ASK, POPUP)).toEqual({ ok: true, result: unlocked });
    expect(await wake.message(STATUS_ASK, POPUP)).toEqual({ ok: true, result: other });
    expect(load).not.toHaveBeenCalled();
  });

  it('goes to the wallet once it is started, the copy there or not', async () => {
    const { wake, load } = worker();
    await wake.message({ type: 'request', method: WALLET.lock }, POPUP);
    await store(unlocked);
    expect(await wake.message(STATUS_ASK, POPUP)).toMatchObject({ ok: true, result: { from: 'wallet' } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('events at wake-up', () => {
  it('an alarm background.js owns loads nothing; any other loads the wallet, which hears it', () => {
    const { wake, load, heard } = worker();
    wake.alarm({ name: 'clipboard-clear' }, ['clipboard-clear']);
    expect(load).not.toHaveBeenCalled();
    wake.alarm({ name: 'swap-check' }, ['clipboard-clear']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([['alarm', 'swap-check']]);
  });

  it('windows and tabs the records name reach the wallet, loaded once for them all, with the storage background.js restricted', async () => {
    await fakeBrowser.storage.session.set({
      [APPROVALS_KEY]: { items: [{ tabId: 8 }], windowId: 7, cooldowns: {}, shownId: null },
      [PAGE_FRAMES_KEY]: [{ tabId: 9, frameId: 0 }],
    });
    const { wake, load, heard, ports, storage } = worker();
    await wake.windowRemoved(7);
    await wake.tabRemoved(8);
    await wake.tabUpdated(9, { status: 'loading', url: undefined });
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([
      ['window', 7],
      ['tabRemoved', 8],
      ['tabUpdated', 9, { status: 'loading', url: undefined }],
    ]);
    expect(ports()?.storage).toBe(storage);
  });

  it('a tab or window no record names loads no wallet: browsing elsewhere costs no wallet start', async () => {
    await fakeBrowser.storage.session.set({
      [APPROVALS_KEY]: { items: [{ tabId: 8 }], windowId: 7, cooldowns: {}, shownId: null },
      [PAGE_FRAMES_KEY]: [{ tabId: 9, frameId: 0 }],
    });
    const { wake, load, heard } = worker();
    await wake.tabUpdated(10, { status: 'loading', url: undefined });
    await wake.tabRemoved(11);
    await wake.windowRemoved(12);
    // A named tab's update that is no new document nor load state (the wallet ignores it too).
    await wake.tabUpdated(9, { status: undefined, url: undefined });
    expect(load).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
  });

  it('while requests wait with no window stored, every window’s close reaches the wallet (one may be opening)', async () => {
    await fakeBrowser.storage.session.set({ [APPROVALS_KEY]: { items: [{ tabId: 8 }], windowId: null } });
    const { wake, load, heard } = worker();
    await wake.tabUpdated(10, { status: 'loading', url: undefined });
    expect(load).not.toHaveBeenCalled();
    await wake.windowRemoved(12);
    expect(heard).toEqual([['window', 12]]);
  });

  it('with no records (nothing waits, no page talked) nothing is named', async () => {
    const { wake, load } = worker();
    await wake.tabUpdated(3, { status: 'complete', url: undefined });
    await wake.windowRemoved(4);
    expect(load).not.toHaveBeenCalled();
  });

  it.each<[string, Record<string, unknown>]>([
    ['a queue that is not a record', { [APPROVALS_KEY]: [1, 2] }],
    ['a request with no integer tab', { [APPROVALS_KEY]: { items: [{ tabId: '10' }], windowId: null } }],
    ['a window id that is not a number', { [APPROVALS_KEY]: { items: [], windowId: '12' } }],
    ['documents that are not a list', { [PAGE_FRAMES_KEY]: { tabId: 10 } }],
    ['a document with no tab', { [PAGE_FRAMES_KEY]: [{ frameId: 0 }] }],
  ])('records it cannot read (%s): every event loads the wallet, which reads them as ever', async (_name, stored) => {
    await fakeBrowser.storage.session.set(stored);
    const { wake, load, heard } = worker();
    await wake.tabUpdated(10, { status: 'loading', url: undefined });
    await wake.windowRemoved(12);
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([
      ['tabUpdated', 10, { status: 'loading', url: undefined }],
      ['window', 12],
    ]);
  });

  it('once the wallet is started, every event reaches it, in the order they came', async () => {
    const { wake, heard } = worker();
    wake.start();
    const first = wake.tabUpdated(10, { status: 'loading', url: undefined });
    const second = wake.tabRemoved(10);
    const third = wake.windowRemoved(12);
    await Promise.all([first, second, third]);
    expect(heard).toEqual([
      ['tabUpdated', 10, { status: 'loading', url: undefined }],
      ['tabRemoved', 10],
      ['window', 12],
    ]);
  });

  it('an event for an unnamed tab that waited for the read, while a message started the wallet, reaches it', async () => {
    const { wake, heard } = worker();
    const event = wake.tabUpdated(10, { status: 'loading', url: undefined });
    await wake.message({ type: 'request', method: 'wallet_getSettings' }, POPUP);
    await event;
    expect(heard).toEqual([['tabUpdated', 10, { status: 'loading', url: undefined }]]);
  });
});

describe('start', () => {
  it('starts the wallet once, however often it is asked (Firefox starts it at once)', async () => {
    const { wake, load } = worker();
    const first = wake.start();
    expect(wake.start()).toBe(first);
    expect(await wake.message(STATUS_ASK, POPUP)).toMatchObject({ ok: true, result: { from: 'wallet' } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
