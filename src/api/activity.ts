// The Activity list (walletApi `wallet_activity`, docs/services.md "Activity"): the swaps `swap_history`
// lists and the intents this wallet published itself (sends from the popup, intents approved for
// sites), merged newest first, paged forward with a cursor the background hands out. Types only.
import type { FailureFacts } from '../core/errorText';
import type { Phrase } from '../core/phrase';
import type { HistoryItem, HistoryQuery, SwapStatus } from './swapApi';

/** How the message bus reports an intent (`get_status`), or FAILED when publishing it was refused. */
export type PublishedStatus = 'PENDING' | 'TX_BROADCASTED' | 'SETTLED' | 'NOT_FOUND_OR_NOT_VALID' | 'FAILED';

/** Statuses after which the bus is not asked again. */
export const FINAL_PUBLISHED: readonly PublishedStatus[] = ['SETTLED', 'NOT_FOUND_OR_NOT_VALID', 'FAILED'];

/**
 * The swap status an intent's counts as, for the status filter and its colour: settled is a success,
 * pending or broadcast is processing, refused or not found is a failure.
 */
export const AS_SWAP_STATUS: Record<PublishedStatus, SwapStatus> = {
  PENDING: 'PROCESSING',
  TX_BROADCASTED: 'PROCESSING',
  SETTLED: 'SUCCESS',
  NOT_FOUND_OR_NOT_VALID: 'FAILED',
  FAILED: 'FAILED',
};

/** One intent this wallet published: no signature and no payload are kept, only what Activity shows. */
export interface PublishedIntentView {
  intentHash: string;
  /** The signing account (one of this wallet's). */
  accountId: string;
  /** `send`: from the popup's Send; `dapp`: approved for a site (intents_publishIntents). */
  kind: 'send' | 'dapp';
  /** The site, for `dapp`; null for `send`. */
  origin: string | null;
  /** Plain words, one phrase per effect (src/core/describe.ts), shortened to a few lines; the page words them. */
  summary: Phrase[];
  /**
   * The accounts its transfers paid, in order, each once (from the intents when it was recorded; for a
   * record an older version kept, read from its English words once, when it is read back).
   */
  receivers: string[];
  /** Unix ms when it was published. */
  createdAt: number;
  status: PublishedStatus;
  /** The verifier's reason when it failed, or the bus's status details. */
  detail: string | null;
  /** The ledger transaction, once the bus names it. */
  txHash: string | null;
  /** Unix ms of the last status from the bus. */
  checkedAt: number | null;
}

export type ActivityItem =
  | { type: 'swap'; key: string; at: number; swap: HistoryItem }
  | { type: 'intent'; key: string; at: number; intent: PublishedIntentView };

/**
 * Where the next (older) page starts: the last row shown (its time and key) and the last swap shown
 * so far, which is the transactions API's cursor (null before any swap was shown).
 */
export interface ActivityCursor {
  at: number;
  key: string;
  swap: { address: string; memo: string | null } | null;
}

/**
 * The filters of the transactions API (HistoryQuery without its cursor) and `after`, the cursor of the
 * page before. Swap-only filters (route, USD value, referral, affiliate) leave the wallet's intents out.
 */
export type ActivityQuery = Omit<HistoryQuery, 'lastDepositAddress' | 'lastDepositMemo' | 'direction'> & {
  after?: ActivityCursor;
  /** Every account's intents; without it, the selected account's only. */
  allAccounts?: boolean;
};

export interface ActivityPage {
  items: ActivityItem[];
  /** The cursor of the page after this one; null when this page is empty. */
  next: ActivityCursor | null;
  /** False when no JWT is set: only swaps started here are listed. */
  serviceIncluded: boolean;
  serviceError: string | null;
  /** How the transactions API failed (core/errorText.ts), when it did. */
  serviceFailure?: FailureFacts;
  /** True when a swap-only filter is set, so the wallet's own intents are not listed. */
  intentsHidden: boolean;
}
