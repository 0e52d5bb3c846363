// The popup's first screen without a worker round trip (docs/architecture.md, "Budgets"): the
// background mirrors its last WalletStatus into storage.session under STATUS_SNAPSHOT_KEY, and the popup
// reads it as its script starts, then asks wallet_status as before and replaces what differs.
// storage.session stays at its default access level (trusted contexts: the extension's own pages, never
// a content script: https://developer.chrome.com/docs/extensions/reference/api/storage#property-session),
// and the snapshot holds nothing secret: accounts, public keys, lock deadline, settings, store problems.
import type { AccountView } from './accounts';
import { wordsOf } from './refusalWords';
import type { RecoveryView, StoreProblem, WalletStatus } from './walletApi';

export const STATUS_SNAPSHOT_KEY = 'popupStatus';

/** The recovery view of a locked wallet: nothing known. */
export const NO_RECOVERY: RecoveryView = { phraseId: null, outsidePhrase: [], keysToBackUp: [] };

/** Only the fields WalletStatus names, copied: whatever else a status object carries is never mirrored. */
export function toSnapshot(s: WalletStatus): WalletStatus {
  return {
    exists: s.exists,
    unlocked: s.unlocked,
    accounts: s.accounts.map(
      (a): AccountView => ({
        accountId: a.accountId,
        label: a.label,
        kind: a.kind,
        publicKeys: [...a.publicKeys],
        ...(a.passkey ? { passkey: { credentialId: a.passkey.credentialId, name: a.passkey.name } } : {}),
      }),
    ),
    selectedAccountId: s.selectedAccountId,
    lockAt: s.lockAt,
    autoLockMinutes: s.autoLockMinutes,
    phrasesToBackUp: [...s.phrasesToBackUp],
    recovery: {
      phraseId: s.recovery.phraseId,
      outsidePhrase: [...s.recovery.outsidePhrase],
      keysToBackUp: [...s.recovery.keysToBackUp],
    },
    problem: s.problem,
    storeProblems: s.storeProblems.map(
      (p): StoreProblem => ({ store: p.store, message: p.message, ...(p.words ? { words: p.words } : {}) }),
    ),
  };
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isAccount = (v: unknown): v is AccountView => {
  const a = v as Partial<AccountView> | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.accountId === 'string' &&
    typeof a.label === 'string' &&
    (a.kind === 'implicit' || a.kind === 'named' || a.kind === 'passkey') &&
    isStrings(a.publicKeys)
  );
};
const isRecovery = (v: unknown): v is RecoveryView => {
  const r = v as Partial<RecoveryView> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    (r.phraseId === null || typeof r.phraseId === 'string') &&
    isStrings(r.outsidePhrase) &&
    isStrings(r.keysToBackUp)
  );
};
const isProblem = (v: unknown): v is StoreProblem => {
  const p = v as Partial<StoreProblem> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.store === 'string' &&
    typeof p.message === 'string' &&
    (p.words === undefined || wordsOf(p) !== undefined)
  );
};

/**
 * The stored snapshot as the popup may show it at `now`, or null when there is none or it is not
 * one (the popup then waits for wallet_status). A snapshot whose lockAt has passed reads as locked: the
 * background has locked (or locks on its next call), so an unlocked wallet is never shown past it.
 */
export function statusFromSnapshot(raw: unknown, now: number): WalletStatus | null {
  const s = raw as Partial<WalletStatus> | null;
  if (typeof s !== 'object' || s === null) return null;
  if (typeof s.exists !== 'boolean' || typeof s.unlocked !== 'boolean' || typeof s.autoLockMinutes !== 'number')
    return null;
  if (
    !Array.isArray(s.accounts) ||
    !s.accounts.every(isAccount) ||
    !isStrings(s.phrasesToBackUp) ||
    !isRecovery(s.recovery) ||
    !Array.isArray(s.storeProblems) ||
    !s.storeProblems.every(isProblem)
  )
    return null;
  if (s.selectedAccountId !== null && typeof s.selectedAccountId !== 'string') return null;
  if (s.lockAt !== null && typeof s.lockAt !== 'number') return null;
  if (s.problem !== null && typeof s.problem !== 'string') return null;
  const status = toSnapshot(s as WalletStatus);
  if (status.unlocked && (status.lockAt === null || status.lockAt <= now)) {
    return {
      ...status,
      unlocked: false,
      accounts: [],
      selectedAccountId: null,
      lockAt: null,
      phrasesToBackUp: [],
      recovery: NO_RECOVERY,
    };
  }
  return status;
}
