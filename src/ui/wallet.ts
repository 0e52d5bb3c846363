// The popup's typed client for the wallet API (src/api/walletApi.ts): one function per WALLET
// method. Each resolves to its result or throws a WalletError whose message is written for people.
import type { ActivityQuery } from '../api/activity';
import type { KeyChangeRequest, PasskeyAssertion } from '../api/passkeys';
import { statusFromSnapshot } from '../api/statusSnapshot';
import {
  type AddAccountParams,
  type AddKeyParams,
  type CreateParams,
  type RemoveKeyParams,
  type SendParams,
  type SettingsChange,
  WALLET,
  type WalletMethod,
  type WalletResults,
} from '../api/walletApi';
import { errorText } from '../core/errorText';
import { callBackground, refusalWords, WalletError } from './call';
import { early, within } from './early';
import { t } from './i18n';
import { numberStyle } from './numbers';
import { MIN_PASSWORD_LENGTH } from './validate';

export { WalletError } from './call';

/** Why the vault found a password weak (src/vault/password.ts, the reply's `data.weakness`). */
const WEAKNESS = new Map<unknown, () => string>([
  ['short', () => t('vaultRefusal_weakShort', numberStyle().whole(String(MIN_PASSWORD_LENGTH)))],
  ['spaces', () => t('vaultRefusal_weakSpaces')],
  ['common', () => t('vaultRefusal_weakCommon')],
  ['repetitive', () => t('vaultRefusal_weakRepetitive')],
]);

/**
 * The vault's refusals a person meets (src/vault/errors.ts: the reply's `data.reason`, `retryAfterMs`
 * for a wait, `refusal` for which `invalid_input`), in the catalogue's words; the background's English message is what a dApp reads.
 */
function vaultRefusal(err: unknown): string | null {
  if (!(err instanceof WalletError) || typeof err.data !== 'object' || err.data === null) return null;
  const { reason, retryAfterMs, weakness, refusal } = err.data as Record<string, unknown>;
  if (reason === 'invalid_input' && refusal === 'account_exists') return t('vaultRefusal_accountExists');
  if (reason === 'invalid_input' && refusal === 'passkey_export') return t('vaultRefusal_passkeyExport');
  switch (reason) {
    case 'wrong_password':
      return t('vaultRefusal_wrongPassword');
    case 'throttled':
      return typeof retryAfterMs === 'number' && retryAfterMs > 0
        ? t('vaultRefusal_throttled', numberStyle().whole(String(Math.ceil(retryAfterMs / 1000))))
        : null;
    case 'weak_password': {
      const why = WEAKNESS.get(weakness)?.();
      return why === undefined ? null : t('vaultRefusal_weak', why);
    }
    case 'locked':
      return t('vaultRefusal_locked');
    case 'no_vault':
      return t('vaultRefusal_noVault');
    case 'exists':
      return t('vaultRefusal_exists');
    default:
      return null;
  }
}

/** The message to show for anything an action threw. */
export function messageOf(err: unknown): string {
  return vaultRefusal(err) ?? refusalWords(err) ?? errorText(err, t('call_somethingWrong'));
}

/**
 * Asks the background one wallet method. The answer's type is the shared table's (WalletResults), which
 * the background's handlers are checked against: the one place the popup trusts its own background.
 */
function call<M extends WalletMethod>(method: M, params?: unknown): Promise<WalletResults[M]> {
  return callBackground(method, params) as Promise<WalletResults[M]>;
}

const done = async (answer: Promise<unknown>): Promise<void> => void (await answer);

/**
 * The status the background mirrored into storage.session (src/api/statusSnapshot.ts), read as the
 * popup's script starts (./early): no worker round trip, so the first screen can show before
 * wallet_status answers, which then replaces it. Null when there is none (first run), it was taken, or
 * it did not come within `waitMs`. Read against the clock when taken: a lock deadline passed meanwhile
 * reads as locked.
 */
export async function statusSnapshot(waitMs: number): Promise<WalletResults['wallet_status'] | null> {
  const raw = early.snapshot();
  if (!raw) return null;
  return statusFromSnapshot(await within(raw, waitMs), Date.now());
}

