import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  base64,
  buildIntentPayload,
  encodeVersionedNonce,
  formatPublicKey,
  generateKeyPair,
  hex,
  implicitAccountId,
  parseSecretKey,
  publicKeyFromSeed,
  signNep413,
  verifySignedIntent,
} from '../../../src/core';
import {
  delayAfter,
  memoryVaultStorage,
  NEXT_RECORD_KEY,
  RECORD_KEY,
  Vault,
  type VaultStorage,
} from '../../../src/vault';
import { code, createWithKey, FAST_KDF, PASSWORD, random } from './helpers';

const FIXTURE = JSON.parse(
  readFileSync(new URL('../../fixtures/vault-record-v1.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const FIXTURE_KEY = 'ed25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy';

describe('vault record', () => {
  it('writes a record that reads back, with KDF parameters and fresh salt and IVs', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    const pair = await createWithKey(vault);
    const record = storage.data.get(RECORD_KEY) as { kdf: { iterations: number; salt: string }; data: { iv: string } };
    expect(record.kdf.iterations).toBe(FAST_KDF.iterations);
    expect(JSON.stringify(record)).not.toContain(formatPublicKey(pair.publicKey).slice(8)); // nothing in clear

    const again = new Vault({ storage, random, ...FAST_KDF });
    await again.unlock(PASSWORD);
    expect(again.view().accounts[0]?.publicKeys).toEqual([formatPublicKey(pair.publicKey)]);

    await again.renameAccount(implicitAccountId(pair.publicKey), 'Renamed');
    const after = storage.data.get(RECORD_KEY) as { data: { iv: string } };
    expect(after.data.iv).not.toBe(record.data.iv);
  });

  it('decrypts the committed v1 fixture with its known password', async () => {
    const vault = new Vault({ storage: memoryVaultStorage({ [RECORD_KEY]: FIXTURE }), random, ...FAST_KDF });
    await vault.unlock('fixture-password-42');
    expect(vault.view().accounts).toEqual([
      {
        accountId: '151848b75252e8406857a3bffa3cb4bf0451e62bb1774f20906329f0614d5a3e',
        label: 'Fixture',
        kind: 'implicit',
        publicKeys: [FIXTURE_KEY],
      },
    ]);
    expect(await vault.exportSecretKey('fixture-password-42', FIXTURE_KEY)).toBe(
      'ed25519:3FyRtUUMxiNT1g2ST6mbj7W1CN7KfQBbomawC7YG4A1zwHmw2TRsn1Wc8NaFcBCoJDu3zt3znJDSwKQ31oRaKXH7',
    );
  });

  it('tells a wrong password from a tampered ciphertext, and leaves the record untouched', async () => {
    const tampered = structuredClone(FIXTURE) as { data: { ciphertext: string } };
    const bytes = base64.decode(tampered.data.ciphertext);
    bytes[10]! ^= 1;
    tampered.data.ciphertext = base64.encode(bytes);
    const storage = memoryVaultStorage({ [RECORD_KEY]: tampered });
    const vault = new Vault({ storage, random, ...FAST_KDF });
    expect(await code(vault.unlock('fixture-password-42'))).toBe('corrupted');
    expect(storage.data.get(RECORD_KEY)).toEqual(tampered);

    const good = new Vault({ storage: memoryVaultStorage({ [RECORD_KEY]: FIXTURE }), random, ...FAST_KDF });
    expect(await code(good.unlock('not the password'))).toBe('wrong_password');
  });

  it('reports truncated and malformed records as corrupted without deleting them', async () => {
    const truncated = JSON.parse(JSON.stringify(FIXTURE)) as Record<string, unknown>;
    delete truncated.data;
    const cases: unknown[] = [
      truncated,
      'garbage',
      { ...FIXTURE, kdf: { ...(FIXTURE.kdf as object), iterations: 1000 } },
    ];
    for (const raw of cases) {
      const storage = memoryVaultStorage({ [RECORD_KEY]: raw });
      expect(await code(new Vault({ storage, random }).unlock('fixture-password-42'))).toBe('corrupted');
      expect(storage.data.get(RECORD_KEY)).toEqual(raw);
    }
    const future = memoryVaultStorage({ [RECORD_KEY]: { ...FIXTURE, version: 2 } });
    expect(await code(new Vault({ storage: future, random }).unlock('x'))).toBe('unsupported_version');
  });

  it('raises weaker KDF parameters on unlock', async () => {
    const storage = memoryVaultStorage();
    const pair = await createWithKey(new Vault({ storage, random, ...FAST_KDF }));
    const weaker = storage.data.get(RECORD_KEY) as { kdf: { salt: string } };
    const raised = 2 * FAST_KDF.iterations;
    const vault = new Vault({ storage, random, ...FAST_KDF, iterations: raised });
    await vault.unlock(PASSWORD);
    const record = storage.data.get(RECORD_KEY) as { kdf: { iterations: number; salt: string } };
    expect(record.kdf.iterations).toBe(raised);
    expect(record.kdf.salt).not.toBe(weaker.kdf.salt);
    const reopened = new Vault({ storage, random, ...FAST_KDF });
    await reopened.unlock(PASSWORD);
    expect(reopened.view().keys.map((k) => k.publicKey)).toEqual([formatPublicKey(pair.publicKey)]);
  });

  it('refuses weak passwords with the reason and an existing vault', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    await expect(vault.create('short')).rejects.toThrow(/at least 10 characters/);
    await expect(vault.create('password123')).rejects.toThrow(/well-known/);
    await expect(vault.create('aaaaaaaaaaaa')).rejects.toThrow(/different characters/);
    await vault.create(PASSWORD);
    expect(await code(vault.create(PASSWORD))).toBe('exists');
  });
});

describe('change password', () => {
  it('re-encrypts under a fresh salt; only the new password opens it', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    await createWithKey(vault);
    const before = storage.data.get(RECORD_KEY) as { kdf: { salt: string } };
    await vault.changePassword(PASSWORD, 'a new long passphrase');
    expect((storage.data.get(RECORD_KEY) as { kdf: { salt: string } }).kdf.salt).not.toBe(before.kdf.salt);
    expect(storage.data.has(NEXT_RECORD_KEY)).toBe(false);
    expect(await code(new Vault({ storage, random, ...FAST_KDF }).unlock(PASSWORD))).toBe('wrong_password');
    expect(await code(new Vault({ storage, random, ...FAST_KDF }).unlock('a new long passphrase'))).toBe('ok');
  });

  it('loses no key when a write fails at any step', async () => {
    for (let failAt = 1; failAt <= 3; failAt++) {
      const inner = memoryVaultStorage();
      const setup = new Vault({ storage: inner, random, ...FAST_KDF });
      const pair = await createWithKey(setup);
      let calls = 0;
      const flaky: VaultStorage = {
        get: inner.get,
        del: async (k) => {
          if (++calls === failAt) throw new Error('disk full');
          return inner.del(k);
        },
        set: async (k, v) => {
          if (++calls === failAt) throw new Error('disk full');
          return inner.set(k, v);
        },
      };
      const vault = new Vault({ storage: flaky, random, ...FAST_KDF });
      await expect(vault.changePassword(PASSWORD, 'a new long passphrase')).rejects.toThrow('disk full');
      // Whichever password is current now, it opens a vault that still holds the key.
      const reopened = new Vault({ storage: inner, random, ...FAST_KDF });
      let result = 'old';
      if ((await code(reopened.unlock(PASSWORD))) !== 'ok') {
        await reopened.unlock('a new long passphrase');
        result = 'new';
      }
      expect(
        reopened.view().keys.map((k) => k.publicKey),
        `fail at ${failAt}, ${result} password`,
      ).toEqual([formatPublicKey(pair.publicKey)]);
    }
  });
});

