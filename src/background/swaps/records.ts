/**
 * How swaps are kept in storage.local (docs/architecture.md, "Where state lives"): one record per key
 * (`swap:<id>`) with the quote response exactly as received, the index of ids (`swapIds`), and the
 * tracker's schedule (`swapTrack`), which is also the index of unfinished swaps (./unfinished.ts); the
 * tracker's polling cadence. Read back through these schemas.
 */
import * as z from 'zod/mini';
import type { SwapRecordView } from '../../api/swapApi';
import { isTerminal } from '../../core/swapStatus';
import { statusSchema, swapDetailsSchema } from '../../oneclick';
import { quoteParamsShape } from './params';

export const SWAP_ALARM = 'swap-tracker';
export const IDS = 'swapIds';
export const TRACK = 'swapTrack';
/** The newest id of `swapIds`, kept apart so the schedule is checked against it without reading the whole list. */
export const NEWEST = 'swapIds.newest';
export const key = (id: string) => `swap:${id}`;
const ns = z.lazy(() => z.nullable(z.string()));

export const recordSchema = z.lazy(
  () =>
    z.object({
      id: z.string(),
      createdAt: z.number(),
      request: quoteParamsShape,
      quoteResponseJson: z.string(),
      depositAddress: z.string(),
      depositMemo: ns,
      amountToSend: z.string(),
      timeWhenInactive: ns,
      deadline: ns,
      status: statusSchema,
      statusHistory: z.array(z.object({ status: statusSchema, at: z.number() })),
      swapDetails: z.nullable(swapDetailsSchema),
      checkedAt: z.nullable(z.number()),
      lastError: ns,
      paidIntentHash: ns,
      verifierId: z.optional(z.string()),
      withdrawals: z.optional(
        z.array(
          z.object({
            status: z.enum(['SUCCESS', 'FAILED']),
            amountOut: z.string(),
            amountOutFormatted: z.string(),
            amountOutUsd: z.optional(z.string()),
            withdrawFeeFormatted: z.optional(z.string()),
            timestamp: z.string(),
            hash: z.string(),
          }),
        ),
      ),
    }) satisfies z.ZodMiniType<SwapRecordView>,
);

/**
 * Per tracked swap: next check, start of the current fast phase, consecutive failures, and the swap
 * service it was made on (asked even after the user switches networks).
 */
export const trackSchema = z.lazy(() =>
  z.array(z.object({ id: z.string(), due: z.number(), since: z.number(), n: z.number(), url: z.string() })),
);
export type Track = z.output<typeof trackSchema>;

/**
 * The schedule as stored: its entries and the newest id of `swapIds` when it was written (`last`), by
 * which a schedule older than the swap list is told (./unfinished.ts). A bare list is how an earlier
 * version stored it.
 */
export const storedTrackSchema = z.lazy(() =>
  z.union([trackSchema, z.object({ last: z.nullable(z.string()), items: trackSchema })]),
);

/**
 * Whether the tracker still follows a swap: not finished, and not past the deadline of an unfunded
 * address or of an ANY_INPUT pool, which have no further status (docs/services.md, "The swap service").
 */
export const followed = (r: SwapRecordView, now: number): boolean =>
  !isTerminal(r.status) &&
  !(
    (r.status === 'PENDING_DEPOSIT' || r.request.swapType === 'ANY_INPUT') &&
    r.deadline &&
    now > Date.parse(r.deadline)
  );

const FAST_MS = 5_000;
const SLOW_MS = 60_000;
/**
 * Checks one alarm makes at most, the longest-waiting first; a backlog (many swaps due at once, e.g. after
 * the browser was closed) is taken up BACKLOG_GAP_MS later, so the service is asked at most
 * CHECKS_PER_TICK times per gap rather than all at once (docs/architecture.md, "Budgets").
 */
export const CHECKS_PER_TICK = 20;
export const BACKLOG_GAP_MS = 2_000;
/** When the tracker's alarm is next due: the soonest check, or a gap after now when checks are overdue. */
export const nextAlarm = (due: readonly number[], now: number) => {
  const soonest = Math.min(...due);
  return soonest <= now ? now + BACKLOG_GAP_MS : soonest;
};

/** 5 s for the first 2 minutes after a change, then a tenth of the time since, up to 60 s. */
export const pollDelay = (age: number, failures: number) =>
  Math.min(SLOW_MS, Math.max(age < 120_000 ? FAST_MS : age / 10, failures ? FAST_MS * 2 ** failures : 0));
