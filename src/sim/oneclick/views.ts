/**
 * How swaps are shown: the status / deposit-submit response (docs/decisions.md, "Status response", with
 * the interface's `home` names, docs/services.md "Wire names") and the transactions API record
 * (docs/services.md, "The transactions API").
 * Unset optional values are sent as null, as the live service does.
 * The interface: docs/interface.md.
 */
import { correlationId } from '../http';
import { findToken } from '../tokenList';
import type { QuoteResponse, SwapRecord, SwapStatus, TxRef } from './model';
import { formatted, usd } from './pricing';

export interface SwapDetailsView {
  intentHashes: string[];
  homeTxHashes: string[];
  originChainTxHashes: TxRef[];
  destinationChainTxHashes: TxRef[];
  amountIn: string | null;
  amountInFormatted: string | null;
  amountInUsd: string | null;
  amountOut: string | null;
  amountOutFormatted: string | null;
  amountOutUsd: string | null;
  slippage: number | null;
  refundedAmount: string;
  refundedAmountFormatted: string;
  refundedAmountUsd: string;
  refundReason: string | null;
  depositedAmount: string | null;
  depositedAmountFormatted: string | null;
  depositedAmountUsd: string | null;
  referral: string | null;
}

export interface StatusView {
  correlationId: string;
  quoteResponse: QuoteResponse;
  status: SwapStatus;
  updatedAt: string;
  swapDetails: SwapDetailsView;
}

/** The embedded quote carries unset optionals as null, as the live service does; the signature still verifies. */
function quoteResponseWithNulls(q: QuoteResponse): QuoteResponse {
  return {
    ...q,
    quoteRequest: {
      ...q.quoteRequest,
      referral: q.quoteRequest.referral ?? null,
      virtualChainRecipient: q.quoteRequest.virtualChainRecipient ?? null,
      virtualChainRefundRecipient: q.quoteRequest.virtualChainRefundRecipient ?? null,
      customRecipientMsg: q.quoteRequest.customRecipientMsg ?? null,
    },
  };
}

/** Total seen on chain (detected deposits) of the origin asset; for ANY_INPUT, USD of all tokens. */
function deposited(swap: SwapRecord): { amount: string | null; formatted: string | null; usd: string | null } {
  const seen = swap.deposits.filter((d) => d.detected);
  if (seen.length === 0) return { amount: null, formatted: null, usd: null };
  const req = swap.quoteResponse.quoteRequest;
  if (req.swapType === 'ANY_INPUT') {
    const total = seen.reduce((n, d) => n + Number(usd(BigInt(d.amount), findToken(d.assetId))), 0);
    return { amount: null, formatted: null, usd: total.toFixed(4) };
  }
  const token = findToken(req.originAsset);
  const amount = seen.reduce((n, d) => n + BigInt(d.amount), 0n);
  return { amount: amount.toString(), formatted: formatted(amount, token), usd: usd(amount, token) };
}

export function swapDetails(swap: SwapRecord): SwapDetailsView {
  const req = swap.quoteResponse.quoteRequest;
  const tokenIn = findToken(req.originAsset);
  const tokenOut = findToken(req.destinationAsset);
  const o = swap.outcome;
  const amount = (value: string | null, token: ReturnType<typeof findToken>) =>
    value === null
      ? { raw: null, formatted: null, usd: null }
      : { raw: value, formatted: formatted(BigInt(value), token), usd: usd(BigInt(value), token) };
  const a = amount(o.amountIn, tokenIn);
  const b = amount(o.amountOut, tokenOut);
  const refunded = BigInt(o.refundedAmount);
  const dep = deposited(swap);
  return {
    intentHashes: [...o.intentHashes],
    homeTxHashes: [...o.homeTxHashes],
    originChainTxHashes: o.originChainTxHashes.map((t) => ({ ...t })),
    destinationChainTxHashes: o.destinationChainTxHashes.map((t) => ({ ...t })),
    amountIn: a.raw,
    amountInFormatted: a.formatted,
    amountInUsd: a.usd,
    amountOut: b.raw,
    amountOutFormatted: b.formatted,
    amountOutUsd: b.usd,
    slippage: o.slippage,
    refundedAmount: o.refundedAmount,
    // Nothing refunded reads "0" in all three (a live PENDING_DEPOSIT capture).
    refundedAmountFormatted: refunded === 0n ? '0' : formatted(refunded, tokenIn),
    refundedAmountUsd: refunded === 0n ? '0' : usd(refunded, tokenIn),
    refundReason: o.refundReason,
    depositedAmount: dep.amount,
    depositedAmountFormatted: dep.formatted,
    depositedAmountUsd: dep.usd,
    referral: req.referral ?? null,
  };
}

