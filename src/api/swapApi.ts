// The popup's swap API (docs/services.md, "The swap service"): quotes, deposits, tracking and history,
// answered by the background to the extension's own pages only. Types only (no zod): the background parses
// params with zod. Names follow the interface (docs/services.md, "Wire names": `home`, homeSenderAccount,
// homeTxHashes).
// The interface: docs/interface.md.

import type { Phrase } from '../core/phrase';
import type { TokenFactsStatus } from '../core/tokenFacts';
import type { IntentsPreviewWire } from './approvalApi';
import type { HistoryPage } from './historyApi';

export const SWAP = {
  tokens: 'swap_tokens',
  quote: 'swap_quote',
  start: 'swap_start',
  submitDeposit: 'swap_submitDeposit',
  previewPayment: 'swap_previewPayment',
  payFromIntents: 'swap_payFromIntents',
  list: 'swap_list',
  get: 'swap_get',
  refresh: 'swap_refresh',
  history: 'swap_history',
} as const;
export type SwapMethod = (typeof SWAP)[keyof typeof SWAP];

/**
 * What each swap method answers: one table for the background's handlers and the popup's client.
 * Methods that change a swap answer its whole record.
 */
export interface SwapResults {
  swap_tokens: TokenView[];
  swap_quote: QuoteView;
  swap_start: SwapRecordView;
  swap_submitDeposit: SwapRecordView;
  swap_previewPayment: PaymentPreview;
  swap_payFromIntents: SwapRecordView;
  /** The swaps the tracker follows (not finished; an unfunded one until the check after its deadline), newest first. */
  swap_list: SwapRecordView[];
  swap_get: SwapRecordView;
  swap_refresh: SwapRecordView;
  swap_history: HistoryPage;
}

export type SwapType = 'EXACT_INPUT' | 'EXACT_OUTPUT' | 'FLEX_INPUT' | 'ANY_INPUT';
/**
 * The origin of an ANY_INPUT quote: not a token but "any token" (docs/services.md, "ANY_INPUT"). Such a
 * request also says `amount: "0"` and `depositType`/`refundType: "INTENTS"`.
 */
export const ANY_INPUT_ASSET = '1cs:any';
export type DepositType = 'ORIGIN_CHAIN' | 'INTENTS';
export type RefundType = 'ORIGIN_CHAIN' | 'INTENTS';
export type RecipientType = 'DESTINATION_CHAIN' | 'INTENTS';
export type DepositMode = 'SIMPLE' | 'MEMO';

import type { SwapStatus } from '../core/swapStatus';

export { type SwapStatus, TERMINAL_STATUSES } from '../core/swapStatus';

/**
 * A token of the swap service's list as the wallet checked it (docs/security.md, "Token facts"):
 * `confirmed` when a second source (the wallet's table of known tokens, or the token's contract) agrees
 * with the service, `disputed` when it disagrees, `unconfirmed` when none answered. Only a confirmed token
 * has `decimals` (and then its symbol is the checked one): the others are never used for amounts, which
 * are shown as raw units with the asset id.
 */
export interface TokenView {
  assetId: string;
  /** The checked symbol when confirmed; otherwise the service's word, to be shown flagged. */
  symbol: string;
  decimals: number | null;
  facts: TokenFactsStatus;
  /** Why the token is not confirmed, in words; null when it is. */
  factsNote: Phrase | null;
  /** Chain id (the interface's list; `home` for the ledger, docs/services.md "Wire names"). */
  blockchain: string;
  price: number;
  priceUpdatedAt: string;
  contractAddress: string | null;
}

export interface AppFee {
  recipient: string;
  /** Basis points of amountIn. */
  fee: number;
}

/** The interface's quote request (without `dry`: `swap_quote` is dry, `swap_start` is not). */
export interface QuoteParams {
  swapType: SwapType;
  slippageTolerance: number;
  originAsset: string;
  depositType: DepositType;
  destinationAsset: string;
  /** Smallest units, decimal string. */
  amount: string;
  refundTo: string;
  refundType: RefundType;
  recipient: string;
  recipientType: RecipientType;
  /**
   * The memo the recipient's address needs (an XRP destination tag), as typed: it leaves inside the
   * recipient, as its X-address (src/core/destinationMemo.ts; docs/services.md, "Recipient memos").
   */
  recipientMemo?: string;
  /** ISO 8601. */
  deadline: string;
  depositMode?: DepositMode;
  virtualChainRecipient?: string;
  virtualChainRefundRecipient?: string;
  customRecipientMsg?: string;
  referral?: string;
  quoteWaitingTimeMs?: number;
  appFees?: AppFee[];
}