describe('unlock state, throttling and signing', () => {
  it('grows the delay after the third wrong password and resets on success', async () => {
    let now = 1_000_000;
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, now: () => now, ...FAST_KDF });
    await vault.create(PASSWORD);
    for (let i = 0; i < 3; i++) expect(await code(vault.unlock('wrong password!'))).toBe('wrong_password');
    expect(await code(vault.unlock(PASSWORD))).toBe('throttled');
    now += delayAfter(3);
    expect(await code(vault.unlock('wrong password!'))).toBe('wrong_password');
    now += delayAfter(4) - 1;
    expect(await code(vault.unlock(PASSWORD))).toBe('throttled');
    now += 1;
    expect(await code(vault.unlock(PASSWORD))).toBe('ok');
    expect(await code(vault.unlock('wrong password!'))).toBe('wrong_password');
    expect(await code(vault.unlock(PASSWORD))).toBe('ok');
    expect([delayAfter(2), delayAfter(3), delayAfter(4), delayAfter(30)]).toEqual([0, 1000, 2000, 300_000]);
  });

  it('signs only while unlocked, with the stored key, and not after a lock', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    const pair = await createWithKey(vault);
    const publicKey = formatPublicKey(pair.publicKey);
    const deadline = new Date(Date.now() + 60_000);
    const payload = buildIntentPayload({
      signerId: hex.encode(pair.publicKey),
      verifyingContract: 'intents.near',
      deadline,
      nonce: encodeVersionedNonce({ salt: hex.decode('252812b3'), deadline, random15: random(15) }),
      intents: [],
    });
    for (const standard of ['nep413', 'raw_ed25519'] as const) {
      const signed = vault.signIntent(publicKey, payload, standard);
      expect(verifySignedIntent(signed)).toEqual({ ok: true, publicKey });
    }
    expect(() => vault.signIntent(formatPublicKey(generateKeyPair(random).publicKey), payload, 'nep413')).toThrow(
      /no local secret/,
    );
    await vault.lock();
    expect(() => vault.signIntent(publicKey, payload, 'nep413')).toThrow(/locked/);
  });

  it("signs messages with the seed's own signatures, a new key too, and none once the key is forgotten", async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    const pair = await createWithKey(vault);
    const accountId = hex.encode(pair.publicKey);
    const publicKey = formatPublicKey(pair.publicKey);
    const other = await vault.newKeyFor(accountId);
    const otherSeed = parseSecretKey(await vault.exportSecretKey(PASSWORD, other)).secretSeed;
    const message = { message: 'sign me', nonce: random(32), recipient: 'example.near' };
    expect(vault.signMessage(publicKey, message)).toBe(base64.encode(signNep413(pair.secretSeed, message)));
    expect(vault.signMessage(other, message)).toBe(base64.encode(signNep413(otherSeed, message)));
    await vault.forgetKey(accountId, publicKey);
    expect(() => vault.signMessage(publicKey, message)).toThrow(/no local secret/);
    await vault.lock();
    expect(() => vault.signMessage(other, message)).toThrow(/locked/);
    await vault.unlock(PASSWORD);
    expect(vault.signMessage(other, message)).toBe(base64.encode(signNep413(otherSeed, message)));
  });

  it('serialises concurrent changes so none is lost', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    const pair = await createWithKey(vault);
    const accountId = hex.encode(pair.publicKey);
    await Promise.all([
      ...Array.from({ length: 4 }, () => vault.addAccount({ kind: 'generate' })),
      vault.newKeyFor(accountId),
      vault.renameAccount(accountId, 'First'),
    ]);
    const reopened = new Vault({ storage, random, ...FAST_KDF });
    await reopened.unlock(PASSWORD);
    expect(reopened.view().accounts).toHaveLength(5);
    expect(reopened.view().accounts[0]).toMatchObject({ accountId, label: 'First' });
    expect(reopened.view().accounts[0]!.publicKeys).toHaveLength(2);
  });

  it('refuses an export with the wrong password', async () => {
    const storage = memoryVaultStorage({ [RECORD_KEY]: FIXTURE });
    const vault = new Vault({ storage, random, ...FAST_KDF });
    expect(await code(vault.exportSecretKey('wrong password!', FIXTURE_KEY))).toBe('wrong_password');
    // The exported secret is the fixture's key: its public half is the key asked for.
    const exported = parseSecretKey(await vault.exportSecretKey('fixture-password-42', FIXTURE_KEY));
    expect(formatPublicKey(exported.publicKey)).toBe(FIXTURE_KEY);
    expect(formatPublicKey(publicKeyFromSeed(exported.secretSeed))).toBe(FIXTURE_KEY);
  });
});

