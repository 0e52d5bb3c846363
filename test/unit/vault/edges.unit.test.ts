// The vault's edges (src/vault/vault.ts): what it says when there is nothing to open, when a record is
// damaged (which is not a wrong password, so it is not throttled), when it is asked for what it does
// not hold; and that the secret seeds it makes are wiped once they are in the record.
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../../src/core';
import { memoryVaultStorage, RECORD_KEY, Vault, VaultError } from '../../../src/vault';
import { deriveKeyBytes, writeRecord } from '../../../src/vault/record';
import { FAST_KDF, PASSWORD, random } from './helpers';

async function outcome(p: Promise<unknown>): Promise<[string, string]> {
  try {
    await p;
    return ['ok', ''];
  } catch (e) {
    if (e instanceof VaultError) return [e.code, e.message];
    throw e;
  }
}

/** A record that opens with PASSWORD but holds `plaintext` instead of vault contents. */
async function recordHolding(plaintext: string) {
  const salt = random(32);
  const keyBytes = await deriveKeyBytes(PASSWORD, salt, FAST_KDF.iterations);
  return writeRecord({ keyBytes, salt, iterations: FAST_KDF.iterations }, utf8.encode(plaintext), random);
}

describe('vault edges', () => {
  it('says there is no wallet yet, and is not unlocked', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    expect(await outcome(vault.unlock(PASSWORD))).toEqual([
      'no_vault',
      'There is no wallet yet. Create or import one.',
    ]);
    expect(vault.isUnlocked).toBe(false);
    await vault.create(PASSWORD);
    expect(vault.isUnlocked).toBe(true);
    // Already unlocked: resume says so, with no session area to read from.
    expect(await vault.resume()).toBe(true);
  });

  it('tells unreadable and misshapen contents apart, and counts neither as a wrong password', async () => {
    for (const [plaintext, message] of [
      ['not json', 'The vault decrypted but its contents are not readable. It was left untouched.'],
      ['{"version":2}', 'The vault decrypted but its contents do not match the expected shape. It was left untouched.'],
    ] as const) {
      const storage = memoryVaultStorage({ [RECORD_KEY]: await recordHolding(plaintext) });
      const vault = new Vault({ storage, random, ...FAST_KDF, now: () => 1000 });
      for (let i = 0; i < 4; i++) expect(await outcome(vault.unlock(PASSWORD))).toEqual(['corrupted', message]);
      for (let i = 0; i < 4; i++)
        expect(await outcome(vault.exportSecretKey(PASSWORD, 'ed25519:x'))).toEqual(['corrupted', message]);
      expect(storage.data.has('vault.throttle')).toBe(false);
    }
  });

  it('keeps a record at today’s iterations as it is on unlock', async () => {
    const storage = memoryVaultStorage();
    await new Vault({ storage, random, ...FAST_KDF }).create(PASSWORD);
    const before = structuredClone(storage.data.get(RECORD_KEY));
    await new Vault({ storage, random, ...FAST_KDF }).unlock(PASSWORD);
    expect(storage.data.get(RECORD_KEY)).toEqual(before);
  });

  it('refuses what it does not hold, saying what', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    expect(await outcome(vault.create(PASSWORD, { kind: 'newPhrase', words: 12 }))).toEqual([
      'invalid_input',
      'Recovery phrases are not available here.',
    ]);
    await vault.create(PASSWORD);
    expect(await outcome(vault.exportPhrase(PASSWORD, 'p1'))).toEqual(['invalid_input', 'no such recovery phrase']);
    expect(await outcome(vault.exportSecretKey(PASSWORD, 'ed25519:x'))).toEqual([
      'unknown_key',
      'no local secret for key ed25519:x',
    ]);
    expect(await outcome(vault.openCredential({ iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA' }, 'a'))).toEqual([
      'corrupted',
      'This wallet has no credentials key: the saved credential was sealed by another wallet.',
    ]);
    expect(await outcome(vault.changePassword(PASSWORD, 'short'))).toEqual([
      'weak_password',
      'New password too weak: use at least 10 characters.',
    ]);
    expect(await outcome(vault.create('short'))).toEqual([
      'weak_password',
      'Password too weak: use at least 10 characters.',
    ]);
    expect(await outcome(vault.create(PASSWORD))).toEqual([
      'exists',
      'A wallet already exists on this browser profile.',
    ]);
    expect(() => new Vault({ storage: memoryVaultStorage(), random, minIterations: 1000, iterations: 999 })).toThrow(
      'iterations must be at least 1000',
    );
  });

  it('names private records the same way in every unlock, and not while locked', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    await vault.create(PASSWORD);
    const name = await vault.recordName('balances:alice.near');
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    expect(await vault.recordName('balances:bob.near')).not.toBe(name);
    await vault.lock();
    expect((await outcome(vault.recordName('balances:alice.near')))[0]).toBe('locked');
    await vault.unlock(PASSWORD);
    expect(await vault.recordName('balances:alice.near')).toBe(name);
  });

  it('wipes the seeds it generated once they are stored', async () => {
    const made: Uint8Array[] = [];
    const recording = (n: number) => {
      const bytes = random(n);
      if (n === 32) made.push(bytes);
      return bytes;
    };
    const vault = new Vault({ storage: memoryVaultStorage(), random: recording, ...FAST_KDF });
    const seedsOf = async (act: () => Promise<unknown>) => {
      made.length = 0;
      await act();
      return made.filter((b) => b.some((x) => x !== 0)).length;
    };
    // create: the seed is wiped; the 32 random bytes of the salt are not a secret and are kept.
    const first = await vault.create(PASSWORD, { kind: 'generate' });
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(made[0]!.every((x) => x === 0)).toBe(true);
    const added = await vault.addAccount({ kind: 'generate' });
    expect(made.at(-1)!.every((x) => x === 0)).toBe(true);
    expect(await seedsOf(() => vault.newKeyFor(first!.accountId))).toBe(0);
    expect(vault.view().keys.map((k) => k.publicKey)).toContain(added.publicKey);
  });
});