export interface QuoteAmounts {
  amountIn: string;
  amountInFormatted: string;
  amountInUsd: string;
  minAmountIn?: string;
  maxAmountIn?: string;
  amountOut: string;
  amountOutFormatted: string;
  amountOutUsd: string;
  minAmountOut: string;
  /** Seconds. */
  timeEstimate: number;
  refundFee?: string;
  /** Smallest units of the destination asset, already taken out of amountOut. */
  withdrawFee?: string;
}

/**
 * How a swap is paid from the intents account: `service` when the swap service writes the transfer
 * (generate-intent / submit-intent), `bus` when the wallet writes it and publishes it on the message bus.
 */
export type PaymentRoute = 'service' | 'bus';

/** `swap_previewPayment`: the transfer to confirm, with the approval window's checks. */
export interface PaymentPreview {
  route: PaymentRoute;
  /** Signed before (a confirmation was interrupted): Confirm sends that same signature again. */
  signed: boolean;
  preview: IntentsPreviewWire;
  /** Names the payload shown (the intent hash its signature carries); swap_payFromIntents must name it back. */
  reviewed: string;
}

export interface QuoteView {
  quote: QuoteAmounts;
  /** True when no JWT is set: the service adds its 0.2% fee. */
  feeWithoutJwt: boolean;
  /** The request as the service echoed it (with any fee it added). */
  appFees: AppFee[];
}

export interface TxLink {
  hash: string;
  explorerUrl: string;
}

/** swapDetails with the interface's names (docs/services.md, "Wire names"); absent optionals are left out. */
export interface SwapDetailsView {
  intentHashes: string[];
  homeTxHashes: string[];
  originChainTxHashes: TxLink[];
  destinationChainTxHashes: TxLink[];
  amountIn?: string;
  amountInFormatted?: string;
  amountInUsd?: string;
  amountOut?: string;
  amountOutFormatted?: string;
  amountOutUsd?: string;
  slippage?: number;
  refundedAmount?: string;
  refundedAmountFormatted?: string;
  refundedAmountUsd?: string;
  refundReason?: string;
  depositedAmount?: string;
  depositedAmountFormatted?: string;
  depositedAmountUsd?: string;
  referral?: string;
}

/** One payout of an ANY_INPUT pool, as the swap service lists it (docs/services.md, "ANY_INPUT"). */
export interface AnyInputWithdrawalView {
  status: 'SUCCESS' | 'FAILED';
  /** Smallest units of the destination token, and formatted. */
  amountOut: string;
  amountOutFormatted: string;
  amountOutUsd?: string;
  withdrawFeeFormatted?: string;
  timestamp: string;
  hash: string;
}

export interface StatusChange {
  status: SwapStatus;
  /** Unix ms when the tracker first saw it. */
  at: number;
}

/** A swap the user started here: the whole quote response (with its signature) is kept as evidence. */
export interface SwapRecordView {
  id: string;
  createdAt: number;
  request: QuoteParams;
  /** The service's quote response exactly as received (signature included), as JSON text. */
  quoteResponseJson: string;
  depositAddress: string;
  depositMemo: string | null;
  /** What to send: amountIn of the origin asset, formatted with its symbol. */
  amountToSend: string;
  timeWhenInactive: string | null;
  deadline: string | null;
  status: SwapStatus;
  statusHistory: StatusChange[];
  swapDetails: SwapDetailsView | null;
  /** Last time the service was asked, and the last error if that failed (tracking keeps going). */
  checkedAt: number | null;
  lastError: string | null;
  /** Set when the deposit was paid from the intents account: the transfer intent's hash. */
  paidIntentHash: string | null;
  /**
   * The verifier of the network the swap was made on (docs/security.md, "Networks"): it is paid from the
   * intents account only there. Absent in swaps made before the wallet recorded it (never paid from here).
   */
  verifierId?: string /** ANY_INPUT only: the pool's payouts so far, oldest first (absent until the first check). */;
  withdrawals?: AnyInputWithdrawalView[];
}

export interface SubmitDepositParams {
  id: string;
  txHash: string;
  homeSenderAccount?: string;
  memo?: string;
}

export type { HistoryItem, HistoryPage, HistoryQuery, SwapFlow } from './historyApi';
