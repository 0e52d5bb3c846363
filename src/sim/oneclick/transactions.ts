/**
 * `GET /api/v0/transactions` (docs/services.md, "The transactions API"; live on the explorer host):
 * newest first, cursor paging by the last deposit address (+ memo) in both directions, filters; the
 * interface's query and the live explorer's (repeated `statuses`) alike.
 */
import { z } from 'zod';
import { findToken } from '../tokenList';
import { chainInfo } from './chains';
import type { SwapRecord } from './model';
import { isIsoDateTime, zodMessage } from './schemas';
import type { SwapStore } from './swapStore';
import {
  depositAddressAndMemo,
  type TransactionRecord,
  type TransactionStatus,
  transactionRecord,
  transactionStatus,
} from './views';

export const TRANSACTION_STATUSES = [
  'FAILED',
  'INCOMPLETE_DEPOSIT',
  'PENDING_DEPOSIT',
  'PROCESSING',
  'REFUNDED',
  'SUCCESS',
] as const;
const DEFAULT_STATUSES: readonly TransactionStatus[] = ['FAILED', 'PROCESSING', 'REFUNDED', 'SUCCESS'];

const nonNegative = () =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, '$ must be a number not less than 0')
    .transform(Number)
    .optional();

const chainId = () =>
  z
    .string()
    .refine((v) => chainInfo(v) !== undefined, '$ must be a valid chain id')
    .transform((v) => chainInfo(v)!.id)
    .optional();

const isoTime = () =>
  z
    .string()
    .refine(isIsoDateTime, '$ must be a valid ISO 8601 date string')
    .transform((v) => Date.parse(v))
    .optional();

export const transactionsQuerySchema = z.object({
  numberOfTransactions: z
    .string()
    .regex(/^\d+$/, '$ must be an integer number')
    .transform(Number)
    .pipe(z.number().min(1, '$ must not be less than 1').max(1000, '$ must not be greater than 1000'))
    .default(50),
  lastDepositAddressAndMemo: z.string().min(1).optional(),
  lastDepositAddress: z.string().min(1).optional(),
  lastDepositMemo: z.string().min(1).optional(),
  direction: z.enum(['next', 'prev'], { error: '$ must be one of the following values: next, prev' }).default('next'),
  search: z.string().min(1).optional(),
  fromChainId: chainId(),
  fromTokenId: z.string().min(1).optional(),
  toChainId: chainId(),
  toTokenId: z.string().min(1).optional(),
  depositMemo: z.string().min(1).optional(),
  referral: z.string().min(1).optional(),
  affiliate: z.string().min(1).optional(),
  statuses: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every((s) => (TRANSACTION_STATUSES as readonly string[]).includes(s)),
      `$ must be a comma-separated list of ${TRANSACTION_STATUSES.join(', ')}`,
    )
    .transform((list) => list as TransactionStatus[])
    .optional(),
  showTestTxs: z
    .enum(['true', 'false'], { error: '$ must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
  minUsdPrice: nonNegative(),
  maxUsdPrice: nonNegative(),
  startTimestamp: isoTime(),
  startTimestampUnix: nonNegative(),
  endTimestamp: isoTime(),
  endTimestampUnix: nonNegative(),
});
export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

export class TransactionsError extends Error {}

/**
 * Reads the query (empty values count as absent, as `null` does in the interface). `statuses` may come
 * comma-separated (the interface) or as the parameter repeated (the live explorer's way of passing
 * several values); any other parameter comes once.
 * The interface: docs/interface.md.
 */
export function parseTransactionsQuery(raw: Record<string, string | string[]>): TransactionsQuery {
  const one: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const values = (Array.isArray(v) ? v : [v]).filter((x) => x !== '' && x !== 'null');
    if (values.length === 0) continue;
    if (values.length > 1 && k !== 'statuses') throw new TransactionsError(`${k} must be given once`);
    one[k] = values.join(',');
  }
  const present = one;
  const parsed = transactionsQuerySchema.safeParse(present);
  if (!parsed.success) throw new TransactionsError(zodMessage(parsed.error));
  return parsed.data;
}

function chainOf(assetId: string): string | undefined {
  return findToken(assetId)?.blockchain;
}