export const wallet = {
  status: () => call(WALLET.status),
  create: (params: CreateParams) => call(WALLET.create, params),
  unlock: (password: string) => done(call(WALLET.unlock, { password })),
  lock: () => done(call(WALLET.lock)),
  changePassword: (oldPassword: string, newPassword: string) =>
    done(call(WALLET.changePassword, { oldPassword, newPassword })),
  exportKey: async (publicKey: string, password: string): Promise<string> =>
    (await call(WALLET.exportKey, { publicKey, password })).secretKey,
  exportPhrase: async (phraseId: string, password: string): Promise<string[]> =>
    (await call(WALLET.exportPhrase, { phraseId, password })).words,
  /** Erases the wallet from this device (after the person confirmed it: src/ui/components/EraseWallet.tsx). */
  erase: () => call(WALLET.erase, { confirm: 'erase this wallet' }),
  confirmBackup: (phraseId: string) => done(call(WALLET.confirmBackup, { phraseId })),
  addAccount: (params: AddAccountParams) => done(call(WALLET.addAccount, params)),
  renameAccount: (accountId: string, label: string) => done(call(WALLET.renameAccount, { accountId, label })),
  removeAccount: (accountId: string) => done(call(WALLET.removeAccount, { accountId })),
  selectAccount: (accountId: string) => done(call(WALLET.selectAccount, { accountId })),
  listKeys: (accountId: string) => call(WALLET.listKeys, { accountId }),
  addKey: (params: AddKeyParams) => call(WALLET.addKey, params),
  removeKey: (params: RemoveKeyParams) => call(WALLET.removeKey, params),
  /** A passkey-signed account's key change, reviewed; nothing is signed. */
  reviewKeyChange: (accountId: string, change: KeyChangeRequest) => call(WALLET.reviewKeyChange, { accountId, change }),
  /** Confirm: signs the key change the review named `reviewed` (and nothing else), publishes it and follows it. */
  confirmKeyChange: (accountId: string, reviewed: string, acknowledgeDanger: boolean, passkey?: PasskeyAssertion) =>
    call(WALLET.confirmKeyChange, {
      accountId,
      reviewed,
      ...(acknowledgeDanger ? { acknowledgeDanger } : {}),
      ...(passkey ? { passkey } : {}),
    }),
  /** `acceptUnverified`: the user chose it although the verifier could not be asked whether it is registered. */
  useSigningKey: (accountId: string, publicKey: string, acceptUnverified = false) =>
    done(call(WALLET.useSigningKey, { accountId, publicKey, ...(acceptUnverified ? { acceptUnverified } : {}) })),
  getSettings: () => call(WALLET.getSettings),
  setSettings: (change: SettingsChange) => done(call(WALLET.setSettings, change)),
  /** Points the Local preset at the simulator on 127.0.0.1 (`port`, else the usual ports); the port it used. */
  findSimulator: async (port?: number): Promise<number> =>
    (await call(WALLET.findSimulator, port === undefined ? {} : { port })).port,
  listSites: () => call(WALLET.listSites),
  revokeSite: (origin: string) => call(WALLET.revokeSite, { origin }),
  /** The selected account's intents balances, read now (stale, with the reason, when the ledger is away). */
  balances: () => call(WALLET.balances, {}),
  /** The last reading kept, to paint at once; null when there is none. */
  keptBalances: () => call(WALLET.keptBalances, {}),
  /** The transfer that would send `amount` (smallest units), reviewed; nothing is signed. */
  previewSend: (params: SendParams) => call(WALLET.previewSend, params),
  /** Confirm: signs the transfer the review named `reviewed` (and nothing else) and publishes it. */
  send: (reviewed: string, acknowledgeDanger: boolean, passkey?: PasskeyAssertion) =>
    call(WALLET.send, {
      reviewed,
      ...(acknowledgeDanger ? { acknowledgeDanger } : {}),
      ...(passkey ? { passkey } : {}),
    }),
  intentStatus: (intentHash: string) => call(WALLET.intentStatus, { intentHash }),
  /** One page of Activity: swaps and the intents this wallet published, newest first. */
  activity: (query: ActivityQuery) => call(WALLET.activity, query),
  /** The selected account's reusable deposit address for a token's chain (the PoA bridge's). */
  receiveAddress: (assetId: string) => call(WALLET.receiveAddress, { assetId }),
  /** The deposits the bridge saw at that address. */
  receiveDeposits: (assetId: string) => call(WALLET.receiveDeposits, { assetId }),
};
