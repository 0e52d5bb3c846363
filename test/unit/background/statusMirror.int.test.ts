// The status mirror (src/background/wallet/statusMirror.ts) is the status or nothing: a woken worker
// answers wallet_status from it without the wallet (src/background/wake/). Every status input the
// status reads is one the mirror watches; after every wallet operation the stored copy is either gone
// or equal to the status the wallet computes; and a status computed across an input's change is never
// written.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../src/api/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../../../src/api/statusSnapshot';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { KeyValue } from '../../../src/background/kv';
import { isInternalMethod } from '../../../src/background/params';
import { startBackground } from '../../../src/background/start';
import { WakeWorker } from '../../../src/background/wake/wakeWorker';
import { AUTO_LOCK_ALARM, DEADLINE_KEY } from '../../../src/background/wallet/autoLock';
import { SELECTED_KEY } from '../../../src/background/wallet/service';
import { changesStatus, KEEPS_STATUS, STATUS_INPUTS } from '../../../src/background/wallet/statusInputs';
import { StatusMirror } from '../../../src/background/wallet/statusMirror';

type Bg = ReturnType<typeof startBackground>;

import { memoryVaultStorage, RECORD_KEY } from '../../../src/vault';
import { backgroundEnv, call, EXT, PASSWORD, POPUP } from './harness';

beforeEach(() => fakeBrowser.reset());

const stored = async (): Promise<unknown> =>
  (await fakeBrowser.storage.session.get(STATUS_SNAPSHOT_KEY))[STATUS_SNAPSHOT_KEY];