function matchesSearch(swap: SwapRecord, record: TransactionRecord, needle: string): boolean {
  const n = needle.toLowerCase();
  const o = swap.outcome;
  const candidates = [
    record.depositAddress,
    record.depositAddressAndMemo,
    record.recipient,
    ...record.senders,
    ...o.intentHashes,
    ...o.homeTxHashes,
    ...o.originChainTxHashes.map((t) => t.hash),
    ...o.destinationChainTxHashes.map((t) => t.hash),
    ...swap.deposits.map((d) => d.txHash),
  ];
  return candidates.some((c) => c.toLowerCase() === n);
}

function matches(
  swap: SwapRecord,
  record: TransactionRecord,
  q: TransactionsQuery,
  statuses: readonly TransactionStatus[],
): boolean {
  if (!statuses.includes(transactionStatus(swap.status))) return false;
  if (swap.test && !q.showTestTxs) return false;
  if (q.search !== undefined && !matchesSearch(swap, record, q.search)) return false;
  if (q.depositMemo !== undefined && record.depositMemo !== q.depositMemo) return false;
  // A token filter overrides the chain filter on the same side.
  if (q.fromTokenId !== undefined) {
    if (record.originAsset !== q.fromTokenId) return false;
  } else if (q.fromChainId !== undefined && chainOf(record.originAsset) !== q.fromChainId) return false;
  if (q.toTokenId !== undefined) {
    if (record.destinationAsset !== q.toTokenId) return false;
  } else if (q.toChainId !== undefined && chainOf(record.destinationAsset) !== q.toChainId) return false;
  if (q.referral !== undefined && record.referral !== q.referral) return false;
  if (q.affiliate !== undefined && !record.appFees.some((f) => f.recipient === q.affiliate)) return false;
  const inUsd = Number(record.amountInUsd);
  const outUsd = Number(record.amountOutUsd);
  if (q.minUsdPrice !== undefined && (inUsd < q.minUsdPrice || outUsd < q.minUsdPrice)) return false;
  if (q.maxUsdPrice !== undefined && (inUsd > q.maxUsdPrice || outUsd > q.maxUsdPrice)) return false;
  // Time bounds are non-inclusive.
  if (q.startTimestamp !== undefined && !(swap.createdAtMs > q.startTimestamp)) return false;
  if (q.endTimestamp !== undefined && !(swap.createdAtMs < q.endTimestamp)) return false;
  if (q.startTimestampUnix !== undefined && !(record.createdAtTimestamp > q.startTimestampUnix)) return false;
  if (q.endTimestampUnix !== undefined && !(record.createdAtTimestamp < q.endTimestampUnix)) return false;
  return true;
}

/** Newest first; equal times by creation order. */
function newestFirst(a: SwapRecord, b: SwapRecord): number {
  return b.createdAtMs - a.createdAtMs || b.seq - a.seq;
}

function cursorOf(store: SwapStore, q: TransactionsQuery): SwapRecord | undefined | null {
  if (q.lastDepositAddress !== undefined) return store.find(q.lastDepositAddress, q.lastDepositMemo) ?? null;
  if (q.lastDepositAddressAndMemo !== undefined) {
    const joined = q.lastDepositAddressAndMemo;
    return (
      store
        .all()
        .find(
          (s) =>
            depositAddressAndMemo(s.quoteResponse.quote.depositAddress ?? '', s.quoteResponse.quote.depositMemo) ===
            joined,
        ) ?? null
    );
  }
  return undefined;
}

export function listTransactions(store: SwapStore, q: TransactionsQuery): TransactionRecord[] {
  const statuses = q.statuses ?? DEFAULT_STATUSES;
  const ordered = store.all().sort(newestFirst);
  const cursor = cursorOf(store, q);
  if (cursor === null) throw new TransactionsError('lastDepositAddress does not name a known transaction');
  let candidates = ordered;
  if (cursor) {
    const at = ordered.indexOf(cursor);
    candidates = q.direction === 'next' ? ordered.slice(at + 1) : ordered.slice(0, at);
  }
  const page: TransactionRecord[] = [];
  const n = q.numberOfTransactions;
  if (cursor && q.direction === 'prev') {
    // The page just newer than the cursor, still newest first.
    for (let i = candidates.length - 1; i >= 0 && page.length < n; i--) {
      const record = transactionRecord(candidates[i]!);
      if (matches(candidates[i]!, record, q, statuses)) page.unshift(record);
    }
    return page;
  }
  for (const swap of candidates) {
    if (page.length >= n) break;
    const record = transactionRecord(swap);
    if (matches(swap, record, q, statuses)) page.push(record);
  }
  return page;
}
