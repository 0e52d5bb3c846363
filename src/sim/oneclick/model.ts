/**
 * The swap service's records: quote responses as sent (docs/services.md, "The swap service") and the swap
 * each non-dry quote starts. Everything here is JSON (amounts as decimal strings, times as ms numbers)
 * because it lives in the simulator's persisted store.
 */

export const SWAP_TYPES = ['EXACT_INPUT', 'EXACT_OUTPUT', 'FLEX_INPUT', 'ANY_INPUT'] as const;
export type SwapType = (typeof SWAP_TYPES)[number];

export const DEPOSIT_TYPES = ['ORIGIN_CHAIN', 'INTENTS'] as const;
export const REFUND_TYPES = ['ORIGIN_CHAIN', 'INTENTS'] as const;
export const RECIPIENT_TYPES = ['DESTINATION_CHAIN', 'INTENTS'] as const;
export const DEPOSIT_MODES = ['SIMPLE', 'MEMO'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

export const SWAP_STATUSES = [
  'PENDING_DEPOSIT',
  'KNOWN_DEPOSIT_TX',
  'PROCESSING',
  'SUCCESS',
  'INCOMPLETE_DEPOSIT',
  'REFUNDED',
  'FAILED',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
export const TERMINAL_STATUSES: ReadonlySet<SwapStatus> = new Set(['SUCCESS', 'REFUNDED', 'FAILED']);

/** Known refund reasons (docs/services.md, "The swap service"). */
export const REFUND_REASONS = [
  'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT',
  'AMOUNT_MORE_THAN_BALANCE',
  'INTENT_SUBMIT_FAILED',
  'PARTIAL_DEPOSIT',
  'CIRCUIT_BREAKER_BLOCKED',
  'FEE_ESTIMATION_FAILED',
  'NO_LIQUIDITY',
  'AMOUNT_LESS_THAN_MIN_WITHDRAWABLE',
  'INSUFFICIENT_BALANCE',
  'REFUND_ADD_FAILED',
  'UNKNOWN',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** ANY_INPUT quotes name this pseudo asset as their origin (docs/services.md, "The swap service"). */
export const ANY_ASSET = '1cs:any';

export interface AppFee {
  recipient: string;
  fee: number;
}

/** The echoed request (`quoteRequest`): what the client sent, defaults filled, platform fee added. */
export interface QuoteRequestEcho {
  dry: boolean;
  swapType: SwapType;
  slippageTolerance: number;
  originAsset: string;
  depositType: (typeof DEPOSIT_TYPES)[number];
  destinationAsset: string;
  amount: string;
  refundTo: string;
  refundType: (typeof REFUND_TYPES)[number];
  recipient: string;
  recipientType: (typeof RECIPIENT_TYPES)[number];
  deadline: string;
  depositMode?: DepositMode;
  connectedWallets?: string[];
  sessionId?: string;
  virtualChainRecipient?: string | null;
  virtualChainRefundRecipient?: string | null;
  customRecipientMsg?: string | null;
  referral?: string | null;
  quoteWaitingTimeMs?: number;
  appFees?: AppFee[];
}

export interface QuoteBody {
  amountIn: string;
  amountInFormatted: string;
  amountInUsd: string;
  minAmountIn: string;
  maxAmountIn?: string;
  amountOut: string;
  amountOutFormatted: string;
  amountOutUsd: string;
  minAmountOut: string;
  timeEstimate: number;
  depositAddress?: string;
  depositMemo?: string;
  deadline?: string;
  timeWhenInactive?: string;
  virtualChainRecipient?: string;
  virtualChainRefundRecipient?: string;
  customRecipientMsg?: string;
  refundFee: string;
  /** Destination units, already taken out of amountOut; "0" when nothing leaves the home ledger (quote.ts withdrawFeeOf). */
  withdrawFee?: string;
}

export interface QuoteResponse {
  correlationId: string;
  timestamp: string;
  signature: string;
  quoteRequest: QuoteRequestEcho;
  quote: QuoteBody;
}

export interface TxRef {
  hash: string;
  explorerUrl: string;
}

/** One deposit seen for a swap: on the origin chain (`/dev/deposit`) or a ledger transfer (INTENTS). */
export interface DepositRecord {
  txHash: string;
  assetId: string;
  amount: string;
  memo: string | null;
  sender: string | null;
  via: 'origin' | 'intents';
  /** Intent hash of the ledger transfer that made an INTENTS deposit. */
  intentHash: string | null;
  seenAtMs: number;
  /** When KNOWN_DEPOSIT_TX is (or was) reached for it; `deposit/submit` brings it to now. */
  detectAtMs: number;
  detected: boolean;
  /** Set on detection: when the deposit is final and credited. */
  confirmAtMs: number | null;
  confirmed: boolean;
  /** ANY_INPUT: converted into the pool already. */
  converted: boolean;
}

/** What the swap settled to; null fields are not reached yet (sent as null, as the live service does). */
export interface SwapOutcome {
  intentHashes: string[];
  homeTxHashes: string[];
  originChainTxHashes: TxRef[];
  destinationChainTxHashes: TxRef[];
  amountIn: string | null;
  amountOut: string | null;
  slippage: number | null;
  refundedAmount: string;
  refundReason: RefundReason | null;
  refundFee: string | null;
}

export interface SwapRecord {
  /** `depositAddress` + "\u0000" + (depositMemo ?? ""): the lookup key. */
  key: string;
  /** Creation order, the tie-break of equal creation times. */
  seq: number;
  createdAtMs: number;
  updatedAtMs: number;
  quoteResponse: QuoteResponse;
  /** Subject of the partner JWT that asked for the quote, or null. */
  partner: string | null;
  /** A test transaction (hidden from the transactions API unless `showTestTxs`). */
  test: boolean;
  /** Made by `/dev/seed-swaps`: frozen, the engine leaves it alone. */
  seeded: boolean;
  status: SwapStatus;
  deposits: DepositRecord[];
  /** Hashes given to `deposit/submit` that no deposit matched (yet). */
  claimedTxHashes: string[];
  senders: string[];
  /** When PROCESSING ends (execution), or the next ANY_INPUT conversion. */
  processAtMs: number | null;
  /** `/dev/swap-outcome`: force the execution result. */
  forcedOutcome: RefundReason | 'FAILED' | null;
  outcome: SwapOutcome;
  /**
   * ANY_INPUT: destination amount converted and not yet withdrawn, all converted so far, and each
   * withdrawal of the pool (what `GET /v0/any-input/withdrawals` lists; absent in older data files).
   */
  pool: { pending: string; total: string; withdrawn: string; withdrawals?: PoolWithdrawal[] } | null;
  /** Payouts to an address on the destination chain (absent in older data files): `GET /dev/deliveries`. */
  deliveries?: Delivery[];
}

/**
 * One payout to an address on the destination chain, as the bridge withdrawal made it: the address, the
 * destination tag an X-address recipient carried, and the withdrawal's memo on the verifier
 * (`WITHDRAW_TO:<address>[:<tag>]`, core/destinationMemo). The live service shows the tag only on the
 * destination chain's own transaction; the simulator keeps it here.
 */
export interface Delivery {
  chain: string;
  address: string;
  destinationTag: string | null;
  bridgeMemo: string;
  amount: string;
  txHash: string;
}

/** One withdrawal of an ANY_INPUT pool (SDK model `AnyInputQuoteWithdrawal`). */
export interface PoolWithdrawal {
  status: 'SUCCESS' | 'FAILED';
  /** Destination asset, smallest units: what reached the recipient (0 for a failed one). */
  amountOut: string;
  withdrawFee: string;
  atMs: number;
  hash: string;
}

export function swapKey(depositAddress: string, depositMemo: string | null | undefined): string {
  return `${depositAddress}\u0000${depositMemo ?? ''}`;
}

export function emptyOutcome(): SwapOutcome {
  return {
    intentHashes: [],
    homeTxHashes: [],
    originChainTxHashes: [],
    destinationChainTxHashes: [],
    amountIn: null,
    amountOut: null,
    slippage: null,
    refundedAmount: '0',
    refundReason: null,
    refundFee: null,
  };
}