describe('the status mirror is the status or nothing', () => {
  it('watches every stored record a new worker’s status reads, unlocked and locked', async () => {
    const clock = { now: 1_800_000_000_000 };
    const vaultStorage = memoryVaultStorage();
    const first = startBackground(backgroundEnv(clock, vaultStorage));
    await call(first, WALLET.create, { password: PASSWORD, source: { kind: 'newPhrase', words: 12 } });
    await call(first, WALLET.setSettings, { busApiKey: 'a-bus-key' }); // a credential to open
    const read = new Set<string>();
    let recording = false;
    const methods = ['read', 'readOr', 'readMany', 'asFound'] as const;
    const originals = Object.fromEntries(methods.map((m) => [m, KeyValue.prototype[m]]));
    for (const m of methods) {
      (KeyValue.prototype as unknown as Record<string, unknown>)[m] = function (this: KeyValue, ...args: unknown[]) {
        if (recording) for (const key of [args[0]].flat()) read.add(String(key));
        return (originals[m] as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
    try {
      // A worker started after a stop, woken by the popup's wallet_status: from its start to that answer
      // it reads only what the status needs (its chores wait for the answer: src/background/startOrder.ts).
      const statusOfNewWorker = async () => {
        recording = true;
        const answer = call<WalletStatus>(startBackground(backgroundEnv(clock, vaultStorage)), WALLET.status);
        try {
          return await answer;
        } finally {
          recording = false;
        }
      };
      expect((await statusOfNewWorker()).unlocked).toBe(true);
      await call(startBackground(backgroundEnv(clock, vaultStorage)), WALLET.lock);
      expect(await statusOfNewWorker()).toMatchObject({ exists: true, unlocked: false });
    } finally {
      Object.assign(KeyValue.prototype, originals);
    }
    expect([...read]).toEqual(expect.arrayContaining([DEADLINE_KEY, SELECTED_KEY, 'settings']));
    for (const key of read) expect(STATUS_INPUTS, `status() reads '${key}'`).toContain(key);
  });

  it('after every wallet operation, is gone or equals the status computed next', async () => {
    const clock = { now: 1_800_000_000_000 };
    const bg = startBackground(backgroundEnv(clock, memoryVaultStorage()));
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    const first = created.status.accounts[0]!;
    const phraseId = created.status.phrasesToBackUp[0]!;
    let second = '';
    const operations: [string, () => Promise<unknown>][] = [
      [
        'add an account',
        async () => {
          const { status: s } = await call<CreateResult>(bg, WALLET.addAccount, {
            source: { kind: 'generate' },
            label: 'Two',
          });
          second = s.accounts.find((a) => a.label === 'Two')!.accountId;
        },
      ],
      ['rename it', () => call(bg, WALLET.renameAccount, { accountId: second, label: 'Savings' })],
      ['select it', () => call(bg, WALLET.selectAccount, { accountId: second })],
      ['confirm the backup', () => call(bg, WALLET.confirmBackup, { phraseId })],
      ['set the auto-lock', () => call(bg, WALLET.setAutoLock, { minutes: 42 })],
      ['set a setting', () => call(bg, WALLET.setSettings, { busApiKey: 'a-bus-key' })],
      [
        'export a key (activity)',
        () => call(bg, WALLET.exportKey, { password: PASSWORD, publicKey: first.publicKeys[0] }),
      ],
      [
        'an activity later',
        async () => {
          clock.now += 60_000;
          await bg.wallet.touch();
        },
      ],
      ['remove the account', () => call(bg, WALLET.removeAccount, { accountId: second })],
      [
        'change the password',
        () => call(bg, WALLET.changePassword, { oldPassword: PASSWORD, newPassword: `${PASSWORD}!` }),
      ],
      [
        'the auto-lock alarm',
        () =>
          fakeBrowser.alarms.onAlarm.trigger({
            name: AUTO_LOCK_ALARM,
            scheduledTime: clock.now,
            persistAcrossSessions: false,
          }),
      ],
      ['unlock again', () => call(bg, WALLET.unlock, { password: `${PASSWORD}!` })],
      ['lock', () => call(bg, WALLET.lock)],
      [
        'a wrong password',
        () => call(bg, WALLET.unlock, { password: 'not the password at all' }).catch(() => undefined),
      ],
      ['unlock', () => call(bg, WALLET.unlock, { password: `${PASSWORD}!` })],
      ['erase', () => call(bg, WALLET.erase, { confirm: 'erase this wallet' })],
    ];
    for (const [name, operation] of operations) {
      await call(bg, WALLET.status); // a copy to be kept right, or set aside
      await operation();
      const copy = await stored();
      const now = await call<WalletStatus>(bg, WALLET.status).catch(() => null);
      if (copy !== undefined) expect(copy, name).toEqual(now);
      // The next status, computed with nothing else under way, is copied (none for an erased wallet's).
      if (now?.exists) expect(await stored(), name).toEqual(now);
    }
  });
});

/** The mirror's area: fake storage.session. */
function heldSession() {
  return new KeyValue(fakeBrowser.storage.session);
}

const status = (over: Partial<WalletStatus> = {}): WalletStatus => ({
  exists: true,
  unlocked: true,
  accounts: [],
  selectedAccountId: null,
  lockAt: 1_000,
  autoLockMinutes: 15,
  phrasesToBackUp: [],
  recovery: { phraseId: null, outsidePhrase: [], keysToBackUp: [] },
  problem: null,
  storeProblems: [],
  ...over,
});

describe('the wallet’s stores pass their writes to the mirror', () => {
  it.each([
    ['the vault (its session ended, no status computed)', (bg: Bg) => bg.wallet.vault.lock()],
    ['the settings', (bg: Bg) => bg.settings.change({ busApiKey: 'another-bus-key' })],
    ['the selected account', (bg: Bg) => bg.local.write(SELECTED_KEY, 'someone.near')],
  ])('%s: the copy is set aside', async (_name, write) => {
    const bg = startBackground(backgroundEnv({ now: 1_800_000_000_000 }, memoryVaultStorage()));
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.status);
    expect(await stored()).toBeDefined();
    await write(bg);
    expect(await stored()).toBeUndefined();
  });
});

describe('StatusMirror', () => {
  it('removes the copy before an input is written, and writes no status begun before or during that write', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    expect(await stored()).toEqual(status());
    const before = mirror.begin();
    let during = -1;
    await mirror.around('settings', async () => {
      expect(await stored()).toBeUndefined(); // gone before the input changes
      during = mirror.begin();
    });
    await mirror.write(status({ autoLockMinutes: 1 }), before);
    await mirror.write(status({ autoLockMinutes: 2 }), during);
    expect(await stored()).toBeUndefined();
    await mirror.write(status({ autoLockMinutes: 3 }), mirror.begin());
    expect(await stored()).toEqual(status({ autoLockMinutes: 3 }));
  });

  it('lets writes of records that are no input pass, and the copy stay', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    const begun = mirror.begin();
    await mirror.around('swaps.ids', async () => undefined);
    expect(await stored()).toEqual(status());
    expect(mirror.begin()).toBe(begun);
  });

  it('fails the input’s write when the copy cannot be removed', async () => {
    const session = heldSession();
    const mirror = new StatusMirror(session, STATUS_INPUTS);
    vi.spyOn(session, 'remove').mockRejectedValueOnce(new Error('storage gone'));
    const write = vi.fn(async () => undefined);
    await expect(mirror.around('selectedAccount', write)).rejects.toThrow('storage gone');
    expect(write).not.toHaveBeenCalled();
  });

  it('puts the copy back with a moved deadline, unless another input changed too', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    await mirror.around(DEADLINE_KEY, async () => undefined);
    expect(await stored()).toBeUndefined();
    await mirror.deadline(5_000);
    expect(await stored()).toEqual(status({ lockAt: 5_000 }));
    await mirror.around(DEADLINE_KEY, async () => undefined);
    await mirror.around('settings', async () => undefined);
    await mirror.deadline(9_000);
    expect(await stored()).toBeUndefined();
  });

  it('sets the copy aside when the store problems change', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    const begun = mirror.begin();
    mirror.problemsChanged();
    await mirror.write(status(), begun);
    expect(await stored()).toBeUndefined();
  });
});

