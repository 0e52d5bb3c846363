// What Accounts, Keys and the reminder say of keys no recovery phrase covers (src/ui/backup.ts).
import { describe, expect, it } from 'vitest';
import type { AccountView, RecoveryView } from '../../../src/api/walletApi';
import { accountBackup, backupNote, keyReminder } from '../../../src/ui/backup';

const A = 'ed25519:AAAA';
const B = 'ed25519:BBBB';
const C = 'ed25519:CCCC';
const P = 'p256:PPPP';
const account = (accountId: string, publicKeys: string[], kind: AccountView['kind'] = 'implicit'): AccountView => ({
  accountId,
  label: accountId,
  kind,
  publicKeys,
});
const recovery = (outsidePhrase: string[], keysToBackUp: string[]): RecoveryView => ({
  phraseId: null,
  outsidePhrase,
  keysToBackUp,
});

describe('accountBackup', () => {
  it('is the phrase when one ed25519 key of the account comes from it, whatever the others', () => {
    expect(accountBackup(account('a', [B, A]), recovery([B], [B]))).toBe('phrase');
  });
  it('is none while no key of an account outside the phrase was exported, exported once one was', () => {
    expect(accountBackup(account('a', [A, B]), recovery([A, B], [A, B]))).toBe('none');
    expect(accountBackup(account('a', [A, B]), recovery([A, B], [A]))).toBe('exported');
  });
  it('leaves passkey accounts to their own reminder', () => {
    expect(accountBackup(account('p', [P], 'passkey'), recovery([], []))).toBeNull();
    expect(accountBackup(account('n', [P], 'named'), recovery([], []))).toBeNull();
  });
});

describe('backupNote', () => {
  it('says a key is not covered, and whether its export backs it up', () => {
    expect(backupNote('none')).toMatch(/^Not covered by your recovery phrase — export it/);
    expect(backupNote('exported')).toMatch(/backed up by its export/);
    expect([backupNote('phrase'), backupNote('passkey'), backupNote(null)]).toEqual([null, null, null]);
  });
});

describe('keyReminder', () => {
  it('names the first key still to export in account order, and how many', () => {
    const status = {
      accounts: [account('one', [A]), account('two', [C, B])],
      recovery: recovery([A, B, C], [B, C]),
    };
    expect(keyReminder(status)).toEqual({ publicKey: C, account: status.accounts[1], count: 2 });
  });
  it('is null once every key is covered or exported', () => {
    expect(keyReminder({ accounts: [account('one', [A])], recovery: recovery([A], []) })).toBeNull();
    expect(keyReminder({ accounts: [], recovery: recovery([], []) })).toBeNull();
  });
});
