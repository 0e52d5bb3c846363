/**
 * What a waiting request is, as the queue (./queue.ts) keeps it in storage.session: its asking document,
 * its kind and the parameters that kind was accepted with, read back through the same schemas.
 */
import * as z from 'zod/mini';
import { accountIdSchema } from '../../core';
import { publishIntentsParams, signIntentsParams, signMessageParams } from '../page/params';

const common = {
  id: z.string(),
  origin: z.string(),
  tabId: z.number(),
  frameId: z.number(),
  /** The asking document (see PageContext): the answer goes to it alone. */
  doc: z.lazy(() => z.nullable(z.string())),
  documentId: z.lazy(() => z.nullable(z.string())),
  createdAt: z.number(),
  /** The exact payload shown and signed (signIntents/publishIntents), once built. */
  prepared: z.lazy(() => z.optional(z.unknown())),
};
/**
 * A waiting request, by kind, with the parameters that kind was accepted with (../page/params), the
 * account already chosen: read back from storage through the same schemas, never cast.
 */
const pendingSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ ...common, kind: z.literal('connect'), params: z.object({}) }),
    z.object({
      ...common,
      kind: z.literal('signMessage'),
      params: z.object({ ...signMessageParams.shape, accountId: accountIdSchema }),
    }),
    z.object({
      ...common,
      kind: z.literal('signIntents'),
      params: z.object({ ...signIntentsParams.shape, signerId: accountIdSchema }),
    }),
    z.object({
      ...common,
      kind: z.literal('publishIntents'),
      params: z.object({ ...publishIntentsParams.shape, signerId: accountIdSchema }),
    }),
  ]),
);
export type Pending = z.output<typeof pendingSchema>;
/** One kind's waiting request. */
export type PendingOf<K extends Pending['kind']> = Extract<Pending, { kind: K }>;

export const stateSchema = z.lazy(() =>
  z.object({
    items: z.array(pendingSchema),
    windowId: z.nullable(z.number()),
    /** tabId → until when its requests are refused (the user closed the window on it). */
    cooldowns: z._default(z.record(z.string(), z.number()), {}),
    /** The request the window last showed (its view was handed to it): closing the window answers it alone. */
    shownId: z._default(z.nullable(z.string()), null),
  }),
);
export type QueueState = z.output<typeof stateSchema>;
export const EMPTY: QueueState = { items: [], windowId: null, cooldowns: {}, shownId: null };

/** What a page's request brings to the queue (distributed over the kinds, so kind and params agree). */
export type NewRequest = Pending extends infer P
  ? P extends Pending
    ? Pick<P, 'kind' | 'origin' | 'tabId' | 'frameId' | 'doc' | 'documentId' | 'params'>
    : never
  : never;
