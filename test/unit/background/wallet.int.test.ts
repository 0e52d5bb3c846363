import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STATUS_SNAPSHOT_KEY } from '../../../src/api/statusSnapshot';
import {
  type CreateResult,
  type KeyChangeResult,
  type KeyListing,
  WALLET,
  type WalletStatus,
} from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { AUTO_LOCK_ALARM, DEADLINE_KEY } from '../../../src/background/wallet/autoLock';
import { base64, encodeVersionedNonce, hex, verifySignedIntent } from '../../../src/core';
import { memoryVaultStorage } from '../../../src/vault';
import { VAULT_SESSION_KEY } from '../../../src/vault/session';
import { ledgerSalt } from '../../support/ledgerView';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { backgroundEnv, type Clock, call, PASSWORD, useSimulator, waitsMoveSim } from './harness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

async function freshWallet(clock: Clock = { now: Date.now() }) {
  const vaultStorage = memoryVaultStorage();
  // The wallet's waits (polling the bus until a key change settles) are the simulator's time.
  const bg = startBackground({ ...backgroundEnv(clock, vaultStorage), sleep: waitsMoveSim(sim) });
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  return { bg, vaultStorage, clock, accountId };
}

describe('unlocked state and auto-lock', () => {
  it('starts the idle timer on unlock and locks when the alarm fires', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { bg } = await freshWallet(clock);
    const alarm = await fakeBrowser.alarms.get(AUTO_LOCK_ALARM);
    expect(alarm?.scheduledTime).toBe(clock.now + 15 * 60_000);
    // The listener hands back its work: awaiting the alarm is awaiting the lock.
    await fakeBrowser.alarms.onAlarm.trigger({
      name: AUTO_LOCK_ALARM,
      scheduledTime: clock.now,
      persistAcrossSessions: false,
    });
    expect((await call<WalletStatus>(bg, WALLET.status)).unlocked).toBe(false);
    expect(await fakeBrowser.storage.session.get([DEADLINE_KEY, VAULT_SESSION_KEY])).toEqual({});
  });

  it('locks on the next request when the deadline passed even if the alarm was missed', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { bg } = await freshWallet(clock);
    clock.now += 15 * 60_000 + 1;
    expect((await call<WalletStatus>(bg, WALLET.status)).unlocked).toBe(false);
  });

  it('a restarted worker is still unlocked and signs; a browser restart (session cleared) starts locked', async () => {
    const clock = { now: Date.now() };
    const { vaultStorage, accountId } = await freshWallet(clock);
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    const status = await call<WalletStatus>(restarted, WALLET.status);
    expect(status.unlocked).toBe(true);
    const signed = await restarted.signer.sign(await restarted.signer.prepare({ signerId: accountId, intents: [] }));
    expect(verifySignedIntent(signed.signed).ok).toBe(true);

    await fakeBrowser.storage.session.clear();
    const afterBrowserRestart = startBackground(backgroundEnv(clock, vaultStorage));
    expect((await call<WalletStatus>(afterBrowserRestart, WALLET.status)).unlocked).toBe(false);
    await expect(afterBrowserRestart.signer.prepare({ signerId: accountId, intents: [] })).rejects.toThrow(/locked/);
  });

  it('a worker that restarts after the deadline starts locked, and the vault removes its stored key', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { vaultStorage } = await freshWallet(clock);
    expect(Object.keys(await fakeBrowser.storage.session.get(VAULT_SESSION_KEY))).toEqual([VAULT_SESSION_KEY]);
    clock.now += 15 * 60_000;
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    expect((await call<WalletStatus>(restarted, WALLET.status)).unlocked).toBe(false);
    expect(await fakeBrowser.storage.session.get([DEADLINE_KEY, VAULT_SESSION_KEY])).toEqual({});
  });

  it('after a password change a restarted worker is still unlocked and signs (the new key is in the session)', async () => {
    const clock = { now: Date.now() };
    const { bg, vaultStorage, accountId } = await freshWallet(clock);
    await call(bg, WALLET.setSettings, { jwt: 'a-partner-jwt' });
    await call(bg, WALLET.changePassword, { oldPassword: PASSWORD, newPassword: 'another long password' });
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    expect((await call<WalletStatus>(restarted, WALLET.status)).unlocked).toBe(true);
    const signed = await restarted.signer.sign(await restarted.signer.prepare({ signerId: accountId, intents: [] }));
    expect(verifySignedIntent(signed.signed).ok).toBe(true);
    // The credentials key is inside the contents: the password change keeps the JWT readable.
    expect((await restarted.settings.get()).jwt?.value).toBe('a-partner-jwt');
    await call(restarted, WALLET.lock);
    await expect(call(restarted, WALLET.unlock, { password: PASSWORD })).rejects.toThrow(/Wrong password/);
    expect((await call<WalletStatus>(restarted, WALLET.unlock, { password: 'another long password' })).unlocked).toBe(
      true,
    );
  });

  it('after an unlock that raised the KDF parameters a restarted worker is still unlocked and signs', async () => {
    const clock = { now: Date.now() };
    const { bg, vaultStorage, accountId } = await freshWallet(clock);
    await call(bg, WALLET.lock);
    const stronger = startBackground({ ...backgroundEnv(clock, vaultStorage), iterations: 650_000 });
    await call(stronger, WALLET.unlock, { password: PASSWORD });
    expect((vaultStorage.data.get('vault') as { kdf: { iterations: number } }).kdf.iterations).toBe(650_000);
    const restarted = startBackground(backgroundEnv(clock, vaultStorage));
    expect((await call<WalletStatus>(restarted, WALLET.status)).unlocked).toBe(true);
    const signed = await restarted.signer.sign(await restarted.signer.prepare({ signerId: accountId, intents: [] }));
    expect(verifySignedIntent(signed.signed).ok).toBe(true);
  });

  it('honours a changed auto-lock time', async () => {
    const clock = { now: 1_800_000_000_000 };
    const { bg } = await freshWallet(clock);
    await call(bg, WALLET.setAutoLock, { minutes: 1 });
    expect((await fakeBrowser.alarms.get(AUTO_LOCK_ALARM))?.scheduledTime).toBe(clock.now + 60_000);
  });
});

