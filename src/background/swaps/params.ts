/**
 * zod schemas for the swap API's params (src/api/swapApi.ts), beside its handlers (./api.ts): the
 * background trusts no page.
 */

import * as z from 'zod/mini';
import { ANY_INPUT_ASSET, type HistoryQuery, type QuoteParams } from '../../api/swapApi';
import { accountIdSchema } from '../../core';
import { recipientWithMemo } from '../../core/destinationMemo';
import { APP_FEE_MAX_BPS, APP_FEES_TOTAL_MAX_BPS, takesRecipientMsg } from '../../oneclick';
import { historyFilters, isoTime, optText, reviewedId, shortId, text } from '../paramFields';
import { passkeyAssertionSchema } from '../signing/passkeyAssertion';

const id = z.strictObject({ id: shortId });

/** The interface's quote request without `dry` (src/api/swapApi.ts QuoteParams), field by field (docs/interface.md, "Quote request"). */
export const quoteParamsShape = z.lazy(
  () =>
    z.strictObject({
      swapType: z.enum(['EXACT_INPUT', 'EXACT_OUTPUT', 'FLEX_INPUT', 'ANY_INPUT']),
      slippageTolerance: z.number().check(z.minimum(0), z.maximum(10_000)),
      originAsset: text,
      depositType: z.enum(['ORIGIN_CHAIN', 'INTENTS']),
      destinationAsset: text,
      amount: z.string().check(z.regex(/^\d{1,40}$/, 'must be a whole number of smallest units')),
      refundTo: text,
      refundType: z.enum(['ORIGIN_CHAIN', 'INTENTS']),
      recipient: text,
      recipientType: z.enum(['DESTINATION_CHAIN', 'INTENTS']),
      recipientMemo: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
      deadline: isoTime,
      depositMode: z.optional(z.enum(['SIMPLE', 'MEMO'])),
      virtualChainRecipient: optText,
      virtualChainRefundRecipient: optText,
      customRecipientMsg: z.optional(z.string().check(z.maxLength(8192))),
      referral: z.optional(z.string().check(z.regex(/^[a-z0-9._-]{1,64}$/, 'must be lowercase'))),
      quoteWaitingTimeMs: z.optional(z.int().check(z.minimum(0), z.maximum(60_000))),
      appFees: z.optional(
        z
          .array(z.strictObject({ recipient: text, fee: z.int().check(z.minimum(0), z.maximum(10_000)) }))
          .check(z.maxLength(10)),
      ),
    }) satisfies z.ZodMiniType<QuoteParams>,
);

const anyInput = (v: QuoteParams) => v.swapType === 'ANY_INPUT';
const carriesMemo = (recipient: string, memo: string) => {
  try {
    recipientWithMemo(recipient, memo);
    return true;
  } catch {
    return false;
  }
};
/**
 * A request the service can take: ANY_INPUT in its one live shape (origin `1cs:any`, amount 0, deposit
 * and refund through the intents ledger; docs/services.md, "ANY_INPUT"); every other type with a real
 * origin token and an amount above zero; within the live limits (../../oneclick/limits: app fees, a
 * custom recipient message only for a NEP-141 destination). The stored shape above stays wider, so a
 * swap kept by an earlier version is still read.
 */
