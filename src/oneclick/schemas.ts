/**
 * zod/mini schemas of every swap-service and transactions-API response (docs/services.md, "The swap
 * service", "The transactions API"). Inbound normalisation happens here and only here:
 * - optional fields may arrive as `null`; they are parsed as absent ("Errors as they arrive").
 * - the live service's `near*` field names (nearTxHashes, nearSenderAccount) become `home*`, and
 *   chain id `near` becomes `home` (./wireNames, the one mapping module; "Wire names").
 */
import * as z from 'zod/mini';
import { SWAP_STATUSES } from '../core/swapStatus';
import { chainId, fromWire } from './wireNames';

/** Kept under its old name: drops null members and renames `nearX` keys to `homeX` (./wireNames). */
export const normalise = fromWire;
const inbound = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(normalise), schema);

const s = z.string();
const os = z.optional(s);
const strings = z.array(s);

export { SWAP_STATUSES };
export const statusSchema = z.enum(SWAP_STATUSES);
export const appFeeSchema = z.lazy(() => z.object({ recipient: s, fee: z.number() }));

/**
 * The quote object (docs/services.md, "The swap service"): dry quotes leave out depositAddress, deadline and
 * timeWhenInactive.
 */
export const quoteSchema = z.lazy(() =>
  z.object({
    amountIn: s,
    amountInFormatted: s,
    amountInUsd: s,
    minAmountIn: os,
    maxAmountIn: os,
    amountOut: s,
    amountOutFormatted: s,
    amountOutUsd: s,
    minAmountOut: s,
    /** Seconds. */
    timeEstimate: z.number(),
    depositAddress: os,
    depositMemo: os,
    deadline: os,
    timeWhenInactive: os,
    refundFee: os,
    withdrawFee: os,
    virtualChainRecipient: os,
    virtualChainRefundRecipient: os,
    customRecipientMsg: os,
    chainDepositAddresses: z.optional(z.array(z.object({ blockchain: chainId, address: s, memo: os }))),
  }),
);

const quoteResponseFields = z.lazy(() =>
  z.object({
    /** Absent in 2025-era responses. */
    correlationId: os,
    timestamp: s,
    signature: s,
    /** The request echo (the service adds its platform fee to appFees); the raw answer keeps all of it. */
    quoteRequest: z.object({ dry: z.boolean(), appFees: z.optional(z.array(appFeeSchema)) }),
    quote: quoteSchema,
  }),
);
export const quoteResponseSchema = inbound(quoteResponseFields);
export type QuoteResponse = z.output<typeof quoteResponseSchema>;

/** explorerUrl may be "" (or missing): read as "". */
const txLinks = z.lazy(() =>
  z.array(
    z.object({
      hash: s,
      explorerUrl: z.pipe(
        os,
        z.transform((v) => v ?? ''),
      ),
    }),
  ),
);

/** swapDetails (docs/services.md, "The swap service"): settled amounts are often null until the end. */
export const swapDetailsSchema = z.lazy(() =>
  z.object({
    intentHashes: strings,
    homeTxHashes: strings,
    originChainTxHashes: txLinks,
    destinationChainTxHashes: txLinks,
    amountIn: os,
    amountInFormatted: os,
    amountInUsd: os,
    amountOut: os,
    amountOutFormatted: os,
    amountOutUsd: os,
    slippage: z.optional(z.number()),
    refundedAmount: os,
    refundedAmountFormatted: os,
    refundedAmountUsd: os,
    refundReason: os,
    depositedAmount: os,
    depositedAmountFormatted: os,
    depositedAmountUsd: os,
    referral: os,
    withdrawFee: os,
  }),
);

/**
 * `GET /v0/status` and `POST /v0/deposit/submit` answer the same object (docs/decisions.md, "Status
 * response").
 */
export const statusResponseSchema = z.lazy(() =>
  inbound(
    z.object({
      correlationId: os,
      quoteResponse: quoteResponseFields,
      status: statusSchema,
      updatedAt: s,
      swapDetails: swapDetailsSchema,
    }),
  ),
);
export type StatusResponse = z.output<typeof statusResponseSchema>;

/** One record of `GET /api/v0/transactions` (docs/services.md, "The transactions API"). */
export const transactionSchema = z.lazy(() =>
  z.object({
    originAsset: s,
    destinationAsset: s,
    depositAddress: s,
    depositMemo: os,
    recipient: s,
    status: statusSchema,
    createdAt: s,
    createdAtTimestamp: z.optional(z.number()),
    /** Comma-joined. */
    intentHashes: os,
    referral: os,
    amountIn: os,
    amountInFormatted: s,
    amountInUsd: os,
    amountOut: os,
    amountOutFormatted: s,
    amountOutUsd: os,
    appFees: z.array(appFeeSchema),
    homeTxHashes: strings,
    originChainTxHashes: strings,
    destinationChainTxHashes: strings,
    refundTo: os,
    senders: strings,
    refundReason: os,
    refundFee: os,
    refundFeeFormatted: os,
  }),
);
export const transactionsSchema = z.lazy(() => inbound(z.array(transactionSchema)));
export type Transaction = z.output<typeof transactionSchema>;

/** REST error body (docs/services.md, "Errors as they arrive"). */
export const errorBodySchema = z.object({ message: s, correlationId: os, timestamp: os });

/**
 * `POST /v0/generate-intent` (one-click-sdk-typescript src/models/GenerateIntentResponse.ts): the payload
 * the service wants signed, unsigned. Only its shape is checked here; whether it is the payment the
 * wallet expects is judged by the background before anything is shown or signed.
 */
export const generateIntentResponseSchema = z.lazy(() =>
  inbound(z.object({ intent: z.object({ standard: s, payload: z.unknown() }), correlationId: os })),
);
export type GenerateIntentResponse = z.output<typeof generateIntentResponseSchema>;

/** `POST /v0/submit-intent` (src/models/SubmitIntentResponse.ts). */
export const submitIntentResponseSchema = z.lazy(() => inbound(z.object({ intentHash: s, correlationId: os })));

/** One withdrawal of an ANY_INPUT pool (src/models/AnyInputQuoteWithdrawal.ts). */
export const anyInputWithdrawalSchema = z.lazy(() =>
  z.object({
    status: z.enum(['SUCCESS', 'FAILED']),
    amountOut: s,
    amountOutFormatted: s,
    amountOutUsd: os,
    withdrawFee: os,
    withdrawFeeFormatted: os,
    withdrawFeeUsd: os,
    timestamp: s,
    hash: s,
  }),
);
export type AnyInputWithdrawal = z.output<typeof anyInputWithdrawalSchema>;

/**
 * `GET /v0/any-input/withdrawals` (src/models/GetAnyInputQuoteWithdrawals.ts). The model types
 * `withdrawals` as one object while the docs' example answers an array (docs/services.md, "ANY_INPUT"):
 * both are read, as a list; absent is none.
 */
export const anyInputWithdrawalsSchema = z.lazy(() =>
  inbound(
    z.object({
      asset: s,
      recipient: s,
      affiliateRecipient: os,
      withdrawals: z.pipe(
        z.optional(z.union([z.array(anyInputWithdrawalSchema), anyInputWithdrawalSchema])),
        z.transform((w): AnyInputWithdrawal[] => (w === undefined ? [] : Array.isArray(w) ? w : [w])),
      ),
    }),
  ),
);
export type AnyInputWithdrawals = z.output<typeof anyInputWithdrawalsSchema>;