describe('signing service', () => {
  it('builds a versioned nonce with the current salt and a deadline the verifier accepts', async () => {
    const { bg, accountId } = await freshWallet();
    const prepared = await bg.signer.prepare({
      signerId: accountId,
      intents: [],
      deadline: '2099-01-01T00:00:00.000123Z',
    });
    expect(prepared.nonceKind).toBe('versioned');
    const salt = await ledgerSalt(sim);
    expect(hex.encode(base64.decode(prepared.payload.nonce).slice(5, 9))).toBe(salt);
    // Sub-millisecond digits in a dApp's deadline: the nonce deadline is rounded up, so the verifier's
    // "deadline is greater than nonce" rule holds and the simulator's verifier accepts it.
    const subMs = new Date(Date.now() + 60_000).toISOString().replace('Z', '123Z');
    const published = await bg.signer.signAndPublish(
      { signerId: accountId, intents: [], deadline: subMs },
      await busClient(bg),
    );
    expect(published.result).toEqual({ status: 'OK', intent_hash: published.intentHash });
  });

  it('refuses to sign a nonce twice for the same signer', async () => {
    const { bg, accountId } = await freshWallet();
    const nonce = base64.encode(new Uint8Array(32).fill(7));
    await bg.signer.sign(await bg.signer.prepare({ signerId: accountId, intents: [], nonce }));
    await expect(bg.signer.prepare({ signerId: accountId, intents: [], nonce })).rejects.toThrow(/already used/);
    const again = await bg.signer.prepare({
      signerId: accountId,
      intents: [],
      nonce: encodeVersionedNonce({
        salt: new Uint8Array(4),
        deadline: new Date(Date.now() + 60_000),
        random15: new Uint8Array(15),
      }),
    });
    const first = await bg.signer.sign(again);
    // The very same intent again (a restarted approval) yields the same signature, not a second use.
    expect((await bg.signer.sign(again)).signed).toEqual(first.signed);
    // Anything else under that nonce is refused.
    const other = { ...again, payload: { ...again.payload, deadline: new Date(Date.now() + 30_000).toISOString() } };
    await expect(bg.signer.sign(other)).rejects.toThrow(/already used/);
  });

  it('refreshes the salt and re-signs once after an invalid salt rejection', async () => {
    const { bg, accountId } = await freshWallet();
    await bg.salts.current(); // cache the salt that is about to be invalidated
    const salt = await bg.salts.current();
    await devPost('/dev/salt/rotate', {});
    await devPost('/dev/salt/invalidate', { salts: [salt] });
    const out = await bg.signer.signAndPublish({ signerId: accountId, intents: [] }, await busClient(bg));
    expect(out.result.status).toBe('OK');
    expect(hex.encode(base64.decode(out.payload.nonce).slice(5, 9))).not.toBe(salt);
  });
});

