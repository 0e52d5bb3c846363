// A passkey account in the vault (src/vault/passkeys.ts): its name is one line; the vault never writes
// contents its next read would refuse (a passkey account whose first key is not its passkey); a key held
// for a change not yet made signs for no account until it is attached, and is dropped again otherwise.
import { describe, expect, it } from 'vitest';
import { base64url } from '../../../src/core';
import { isPasskeyName, memoryVaultStorage, Vault } from '../../../src/vault';
import { softPasskey } from '../../support/passkey';
import { code, FAST_KDF, PASSWORD, random } from './helpers';

async function passkeyVault() {
  const storage = memoryVaultStorage();
  const vault = new Vault({ storage, random, ...FAST_KDF });
  await vault.create(PASSWORD);
  const passkey = { publicKey: softPasskey().publicKey, credentialId: base64url.encode(random(20)), name: 'My key' };
  const accountId = await vault.addPasskeyAccount(passkey);
  return { storage, vault, accountId, passkey };
}

describe('passkeys in the vault', () => {
  it('a passkey name is one line of 1 to 128 characters', () => {
    expect(isPasskeyName('Intents Companion — 0x1234…abcd (Local)')).toBe(true);
    expect(isPasskeyName('x'.repeat(128))).toBe(true);
    for (const bad of ['', 'x'.repeat(129), 'two\nlines', 'tab\there', ' padded', 'line\u2028sep', 'nul\u0000'])
      expect(isPasskeyName(bad), JSON.stringify(bad)).toBe(false);
  });

  it('a passkey account keeps its passkey first: a change that would not read back is refused and nothing is written', async () => {
    const { storage, vault, accountId, passkey } = await passkeyVault();
    const held = await vault.newHeldKey();
    expect(vault.view().accounts[0]!.publicKeys).toEqual([passkey.publicKey]);
    await vault.attachKey(accountId, held);
    expect(vault.view().accounts[0]!.publicKeys).toEqual([passkey.publicKey, held]);
    expect(await code(vault.setSigningKey(accountId, held))).toBe('invalid_input');
    expect(await code(vault.forgetKey(accountId, passkey.publicKey, held))).toBe('invalid_input');
    // What is stored still opens, as it was.
    const again = new Vault({ storage, random, ...FAST_KDF });
    await again.unlock(PASSWORD);
    expect(again.view().accounts[0]!.publicKeys).toEqual([passkey.publicKey, held]);
  });

  it('a held key is dropped unless an account signs with it', async () => {
    const { vault, accountId } = await passkeyVault();
    const held = await vault.newHeldKey();
    const kept = await vault.newHeldKey();
    await vault.attachKey(accountId, kept);
    await vault.dropHeldKey(held);
    await vault.dropHeldKey(kept);
    const keys = vault.view().keys.map((k) => k.publicKey);
    expect(keys).not.toContain(held);
    expect(keys).toContain(kept);
    expect(await code(vault.attachKey(accountId, held))).toBe('unknown_key');
  });
});
