// Credentials (JWT, message-bus API key) in a background started as the extension starts it: bound
// to the origins they were entered for and cleared when those change, refused for an endpoint that
// is neither https nor loopback, sealed at rest (nothing readable in storage.local), used only while
// unlocked, and migrated from the plaintext an older version stored.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SettingsView, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import type { StoredCredential } from '../../../src/background/wallet/credentials';
import {
  applySettingsChange,
  defaultSettings,
  type StoredSettings,
} from '../../../src/background/wallet/settingsModel';
import { memoryVaultStorage } from '../../../src/vault';
import { backgroundEnv, call, PASSWORD } from './harness';

beforeEach(() => fakeBrowser.reset());

const JWT = 'eyJhbGciOiJIUzI1NiJ9.jwt-secret-payload.c2lnbmF0dXJl';
const BUS_KEY = 'bus-key-secret-0123456789';
const LOCAL = 'http://127.0.0.1:3999';

async function unlockedWallet() {
  const vaultStorage = memoryVaultStorage();
  const clock = { now: Date.now() };
  const bg = startBackground(backgroundEnv(clock, vaultStorage));
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  return { bg, vaultStorage, clock };
}

/** Everything the extension keeps: storage.local, storage.session and the vault's store, as text. */
async function everythingStored(vaultStorage: ReturnType<typeof memoryVaultStorage>) {
  return {
    local: JSON.stringify(await fakeBrowser.storage.local.get(null)),
    session: JSON.stringify(await fakeBrowser.storage.session.get(null)),
    vault: JSON.stringify([...vaultStorage.data.values()]),
  };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: number; data?: unknown; message: string }) => e,
  );