export const quoteParamsSchema = quoteParamsShape.check(
  z.superRefine((v, ctx) => {
    const fees = v.appFees ?? [];
    fees.forEach((f, i) => {
      if (f.fee > APP_FEE_MAX_BPS)
        ctx.addIssue({
          code: 'custom',
          path: ['appFees', i, 'fee'],
          message: `must be at most ${APP_FEE_MAX_BPS} basis points (the swap service's limit)`,
        });
    });
    if (fees.reduce((n, f) => n + f.fee, 0) > APP_FEES_TOTAL_MAX_BPS) {
      ctx.addIssue({
        code: 'custom',
        path: ['appFees'],
        message: `must add up to at most ${APP_FEES_TOTAL_MAX_BPS} basis points`,
      });
    }
  }),
  z.refine((v) => v.customRecipientMsg === undefined || takesRecipientMsg(v.destinationAsset), {
    path: ['customRecipientMsg'],
    message: 'is only for a NEP-141 destination token (it is passed to ft_transfer_call; any other token is lost)',
  }),
  z.refine((v) => anyInput(v) === (v.originAsset === ANY_INPUT_ASSET), {
    path: ['originAsset'],
    message: `must be ${ANY_INPUT_ASSET} for ANY_INPUT, and only then`,
  }),
  z.refine((v) => !anyInput(v) || v.amount === '0', {
    path: ['amount'],
    message: 'must be 0 for ANY_INPUT (it takes any amount)',
  }),
  z.refine((v) => anyInput(v) || /[1-9]/.test(v.amount), { path: ['amount'], message: 'must be above zero' }),
  z.refine((v) => !anyInput(v) || v.depositType === 'INTENTS', {
    path: ['depositType'],
    message: 'must be INTENTS for ANY_INPUT',
  }),
  z.refine((v) => !anyInput(v) || v.refundType === 'INTENTS', {
    path: ['refundType'],
    message: 'must be INTENTS for ANY_INPUT',
  }),
  // Only an address on a chain takes a memo, and only one a route carries (core/destinationMemo).
  z.refine(
    (v) =>
      v.recipientMemo === undefined ||
      (v.recipientType === 'DESTINATION_CHAIN' && carriesMemo(v.recipient, v.recipientMemo)),
    {
      path: ['recipientMemo'],
      message:
        'must be the destination tag (0 to 4294967295) of an XRP Ledger recipient: no route carries any other memo',
    },
  ),
);

/**
 * `swap_start`: the request, and the `amountIn` of the dry quote the person accepted (required for
 * EXACT_OUTPUT, where the service chooses what it takes: ./quoteAmount.ts).
 */
const startParamsSchema = z.pipe(
  z.looseObject({
    acceptedAmountIn: z.optional(z.string().check(z.regex(/^\d{1,39}$/, 'must be a whole number of smallest units'))),
  }),
  z.transform((v, ctx) => {
    const { acceptedAmountIn, ...rest } = v;
    const request = quoteParamsSchema.safeParse(rest);
    if (!request.success) {
      for (const issue of request.error.issues)
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: rest });
      return z.NEVER;
    }
    return { request: request.data, acceptedAmountIn };
  }),
);

/** The popup's swap methods (src/api/swapApi.ts). */
export const swapParams = {
  swap_tokens: z.unknown(),
  swap_quote: quoteParamsSchema,
  swap_start: startParamsSchema,
  swap_submitDeposit: z.strictObject({ id: shortId, txHash: text, homeSenderAccount: optText, memo: optText }),
  swap_previewPayment: z.lazy(() => z.strictObject({ id: shortId, accountId: z.optional(accountIdSchema) })),
  swap_payFromIntents: z.lazy(() =>
    z.strictObject({
      id: shortId,
      accountId: z.optional(accountIdSchema),
      reviewed: reviewedId,
      acknowledgeDanger: z.optional(z.boolean()),
      /** A passkey account's assertion over the reviewed payment (../signing/passkeyAssertion.ts). */
      passkey: z.optional(passkeyAssertionSchema),
    }),
  ),
  swap_list: z.unknown(),
  swap_get: id,
  swap_refresh: id,
  swap_history: z.lazy(
    () =>
      z.strictObject({
        ...historyFilters,
        lastDepositAddress: optText,
        lastDepositMemo: optText,
        direction: z.optional(z.enum(['next', 'prev'])),
      }) satisfies z.ZodMiniType<HistoryQuery>,
  ),
} as const;
export type SwapParams = { [K in keyof typeof swapParams]: z.output<(typeof swapParams)[K]> };