describe('keys on the verifier', () => {
  it('adds a generated key through add_public_key, sees it registered, and removes it', async () => {
    const { bg, accountId } = await freshWallet();
    await call(bg, WALLET.status);
    const added = await call<KeyChangeResult>(bg, WALLET.addKey, { accountId });
    expect(added).toMatchObject({ status: 'SETTLED', confirmed: true });
    // The copy a woken worker answers from has the key by the time the change is answered, never the
    // one from before (src/background/wallet/statusMirror.ts).
    const copy = (await fakeBrowser.storage.session.get(STATUS_SNAPSHOT_KEY))[STATUS_SNAPSHOT_KEY] as WalletStatus;
    expect(copy.accounts[0]!.publicKeys).toContain(added.publicKey);
    expect(copy).toEqual(await call<WalletStatus>(bg, WALLET.status));
    const listing = await call<KeyListing>(bg, WALLET.listKeys, { accountId });
    expect(listing.registered).toContain(added.publicKey);
    expect(listing.local.map((l) => l.registered)).toEqual([true, true]);

    const removed = await call<KeyChangeResult>(bg, WALLET.removeKey, { accountId, publicKey: added.publicKey });
    expect(removed).toMatchObject({ status: 'SETTLED', confirmed: true });
    expect((await call<KeyListing>(bg, WALLET.listKeys, { accountId })).registered).not.toContain(added.publicKey);
  });

  it('refuses to remove the signing key without confirmation or without another registered local key', async () => {
    const { bg, accountId } = await freshWallet();
    const status = await call<WalletStatus>(bg, WALLET.status);
    const signingKey = status.accounts[0]!.publicKeys[0]!;
    await expect(call(bg, WALLET.removeKey, { accountId, publicKey: signingKey })).rejects.toThrow(/last key/);
    const added = await call<KeyChangeResult>(bg, WALLET.addKey, { accountId });
    await expect(call(bg, WALLET.removeKey, { accountId, publicKey: signingKey })).rejects.toThrow(/Confirm/);
    // Rotation: remove the old signing key with confirmation; the new key takes over signing.
    await call(bg, WALLET.removeKey, { accountId, publicKey: signingKey, confirmRemovingSigningKey: true });
    const after = await call<WalletStatus>(bg, WALLET.status);
    expect(after.accounts[0]!.publicKeys).toEqual([added.publicKey]);
    const signed = await bg.signer.signAndPublish({ signerId: accountId, intents: [] }, await busClient(bg));
    expect(signed.result.status).toBe('OK');
  });
});

