// The vault's own unlocked session (src/vault/session.ts): the key the record opens with, kept by the vault
// in the session area it is given, read back only by resume(), removed by lock(), replaced whenever the
// key changes; work that meets a lock never writes it back.
import { describe, expect, it } from 'vitest';
import { memoryVaultStorage, RECORD_KEY, Vault, type VaultStorage } from '../../../src/vault';
import { type SessionArea, VAULT_SESSION_KEY } from '../../../src/vault/session';
import { code, FAST_KDF, memorySession, PASSWORD, random } from './helpers';

const ITERATIONS: number = FAST_KDF.iterations;
const RAISED = 2 * ITERATIONS;

function setup(storage = memoryVaultStorage(), session = memorySession()) {
  const open = (iterations = ITERATIONS, area: SessionArea = session) =>
    new Vault({ storage, random, minIterations: FAST_KDF.minIterations, iterations, session: area });
  return { storage, session, open };
}

describe('unlocked session across worker restarts', () => {
  it('create and unlock store the key; a new vault object resumes with it; lock removes it', async () => {
    const { storage, session, open } = setup();
    const vault = open();
    const added = (await vault.create(PASSWORD, { kind: 'generate' }))!;
    expect([...session.data.keys()]).toEqual([VAULT_SESSION_KEY]);
    expect(JSON.stringify(session.data.get(VAULT_SESSION_KEY))).not.toContain(added.publicKey.slice(8));

    const restarted = open();
    expect(await restarted.resume()).toBe(true);
    expect(restarted.view().accounts[0]!.accountId).toBe(added.accountId);
    expect(restarted.signMessage(added.publicKey, { message: 'm', nonce: random(32), recipient: 'a.near' })).toMatch(
      /==$/,
    );

    await restarted.lock();
    expect(session.data.size).toBe(0);
    expect(await open().resume()).toBe(false);

    await restarted.unlock(PASSWORD);
    expect(session.data.has(VAULT_SESSION_KEY)).toBe(true);
    expect(await open().resume()).toBe(true);
    expect(storage.data.has(RECORD_KEY)).toBe(true);
  });

  it('without a session area nothing is kept and a restart starts locked', async () => {
    const storage = memoryVaultStorage();
    await new Vault({ storage, random, ...FAST_KDF }).create(PASSWORD, { kind: 'generate' });
    expect(await new Vault({ storage, random, ...FAST_KDF }).resume()).toBe(false);
  });

  it('a password change stores the new key (the old one no longer opens the record); locked, it stores none', async () => {
    const { session, open } = setup();
    const vault = open();
    await vault.create(PASSWORD, { kind: 'generate' });
    const before = session.data.get(VAULT_SESSION_KEY);
    await vault.changePassword(PASSWORD, 'a new long passphrase');
    expect(session.data.get(VAULT_SESSION_KEY)).not.toEqual(before);
    expect(await open().resume()).toBe(true);

    await vault.lock();
    await vault.changePassword('a new long passphrase', 'a third long passphrase');
    expect(session.data.size).toBe(0);
    expect(vault.isUnlocked).toBe(false);
  });

  it('raising the KDF on unlock stores the key of the raised record', async () => {
    const { storage, session, open } = setup();
    await open().create(PASSWORD, { kind: 'generate' });
    const stronger = open(RAISED);
    await stronger.lock();
    await stronger.unlock(PASSWORD);
    expect((storage.data.get(RECORD_KEY) as { kdf: { iterations: number } }).kdf.iterations).toBe(RAISED);
    expect(session.data.has(VAULT_SESSION_KEY)).toBe(true);
    expect(await open().resume()).toBe(true);
  });

  it('a stored key that does not open the record is removed and said; a damaged one is no key', async () => {
    const { session, open } = setup();
    await open().create(PASSWORD, { kind: 'generate' });
    session.data.set(VAULT_SESSION_KEY, { keyBytes: Buffer.from(random(32)).toString('base64') });
    expect(await code(open().resume())).toBe('wrong_password');
    expect(session.data.size).toBe(0);
    session.data.set(VAULT_SESSION_KEY, { keyBytes: 'not a key' });
    expect(await open().resume()).toBe(false);
  });

  it('a lock while resume reads the session leaves the wallet locked and no key stored', async () => {
    const { session, open } = setup();
    await open().create(PASSWORD, { kind: 'generate' });
    let release!: () => void;
    let reached!: () => void;
    const reading = new Promise<void>((r) => (reached = r));
    const slow: SessionArea = {
      get: async (key) => {
        const value = await session.get(key);
        reached();
        await new Promise<void>((r) => (release = r));
        return value;
      },
      set: session.set,
      remove: session.remove,
    };
    const vault = open(ITERATIONS, slow);
    const resuming = vault.resume();
    await reading;
    await vault.lock();
    release();
    expect(await resuming).toBe(false);
    expect(vault.isUnlocked).toBe(false);
    expect(session.data.size).toBe(0);
  });

  it('a lock during the KDF raise on unlock: the raised record stays, no key is written back', async () => {
    const inner = memoryVaultStorage();
    const { session, open } = setup(inner);
    await open().create(PASSWORD, { kind: 'generate' });
    let reached!: () => void;
    const staging = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gated: VaultStorage = {
      get: inner.get,
      del: inner.del,
      set: async (k, v) => {
        if (k === 'vault.next') {
          reached();
          await new Promise<void>((r) => (release = r));
        }
        return inner.set(k, v);
      },
    };
    const vault = new Vault({ storage: gated, random, ...FAST_KDF, iterations: RAISED, session });
    const unlocking = vault.unlock(PASSWORD);
    await staging; // unlocked with the old key, now writing the raised record
    await vault.lock();
    release();
    await unlocking;
    expect(vault.isUnlocked).toBe(false);
    expect(session.data.size).toBe(0);
    expect((inner.data.get(RECORD_KEY) as { kdf: { iterations: number } }).kdf.iterations).toBe(RAISED);
    await open().unlock(PASSWORD);
  });
});
