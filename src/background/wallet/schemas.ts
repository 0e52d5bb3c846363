/** zod schemas for the wallet API's params (src/api/walletApi.ts): the background trusts no page. */
import * as z from 'zod/mini';
import type { ActivityQuery } from '../../api/activity';
import { ANY_INPUT_ASSET, type HistoryQuery, type QuoteParams } from '../../api/swapApi';
import { accountIdSchema } from '../../core';
import { recipientWithMemo } from '../../core/destinationMemo';
import { APP_FEE_MAX_BPS, APP_FEES_TOTAL_MAX_BPS, SWAP_STATUSES, takesRecipientMsg } from '../../oneclick';
import { settingsChangeSchema } from './settings';

const password = z.string().check(z.minLength(1, 'enter the password'), z.maxLength(1024));
const newPassword = z.string().check(z.maxLength(1024));
const publicKey = z.string().check(z.minLength(1), z.maxLength(128));
const shortId = z.string().check(z.minLength(1), z.maxLength(64));
const label = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
/** The payload a popup review showed, named by the intent hash its signature will carry (signing/reviewed). */
const reviewedId = z.string().check(z.minLength(1), z.maxLength(64));

export const keySourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('generate') }),
  z.strictObject({ kind: z.literal('newPhrase'), words: z.union([z.literal(12), z.literal(24)]) }),
  z.strictObject({ kind: z.literal('importPhrase'), phrase: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.strictObject({
    kind: z.literal('importKey'),
    secretKey: z.string().check(z.minLength(1), z.maxLength(256)),
    accountId: z.optional(accountIdSchema),
  }),
]);

const text = z.string().check(z.minLength(1), z.maxLength(512));
const optText = z.optional(text);
const usd = z.optional(z.number().check(z.minimum(0)));
const isoTime = z
  .string()
  .check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, 'must be an ISO 8601 date-time'));

/** The transactions API's filters (HistoryQuery without its cursor), shared by swap_history and wallet_activity. */
const historyFilters = {
  numberOfTransactions: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  search: optText,
  fromChainId: optText,
  fromTokenId: optText,
  toChainId: optText,
  toTokenId: optText,
  referral: optText,
  affiliate: optText,
  statuses: z.optional(z.array(z.enum(SWAP_STATUSES))),
  showTestTxs: z.optional(z.boolean()),
  minUsdPrice: usd,
  maxUsdPrice: usd,
  startTimestamp: z.optional(isoTime),
  endTimestamp: z.optional(isoTime),
};

