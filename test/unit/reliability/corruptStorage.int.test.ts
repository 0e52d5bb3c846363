// Reliability: storage read at start-up rejects and reports a corrupted record without
// deleting it. A background is started (as the extension starts it, on WXT's fake browser) on storage
// holding a damaged value — the vault record (wrong shape, tampered ciphertext), a swap record, the swap
// index, the settings, the approval queue — is used the way the popup and the tracker use it, and the
// stored bytes are compared before and after.
//
// What these tests hold the code to:
// - vault: wallet_status.problem names the damage (shape) / unlock refuses with reason `corrupted`
//   (ciphertext); create never writes over it. Only the vault's damage is reported as `problem`.
// - a swap record: swap_get reports it ("stored value 'swap:…' is damaged …; it was left as it is");
//   swap_list leaves it out and wallet_status.storeProblems names it (store `swaps`); the tracker
//   stops following it.
// - the swap index: swap_start and the history report it; the in-progress list (the tracker's schedule) goes on.
// - settings and the approval queue: read as defaults / empty, named in wallet_status.storeProblems
//   (stores `settings`, `approvals`), the damaged bytes kept.
import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { APPROVAL } from '../../../src/api/approvalApi';
import { type HistoryPage, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { type CreateResult, type SettingsView, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { base64 } from '../../../src/core';
import { METHODS } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { memoryVaultStorage, type VaultRecord } from '../../../src/vault';
import { VAULT_SESSION_KEY } from '../../../src/vault/session';
import { type Background, backgroundEnv, type Clock, call, PASSWORD, useSimulator } from '../background/harness';
import { deposit, dev, fireSwapAlarm, getSwap, snapshot, swapAlarmAt, swapParams, TIMING } from './helpers';

let sim: RunningSimulator;
let clock: Clock;
let record: VaultRecord;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual', timing: TIMING });
  clock = {
    get now() {
      return sim.sim.ctx.clock.nowMs();
    },
  };
  // One good vault record to damage in different ways.
  const storage = memoryVaultStorage();
  const bg = startBackground(backgroundEnv({ now: Date.now() }, storage));
  await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  record = structuredClone(storage.data.get('vault')) as VaultRecord;
  fakeBrowser.reset();
});
afterAll(() => sim.close());
beforeEach(() => fakeBrowser.reset());

/** A worker starting on this storage. */
const start = (vault: Record<string, unknown> = {}) => {
  const vaultStorage = memoryVaultStorage(structuredClone(vault));
  return { bg: startBackground(backgroundEnv(clock, vaultStorage)), vaultStorage };
};
const bytes = (v: unknown) => JSON.stringify(v);
const flipByte = (b64: string, at: number) => {
  const raw = base64.decode(b64);
  raw[at % raw.length]! ^= 0x01;
  return base64.encode(raw);
};

