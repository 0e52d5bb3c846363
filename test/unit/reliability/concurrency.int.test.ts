// Reliability: two popups and a dApp acting at once do not corrupt storage. One background
// (the service worker), started as the extension starts it on WXT's fake browser with real HTTP to the
// simulator; two "popups" (two callers of the router from the extension's own pages) add and rename
// accounts, change settings and start swaps, while a dApp connects and asks for signatures that a third
// caller (the approval window) confirms — all interleaved. Afterwards every stored value parses, a
// restarted worker sees the same wallet, and nothing any caller was told succeeded is missing.

import { verifySignature } from '@near-wallet-selector/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalView } from '../../../src/api/approvalApi';
import { SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import {
  type ConnectedSite,
  type CreateResult,
  type SettingsView,
  WALLET,
  type WalletStatus,
} from '../../../src/api/walletApi';
import type { StorageAreaLike } from '../../../src/background/kv';
import { startBackground } from '../../../src/background/start';
import { DEADLINE_KEY } from '../../../src/background/wallet/autoLock';
import { settingsSchema } from '../../../src/background/wallet/settingsModel';
import { type BackgroundPush, type DeferredReply, METHODS, type RuntimeReply } from '../../../src/provider/protocol';
import { memoryVaultStorage, readRecord, type VaultStorage } from '../../../src/vault';
import { VAULT_SESSION_KEY } from '../../../src/vault/session';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { type Background, backgroundEnv, EVENTUALLY, EXT, PASSWORD, useSimulator } from '../background/harness';
import { expectSwapsKept, swapParams } from './helpers';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const POPUP_A = { url: `${EXT}/popup.html` };
const POPUP_B = { url: `${EXT}/popup.html?second` };
const APPROVE = { url: `${EXT}/approve.html` };
const DAPP = { url: 'https://dapp.example/app', origin: 'https://dapp.example', frameId: 0, tab: { id: 11 } };
const ROUNDS = 4;
const SIGNATURES = 3;

/** Calls the router as `sender`; throws the reply's error. */
async function ask<T>(bg: Background, sender: object, method: string, params?: unknown): Promise<T> {
  const reply = await bg.route({ type: 'request', method, ...(params === undefined ? {} : { params }) }, sender);
  if (reply.ok === 'deferred') throw new Error(`${method} was deferred`);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result as T;
}

interface Setup {
  bg: Background;
  vaultStorage: VaultStorage & { data: Map<string, unknown> };
  pushes: { tabId: number; message: BackgroundPush }[];
  windowsOpened: number[];
  accountId: string;
  clock: { now: number };
}

async function setup(session?: StorageAreaLike): Promise<Setup> {
  const pushes: Setup['pushes'] = [];
  const windowsOpened: number[] = [];
  const vaultStorage = memoryVaultStorage();
  const clock = { now: Date.now() };
  const env = backgroundEnv(clock, vaultStorage);
  if (session) env.storage.session = session;
  env.tabs = {
    sendMessage: async (tabId, message) => (message.type === 'probe' ? true : void pushes.push({ tabId, message })),
    onRemoved: fakeBrowser.tabs.onRemoved,
    onUpdated: fakeBrowser.tabs.onUpdated,
  };
  env.windows = {
    create: async () => {
      windowsOpened.push(100 + windowsOpened.length);
      return { id: windowsOpened.at(-1) };
    },
    update: async () => undefined,
    remove: async () => undefined,
    onRemoved: fakeBrowser.windows.onRemoved,
  };
  const bg = startBackground(env);
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await ask<CreateResult>(bg, POPUP_A, WALLET.create, {
    password: PASSWORD,
    source: { kind: 'generate' },
  });
  return { bg, vaultStorage, pushes, windowsOpened, accountId: created.status.accounts[0]!.accountId, clock };
}

/** The dApp's request, answered at once or later through the approval window (a push to its tab). */
async function dappRequest(t: Setup, method: string, params?: unknown): Promise<RuntimeReply> {
  const reply = (await t.bg.route({ type: 'request', method, ...(params === undefined ? {} : { params }) }, DAPP)) as
    | RuntimeReply
    | DeferredReply;
  if (reply.ok !== 'deferred') return reply;
  const answer = () => {
    const hit = t.pushes.find((p) => p.message.type === 'approvalResult' && p.message.approvalId === reply.approvalId);
    return hit?.message.type === 'approvalResult' ? hit.message.reply : undefined;
  };
  await expect.poll(answer, { ...EVENTUALLY, message: `${method}: the page gets an answer` }).toBeDefined();
  return answer()!;
}

describe('two popups and a dApp at once', () => {
  it('accounts, labels, settings, swaps, grants, signatures and the approval queue all come out whole', async () => {
    const t = await setup();
    const { bg, accountId } = t;
    const nonces = Array.from({ length: SIGNATURES }, () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))));
    let dappDone = false;

    const popup = (sender: object, name: string) => async () => {
      const added: string[] = [];
      const swaps: SwapRecordView[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const [made] = await Promise.all([
          ask<CreateResult>(bg, sender, WALLET.addAccount, { source: { kind: 'generate' }, label: `${name}${i}` }),
          ask(bg, sender, WALLET.renameAccount, { accountId, label: `${name}-${i}` }),
          ask<SwapRecordView>(
            bg,
            sender,
            SWAP.start,
            swapParams(Date.now(), { recipient: `${name.toLowerCase()}${i}.near` }),
          ).then((r) => swaps.push(r)),
          ask(bg, sender, WALLET.getSettings),
          ask(bg, sender, WALLET.status),
          ask(bg, sender, SWAP.list),
        ]);
        const mine = made.status.accounts.filter((a) => a.label === `${name}${i}`);
        expect(mine, `${name}${i} was added once`).toHaveLength(1);
        added.push(mine[0]!.accountId);
        await ask(bg, sender, WALLET.setSettings, name === 'A' ? { autoLockMinutes: 20 + i } : { jwt: `jwt-${i}` });
        await ask(bg, sender, WALLET.selectAccount, { accountId: added.at(-1)! });
      }
      return { added, swaps };
    };

    const dapp = async () => {
      const connected = await dappRequest(t, METHODS.requestAccounts, {});
      const signatures: RuntimeReply[] = [];
      for (const nonce of nonces) {
        signatures.push(
          await dappRequest(t, METHODS.signMessage, {
            message: `message ${signatures.length}`,
            recipient: 'dapp.example',
            nonce: nonce.toString('base64'),
          }),
        );
      }
      dappDone = true;
      return { connected, signatures };
    };

    // The approval window: confirms whatever is at the head of the queue until the dApp is done.
    const approver = async () => {
      let confirmed = 0;
      while (!dappDone) {
        const view = await ask<ApprovalView | null>(bg, APPROVE, APPROVAL.current);
        if (view) {
          await ask(bg, APPROVE, APPROVAL.resolve, {
            id: view.id,
            approve: true,
            ...(view.kind === 'connect' ? { accounts: [accountId] } : {}),
          });
          confirmed++;
        }
        // Let the other actors run before looking again (a turn of the event loop, not a time).
        await new Promise((r) => setImmediate(r));
      }
      return confirmed;
    };

    const [a, b, d, confirmed] = await Promise.all([popup(POPUP_A, 'A')(), popup(POPUP_B, 'B')(), dapp(), approver()]);

    // The dApp: connected with the account it was granted; every signature verifies on its own message and nonce.
    expect(confirmed).toBe(1 + SIGNATURES);
    expect(d.connected).toMatchObject({ ok: true, result: [{ accountId }] });
    d.signatures.forEach((reply, i) => {
      expect(reply.ok, JSON.stringify(reply)).toBe(true);
      const signed = (reply as { result: { accountId: string; publicKey: string; signature: string } }).result;
      expect(signed.accountId).toBe(accountId);
      expect(
        verifySignature({
          publicKey: signed.publicKey,
          signature: signed.signature,
          message: `message ${i}`,
          nonce: nonces[i]!,
          recipient: 'dapp.example',
        }),
      ).toBe(true);
    });
    expect(
      t.pushes.filter((p) => p.message.type === 'approvalResult'),
      'one answer per request',
    ).toHaveLength(1 + SIGNATURES);

    // The approval queue: empty and consistent (no window left recorded).
    expect((await fakeBrowser.storage.session.get('approvals')).approvals).toEqual({
      items: [],
      windowId: null,
      cooldowns: {},
      shownId: null,
    });
    expect(await ask(bg, APPROVE, APPROVAL.current)).toBeNull();
    expect(await ask<ConnectedSite[]>(bg, POPUP_A, WALLET.listSites)).toEqual([
      { origin: DAPP.origin, accounts: [accountId], grantedAt: expect.any(Number) },
    ]);

    // The vault: a valid record that holds every account added, with the last label given.
    const expectWallet = (s: WalletStatus) => {
      expect(s.accounts.map((x) => x.accountId).sort()).toEqual([accountId, ...a.added, ...b.added].sort());
      expect(new Set(s.accounts.map((x) => x.accountId)).size).toBe(1 + 2 * ROUNDS);
      expect([`A-${ROUNDS - 1}`, `B-${ROUNDS - 1}`]).toContain(
        s.accounts.find((x) => x.accountId === accountId)!.label,
      );
      for (let i = 0; i < ROUNDS; i++) {
        expect(s.accounts.find((x) => x.accountId === a.added[i])!.label).toBe(`A${i}`);
        expect(s.accounts.find((x) => x.accountId === b.added[i])!.label).toBe(`B${i}`);
      }
      expect([a.added.at(-1), b.added.at(-1)]).toContain(s.selectedAccountId);
      expect(s.problem).toBeNull();
    };
    expect(() => readRecord(t.vaultStorage.data.get('vault'))).not.toThrow();
    expectWallet(await ask<WalletStatus>(bg, POPUP_A, WALLET.status));

    // Settings: valid, and holding one of the values each popup set last.
    const stored = settingsSchema.parse((await fakeBrowser.storage.local.get('settings')).settings);
    expect(stored.endpoints.swap).toBe(sim.url);
    const jwt = (await bg.settings.get()).jwt?.value;
    expect(stored.autoLockMinutes === 20 + ROUNDS - 1 || jwt === `jwt-${ROUNDS - 1}`).toBe(true);

    // Swaps: every one started is listed once and verifies.
    await expectSwapsKept(bg, sim, [...a.swaps, ...b.swaps]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe(String(2 * ROUNDS));

    // A restarted worker reads it all back: unlocked from storage.session, then locked and unlocked by password.
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const again = startBackground(backgroundEnv(t.clock, t.vaultStorage));
    expectWallet(await ask<WalletStatus>(again, POPUP_B, WALLET.status));
    await ask(again, POPUP_B, WALLET.lock);
    expectWallet(await ask<WalletStatus>(again, POPUP_B, WALLET.unlock, { password: PASSWORD }));
    await expectSwapsKept(again, sim, [...a.swaps, ...b.swaps]);
    expect(await ask<SettingsView>(again, POPUP_B, WALLET.getSettings)).toMatchObject({ endpoints: { swap: sim.url } });
  });

  // Regression (found by this suite): two changes at once once lost one.
  it('settings changed by two popups at once keep both changes', async () => {
    const t = await setup();
    const views = await Promise.all([
      ask<SettingsView>(t.bg, POPUP_A, WALLET.setSettings, { autoLockMinutes: 30 }),
      ask<SettingsView>(t.bg, POPUP_B, WALLET.setSettings, { jwt: 'a-partner-jwt' }),
    ]);
    expect(views[0]!.autoLockMinutes).toBe(30);
    expect(views[1]!.hasJwt).toBe(true);
    const stored = settingsSchema.parse((await fakeBrowser.storage.local.get('settings')).settings);
    expect({ autoLockMinutes: stored.autoLockMinutes, jwt: (await t.bg.settings.get()).jwt?.value }).toEqual({
      autoLockMinutes: 30,
      jwt: 'a-partner-jwt',
    });
  });

  // Regression (found by this suite): a lock racing a touch once left the unlocked session behind.
  it('a lock from one popup while the other popup acts leaves no unlocked session behind', async () => {
    const area = fakeBrowser.storage.session;
    let hold: { reached: () => void; released: Promise<void> } | null = null;
    const session: StorageAreaLike = {
      get: async (keys) => {
        const value = await area.get(keys);
        const h = hold;
        if (h && (keys === DEADLINE_KEY || (Array.isArray(keys) && keys.includes(DEADLINE_KEY)))) {
          hold = null;
          h.reached();
          await h.released; // the value was read; the answer arrives after the lock
        }
        return value;
      },
      set: (items) => area.set(items),
      remove: (keys) => area.remove(keys),
    };
    const t = await setup(session);
    let release!: () => void;
    const reached = new Promise<void>(
      (resolve) => (hold = { reached: resolve, released: new Promise<void>((r) => (release = r)) }),
    );
    const renaming = ask(t.bg, POPUP_B, WALLET.renameAccount, { accountId: t.accountId, label: 'renamed' }).catch(
      (e: Error) => e,
    );
    await reached; // popup B's request is inside touch(), between its read and its write of the deadline
    const locked = await ask<WalletStatus>(t.bg, POPUP_A, WALLET.lock);
    expect(locked.unlocked).toBe(false);
    release();
    await renaming;
    expect((await ask<WalletStatus>(t.bg, POPUP_A, WALLET.status)).unlocked).toBe(false);
    const left = Object.keys(await area.get(null as never));
    expect(left, 'no lock deadline is stored after the lock').not.toContain(DEADLINE_KEY);
    expect(left, 'no unlocked vault key is stored after the lock').not.toContain(VAULT_SESSION_KEY);
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const restarted = startBackground(backgroundEnv(t.clock, t.vaultStorage));
    expect(
      (await ask<WalletStatus>(restarted, POPUP_A, WALLET.status)).unlocked,
      'a restarted worker starts locked',
    ).toBe(false);
  });

  // Regression (found by this suite): concurrent requests once opened two approval windows.
  it('requests from two sites at once open one approval window', async () => {
    const t = await setup();
    const sites = ['https://one.example', 'https://two.example'];
    const replies = await Promise.all(
      sites.map((origin, i) =>
        t.bg.route(
          { type: 'request', method: METHODS.requestAccounts, params: {} },
          { url: `${origin}/`, origin, frameId: 0, tab: { id: 20 + i } },
        ),
      ),
    );
    expect(replies.map((r) => r.ok)).toEqual(['deferred', 'deferred']);
    const queue = (await fakeBrowser.storage.session.get('approvals')).approvals as {
      items: { origin: string }[];
      windowId: number;
    };
    expect(queue.items.map((p) => p.origin)).toEqual(sites);
    expect(t.windowsOpened).toEqual([queue.windowId]);
  });
});
