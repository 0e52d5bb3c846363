// The wallet's internal API: what the popup and the approval window ask the background. The background
// answers these only to the extension's own pages (sender.url on the extension origin), never to a web
// page through the relay. Types only (no zod): the background parses params with zod beside its handlers.

import type { FailureFacts } from '../core/errorText';
import type { Phrase } from '../core/phrase';
import type { TokenFactsStatus } from '../core/tokenFacts';
import type { AccountView } from './accounts';
import type { ActivityPage } from './activity';
import type { IntentsPreviewWire } from './approvalApi';
import type { KeyChangeResult, KeyListing } from './keys';
import type { NetworkView } from './network';
import type { PasskeySource } from './passkeys';
import type { ReceiveAddress, ReceiveDeposit } from './receive';
import type { RecoveryView } from './recovery';

export const WALLET = {
  status: 'wallet_status',
  create: 'wallet_create',
  unlock: 'wallet_unlock',
  lock: 'wallet_lock',
  changePassword: 'wallet_changePassword',
  setAutoLock: 'wallet_setAutoLock',
  exportKey: 'wallet_exportKey',
  exportPhrase: 'wallet_exportPhrase',
  erase: 'wallet_erase',
  confirmBackup: 'wallet_confirmBackup',
  addAccount: 'wallet_addAccount',
  renameAccount: 'wallet_renameAccount',
  removeAccount: 'wallet_removeAccount',
  selectAccount: 'wallet_selectAccount',
  listKeys: 'wallet_listKeys',
  addKey: 'wallet_addKey',
  removeKey: 'wallet_removeKey',
  reviewKeyChange: 'wallet_reviewKeyChange',
  confirmKeyChange: 'wallet_confirmKeyChange',
  useSigningKey: 'wallet_useSigningKey',
  getSettings: 'wallet_getSettings',
  setSettings: 'wallet_setSettings',
  findSimulator: 'wallet_findSimulator',
  listSites: 'wallet_listSites',
  revokeSite: 'wallet_revokeSite',
  balances: 'wallet_balances',
  keptBalances: 'wallet_keptBalances',
  previewSend: 'wallet_previewSend',
  send: 'wallet_send',
  intentStatus: 'wallet_intentStatus',
  activity: 'wallet_activity',
  receiveAddress: 'wallet_receiveAddress',
  receiveDeposits: 'wallet_receiveDeposits',
} as const;
export type WalletMethod = (typeof WALLET)[keyof typeof WALLET];

/**
 * What each wallet method answers: one table for both ends. The background's handlers are checked
 * against it (src/background/wallet/handlers.ts), and the popup's client reads its answers through it,
 * so neither side casts per method.
 */
export interface WalletResults {
  wallet_status: WalletStatus;
  wallet_create: CreateResult;
  wallet_unlock: WalletStatus;
  wallet_lock: WalletStatus;
  wallet_changePassword: WalletStatus;
  wallet_setAutoLock: WalletStatus;
  wallet_exportKey: { secretKey: string };
  wallet_exportPhrase: { words: string[] };
  /** The wallet is erased from this device; a new background answers what follows (src/background/wallet/erase.ts). */
  wallet_erase: { erased: true };
  wallet_confirmBackup: WalletStatus;
  wallet_addAccount: CreateResult;
  wallet_renameAccount: WalletStatus;
  wallet_removeAccount: WalletStatus;
  wallet_selectAccount: WalletStatus;
  wallet_listKeys: KeyListing;
  wallet_addKey: KeyChangeResult;
  wallet_removeKey: KeyChangeResult;
  /** A passkey-signed account's key change, reviewed: wallet_confirmKeyChange names `reviewed` back. */
  wallet_reviewKeyChange: { preview: IntentsPreviewWire; reviewed: string; publicKey: string };
  wallet_confirmKeyChange: KeyChangeResult;
  wallet_useSigningKey: WalletStatus;
  wallet_getSettings: SettingsView;
  wallet_setSettings: SettingsView;
  /** The Local preset on the simulator found on 127.0.0.1 (`port`), with its credentials. */
  wallet_findSimulator: { port: number; settings: SettingsView };
  wallet_listSites: ConnectedSite[];
  wallet_revokeSite: ConnectedSite[];
  wallet_balances: BalancesView;
  wallet_keptBalances: BalancesView | null;
  /** `reviewed` names the payload shown; wallet_send must name it back (the intent hash its signature will carry). */
  wallet_previewSend: { preview: IntentsPreviewWire; reviewed: string };
  wallet_send: { intentHash: string; status: 'OK' };
  wallet_intentStatus: IntentStatusView;
  wallet_activity: ActivityPage;
  wallet_receiveAddress: ReceiveAddress;
  wallet_receiveDeposits: ReceiveDeposit[];
}

