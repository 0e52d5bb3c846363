// Backups: the recovery-phrase check (ask for a few words at random positions before marking the phrase
// as written down), and what the wallet says of keys no phrase covers (docs/security.md, "Keys at rest
// and in memory").
import type { AccountView, KeyBackup, RecoveryView, WalletStatus } from '../api/walletApi';
import { t } from './i18n';

/** Returns a uniformly random integer in [0, max). */
export type RandomInt = (max: number) => number;

/** The browser's CSPRNG, without modulo bias. */
export const cryptoRandomInt: RandomInt = (max) => {
  if (!Number.isInteger(max) || max < 1 || max > 2 ** 32) throw new RangeError(`max must be 1…2^32, got ${max}`);
  const limit = 2 ** 32 - (2 ** 32 % max);
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % max;
  }
};

/** `count` distinct word positions (0-based) out of `total`, ascending. */
export function pickBackupPositions(total: number, count: number, randomInt: RandomInt): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(count) || count < 0 || count > total) {
    throw new RangeError(`cannot pick ${count} of ${total} positions`);
  }
  // Partial Fisher–Yates shuffle over 0…total-1.
  const pool = Array.from({ length: total }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(total - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** Positions whose answer does not match the phrase (case and surrounding spaces ignored). */
export function wrongBackupAnswers(
  words: readonly string[],
  positions: readonly number[],
  answers: readonly string[],
): number[] {
  return positions.filter((pos, i) => (answers[i] ?? '').trim().toLowerCase() !== (words[pos] ?? '').toLowerCase());
}

/** What Accounts and Keys say of a key or an account no recovery phrase covers (null: the phrase covers it). */
export function backupNote(backup: KeyBackup | null): string | null {
  if (backup === 'none') return t('phraseBackup_noteNone');
  if (backup === 'exported') return t('phraseBackup_noteExported');
  return null;
}

/**
 * An account's backup: by the phrase when one of its local ed25519 keys comes from the phrase; else
 * `exported` when one of them was exported, `none` when none was; null for a passkey account (its own
 * reminder: src/ui/components/PasskeyRecoveryBanner.tsx).
 */
export function accountBackup(account: AccountView, recovery: RecoveryView): KeyBackup | null {
  if (account.kind === 'passkey') return null;
  const ed25519 = account.publicKeys.filter((k) => k.startsWith('ed25519:'));
  if (ed25519.length === 0) return null;
  if (ed25519.some((k) => !recovery.outsidePhrase.includes(k))) return 'phrase';
  return ed25519.some((k) => !recovery.keysToBackUp.includes(k)) ? 'exported' : 'none';
}

/**
 * The backup reminder for keys no phrase covers (a Quick-key wallet's key, an imported key, a random key):
 * the first key still to export, with the account it signs for, and how many there are; null when none.
 */
export function keyReminder(
  status: Pick<WalletStatus, 'accounts' | 'recovery'>,
): { publicKey: string; account: AccountView; count: number } | null {
  const toBackUp = status.recovery.keysToBackUp;
  for (const account of status.accounts) {
    const publicKey = account.publicKeys.find((k) => toBackUp.includes(k));
    if (publicKey) return { publicKey, account, count: toBackUp.length };
  }
  return null;
}
