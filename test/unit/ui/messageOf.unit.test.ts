// The vault's refusals as the popup words them (src/ui/wallet.ts messageOf): from what the background
// replies (src/background/errors.ts) for a real vault's refusal, not from the English message, which stays
// the dApps' (here the English catalogue stands in for the browser's, test/support/englishMessages.ts).
import { describe, expect, it } from 'vitest';
import { replyForError } from '../../../src/background/errors';
import { messageOf, WalletError } from '../../../src/ui/wallet';
import { memoryVaultStorage, Vault, VaultError } from '../../../src/vault';
import { FAST_KDF, PASSWORD, random } from '../vault/helpers';

/** What the popup holds after the background answered `error`. */
function inPopup(error: unknown): WalletError {
  const reply = replyForError(error);
  if (reply.ok) throw new Error('an error reply was expected');
  return new WalletError(reply.error);
}

async function refusal(p: Promise<unknown>): Promise<WalletError> {
  try {
    await p;
  } catch (e) {
    return inPopup(e);
  }
  throw new Error('the vault accepted it');
}

describe('messageOf: the vault’s refusals in the catalogue’s words', () => {
  it('says which rule a weak password breaks, for a new wallet and a new password alike', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    const cases: [string, string][] = [
      ['short', 'Password too weak: use at least 10 characters.'],
      [' leading space', 'Password too weak: remove spaces at the start or end.'],
      ['Password123', 'Password too weak: this is a well-known password; choose another.'],
      ['abababababab', 'Password too weak: use more different characters.'],
    ];
    for (const [password, words] of cases) {
      const e = await refusal(vault.create(password));
      expect(e.data).toMatchObject({ reason: 'weak_password' });
      expect(messageOf(e)).toBe(words);
    }
    await vault.create(PASSWORD);
    expect(messageOf(await refusal(vault.changePassword(PASSWORD, 'password123')))).toBe(
      'Password too weak: this is a well-known password; choose another.',
    );
    expect(messageOf(await refusal(vault.create(PASSWORD)))).toBe('A wallet already exists on this browser profile.');
  });

  it('words a wrong password and the wait after too many, in whole seconds', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    await vault.create(PASSWORD);
    await vault.lock();
    expect(messageOf(await refusal(vault.unlock('not the password')))).toBe('Wrong password.');
    expect(messageOf(inPopup(new VaultError('throttled', 'in English', 1999)))).toBe(
      'Too many wrong passwords. Try again in 2 s.',
    );
  });

  it('words an account already in the wallet and a passkey’s export, which the vault names', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    const first = (await vault.create(PASSWORD, { kind: 'generate' }))!;
    await vault.addNamedAccount('bob.near', first.publicKey);
    const exists = await refusal(vault.addNamedAccount('bob.near', first.publicKey));
    expect(exists.message).toBe('The account bob.near is already in this wallet.');
    expect(exists.data).toMatchObject({ reason: 'invalid_input', refusal: 'account_exists' });
    expect(messageOf(exists)).toBe('That account is already in this wallet.');
    const passkey = await refusal(vault.exportSecretKey(PASSWORD, `p256:${'1'.repeat(40)}`));
    expect(passkey.data).toMatchObject({ reason: 'invalid_input', refusal: 'passkey_export' });
    expect(messageOf(passkey)).toBe(
      'A passkey has nothing to export: its private key never leaves your authenticator. Keep a second key or passkey on the account instead.',
    );
    // Another invalid_input keeps the vault's own words.
    expect(messageOf(await refusal(vault.markPhraseBackedUp('no-such-phrase')))).toBe('no such recovery phrase');
  });

  it('keeps the words of anything else, and a fallback for an empty throw', () => {
    // A reason the popup does not know, or a weakness it does not know: the background's own words.
    expect(messageOf(inPopup(new VaultError('weak_password', 'Too weak in English.', undefined)))).toBe(
      'Too weak in English.',
    );
    expect(messageOf(new WalletError({ code: 4001, message: 'Refused by you.', data: { reason: 'other' } }))).toBe(
      'Refused by you.',
    );
    expect(messageOf(new Error(''))).toBe('Something went wrong');
  });
});
