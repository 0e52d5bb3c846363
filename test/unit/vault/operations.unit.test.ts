// The vault's named operations (src/vault/vault.ts): keys made, imported and derived inside it, accounts
// and keys changed by name, and nothing secret in what they give back.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import {
  base58,
  formatPublicKey,
  formatSecretKey,
  generateKeyPair,
  implicitAccountId,
  parseSecretKey,
} from '../../../src/core';
import { memoryVaultStorage, RECORD_KEY, Vault, type VaultStorage } from '../../../src/vault';
import { code, FAST_KDF, PASSWORD, random } from './helpers';

const words = async () => wordlist;
const newVault = (storage: VaultStorage = memoryVaultStorage()) =>
  new Vault({ storage, random, ...FAST_KDF, wordlist: words });

// nameskyteam/near-seed-phrase-rs README (the ledger's derivation, as in test/unit/vault/phrase.unit.test.ts).
const PHRASE = 'fortune conduct light unusual gloom process wrap spare season exact anchor devote';
const PHRASE_KEY = 'ed25519:2PQENDq3KABdr7cw1TH5B4AdXLqcyNXTTpWbdZh7k828';
const PHRASE_SECRET = 'ed25519:G94YBVktAVUFZWvYBtYmfpvVMNCtSf2x73bMfTCM9CfzyrUyN5X6VpTqr8QTCHYBTdUfzufDsTy3cR9CfNf74Bv';

/** Every value an operation gave back, and the view, as one text to search for secrets. */
const shown = (vault: Vault, ...results: unknown[]) => JSON.stringify([vault.view(), ...results]);

