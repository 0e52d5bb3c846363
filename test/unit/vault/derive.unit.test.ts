// New accounts from the wallet's recovery phrase (src/vault/keySources.ts, `deriveNext`): SLIP-10 ed25519 at
// m/44'/397'/N' in order, and the same accounts again, in the same order, after a restore from the phrase.
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { formatSecretKey, implicitAccountId, publicKeyFromSeed } from '../../../src/core';
import { memoryVaultStorage, Vault } from '../../../src/vault';
import { mnemonicToSeed } from '../../../src/vault/phrase';
import { slip10Derive } from '../../../src/vault/slip10';
import { code, createWithKey, FAST_KDF, PASSWORD, random } from './helpers';

const words = async () => wordlist;
const newVault = () => new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF, wordlist: words });

/** The implicit account of m/44'/397'/n' of `phrase`, worked out from the seed here. */
async function accountAt(phrase: string, n: number): Promise<string> {
  const { key } = await slip10Derive(await mnemonicToSeed(phrase), `m/44'/397'/${n}'`);
  return implicitAccountId(publicKeyFromSeed(key));
}

async function walletWithPhrase(): Promise<{ vault: Vault; phrase: string }> {
  const vault = newVault();
  const first = await vault.create(PASSWORD, { kind: 'newPhrase', words: 12 });
  return { vault, phrase: first!.phrase!.words.join(' ') };
}

describe('accounts derived from the recovery phrase', () => {
  it('takes m/44’/397’/1’, 2’ … in order after the phrase’s first account', async () => {
    const { vault, phrase } = await walletWithPhrase();
    const second = await vault.addAccount({ kind: 'derive' });
    const third = await vault.addAccount({ kind: 'derive' });
    expect(vault.view().accounts.map((a) => a.accountId)).toEqual([
      await accountAt(phrase, 0),
      await accountAt(phrase, 1),
      await accountAt(phrase, 2),
    ]);
    expect([second.accountId, third.accountId]).toEqual([await accountAt(phrase, 1), await accountAt(phrase, 2)]);
    expect(second).not.toHaveProperty('phrase'); // no words leave for a derived account
    expect(vault.view().keys.map((k) => k.source)).toEqual(['phrase', 'phrase', 'phrase']);
  });

  it('gives account N again after a restore from the phrase', async () => {
    const { vault } = await walletWithPhrase();
    for (let i = 0; i < 3; i++) await vault.addAccount({ kind: 'derive' });
    const before = vault.view().accounts.map((a) => a.accountId);

    const restored = newVault();
    await restored.create(PASSWORD, {
      kind: 'importPhrase',
      phrase: await vault.exportPhrase(PASSWORD, vault.view().walletPhraseId!),
    });
    for (let i = 0; i < 3; i++) await restored.addAccount({ kind: 'derive' });
    expect(restored.view().accounts.map((a) => a.accountId)).toEqual(before);
    expect(restored.view().walletPhraseId).toBe(vault.view().walletPhraseId);
  });

  it('brings a removed account back at its own index before the next new one', async () => {
    const { vault, phrase } = await walletWithPhrase();
    const one = await vault.addAccount({ kind: 'derive' });
    await vault.addAccount({ kind: 'derive' });
    await vault.removeAccount(one.accountId);
    expect((await vault.addAccount({ kind: 'derive' })).accountId).toBe(await accountAt(phrase, 1));
    expect((await vault.addAccount({ kind: 'derive' })).accountId).toBe(await accountAt(phrase, 3));
  });

  it('skips an index whose key the wallet already holds as an imported key', async () => {
    const { vault, phrase } = await walletWithPhrase();
    const { key } = await slip10Derive(await mnemonicToSeed(phrase), "m/44'/397'/1'");
    await vault.addAccount({
      kind: 'importKey',
      secretKey: formatSecretKey({ secretSeed: key, publicKey: publicKeyFromSeed(key) }),
    });
    expect((await vault.addAccount({ kind: 'derive' })).accountId).toBe(await accountAt(phrase, 2));
  });

  it('refuses to derive in a wallet without a phrase, and says what to do instead', async () => {
    const vault = newVault();
    await createWithKey(vault);
    expect(vault.view().walletPhraseId).toBeNull();
    await expect(vault.addAccount({ kind: 'derive' })).rejects.toThrow(/no recovery phrase/);
    expect(await code(vault.addAccount({ kind: 'derive' }))).toBe('invalid_input');
    expect(vault.view().accounts).toHaveLength(1);
  });

  it('refuses `derive` as a wallet’s first key (there is no phrase yet)', async () => {
    expect(await code(newVault().create(PASSWORD, { kind: 'derive' }))).toBe('invalid_input');
  });
});

describe('keys no phrase covers', () => {
  it('are marked exported once their secret key was exported with the password', async () => {
    const { vault } = await walletWithPhrase();
    const generated = await vault.addAccount({ kind: 'generate' });
    const sourceOf = (pk: string) => vault.view().keys.find((k) => k.publicKey === pk)!;
    expect(sourceOf(generated.publicKey)).toMatchObject({ source: 'generated', exported: false });
    expect(await code(vault.exportSecretKey('wrong password!', generated.publicKey))).toBe('wrong_password');
    expect(sourceOf(generated.publicKey).exported).toBe(false);
    await vault.exportSecretKey(PASSWORD, generated.publicKey);
    expect(sourceOf(generated.publicKey).exported).toBe(true);
    // Kept in the record: still marked after a lock and an unlock.
    await vault.lock();
    await vault.unlock(PASSWORD);
    expect(sourceOf(generated.publicKey).exported).toBe(true);
  });
});

describe('erase', () => {
  it('removes the record, the throttle and the session, and locks', async () => {
    const storage = memoryVaultStorage();
    const vault = new Vault({ storage, random, ...FAST_KDF, wordlist: words });
    await vault.create(PASSWORD, { kind: 'newPhrase', words: 12 });
    expect(await code(vault.unlock('wrong password!'))).toBe('wrong_password');
    await vault.erase();
    expect(vault.isUnlocked).toBe(false);
    expect(await vault.exists()).toBe(false);
    expect([...storage.data.keys()]).toEqual([]);
    // A new wallet can be made at once, with no delay left from the old one's wrong passwords.
    await vault.create(PASSWORD, { kind: 'generate' });
    expect(vault.view().accounts).toHaveLength(1);
  });
});