export function statusView(swap: SwapRecord): StatusView {
  return {
    correlationId: correlationId(),
    quoteResponse: quoteResponseWithNulls(swap.quoteResponse),
    status: swap.status,
    updatedAt: new Date(swap.updatedAtMs).toISOString(),
    swapDetails: swapDetails(swap),
  };
}

/** Transactions API statuses: a deposit not yet confirmed still counts as pending there. */
export type TransactionStatus = Exclude<SwapStatus, 'KNOWN_DEPOSIT_TX'>;

export function transactionStatus(status: SwapStatus): TransactionStatus {
  return status === 'KNOWN_DEPOSIT_TX' ? 'PENDING_DEPOSIT' : status;
}

export interface TransactionRecord {
  originAsset: string;
  destinationAsset: string;
  depositAddress: string;
  depositMemo: string | null;
  depositAddressAndMemo: string;
  recipient: string;
  status: TransactionStatus;
  createdAt: string;
  createdAtTimestamp: number;
  intentHashes: string | null;
  referral: string | null;
  amountIn: string;
  amountInFormatted: string;
  amountInUsd: string;
  amountOut: string;
  amountOutFormatted: string;
  amountOutUsd: string;
  appFees: { fee: number; recipient: string }[];
  homeTxHashes: string[];
  originChainTxHashes: string[];
  destinationChainTxHashes: string[];
  refundTo: string;
  senders: string[];
  refundReason: string | null;
  refundFee: string | null;
  refundFeeFormatted: string | null;
  depositType: string;
  recipientType: string;
  refundType: string;
}

export function depositAddressAndMemo(address: string, memo: string | null | undefined): string {
  return memo ? `${address}_${memo}` : address;
}

/** Amounts: the settled ones once the swap settled, else the quoted ones. */
export function transactionRecord(swap: SwapRecord): TransactionRecord {
  const { quoteRequest: req, quote } = swap.quoteResponse;
  const tokenIn = findToken(req.originAsset);
  const tokenOut = findToken(req.destinationAsset);
  const o = swap.outcome;
  const amountIn = BigInt(o.amountIn ?? quote.amountIn);
  const amountOut = BigInt(o.amountOut ?? quote.amountOut);
  const address = quote.depositAddress ?? '';
  const memo = quote.depositMemo ?? null;
  return {
    originAsset: req.originAsset,
    destinationAsset: req.destinationAsset,
    depositAddress: address,
    depositMemo: memo,
    depositAddressAndMemo: depositAddressAndMemo(address, memo),
    recipient: req.recipient,
    status: transactionStatus(swap.status),
    createdAt: new Date(swap.createdAtMs).toISOString(),
    createdAtTimestamp: Math.floor(swap.createdAtMs / 1000),
    intentHashes: o.intentHashes.length > 0 ? o.intentHashes.join(',') : null,
    referral: req.referral ?? null,
    amountIn: amountIn.toString(),
    amountInFormatted: formatted(amountIn, tokenIn),
    amountInUsd: usd(amountIn, tokenIn),
    amountOut: amountOut.toString(),
    amountOutFormatted: formatted(amountOut, tokenOut),
    amountOutUsd: usd(amountOut, tokenOut),
    appFees: (req.appFees ?? []).map((f) => ({ fee: f.fee, recipient: f.recipient })),
    homeTxHashes: [...o.homeTxHashes],
    originChainTxHashes: o.originChainTxHashes.map((t) => t.hash),
    destinationChainTxHashes: o.destinationChainTxHashes.map((t) => t.hash),
    refundTo: req.refundTo,
    senders: [...swap.senders],
    refundReason: o.refundReason,
    refundFee: o.refundFee,
    refundFeeFormatted: o.refundFee === null ? null : formatted(BigInt(o.refundFee), tokenIn),
    depositType: req.depositType,
    recipientType: req.recipientType,
    refundType: req.refundType,
  };
}