describe('the vault record', () => {
  const damaged: [string, () => unknown][] = [
    ['not an object', () => '{"format":"intents-companion-vault"'],
    ['a field missing', () => ({ ...record, kdf: { ...record.kdf, salt: undefined } })],
    ['a field of the wrong type', () => ({ ...record, data: { iv: record.data.iv, ciphertext: 42 } })],
    ['an unknown format', () => ({ ...record, format: 'something-else' })],
    ['iterations below the floor', () => ({ ...record, kdf: { ...record.kdf, iterations: 1000 } })],
  ];
  for (const [what, make] of damaged) {
    it(`${what}: wallet_status reports it, unlock and create refuse, the bytes stay`, async () => {
      const value = make();
      const { bg, vaultStorage } = start({ vault: value });
      const status = await call<WalletStatus>(bg, WALLET.status);
      expect(status).toMatchObject({
        exists: true,
        unlocked: false,
        problem: expect.stringMatching(/damaged.*left untouched/),
      });
      await expect(call(bg, WALLET.unlock, { password: PASSWORD })).rejects.toMatchObject({
        data: { reason: 'corrupted' },
      });
      await expect(call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } })).rejects.toMatchObject(
        { data: { reason: 'exists' } },
      );
      expect((await call<WalletStatus>(bg, WALLET.status)).problem).toBe(status.problem);
      expect(bytes(vaultStorage.data.get('vault'))).toBe(bytes(value));
      expect([...vaultStorage.data.keys()].filter((k) => k.startsWith('vault'))).toEqual(['vault']);
    });
  }

  it('tampered ciphertext: unlock refuses it as damaged (not as a wrong password); the bytes stay', async () => {
    const value = { ...record, data: { iv: record.data.iv, ciphertext: flipByte(record.data.ciphertext, 7) } };
    const { bg, vaultStorage } = start({ vault: value });
    // The shape is right: nothing can tell before the key is known.
    expect(await call<WalletStatus>(bg, WALLET.status)).toMatchObject({ exists: true, unlocked: false, problem: null });
    await expect(call(bg, WALLET.unlock, { password: PASSWORD })).rejects.toMatchObject({
      message: expect.stringMatching(/damaged \(its data does not decrypt\).*left untouched/),
      data: { reason: 'corrupted' },
    });
    await expect(call(bg, WALLET.unlock, { password: 'another long password' })).rejects.toMatchObject({
      data: { reason: 'wrong_password' },
    });
    expect((await call<WalletStatus>(bg, WALLET.status)).unlocked).toBe(false);
    expect(bytes(vaultStorage.data.get('vault'))).toBe(bytes(value));
  });

  it('tampered ciphertext found by a restarted worker resuming its unlocked session: wallet_status.problem; the bytes stay', async () => {
    const vaultStorage = memoryVaultStorage();
    const first = startBackground(backgroundEnv(clock, vaultStorage));
    await call(first, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const good = vaultStorage.data.get('vault') as VaultRecord;
    const value = { ...good, data: { iv: good.data.iv, ciphertext: flipByte(good.data.ciphertext, 3) } };
    await vaultStorage.set('vault', value);
    expect(Object.keys(await fakeBrowser.storage.session.get(VAULT_SESSION_KEY))).toEqual([VAULT_SESSION_KEY]);

    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    expect(await call<WalletStatus>(restarted, WALLET.status)).toMatchObject({
      exists: true,
      unlocked: false,
      problem: expect.stringMatching(/damaged \(its data does not decrypt\)/),
    });
    expect(bytes(vaultStorage.data.get('vault'))).toBe(bytes(value));
  });

  // Regression (found by this suite): a damaged vault found at unlock is reported in status.
  it('after an unlock finds the data damaged, wallet_status.problem says so', async () => {
    const { bg } = start({
      vault: { ...record, data: { iv: record.data.iv, ciphertext: flipByte(record.data.ciphertext, 7) } },
    });
    await call(bg, WALLET.unlock, { password: PASSWORD }).catch(() => undefined);
    expect((await call<WalletStatus>(bg, WALLET.status)).problem).toEqual(expect.stringMatching(/damaged/));
  });
});