describe('parallel password attempts', () => {
  /** Runs wrong-password attempts (serially or all at once) on a fresh vault at a frozen clock. */
  async function attempts(parallel: boolean, attempt: (vault: Vault) => Promise<unknown>, n: number) {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, now: () => 1_000_000, ...FAST_KDF });
    await createWithKey(vault);
    await vault.lock();
    let codes: string[];
    if (parallel) codes = await Promise.all(Array.from({ length: n }, () => code(attempt(vault))));
    else {
      codes = [];
      for (let i = 0; i < n; i++) codes.push(await code(attempt(vault)));
    }
    return { codes: codes.sort(), throttle: storage.data.get('vault.throttle') };
  }

  it('N parallel wrong unlocks are throttled exactly like N serial ones', async () => {
    const serial = await attempts(false, (v) => v.unlock('wrong password!'), 8);
    const parallel = await attempts(true, (v) => v.unlock('wrong password!'), 8);
    // Three free attempts, then the delay: the rest are refused before any key derivation.
    expect(serial.codes).toEqual([...Array(5).fill('throttled'), ...Array(3).fill('wrong_password')]);
    expect(parallel).toEqual(serial);
    expect(parallel.throttle).toEqual({ failures: 3, lastFailureAt: 1_000_000 });
  });

  it('parallel wrong passwords for an export count the same way', async () => {
    const serial = await attempts(false, (v) => v.exportPhrase('wrong password!', 'x'), 6);
    const parallel = await attempts(true, (v) => v.exportPhrase('wrong password!', 'x'), 6);
    expect(parallel).toEqual(serial);
    expect(parallel.codes.filter((c) => c === 'wrong_password')).toHaveLength(3);
  });
});

