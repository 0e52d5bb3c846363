// zod schemas for what crosses into the background. Not page-facing: never import this from
// page.ts, relay.ts, rpc.ts or protocol.ts (the architecture test checks it).
import { z } from 'zod';
import { MAX_METHOD_LENGTH, type RuntimeMessage } from './protocol';

export const runtimeMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({
    type: z.literal('request'),
    method: z.string().min(1).max(MAX_METHOD_LENGTH),
    params: z.unknown().optional(),
  }),
]) satisfies z.ZodType<RuntimeMessage>;