describe('choosing the signing key', () => {
  /** A local key the verifier does not list: added, then removed on the ledger behind the wallet's back. */
  async function unregisteredLocalKey() {
    const w = await freshWallet();
    const added = await call<KeyChangeResult>(w.bg, WALLET.addKey, { accountId: w.accountId });
    const out = await w.bg.signer.signAndPublish(
      { signerId: w.accountId, intents: [{ intent: 'remove_public_key', public_key: added.publicKey }] },
      await busClient(w.bg),
    );
    expect(out.result.status).toBe('OK');
    return { ...w, key: added.publicKey };
  }
  const signingKey = async (bg: ReturnType<typeof startBackground>) =>
    (await call<WalletStatus>(bg, WALLET.status)).accounts[0]!.publicKeys[0];

  it('a key the verifier does not list never becomes the signing key', async () => {
    const { bg, accountId, key } = await unregisteredLocalKey();
    const before = await signingKey(bg);
    await expect(call(bg, WALLET.useSigningKey, { accountId, publicKey: key })).rejects.toThrow(/Register this key/);
    // Not even when the user says so: the verifier answered, and it does not accept the key.
    await expect(call(bg, WALLET.useSigningKey, { accountId, publicKey: key, acceptUnverified: true })).rejects.toThrow(
      /Register this key/,
    );
    expect(await signingKey(bg)).toBe(before);
  });

  it('while the verifier cannot be asked: only the implicit account’s own key, or the user’s explicit choice', async () => {
    const { bg, accountId, key } = await unregisteredLocalKey();
    const own = (await call<WalletStatus>(bg, WALLET.status)).accounts[0]!.publicKeys.find((k) => k !== key)!;
    await call(bg, WALLET.setSettings, { endpoints: { ledgerRpc: 'http://127.0.0.1:9/' }, ledgerRpcFallbacks: [] });
    await expect(call(bg, WALLET.useSigningKey, { accountId, publicKey: key })).rejects.toThrow(/could not be asked/);
    expect(await signingKey(bg)).toBe(own);
    // The implicit account's own key is accepted by the verifier by construction.
    await call(bg, WALLET.useSigningKey, { accountId, publicKey: own });
    expect(await signingKey(bg)).toBe(own);
    // The user's explicit choice, and only that, makes the unverifiable key sign.
    await call(bg, WALLET.useSigningKey, { accountId, publicKey: key, acceptUnverified: true });
    expect(await signingKey(bg)).toBe(key);
  });
});

describe('wallet API from the popup', () => {
  it('creates from a new phrase, asks for its backup, and never shows secrets in status', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    expect(created.phrase?.words).toHaveLength(12);
    expect(created.status.phrasesToBackUp).toEqual([created.phrase!.id]);
    expect(JSON.stringify(created.status)).not.toMatch(/secret|ed25519:[1-9A-HJ-NP-Za-km-z]{80,}/);
    const after = await call<WalletStatus>(bg, WALLET.confirmBackup, { phraseId: created.phrase!.id });
    expect(after.phrasesToBackUp).toEqual([]);
  });

  it('reports a weak password and a wrong password in plain words', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    await expect(call(bg, WALLET.create, { password: 'short', source: { kind: 'generate' } })).rejects.toThrow(
      /at least 10 characters/,
    );
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.lock);
    await expect(call(bg, WALLET.unlock, { password: 'not the password' })).rejects.toThrow(/Wrong password/);
  });

  it('keeps the JWT in the background: settings show only that it is set', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    const view = await call<Record<string, unknown>>(bg, WALLET.setSettings, { jwt: 'eyJhbGciOi.secret.jwt' });
    expect(view.hasJwt).toBe(true);
    expect(JSON.stringify(view)).not.toContain('secret');
  });

  it('reports a damaged vault record without deleting it', async () => {
    const vaultStorage = memoryVaultStorage({
      vault: { format: 'intents-companion-vault', version: 1, kdf: 'garbage' },
    });
    const bg = startBackground(backgroundEnv({ now: Date.now() }, vaultStorage));
    const status = await call<WalletStatus>(bg, WALLET.status);
    expect(status.problem).toMatch(/damaged/);
    expect(vaultStorage.data.get('vault')).toMatchObject({ kdf: 'garbage' });
  });
});

async function busClient(bg: ReturnType<typeof startBackground>) {
  const { MessageBusClient } = await import('../../../src/bus');
  const s = await bg.settings.get();
  return new MessageBusClient({
    url: s.endpoints.bus,
    apiKey: s.busApiKey ?? undefined,
    deps: { fetch: (u, i) => fetch(u, i), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
}

async function devPost(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