describe('no copy from memory that lags what was stored (red team)', () => {
  it('mirror: begun after the copy was set aside, written before the input write ends', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    let release: (() => void) | undefined;
    // selectedAccount a.near -> b.near, the storage write in flight
    const writing = mirror.around(SELECTED_KEY, () => new Promise<void>((r) => (release = r)));
    await vi.waitFor(() => expect(release).toBeDefined()); // copy removed, input not yet written
    await mirror.write(status({ selectedAccountId: 'a.near' }), mirror.begin()); // read the old value
    release!();
    await writing;
    expect(await stored()).toBeUndefined(); // the copy said a.near, the wallet b.near
  });

  it('wallet: wallet_exportKey; a wallet_status during its read-back leaves a stale copy a woken worker answers', async () => {
    const clock = { now: 1_800_000_000_000 };
    const inner = memoryVaultStorage();
    let armed = false;
    let blockNextGet = false;
    let reached!: () => void;
    const atReadBack = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const vaultStorage = {
      ...inner,
      set: async (key: string, value: unknown) => {
        await inner.set(key, value);
        if (armed && key === RECORD_KEY) blockNextGet = true;
      },
      get: async (key: string) => {
        if (blockNextGet && key === RECORD_KEY) {
          blockNextGet = false;
          armed = false;
          reached();
          await gate; // #writeVerified's read-back: the record is written, #contents not yet updated
        }
        return inner.get(key);
      },
    };
    const bg = startBackground(backgroundEnv(clock, vaultStorage));
    const made = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const pk = made.status.accounts[0]!.publicKeys[0]!;
    expect(made.status.recovery.keysToBackUp).toEqual([pk]);
    await call(bg, WALLET.status);

    armed = true;
    const exporting = call(bg, WALLET.exportKey, { password: PASSWORD, publicKey: pk });
    await atReadBack;
    await call(bg, WALLET.status); // the popup opens meanwhile
    release();
    await exporting;

    // The worker stops; a new one is woken by the popup's wallet_status.
    const wake = new WakeWorker({
      // A woken worker that needs the wallet starts it over the same storage.
      load: () => () => startBackground(backgroundEnv(clock, vaultStorage)),
      storage: { local: fakeBrowser.storage.local, session: fakeBrowser.storage.session },
      extensionOrigin: EXT,
      now: () => clock.now,
    });
    const woken = await wake.message({ type: 'request', method: WALLET.status }, POPUP);
    const fresh = await call<WalletStatus>(startBackground(backgroundEnv(clock, vaultStorage)), WALLET.status);
    expect(fresh.recovery.keysToBackUp).toEqual([]); // exported: backed up
    expect(woken).toMatchObject({ ok: true, result: { recovery: { keysToBackUp: [] } } });
  });

  it('two input writes in the same tick: the deadline-only drop captures the copy before the other drop lands', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status({ selectedAccountId: 'a.near' }), mirror.begin());
    const select = mirror.around(SELECTED_KEY, async () => undefined); // a.near -> b.near
    const touch = mirror.around(DEADLINE_KEY, async () => undefined);
    await Promise.all([select, touch]);
    await mirror.deadline(5_000);
    // It put back { selectedAccountId: 'a.near', lockAt: 5000 }.
    expect(await stored()).toBeUndefined();
  });

  it('a status with a problem is not copied: a new worker finds it again only when it reads the damaged record', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    await mirror.write(status({ problem: 'the vault record does not open' }), mirror.begin());
    expect(await stored()).toBeUndefined();
    await mirror.write(status({ storeProblems: [{ store: 'swaps', message: 'damaged' }] }), mirror.begin());
    expect(await stored()).toBeUndefined();
    await mirror.write(status(), mirror.begin());
    expect(await stored()).toEqual(status());
  });

  it('no status is written while an ask that may change it runs, nor one begun before it ended', async () => {
    const mirror = new StatusMirror(heldSession(), STATUS_INPUTS);
    await mirror.write(status(), mirror.begin());
    let release!: () => void;
    const asked = mirror.during(() => new Promise<void>((r) => (release = r)));
    await vi.waitFor(async () => expect(await stored()).toBeUndefined()); // removed as the ask starts
    const begunDuring = mirror.begin();
    await mirror.write(status({ autoLockMinutes: 9 }), mirror.begin());
    expect(await stored()).toBeUndefined();
    release();
    await asked;
    await mirror.write(status({ autoLockMinutes: 9 }), begunDuring);
    expect(await stored()).toBeUndefined();
    await mirror.write(status({ autoLockMinutes: 9 }), mirror.begin());
    expect(await stored()).toEqual(status({ autoLockMinutes: 9 }));
  });
});

describe('which asks may change the status', () => {
  it('every ask of the wallet API but the listed ones; never a page’s method', () => {
    for (const method of KEEPS_STATUS) expect(isInternalMethod(method), method).toBe(true);
    for (const method of [
      WALLET.selectAccount,
      WALLET.exportKey,
      WALLET.addKey,
      WALLET.erase,
      WALLET.findSimulator, // it may change the settings
      APPROVAL.resolve,
    ])
      expect(changesStatus(method), method).toBe(true);
    for (const method of [WALLET.status, WALLET.getSettings, WALLET.balances, APPROVAL.current, 'intents_signMessage'])
      expect(changesStatus(method), method).toBe(false);
    expect(changesStatus(undefined)).toBe(false);
  });
});
