/**
 * zod schemas for what the message bus and the ledger RPC answer (docs/services.md, "The message
 * bus", "The ledger RPC"). Optional fields may arrive as null ("Errors as they arrive"): parsed as absent.
 */
import * as z from 'zod/mini';

const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: z.output<T> | null | undefined) => v ?? undefined),
  );

export const publishResultSchema = z.lazy(() =>
  z.union([
    z.object({ status: z.literal('OK'), intent_hash: z.string() }),
    z.object({ status: z.literal('FAILED'), intent_hash: optional(z.string()), reason: z.string() }),
  ]),
);
export type PublishResult = z.output<typeof publishResultSchema>;

export const publishManyResultSchema = z.lazy(() =>
  z.union([
    z.object({ status: z.literal('OK'), intent_hashes: z.array(z.string()) }),
    z.object({ status: z.literal('FAILED'), intent_hashes: optional(z.array(z.string())), reason: z.string() }),
  ]),
);
export type PublishManyResult = z.output<typeof publishManyResultSchema>;

export const INTENT_STATUSES = ['PENDING', 'TX_BROADCASTED', 'SETTLED', 'NOT_FOUND_OR_NOT_VALID'] as const;
export const intentStatusSchema = z.lazy(() =>
  z.object({
    intent_hash: z.string(),
    status: z.enum(INTENT_STATUSES),
    status_details: optional(z.string()),
    data: optional(z.object({ hash: optional(z.string()) })),
  }),
);
export type IntentStatus = z.output<typeof intentStatusSchema>;

export const busQuoteSchema = z.lazy(() =>
  z.object({
    quote_hash: z.string(),
    defuse_asset_identifier_in: z.string(),
    defuse_asset_identifier_out: z.string(),
    amount_in: z.string(),
    amount_out: z.string(),
    expiration_time: z.string(),
  }),
);
export type BusQuote = z.output<typeof busQuoteSchema>;

/**
 * One item of a live `quote` answer: an offer, or a solver's failure (`INSUFFICIENT_AMOUNT` with the
 * smallest amount it would quote; defuse-protocol/sdk-monorepo
 * packages/internal-utils/src/solverRelay/solverRelayHttpClient/types.ts). Items of another shape are
 * kept as `unknown` and ignored, never fatal to the whole answer.
 */
export const busQuoteItemSchema = z.lazy(() =>
  z.union([
    busQuoteSchema,
    z.object({ type: z.literal('INSUFFICIENT_AMOUNT'), min_amount: z.string().check(z.regex(/^\d+$/)) }),
    z.unknown(),
  ]),
);

export const simulationOutputSchema = z.lazy(() =>
  z.object({
    intents_executed: z.array(z.object({ intent_hash: z.string(), account_id: z.string(), nonce: z.string() })),
    logs: z.array(z.string()),
    min_deadline: z.string(),
    invariant_violated: optional(
      z.union([
        z.object({ error: z.literal('unmatched_deltas'), unmatched_deltas: z.record(z.string(), z.string()) }),
        z.object({ error: z.literal('overflow') }),
      ]),
    ),
    state: z.object({ fee: z.int().check(z.nonnegative()), current_salt: z.string().check(z.regex(/^[0-9a-f]{8}$/)) }),
  }),
);
export type SimulationOutput = z.output<typeof simulationOutputSchema>;
