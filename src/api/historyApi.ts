// Swap history as the popup reads it (swap_history, docs/services.md "The transactions API"): the query,
// each row merged from the local records and the service's, and a page of them. Types only, like the
// rest of the swap API (./swapApi.ts), which the popup imports them from.
import type { FailureFacts } from '../core/errorText';
import type { SwapStatus } from '../core/swapStatus';

/** Every parameter of the transactions API (docs/services.md, "The transactions API"). */
export interface HistoryQuery {
  numberOfTransactions?: number;
  lastDepositAddress?: string;
  lastDepositMemo?: string;
  direction?: 'next' | 'prev';
  search?: string;
  fromChainId?: string;
  fromTokenId?: string;
  toChainId?: string;
  toTokenId?: string;
  referral?: string;
  affiliate?: string;
  statuses?: SwapStatus[];
  showTestTxs?: boolean;
  minUsdPrice?: number;
  maxUsdPrice?: number;
  startTimestamp?: string;
  endTimestamp?: string;
}

export interface HistoryItem {
  /** depositAddress + '_' + memo: the de-duplication key. */
  key: string;
  source: 'local' | 'service' | 'both';
  originAsset: string;
  destinationAsset: string;
  depositAddress: string;
  depositMemo: string | null;
  recipient: string;
  status: SwapStatus;
  createdAt: string;
  /**
   * Smallest units, when known: what the popup words amounts from, with the token's checked decimals
   * (docs/security.md, "Token facts"). The formatted strings are the service's figures.
   */
  amountIn: string | null;
  amountOut: string | null;
  amountInFormatted: string;
  amountOutFormatted: string;
  amountInUsd: string | null;
  amountOutUsd: string | null;
  refundReason: string | null;
  referral: string | null;
  intentHashes: string[];
  homeTxHashes: string[];
  originChainTxHashes: string[];
  destinationChainTxHashes: string[];
  senders: string[];
  refundTo: string | null;
  /** The local record, when there is one. */
  localId: string | null;
  /** What the swap did, when its local record tells (absent: a swap). */
  flow?: SwapFlow;
}

/**
 * A swap as what it did for this wallet: `withdraw` from the intents balance to an address on a chain
 * (deposit type INTENTS, recipient on the destination chain), `receive` into the intents account from a
 * chain (the same token, recipient type INTENTS), else `swap`.
 */
export type SwapFlow = 'swap' | 'withdraw' | 'receive';

export interface HistoryPage {
  items: HistoryItem[];
  /** False when no JWT is set: only local swaps are shown. */
  serviceIncluded: boolean;
  /** Set when the transactions API failed (local swaps are still listed). */
  serviceError: string | null;
  /** How it failed, for the sentence a person reads (core/errorText.ts); the error's text goes under Details. */
  serviceFailure?: FailureFacts;
}