describe('keys come into the vault by source', () => {
  it('generate: a new key and its implicit account; nothing secret comes back', async () => {
    const vault = newVault();
    const added = await vault.create(PASSWORD, { kind: 'generate' });
    const publicKey = vault.view().keys[0]!.publicKey;
    expect(added).toEqual({
      accountId: implicitAccountId(parseSecretKey(await vault.exportSecretKey(PASSWORD, publicKey)).publicKey),
      publicKey,
    });
    const secret = await vault.exportSecretKey(PASSWORD, publicKey);
    expect(shown(vault, added)).not.toContain(secret.slice(8, 40));
    expect(vault.view().keys).toEqual([
      { publicKey, source: 'generated', createdAt: expect.any(String), exported: true },
    ]);
  });

  it('newPhrase: the words come back once, for the backup, and are the phrase the vault keeps', async () => {
    const vault = newVault();
    const added = await vault.create(PASSWORD, { kind: 'newPhrase', words: 24 });
    expect(added?.phrase?.words).toHaveLength(24);
    expect(await vault.exportPhrase(PASSWORD, added!.phrase!.id)).toBe(added!.phrase!.words.join(' '));
    expect(vault.view().phrases).toEqual([{ id: added!.phrase!.id, backedUp: false }]);
    expect(shown(vault)).not.toContain(added!.phrase!.words.slice(0, 4).join(' '));
    await vault.markPhraseBackedUp(added!.phrase!.id);
    expect(vault.view().phrases).toEqual([{ id: added!.phrase!.id, backedUp: true }]);
    expect(await code(vault.markPhraseBackedUp('no-such-phrase'))).toBe('invalid_input');
  });

  it('importPhrase: derives the published key at the ledger path; the typed phrase is kept, not given back', async () => {
    const vault = newVault();
    const added = await vault.create(PASSWORD, {
      kind: 'importPhrase',
      phrase: `  ${PHRASE.toUpperCase().replace(/ /g, '   ')} `,
    });
    expect(added).toEqual({ accountId: implicitAccountId(base58.decode(PHRASE_KEY.slice(8))), publicKey: PHRASE_KEY });
    expect(await vault.exportSecretKey(PASSWORD, PHRASE_KEY)).toBe(PHRASE_SECRET);
    const [phrase] = vault.view().phrases;
    expect(phrase).toMatchObject({ backedUp: true });
    expect(await vault.exportPhrase(PASSWORD, phrase!.id)).toBe(PHRASE);
    // The same phrase again adds no second phrase.
    await expect(vault.addAccount({ kind: 'importPhrase', phrase: PHRASE })).resolves.toMatchObject({
      publicKey: PHRASE_KEY,
    });
    expect(vault.view().phrases).toHaveLength(1);
    expect(await code(vault.addAccount({ kind: 'importPhrase', phrase: PHRASE.replace('fortune', 'conduct') }))).toBe(
      'invalid_input',
    );
  });

  it('importKey: to its implicit account or a named one; refuses a bad key and another key’s implicit id', async () => {
    const vault = newVault();
    const pair = generateKeyPair(random);
    const secretKey = formatSecretKey(pair);
    const publicKey = formatPublicKey(pair.publicKey);
    expect(await vault.create(PASSWORD, { kind: 'importKey', secretKey })).toEqual({
      accountId: implicitAccountId(pair.publicKey),
      publicKey,
    });
    expect(await vault.addAccount({ kind: 'importKey', secretKey, accountId: 'alice.near' }, 'Alice')).toEqual({
      accountId: 'alice.near',
      publicKey,
    });
    expect(vault.view().accounts.map((a) => [a.accountId, a.kind, a.label])).toEqual([
      [implicitAccountId(pair.publicKey), 'implicit', 'Account 1'],
      ['alice.near', 'named', 'Alice'],
    ]);
    expect(vault.view().keys).toHaveLength(1);
    expect(shown(vault)).not.toContain(secretKey.slice(8, 40));
    await expect(vault.addAccount({ kind: 'importKey', secretKey: 'ed25519:nonsense0' })).rejects.toThrow(
      /That secret key cannot be used/,
    );
    const other = implicitAccountId(generateKeyPair(random).publicKey);
    await expect(vault.addAccount({ kind: 'importKey', secretKey, accountId: other })).rejects.toThrow(
      /does not belong to this key/,
    );
  });

  it('a vault given no word list refuses phrases and nothing else', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    expect(await code(vault.create(PASSWORD, { kind: 'newPhrase', words: 12 }))).toBe('invalid_input');
    expect(await vault.exists()).toBe(false);
    await vault.create(PASSWORD, { kind: 'generate' });
    expect(await code(vault.addAccount({ kind: 'importPhrase', phrase: PHRASE }))).toBe('invalid_input');
  });
});

