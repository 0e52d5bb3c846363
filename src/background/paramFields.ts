/**
 * Fields the params of several areas share (./wallet/params.ts, ./swaps/params.ts): ids, texts, times,
 * and the transactions API's filters. The background trusts no page.
 */
import * as z from 'zod/mini';
import { SWAP_STATUSES } from '../oneclick';

export const shortId = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));
/** The payload a popup review showed, named by the intent hash its signature will carry (./signing/reviewed.ts). */
export const reviewedId = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(64)));

export const text = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(512)));
export const optText = z.optional(text);
const usd = z.lazy(() => z.optional(z.number().check(z.minimum(0))));
export const isoTime = z.lazy(() =>
  z
    .string()
    .check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, 'must be an ISO 8601 date-time')),
);

/** The transactions API's filters (HistoryQuery without its cursor), shared by swap_history and wallet_activity. */
export const historyFilters = {
  numberOfTransactions: z.lazy(() => z.optional(z.int().check(z.minimum(1), z.maximum(1000)))),
  search: optText,
  fromChainId: optText,
  fromTokenId: optText,
  toChainId: optText,
  toTokenId: optText,
  referral: optText,
  affiliate: optText,
  statuses: z.lazy(() => z.optional(z.array(z.enum(SWAP_STATUSES)))),
  showTestTxs: z.lazy(() => z.optional(z.boolean())),
  minUsdPrice: usd,
  maxUsdPrice: usd,
  startTimestamp: z.optional(isoTime),
  endTimestamp: z.optional(isoTime),
};