describe('binding to origins (pure rules)', () => {
  const sealed = (bound: Record<string, string>) => ({ bound, iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA' });
  const stored = (): StoredSettings => ({
    ...defaultSettings('local'),
    jwt: sealed({ swap: LOCAL, transactions: LOCAL }),
    busApiKey: sealed({ bus: LOCAL }),
  });

  it('clears a credential when an origin it is bound to changes, and keeps it otherwise', () => {
    const pathOnly = applySettingsChange(stored(), { endpoints: { swap: `${LOCAL}/v1`, bus: `${LOCAL}/rpc2` } });
    expect([pathOnly.jwt !== null, pathOnly.busApiKey !== null]).toEqual([true, true]);
    const unrelated = applySettingsChange(stored(), {
      autoLockMinutes: 5,
      endpoints: { ledgerRpc: 'https://rpc.example' },
    });
    expect([unrelated.jwt !== null, unrelated.busApiKey !== null]).toEqual([true, true]);

    const swapMoved = applySettingsChange(stored(), { endpoints: { swap: 'http://localhost:3999' } });
    expect([swapMoved.jwt, swapMoved.busApiKey !== null]).toEqual([null, true]);
    const txMoved = applySettingsChange(stored(), { endpoints: { transactions: 'http://127.0.0.1:4000/api/v0' } });
    expect(txMoved.jwt).toBeNull();
    const busMoved = applySettingsChange(stored(), { endpoints: { bus: 'https://bus.example/rpc' } });
    expect([busMoved.jwt !== null, busMoved.busApiKey]).toEqual([true, null]);
    const presetSwitch = applySettingsChange(stored(), { preset: 'mainnet' });
    expect([presetSwitch.jwt, presetSwitch.busApiKey]).toEqual([null, null]);
    // The same preset again changes no origin.
    expect(applySettingsChange(stored(), { preset: 'local' }).jwt).not.toBeNull();
  });

  it('clears a plaintext credential of an older version the same way', () => {
    const legacy: StoredSettings = { ...defaultSettings('local'), jwt: 'legacy', busApiKey: 'legacy' };
    const moved = applySettingsChange(legacy, { endpoints: { bus: 'http://localhost:3999/rpc' } });
    expect([moved.jwt, moved.busApiKey]).toEqual(['legacy', null]);
  });
});

describe('saving a credential', () => {
  it('refuses an endpoint that is neither https nor loopback, naming the field, and changes nothing', async () => {
    const { bg } = await unlockedWallet();
    const before = await call<SettingsView>(bg, WALLET.getSettings);
    const jwt = await rejection(call(bg, WALLET.setSettings, { endpoints: { swap: 'http://example.com' }, jwt: JWT }));
    expect(jwt).toMatchObject({
      code: -32602,
      data: { field: 'jwt' },
      message: expect.stringMatching(/https.*http:\/\/example\.com/),
    });
    const key = await rejection(
      call(bg, WALLET.setSettings, { endpoints: { bus: 'http://example.com/rpc' }, busApiKey: BUS_KEY }),
    );
    expect(key).toMatchObject({ code: -32602, data: { field: 'busApiKey' } });
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toEqual(before);

    const ok = await call<SettingsView>(bg, WALLET.setSettings, {
      endpoints: { swap: LOCAL, bus: `${LOCAL}/rpc` },
      jwt: JWT,
      busApiKey: BUS_KEY,
    });
    expect(ok).toMatchObject({ hasJwt: true, hasBusApiKey: true, credentialsWaiting: [] });
    const https = await call<SettingsView>(bg, WALLET.setSettings, {
      endpoints: { swap: 'https://swap.example' },
      jwt: JWT,
    });
    expect(https.hasJwt).toBe(true);
  });

  it('binds the JWT to the transactions API only when that endpoint may carry it too', async () => {
    const { bg } = await unlockedWallet();
    await call(bg, WALLET.setSettings, {
      endpoints: { swap: 'https://swap.example/', transactions: 'http://tx.example/api/v0' },
      jwt: JWT,
    });
    expect((await bg.settings.get()).jwt).toEqual({ value: JWT, origins: ['https://swap.example'] });
    await call(bg, WALLET.setSettings, { endpoints: { transactions: 'https://tx.example/api/v0' }, jwt: JWT });
    expect((await bg.settings.get()).jwt).toEqual({
      value: JWT,
      origins: ['https://swap.example', 'https://tx.example'],
    });
  });

  it('keeps no plaintext in storage.local (or anywhere else) and shows pages only whether it is set', async () => {
    const { bg, vaultStorage } = await unlockedWallet();
    const view = await call<SettingsView>(bg, WALLET.setSettings, { jwt: JWT, busApiKey: BUS_KEY });
    expect(JSON.stringify(view)).not.toMatch(/secret/);
    const stored = await everythingStored(vaultStorage);
    for (const secret of [JWT, BUS_KEY, 'jwt-secret-payload']) {
      expect(stored.local).not.toContain(secret);
      expect(stored.session).not.toContain(secret);
      expect(stored.vault).not.toContain(secret);
    }
    // Stored all the same: the background opens them.
    const s = await bg.settings.get();
    expect([s.jwt?.value, s.busApiKey?.value]).toEqual([JWT, BUS_KEY]);
  });
});

describe('clearing on an origin change', () => {
  it('a custom endpoint edit clears the credential for it; a preset switch clears both', async () => {
    const { bg } = await unlockedWallet();
    await call(bg, WALLET.setSettings, { jwt: JWT, busApiKey: BUS_KEY });
    const edited = await call<SettingsView>(bg, WALLET.setSettings, { endpoints: { swap: 'http://localhost:3999' } });
    expect(edited).toMatchObject({ hasJwt: false, hasBusApiKey: true });
    expect((await bg.settings.get()).jwt).toBeNull();
    // Back to the old origin: it stays cleared (it was deleted, not hidden).
    expect((await call<SettingsView>(bg, WALLET.setSettings, { endpoints: { swap: LOCAL } })).hasJwt).toBe(false);
    const switched = await call<SettingsView>(bg, WALLET.setSettings, { preset: 'mainnet' });
    expect(switched).toMatchObject({ hasJwt: false, hasBusApiKey: false });
    expect(JSON.stringify(await fakeBrowser.storage.local.get('settings'))).not.toMatch(/ciphertext/);
  });

  it('an origin edited straight in storage.local (as a content script could) opens nothing', async () => {
    const { bg, vaultStorage, clock } = await unlockedWallet();
    await call(bg, WALLET.setSettings, { jwt: JWT });
    const { settings } = (await fakeBrowser.storage.local.get('settings')) as {
      settings: Omit<StoredSettings, 'jwt'> & { jwt: StoredCredential };
    };
    const evil = 'https://evil.example';
    await fakeBrowser.storage.local.set({
      settings: {
        ...settings,
        endpoints: { ...settings.endpoints, swap: evil },
        jwt: { ...settings.jwt, bound: { swap: evil } },
      },
    });
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    // wallet_status alone finds it: it opens each credential once per unlock.
    const status = await call<WalletStatus>(restarted, WALLET.status);
    expect(status.unlocked).toBe(true);
    expect(status.problem).toBeNull();
    expect(status.storeProblems).toEqual([
      {
        store: 'credentials',
        message: expect.stringMatching(/JWT cannot be opened/),
        words: { key: 'storeProblem_credentialUnreadable', subs: ['JWT'] },
      },
    ]);
    expect((await restarted.settings.get()).jwt).toBeNull();
  });
});

describe('locked wallet', () => {
  it('uses no credential while locked; a credential entered while locked waits in memory until the unlock', async () => {
    const { bg, vaultStorage } = await unlockedWallet();
    await call(bg, WALLET.setSettings, { jwt: JWT });
    await call(bg, WALLET.lock);
    expect((await bg.settings.get()).jwt).toBeNull();
    expect((await call<SettingsView>(bg, WALLET.getSettings)).hasJwt).toBe(true);

    const waiting = await call<SettingsView>(bg, WALLET.setSettings, { busApiKey: BUS_KEY });
    expect(waiting).toMatchObject({ hasBusApiKey: true, credentialsWaiting: ['busApiKey'] });
    expect((await everythingStored(vaultStorage)).local).not.toContain(BUS_KEY);
    expect((await bg.settings.get()).busApiKey).toBeNull();

    await call(bg, WALLET.unlock, { password: PASSWORD });
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toMatchObject({
      hasJwt: true,
      hasBusApiKey: true,
      credentialsWaiting: [],
    });
    const s = await bg.settings.get();
    expect([s.jwt?.value, s.busApiKey?.value]).toEqual([JWT, BUS_KEY]);
    const stored = await everythingStored(vaultStorage);
    expect(stored.local + stored.session).not.toContain(BUS_KEY);
  });

  it('a credential entered before the wallet exists is sealed when it is created', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    expect(await call<SettingsView>(bg, WALLET.setSettings, { busApiKey: BUS_KEY })).toMatchObject({
      credentialsWaiting: ['busApiKey'],
    });
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    expect((await bg.settings.get()).busApiKey?.value).toBe(BUS_KEY);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(BUS_KEY);
  });
});

describe('a restarted worker', () => {
  /** The storage.session calls that change something, made by a background started on `session`'s area. */
  function countedSessionChanges() {
    const area = fakeBrowser.storage.session;
    const changes: string[] = [];
    const session = {
      get: (keys: string | string[] | null) => area.get(keys),
      set: (items: Record<string, unknown>) => {
        changes.push(`set ${Object.keys(items).join(',')}`);
        return area.set(items);
      },
      remove: (keys: string | string[]) => {
        changes.push(`remove ${[keys].flat().join(',')}`);
        return area.remove(keys);
      },
    };
    return { session, changes };
  }

  it('changes nothing in storage.session to find that no credential waits', async () => {
    const { vaultStorage, clock } = await unlockedWallet();
    const { session, changes } = countedSessionChanges();
    const env = backgroundEnv(clock, vaultStorage);
    const bg = startBackground({ ...env, storage: { ...env.storage, session } });
    await call(bg, WALLET.getSettings);
    await bg.tracking;
    expect(changes.filter((c) => c.includes('credentials'))).toEqual([]);
    expect((await call<WalletStatus>(bg, WALLET.status)).unlocked).toBe(true);
  });

  it('removes a damaged waiting value when it restores the session, and keeps the sealed credential', async () => {
    const { bg: first, vaultStorage, clock } = await unlockedWallet();
    await call(first, WALLET.setSettings, { jwt: JWT });
    await fakeBrowser.storage.session.set({ 'credentials.waiting': { jwt: 'not an entry' } });
    const { session, changes } = countedSessionChanges();
    const env = backgroundEnv(clock, vaultStorage);
    const bg = startBackground({ ...env, storage: { ...env.storage, session } });
    expect((await call<SettingsView>(bg, WALLET.getSettings)).hasJwt).toBe(true);
    expect(changes).toContain('remove credentials.waiting');
    expect(await fakeBrowser.storage.session.get('credentials.waiting')).toEqual({});
    expect((await bg.settings.get()).jwt?.value).toBe(JWT);
  });
});

describe('migration from plaintext', () => {
  /** A wallet, locked, whose storage.local then holds settings as an older version wrote them. */
  async function upgraded(endpoints: Partial<StoredSettings['endpoints']> = {}) {
    const { bg, vaultStorage, clock } = await unlockedWallet();
    await call(bg, WALLET.lock);
    const legacy = {
      ...defaultSettings('local'),
      endpoints: { ...defaultSettings('local').endpoints, ...endpoints },
      jwt: JWT,
      busApiKey: BUS_KEY,
    };
    await fakeBrowser.storage.local.set({ settings: legacy });
    return { bg: startBackground(backgroundEnv(clock, vaultStorage)), vaultStorage };
  }

  it('seals a plaintext credential at the first unlock and deletes the plaintext; nothing is lost', async () => {
    const { bg, vaultStorage } = await upgraded();
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toMatchObject({ hasJwt: true, hasBusApiKey: true });
    expect((await bg.settings.get()).jwt).toBeNull(); // not used before it is sealed
    await call(bg, WALLET.unlock, { password: PASSWORD });
    const stored = await everythingStored(vaultStorage);
    for (const secret of [JWT, BUS_KEY]) expect(stored.local + stored.session + stored.vault).not.toContain(secret);
    const s = await bg.settings.get();
    expect([s.jwt?.value, s.busApiKey?.value]).toEqual([JWT, BUS_KEY]);
    expect(s.jwt?.origins).toEqual([LOCAL]);
  });

  it('removes a plaintext credential whose endpoint may not carry one, and says so', async () => {
    const { bg, vaultStorage } = await upgraded({ bus: 'http://bus.example/rpc' });
    const status = await call<WalletStatus>(bg, WALLET.unlock, { password: PASSWORD });
    expect(status.problem).toBeNull();
    expect(status.storeProblems).toEqual([
      {
        store: 'credentials',
        message: expect.stringMatching(/message-bus API key saved by an earlier version was removed/),
        words: { key: 'storeProblem_credentialRemoved', subs: [{ key: 'advanced_busKey', subs: [] }] },
      },
    ]);
    expect(await call<SettingsView>(bg, WALLET.getSettings)).toMatchObject({ hasJwt: true, hasBusApiKey: false });
    expect((await everythingStored(vaultStorage)).local).not.toContain(BUS_KEY);
  });
});
