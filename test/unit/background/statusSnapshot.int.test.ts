// The popup's status snapshot (src/api/statusSnapshot.ts): the background writes it to storage.session
// whenever the status changes, it holds nothing secret, and the popup reads a passed lock deadline as locked.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import { STATUS_SNAPSHOT_KEY, statusFromSnapshot } from '../../../src/api/statusSnapshot';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { AUTO_LOCK_ALARM } from '../../../src/background/wallet/autoLock';
import { memoryVaultStorage } from '../../../src/vault';
import { backgroundEnv, call, PASSWORD } from './harness';

beforeEach(() => fakeBrowser.reset());

const stored = async (): Promise<unknown> =>
  (await fakeBrowser.storage.session.get(STATUS_SNAPSHOT_KEY))[STATUS_SNAPSHOT_KEY];

describe('status snapshot in storage.session', () => {
  it('follows every change: create, account switch, lock (alarm), unlock; equals the status the popup is answered', async () => {
    const clock = { now: 1_800_000_000_000 };
    const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    expect(await stored()).toEqual(created.status);
    expect(created.status.unlocked).toBe(true);

    await call(bg, WALLET.addAccount, { source: { kind: 'generate' }, label: 'Second' });
    const second = (await stored()) as WalletStatus;
    expect(second.accounts).toHaveLength(2);
    const switched = await call<WalletStatus>(bg, WALLET.selectAccount, { accountId: second.accounts[1]!.accountId });
    expect(await stored()).toEqual(switched);
    expect(switched.selectedAccountId).toBe(second.accounts[1]!.accountId);

    await fakeBrowser.alarms.onAlarm.trigger({
      name: AUTO_LOCK_ALARM,
      scheduledTime: clock.now,
      persistAcrossSessions: false,
    });
    expect(await stored()).toMatchObject({
      exists: true,
      unlocked: false,
      accounts: [],
      selectedAccountId: null,
      lockAt: null,
    });

    const unlocked = await call<WalletStatus>(bg, WALLET.unlock, { password: PASSWORD });
    expect(await stored()).toEqual(unlocked);
  });

  it('holds no secret: no secret key, phrase, password or credential anywhere in it', async () => {
    const clock = { now: 1_800_000_000_000 };
    const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    await call(bg, WALLET.setSettings, { busApiKey: 'bus-api-key-that-must-stay-secret' });
    await call(bg, WALLET.setAutoLock, { minutes: 30 });
    const secretKey = await call<{ secretKey: string }>(bg, WALLET.exportKey, {
      publicKey: created.status.accounts[0]!.publicKeys[0],
      password: PASSWORD,
    });
    await call(bg, WALLET.status); // the settings written set the copy aside; the next status writes it
    const text = JSON.stringify(await stored());
    expect(text).toContain(created.status.accounts[0]!.accountId); // it is the snapshot
    expect(JSON.parse(text)).toMatchObject({ autoLockMinutes: 30 });
    for (const secret of [
      secretKey.secretKey,
      secretKey.secretKey.replace(/^ed25519:/, ''),
      PASSWORD,
      'bus-api-key-that-must-stay-secret',
      created.phrase!.words.join(' '),
    ]) {
      expect(text).not.toContain(secret);
    }
    // A phrase word can be part of a field name ("public" in publicKeys): no string in it is one.
    const strings: string[] = [];
    JSON.parse(text, (_key, value: unknown) => {
      if (typeof value === 'string') strings.push(value);
      return value;
    });
    for (const word of created.phrase!.words) expect(strings).not.toContain(word);
    expect(Object.keys(JSON.parse(text) as object).sort()).toEqual([
      'accounts',
      'autoLockMinutes',
      'exists',
      'lockAt',
      'phrasesToBackUp',
      'problem',
      'recovery',
      'selectedAccountId',
      'storeProblems',
      'unlocked',
    ]);
  });

  it('an activity that moves the lock deadline moves it in the snapshot too', async () => {
    const clock = { now: 1_800_000_000_000 };
    const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const before = ((await stored()) as WalletStatus).lockAt!;
    clock.now += 5 * 60_000;
    await bg.wallet.touch();
    const after = ((await stored()) as WalletStatus).lockAt!;
    expect(after).toBeGreaterThan(before);
    expect(after).toBe((await call<WalletStatus>(bg, WALLET.status)).lockAt);
  });

  it('a restarted worker computes the status once: for the message that woke it, or for the snapshot alone', async () => {
    const clock = { now: 1_800_000_000_000 };
    const vaultStorage = memoryVaultStorage();
    const first = startBackground(backgroundEnv(clock, vaultStorage));
    await call(first, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });

    // Woken by the popup's wallet_status: its answer writes the snapshot; no second status at start.
    const askedAtOnce = startBackground(backgroundEnv(clock, vaultStorage));
    const computed = vi.spyOn(askedAtOnce.wallet, 'status');
    const answered = await call<WalletStatus>(askedAtOnce, WALLET.status);
    await askedAtOnce.tracking;
    expect(computed).toHaveBeenCalledTimes(1);
    expect(answered.unlocked).toBe(true);
    expect(await stored()).toEqual(answered);

    // Woken by anything else (an alarm, a page): the snapshot is still brought up to date at start, here
    // with the session that expired while the worker was stopped.
    clock.now = answered.lockAt! + 1;
    const woken = startBackground(backgroundEnv(clock, vaultStorage));
    const refreshed = vi.spyOn(woken.wallet, 'status');
    await woken.tracking;
    await vi.waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect(await stored()).toMatchObject({ exists: true, unlocked: false }));
  });
});