describe('credentials key', () => {
  it('seals a credential only while unlocked, keeps the key across a password change, and authenticates the binding', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    await createWithKey(vault);
    const sealed = await vault.sealCredential('the-secret-jwt', 'aad-1');
    expect(JSON.stringify([...storage.data.values()])).not.toContain('the-secret-jwt');
    expect(await vault.openCredential(sealed, 'aad-1')).toBe('the-secret-jwt');
    expect(await code(vault.openCredential(sealed, 'aad-2'))).toBe('corrupted');

    await vault.changePassword(PASSWORD, 'a new long passphrase');
    const reopened = new Vault({ storage, random, ...FAST_KDF });
    expect(await code(reopened.openCredential(sealed, 'aad-1'))).toBe('locked');
    expect(await code(reopened.sealCredential('x', 'aad-1'))).toBe('locked');
    await reopened.unlock('a new long passphrase');
    expect(await reopened.openCredential(sealed, 'aad-1')).toBe('the-secret-jwt');
    expect(reopened.view()).not.toHaveProperty('credentialsKey');
  });
});

describe('private records sealed under the data key', () => {
  it('seal and open with the storage key as additional data; another key, another wallet or a locked vault cannot open them', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF });
    expect(await code(vault.sealData('x', 'k'))).toBe('locked');
    await createWithKey(vault);
    const sealed = await vault.sealData('{"history":1}', 'swap:1');
    expect(sealed.ciphertext).not.toContain('history');
    expect(await vault.openData(sealed, 'swap:1')).toBe('{"history":1}');
    // Moved to another key: refused as damaged.
    expect(await code(vault.openData(sealed, 'swap:2'))).toBe('corrupted');
    // The key is kept in the record: a new unlock opens what the last one sealed; a password change keeps it.
    await vault.changePassword(PASSWORD, 'another long password');
    const again = new Vault({ storage, random, ...FAST_KDF });
    await again.unlock('another long password');
    expect(await again.openData(sealed, 'swap:1')).toBe('{"history":1}');
    await again.lock();
    expect(await code(again.openData(sealed, 'swap:1'))).toBe('locked');
    // Another wallet's data key does not open it.
    const other = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    await createWithKey(other);
    expect(await code(other.openData(sealed, 'swap:1'))).toBe('corrupted');
  });

  it('fresh IV per seal: the same record sealed twice gives two ciphertexts', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    await createWithKey(vault);
    const [a, b] = await Promise.all([vault.sealData('same', 'k'), vault.sealData('same', 'k')]);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(vault.view()).not.toHaveProperty('dataKey');
  });
});