describe('swap records', () => {
  /** A wallet and two swaps started and deposited on one worker; then the first one's record is damaged. */
  async function twoSwapsOneDamaged(damage: Damage) {
    const { bg, vaultStorage } = start();
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const bad = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    const good = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now, { recipient: 'carol.near' }));
    await deposit(sim, bad);
    await deposit(sim, good);
    await damage(bg, `swap:${bad.id}`, structuredClone(bad) as unknown as Record<string, unknown>);
    const name = await bg.local.storedName(`swap:${bad.id}`);
    const value = (await fakeBrowser.storage.local.get(name))[name];
    const before = await snapshot(fakeBrowser.storage.local);
    // The worker restarts on that storage (the same vault, still unlocked: its session is in storage.session).
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    await restarted.tracking;
    return { bg: restarted, bad, good, value, before, name };
  }

  /** Writes a damaged record: sealed as the wallet seals (a wrong shape inside), or as an attacker or a fault leaves it. */
  type Damage = (bg: Background, key: string, r: Record<string, unknown>) => Promise<void>;
  const sealed =
    (change: (r: Record<string, unknown>) => unknown): Damage =>
    (bg, key, r) =>
      bg.local.write(key, change(r));
  const damages: [string, Damage][] = [
    ['an unknown status', sealed((r) => ({ ...r, status: 'TELEPORTED' }))],
    ['the quote response missing', sealed((r) => ({ ...r, quoteResponseJson: undefined }))],
    ['not an object', sealed(() => 'swap')],
    // What a content script could write if storage.local were open to it: a whole, well-formed record, unsealed.
    [
      'a well-formed record in the clear',
      async (bg, key, r) =>
        fakeBrowser.storage.local.set({ [await bg.local.storedName(key)]: { ...r, depositAddress: 'attacker.near' } }),
    ],
    [
      'a sealed record with one byte changed',
      async (bg, key) => {
        const name = await bg.local.storedName(key);
        const env = (await fakeBrowser.storage.local.get(name))[name] as { ciphertext: string };
        await fakeBrowser.storage.local.set({ [name]: { ...env, ciphertext: flipByte(env.ciphertext, 20) } });
      },
    ],
  ];
  for (const [what, damage] of damages) {
    it(`${what}: swap_get reports it, the list and history leave it out, the tracker drops it; its bytes stay`, async () => {
      const { bg, bad, good, value, before, name } = await twoSwapsOneDamaged(damage);
      await expect(getSwap(bg, bad.id)).rejects.toMatchObject({
        code: -32603,
        message: expect.stringMatching(new RegExp(`stored value 'swap:${bad.id}' is damaged .*; it was left as it is`)),
      });
      expect((await call<SwapRecordView[]>(bg, SWAP.list)).map((r) => r.id)).toEqual([good.id]);
      expect((await call<HistoryPage>(bg, SWAP.history, {})).items.map((i) => i.localId)).toEqual([good.id]);

      // The tracker: the damaged swap is no longer followed (no alarm loop on it); the other one goes on to SUCCESS.
      for (let i = 0; i < 10 && (await swapAlarmAt()) !== undefined; i++) {
        await dev(sim, '/dev/clock/advance', { ms: 30_000 });
        await fireSwapAlarm(bg, clock.now);
      }
      expect(await swapAlarmAt()).toBeUndefined();
      expect((await getSwap(bg, good.id)).status).toBe('SUCCESS');
      expect(verifyQuoteSignature(JSON.parse((await getSwap(bg, good.id)).quoteResponseJson), sim.quotePublicKey)).toBe(
        true,
      );

      const after = await snapshot(fakeBrowser.storage.local);
      expect(after[name], 'the damaged record is left byte for byte').toBe(before[name]);
      expect(after[name]).toBe(bytes(value));
      const index = await bg.local.storedName('swapIds');
      expect(after[index], 'the index stays as it was').toBe(before[index]);
      expect(await bg.local.read('swapIds', z.array(z.string()))).toEqual([bad.id, good.id]);
    });
  }

  it('swap_list reports a damaged swap record in wallet_status instead of leaving it out silently', async () => {
    const { bg } = start();
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } }).catch(() => undefined);
    const bad = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await bg.local.write(`swap:${bad.id}`, { id: bad.id, status: 'teleported' });
    expect(await call(bg, SWAP.list)).toEqual([]);
    const status = await call<WalletStatus>(bg, WALLET.status);
    // Named as a damaged swap, never as a damaged wallet.
    expect(status.problem).toBeNull();
    expect(status.storeProblems).toEqual([
      {
        store: 'swaps',
        message: expect.stringContaining(`A stored swap (${bad.id}) is damaged`),
        words: { key: 'storeProblem_swap', subs: [] },
      },
    ]);
  });

  it('a damaged swap index: swap_start and the history report it, the in-progress list goes on; the index stays as it was', async () => {
    const { bg, vaultStorage } = start();
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const started = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await bg.local.write('swapIds', { not: 'a list' });
    const before = await snapshot(fakeBrowser.storage.local);
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    // The swaps in progress are named by the tracker's schedule, which does not need the swap list.
    expect((await call<SwapRecordView[]>(restarted, SWAP.list)).map((r) => r.id)).toEqual([started.id]);
    await expect(call(restarted, SWAP.history, {})).rejects.toThrow(
      /stored value 'swapIds' is damaged .*left as it is/,
    );
    await expect(call(restarted, SWAP.start, swapParams(clock.now))).rejects.toThrow(
      /stored value 'swapIds' is damaged/,
    );
    const index = await restarted.local.storedName('swapIds');
    expect((await snapshot(fakeBrowser.storage.local))[index]).toBe(before[index]);
  });
});