describe('a restarted worker\'s chores (docs/architecture.md, "Start-up")', () => {
  it('come after the answer to the wallet_status that woke it, and still come', async () => {
    const clock = { now: 1_800_000_000_000 };
    const vaultStorage = memoryVaultStorage();
    await call(startBackground(backgroundEnv(clock, vaultStorage)), WALLET.create, {
      password: PASSWORD,
      source: { kind: 'generate' },
    });
    const woken = startBackground(backgroundEnv(clock, vaultStorage));
    const order: string[] = [];
    const schedule = vi.spyOn(woken.swaps, 'schedule').mockImplementation(async () => {
      order.push('swap alarm and badge');
    });
    const answered = call<WalletStatus>(woken, WALLET.status).then((s) => {
      order.push('answered');
      return s;
    });
    await woken.tracking;
    expect((await answered).unlocked).toBe(true);
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['answered', 'swap alarm and badge']);
  });

  it('wait for no other ask: one that is still being answered does not hold the swap alarm back', async () => {
    const clock = { now: 1_800_000_000_000 };
    const vaultStorage = memoryVaultStorage();
    await call(startBackground(backgroundEnv(clock, vaultStorage)), WALLET.create, {
      password: PASSWORD,
      source: { kind: 'generate' },
    });
    const woken = startBackground(backgroundEnv(clock, vaultStorage));
    const schedule = vi.spyOn(woken.swaps, 'schedule');
    // A route that never answers stands for an ask that waits on a person or on the network.
    let release = () => {};
    vi.spyOn(woken.approvals, 'current').mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(null);
        }),
    );
    const waiting = call(woken, APPROVAL.current);
    await woken.tracking;
    expect(schedule).toHaveBeenCalledTimes(1);
    release();
    await waiting.catch(() => undefined);
  });
});

describe('statusFromSnapshot (the popup side)', () => {
  const unlocked: WalletStatus = {
    exists: true,
    unlocked: true,
    accounts: [{ accountId: 'a'.repeat(64), label: 'Main', kind: 'implicit', publicKeys: ['ed25519:pk'] }],
    selectedAccountId: 'a'.repeat(64),
    lockAt: 1_000_000,
    autoLockMinutes: 15,
    phrasesToBackUp: ['p1'],
    recovery: { phraseId: 'p1', outsidePhrase: ['ed25519:pk'], keysToBackUp: ['ed25519:pk'] },
    problem: null,
    storeProblems: [],
  };

  it('shows the snapshot as written while its lock deadline is ahead', () => {
    expect(statusFromSnapshot(unlocked, 999_999)).toEqual(unlocked);
  });

  it('reads a passed (or missing) lock deadline as locked, with no account shown', () => {
    for (const snap of [unlocked, { ...unlocked, lockAt: null }]) {
      const seen = statusFromSnapshot(snap, 1_000_000)!;
      expect(seen).toMatchObject({
        exists: true,
        unlocked: false,
        accounts: [],
        selectedAccountId: null,
        lockAt: null,
        phrasesToBackUp: [],
      });
    }
  });

  it('is null for nothing stored or a value that is not a status, so the popup waits for the background', () => {
    for (const raw of [
      undefined,
      null,
      'x',
      {},
      { ...unlocked, accounts: [{ accountId: 1 }] },
      { ...unlocked, unlocked: 'yes' },
      { ...unlocked, storeProblems: [null] },
      { ...unlocked, storeProblems: [{ store: 'settings', message: 'damaged', words: 'not a phrase' }] },
    ]) {
      expect(statusFromSnapshot(raw, 0)).toBeNull();
    }
  });

  it('keeps a store problem’s words, the phrase the popup shows', () => {
    const problem = { store: 'settings', message: 'damaged', words: { key: 'storeProblem_settings', subs: [] } };
    expect(statusFromSnapshot({ ...unlocked, storeProblems: [problem] }, 0)?.storeProblems).toEqual([problem]);
  });

  it('copies only the fields a status has', () => {
    const seen = statusFromSnapshot(
      { ...unlocked, secretKey: 'ed25519:secret', accounts: [{ ...unlocked.accounts[0], secretKey: 's' }] },
      0,
    );
    expect(JSON.stringify(seen)).not.toContain('secret');
  });
});