describe('accounts and keys changed by name', () => {
  async function twoAccounts() {
    const storage = memoryVaultStorage();
    const vault = newVault(storage);
    const first = (await vault.create(PASSWORD, { kind: 'generate' }))!;
    const second = await vault.addAccount({ kind: 'generate' }, 'Second');
    return { storage, vault, first, second };
  }

  it('rotation: a new key for the account, made the signing key, the old one forgotten in the same write', async () => {
    const { storage, vault, first } = await twoAccounts();
    const fresh = await vault.newKeyFor(first.accountId);
    expect(vault.view().accounts[0]!.publicKeys).toEqual([first.publicKey, fresh]);
    expect(vault.view().keys.find((k) => k.publicKey === fresh)?.source).toBe('generated');
    expect(await vault.exportSecretKey(PASSWORD, fresh)).toMatch(/^ed25519:/);
    await vault.forgetKey(first.accountId, first.publicKey, fresh);
    expect(vault.view().accounts[0]!.publicKeys).toEqual([fresh]);
    expect(await code(vault.exportSecretKey(PASSWORD, first.publicKey))).toBe('unknown_key');
    expect(await code(vault.forgetKey(first.accountId, fresh))).toBe('invalid_input'); // its only key
    expect(await code(vault.newKeyFor('nobody.near'))).toBe('invalid_input');
    const reopened = newVault(storage);
    await reopened.unlock(PASSWORD);
    expect(reopened.view().accounts[0]!.publicKeys).toEqual([fresh]);
  });

  it('setSigningKey, renameAccount, removeAccount, addNamedAccount', async () => {
    const { vault, first, second } = await twoAccounts();
    const fresh = await vault.newKeyFor(first.accountId);
    await vault.setSigningKey(first.accountId, fresh);
    expect(vault.view().accounts[0]!.publicKeys).toEqual([fresh, first.publicKey]);
    expect(await code(vault.setSigningKey(first.accountId, second.publicKey))).toBe('unknown_key');

    await vault.renameAccount(second.accountId, '  Savings ');
    expect(vault.view().accounts[1]!.label).toBe('Savings');
    expect(await code(vault.renameAccount(second.accountId, ' '))).toBe('invalid_input');

    await vault.addNamedAccount('bob.near', second.publicKey, 'Bob');
    expect(vault.view().accounts[2]).toEqual({
      accountId: 'bob.near',
      label: 'Bob',
      kind: 'named',
      publicKeys: [second.publicKey],
    });
    expect(await code(vault.addNamedAccount('bob.near', second.publicKey))).toBe('invalid_input');
    expect(await code(vault.addNamedAccount('carol.near', formatPublicKey(generateKeyPair(random).publicKey)))).toBe(
      'unknown_key',
    );
    // An implicit account id is its own key's hex: another key's is refused.
    expect(
      await code(vault.addNamedAccount(implicitAccountId(generateKeyPair(random).publicKey), second.publicKey)),
    ).toBe('invalid_input');

    // The implicit account goes; its key stays while bob.near uses it.
    await vault.removeAccount(second.accountId);
    expect(vault.view().keys.map((k) => k.publicKey)).toContain(second.publicKey);
    await vault.removeAccount('bob.near');
    expect(vault.view().keys.map((k) => k.publicKey)).not.toContain(second.publicKey);
    expect(await code(vault.removeAccount('bob.near'))).toBe('invalid_input');
  });

  it('every operation refuses while locked, and changes nothing', async () => {
    const { storage, vault, first, second } = await twoAccounts();
    const before = JSON.stringify(storage.data.get(RECORD_KEY));
    await vault.lock();
    const attempts = [
      vault.addAccount({ kind: 'generate' }),
      vault.addNamedAccount('bob.near', first.publicKey),
      vault.newKeyFor(first.accountId),
      vault.forgetKey(first.accountId, first.publicKey),
      vault.setSigningKey(first.accountId, first.publicKey),
      vault.renameAccount(first.accountId, 'x'),
      vault.removeAccount(second.accountId),
      vault.markPhraseBackedUp('x'),
    ];
    expect(await Promise.all(attempts.map(code))).toEqual(Array(attempts.length).fill('locked'));
    expect(JSON.stringify(storage.data.get(RECORD_KEY))).toBe(before);
  });

  it('a change that meets a lock while it is written is kept on disk but does not open the wallet again', async () => {
    const inner = memoryVaultStorage();
    let armed = false;
    let hold: (() => void) | null = null;
    let reached!: () => void;
    const writing = new Promise<void>((r) => (reached = r));
    const gated: VaultStorage = {
      get: inner.get,
      del: inner.del,
      set: async (k, v) => {
        if (hold === null && k === RECORD_KEY && armed) {
          await new Promise<void>((release) => {
            hold = release;
            reached();
          });
        }
        return inner.set(k, v);
      },
    };
    const vault = newVault(gated);
    const first = (await vault.create(PASSWORD, { kind: 'generate' }))!;
    armed = true;
    const renaming = vault.renameAccount(first.accountId, 'Renamed');
    await writing;
    await vault.lock();
    hold!();
    await renaming;
    expect(vault.isUnlocked).toBe(false);
    expect(await code(Promise.resolve().then(() => vault.view()))).toBe('locked');
    const reopened = newVault(inner);
    await reopened.unlock(PASSWORD);
    expect(reopened.view().accounts[0]!.label).toBe('Renamed');
  });
});
