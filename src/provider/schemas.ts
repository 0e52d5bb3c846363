// zod schemas for what crosses into the background. Not page-facing: never import this from
// page.ts, relay.ts, rpc.ts or protocol.ts (the architecture test checks it).
import * as z from 'zod/mini';
import { DOC_TOKEN_RE, MAX_METHOD_LENGTH, type RuntimeMessage } from './protocol';

export const runtimeMessageSchema = z.lazy(
  () =>
    z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('ping') }),
      z.strictObject({
        type: z.literal('request'),
        method: z.string().check(z.minLength(1), z.maxLength(MAX_METHOD_LENGTH)),
        params: z.optional(z.unknown()),
        doc: z.optional(z.string().check(z.regex(DOC_TOKEN_RE))),
      }),
    ]) satisfies z.ZodMiniType<RuntimeMessage>,
);
