/** zod schemas for the approval window's params (src/api/approvalApi.ts): the background trusts no page. */
import * as z from 'zod/mini';
import { accountIdSchema } from '../../core';
import { passkeyAssertionSchema } from '../signing/passkeyAssertion';

/** The approval window's methods (src/api/approvalApi.ts). */
export const approvalParams = {
  approval_current: z.unknown(),
  approval_resolve: z.lazy(() =>
    z.strictObject({
      id: z.string().check(z.minLength(1), z.maxLength(64)),
      approve: z.boolean(),
      accounts: z.optional(z.array(accountIdSchema).check(z.maxLength(100))),
      acknowledgeDanger: z.optional(z.boolean()),
      /** A passkey account's assertion over the request's payload (../signing/passkeyAssertion.ts). */
      passkey: z.optional(passkeyAssertionSchema),
    }),
  ),
  approval_rejectAll: z.lazy(() => z.strictObject({ origin: z.string().check(z.minLength(1), z.maxLength(512)) })),
} as const;