export type { AccountView } from './accounts';
export type { AddKeyParams, KeyChangeResult, KeyListing, RemoveKeyParams } from './keys';
export type { NetworkId, NetworkView } from './network';
export type { KeyBackup, RecoveryView } from './recovery';

export interface WalletStatus {
  exists: boolean;
  unlocked: boolean;
  /** Empty while locked. */
  accounts: AccountView[];
  selectedAccountId: string | null;
  /** Unix ms when the wallet locks itself, while unlocked. */
  lockAt: number | null;
  autoLockMinutes: number;
  /** Phrases not yet confirmed as written down. */
  phrasesToBackUp: string[];
  /** What the recovery phrase covers and which keys still need a backup; empty while locked. */
  recovery: RecoveryView;
  /** Set when the stored vault could not be read (it is kept, never deleted): the wallet itself is at stake. */
  problem: string | null;
  /** Other stored values found damaged and kept as they were; the wallet and its keys are not affected. */
  storeProblems: StoreProblem[];
}

/** Stores other than the vault whose damage is reported (src/background/problems.ts). */
export type DamagedStore = 'settings' | 'credentials' | 'swaps' | 'activity' | 'approvals' | 'nonces' | 'contacts';
export interface StoreProblem {
  store: DamagedStore;
  /** What is damaged and what the wallet did about it, in plain words (English, for the logs). */
  message: string;
  /** The same in the person's words (docs/architecture.md, "Words and languages"); the popup shows these when present. */
  words?: Phrase;
}

/** How a new wallet or account gets its first key. */
export type KeySource =
  | { kind: 'generate' }
  | { kind: 'newPhrase'; words: 12 | 24 }
  | { kind: 'importPhrase'; phrase: string }
  | { kind: 'importKey'; secretKey: string; accountId?: string };

export interface CreateParams {
  password: string;
  /** `passkey`: the wallet's first account is a passkey account (src/api/passkeys.ts). */
  source: KeySource | PasskeySource;
}

export interface CreateResult {
  status: WalletStatus;
  /** Only for `newPhrase`: shown once for the backup step. */
  phrase?: { id: string; words: string[] };
  /**
   * Only for `importPhrase`: the phrase's further accounts the verifier knew, added in order
   * (src/background/wallet/phraseAccounts.ts); `checked` false when it could not be asked to the end.
   */
  found?: { accounts: number; checked: boolean };
}

export interface AddAccountParams {
  /** `derive`: the next account of the wallet's recovery phrase (m/44'/397'/N', the next N it holds no key of). */
  source: KeySource | PasskeySource | { kind: 'named'; accountId: string; publicKey: string } | { kind: 'derive' };
  label?: string;
}

export type NetworkPreset = 'local' | 'mainnet';

export interface Endpoints {
  swap: string;
  transactions: string;
  bus: string;
  ledgerRpc: string;
}