export const walletParams = {
  wallet_status: z.unknown(),
  wallet_create: z.strictObject({ password: newPassword, source: keySourceSchema }),
  wallet_unlock: z.strictObject({ password }),
  wallet_lock: z.unknown(),
  wallet_changePassword: z.strictObject({ oldPassword: password, newPassword }),
  wallet_setAutoLock: z.strictObject({ minutes: z.int().check(z.minimum(1), z.maximum(1440)) }),
  wallet_exportKey: z.strictObject({ password, publicKey }),
  wallet_exportPhrase: z.strictObject({ password, phraseId: shortId }),
  wallet_confirmBackup: z.strictObject({ phraseId: shortId }),
  wallet_addAccount: z.strictObject({
    source: z.union([
      keySourceSchema,
      z.strictObject({ kind: z.literal('named'), accountId: accountIdSchema, publicKey }),
    ]),
    label: z.optional(label),
  }),
  wallet_renameAccount: z.strictObject({ accountId: accountIdSchema, label: z.string().check(z.maxLength(64)) }),
  wallet_removeAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_selectAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_listKeys: z.strictObject({ accountId: accountIdSchema }),
  wallet_addKey: z.strictObject({ accountId: accountIdSchema, publicKey: z.optional(publicKey) }),
  wallet_removeKey: z.strictObject({
    accountId: accountIdSchema,
    publicKey,
    confirmRemovingSigningKey: z.optional(z.boolean()),
  }),
  wallet_useSigningKey: z.strictObject({
    accountId: accountIdSchema,
    publicKey,
    acceptUnverified: z.optional(z.boolean()),
  }),
  wallet_getSettings: z.unknown(),
  wallet_setSettings: settingsChangeSchema,
  wallet_listSites: z.unknown(),
  wallet_revokeSite: z.strictObject({ origin: z.string().check(z.minLength(1), z.maxLength(512)) }),
  wallet_balances: z.strictObject({ accountId: z.optional(accountIdSchema) }),
  wallet_keptBalances: z.strictObject({ accountId: z.optional(accountIdSchema) }),
  wallet_previewSend: z.strictObject({
    accountId: z.optional(accountIdSchema),
    receiverId: accountIdSchema,
    tokenId: z.string().check(z.minLength(1), z.maxLength(256)),
    amount: z.string().check(z.regex(/^\d{1,39}$/, 'must be a whole number of smallest units')),
  }),
  wallet_send: z.strictObject({
    accountId: z.optional(accountIdSchema),
    reviewed: reviewedId,
    acknowledgeDanger: z.optional(z.boolean()),
  }),
  wallet_intentStatus: z.strictObject({ intentHash: z.string().check(z.minLength(1), z.maxLength(64)) }),
  wallet_activity: z.strictObject({
    ...historyFilters,
    after: z.optional(
      z.strictObject({
        at: z.number(),
        key: text,
        swap: z.nullable(z.strictObject({ address: text, memo: z.nullable(text) })),
      }),
    ),
  }) satisfies z.ZodMiniType<ActivityQuery>,
} as const;

/** The approval window's methods (src/api/approvalApi.ts). */
export const approvalParams = {
  approval_current: z.unknown(),
  approval_resolve: z.strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    approve: z.boolean(),
    accounts: z.optional(z.array(accountIdSchema).check(z.maxLength(100))),
    acknowledgeDanger: z.optional(z.boolean()),
  }),
  approval_rejectAll: z.strictObject({ origin: z.string().check(z.minLength(1), z.maxLength(512)) }),
} as const;

const id = z.strictObject({ id: shortId });

/** The interface's quote request without `dry` (src/api/swapApi.ts QuoteParams), field by field. */
export const quoteParamsShape = z.strictObject({
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
}) satisfies z.ZodMiniType<QuoteParams>;

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

/** The popup's swap methods (src/api/swapApi.ts). */
export const swapParams = {
  swap_tokens: z.unknown(),
  swap_quote: quoteParamsSchema,
  swap_start: quoteParamsSchema,
  swap_submitDeposit: z.strictObject({ id: shortId, txHash: text, homeSenderAccount: optText, memo: optText }),
  swap_previewPayment: z.strictObject({ id: shortId, accountId: z.optional(accountIdSchema) }),
  swap_payFromIntents: z.strictObject({
    id: shortId,
    accountId: z.optional(accountIdSchema),
    reviewed: reviewedId,
    acknowledgeDanger: z.optional(z.boolean()),
  }),
  swap_list: z.unknown(),
  swap_get: id,
  swap_refresh: id,
  swap_history: z.strictObject({
    ...historyFilters,
    lastDepositAddress: optText,
    lastDepositMemo: optText,
    direction: z.optional(z.enum(['next', 'prev'])),
  }) satisfies z.ZodMiniType<HistoryQuery>,
} as const;
export type SwapParams = { [K in keyof typeof swapParams]: z.output<(typeof swapParams)[K]> };

/** Everything only the extension's own pages may call. */
export const internalParams = { ...walletParams, ...approvalParams, ...swapParams } as const;
export type InternalMethod = keyof typeof internalParams;

export type WalletParams = { [K in keyof typeof walletParams]: z.output<(typeof walletParams)[K]> };
export type InternalParams = { [K in InternalMethod]: z.output<(typeof internalParams)[K]> };