describe('settings', () => {
  it('damaged settings: the wallet works on the defaults, says so, and the stored bytes stay until the user saves', async () => {
    const value = { preset: 'custom', endpoints: 'http://127.0.0.1:1', verifierId: 'intents.near', jwt: 7 };
    await fakeBrowser.storage.local.set({ settings: value });
    const { bg } = start();
    const settings = await call<SettingsView>(bg, WALLET.getSettings);
    expect(settings).toMatchObject({
      preset: 'local',
      verifierId: 'intents.sim',
      network: { id: 'local', label: 'Local' },
      hasJwt: false,
      autoLockMinutes: 15,
    });
    // No wallet on this machine and damaged settings: a settings problem, not a lost wallet.
    expect(await call<WalletStatus>(bg, WALLET.status)).toMatchObject({
      exists: false,
      problem: null,
      storeProblems: [{ store: 'settings', message: expect.stringMatching(/settings are damaged/) }],
    });
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    expect(await call(bg, SWAP.list)).toEqual([]);
    expect(bytes((await fakeBrowser.storage.local.get('settings')).settings)).toBe(bytes(value));
  });
});

describe('the approval queue (storage.session)', () => {
  it('a damaged queue: reported, set aside unchanged (approvals.damaged), and an empty queue goes on', async () => {
    const value = { items: [{ id: 'x', kind: 'teleport' }], windowId: 'seven' };
    await fakeBrowser.storage.session.set({ approvals: value });
    const { bg } = start();
    await call(bg, WALLET.status);
    expect(await call(bg, APPROVAL.current)).toBeNull();
    // A page asking what it may do (no new request queued) changes nothing either.
    expect(
      await bg.route(
        { type: 'request', method: METHODS.accounts },
        { url: 'https://dapp.example/', origin: 'https://dapp.example', frameId: 0, tab: { id: 3 } },
      ),
    ).toEqual({
      ok: true,
      result: [],
    });
    expect(bytes((await fakeBrowser.storage.session.get('approvals.damaged'))['approvals.damaged'])).toBe(bytes(value));
    const status = await call<WalletStatus>(bg, WALLET.status);
    expect(status.problem).toBeNull();
    expect(status.storeProblems).toEqual([
      {
        store: 'approvals',
        message: expect.stringMatching(/waiting for approval could not be read/),
        words: { key: 'storeProblem_approvals', subs: [] },
      },
    ]);
  });

  it('a request whose parameters are not its kind’s (intents stored under a message request) is damaged, never signed', async () => {
    const item = {
      id: 'y',
      kind: 'signMessage',
      origin: 'https://dapp.example',
      tabId: 3,
      frameId: 0,
      doc: null,
      documentId: null,
      createdAt: Date.now(),
      params: {
        intents: [{ intent: 'transfer', receiver_id: 'eve.near', tokens: { 'nep141:wrap.near': '1' } }],
        signerId: 'alice.near',
      },
    };
    const value = { items: [item], windowId: null, cooldowns: {} };
    await fakeBrowser.storage.session.set({ approvals: value });
    const { bg } = start();
    await call(bg, WALLET.status);
    expect(await call(bg, APPROVAL.current)).toBeNull();
    expect(bytes((await fakeBrowser.storage.session.get('approvals.damaged'))['approvals.damaged'])).toBe(bytes(value));
    expect((await call<WalletStatus>(bg, WALLET.status)).storeProblems.map((p) => p.store)).toEqual(['approvals']);
  });
});