/** Settings as the pages see them: credentials are never sent out, only whether they are set. */
export interface SettingsView {
  preset: NetworkPreset | 'custom';
  /** What the popup's badge, Settings and the approval window name: decided by the verifier. */
  network: NetworkView;
  endpoints: Endpoints;
  verifierId: string;
  hasJwt: boolean;
  hasBusApiKey: boolean;
  /**
   * Credentials entered while the wallet was locked (or before it existed): held in memory only,
   * sealed at the next unlock, gone if the browser closes first.
   */
  credentialsWaiting: ('jwt' | 'busApiKey')[];
  autoLockMinutes: number;
  /**
   * The names custom endpoints are sent (docs/services.md, "Wire names"): `live` (`nearSenderAccount`,
   * chain `near`) or `interface` (`homeSenderAccount`, chain `home`). Mainnet always sends the live
   * names and Local the interface's, whatever this says.
   * The interface: docs/interface.md.
   */
  wireNames: WireNames;
  /** Ledger RPC hosts tried after `endpoints.ledgerRpc`, in order (docs/services.md, "The ledger RPC"). */
  ledgerRpcFallbacks: string[];
  /** The ledger RPC host that answered last, or null before any did. */
  ledgerRpcActive: string | null;
  /**
   * The key the swap service's quotes must be signed with (docs/services.md, "Quote signatures"): the
   * preset's, or the one set for custom endpoints; null when none is set (then no quote is used).
   */
  quoteSigningKey: string | null;
}

/**
 * A change; `jwt`/`busApiKey` null removes the credential, absent leaves it. A credential is bound to
 * the origins of the endpoints it is for (after this change's endpoints) and cleared when they change;
 * one for an endpoint that is neither https nor loopback http is refused (-32602, field `jwt` or
 * `busApiKey`).
 */
export interface SettingsChange {
  preset?: NetworkPreset;
  endpoints?: Partial<Endpoints>;
  verifierId?: string;
  jwt?: string | null;
  busApiKey?: string | null;
  autoLockMinutes?: number;
  wireNames?: WireNames;
  /** Replaces the ledger RPC fallbacks (at most 5). */
  ledgerRpcFallbacks?: string[];
  /**
   * The swap service's quote signing key (`ed25519:<base58>`; null removes it). Cleared when the swap
   * endpoint changes, unless this change sets it; one that is not the preset's makes the endpoints custom.
   */
  quoteSigningKey?: string | null;
  /** With `preset: 'local'`: the simulator's port on 127.0.0.1 (the preset's own, 3999, without it). */
  localPort?: number;
}

export type WireNames = 'live' | 'interface';

/** A site connected through intents_requestAccounts (Connected sites in the popup). */
export interface ConnectedSite {
  origin: string;
  accounts: string[];
  grantedAt: number;
}

/** One token the intents account holds (smallest units), valued at the token list's price. */
export interface BalanceRow {
  assetId: string;
  /** As in TokenView: the checked symbol when confirmed, else the service's word (shown flagged). */
  symbol: string;
  blockchain: string;
  /** Null unless the token's facts are confirmed (docs/security.md, "Token facts"): the amount is then shown in raw units. */
  decimals: number | null;
  facts: TokenFactsStatus;
  factsNote: Phrase | null;
  amount: string;
  /** Null when the token list has no price for it, or its decimals are not confirmed. */
  usd: string | null;
}

/** The intents account's balances, largest USD value first; `stale` when the ledger could not be asked. */
export interface BalancesView {
  accountId: string;
  rows: BalanceRow[];
  totalUsd: string;
  /** Unix ms of the reading, or null when there has never been one. */
  at: number | null;
  stale: boolean;
  error: string | null;
  /** How the reading failed, for the sentence a person reads (core/errorText.ts); `error` goes under Details. */
  failure?: FailureFacts;
}

/** A transfer from the intents account to another one: what the popup asks to review. */
export interface SendParams {
  accountId?: string;
  receiverId: string;
  tokenId: string;
  /** Smallest units. */
  amount: string;
}

/** An intent as the message bus reports it (PENDING → TX_BROADCASTED → SETTLED, or NOT_FOUND_OR_NOT_VALID). */
export interface IntentStatusView {
  intent_hash: string;
  status: 'PENDING' | 'TX_BROADCASTED' | 'SETTLED' | 'NOT_FOUND_OR_NOT_VALID';
  status_details?: string | undefined;
  data?: { hash?: string | undefined } | undefined;
}
