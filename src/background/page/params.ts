/**
 * zod schemas for what web pages send (docs/architecture.md, "Provider API"). Unknown extra fields are
 * ignored (dApps differ); every field used is checked, and errors name the field (-32602).
 */
import * as z from 'zod/mini';
import { accountIdSchema, base64, SIGNING_STANDARDS } from '../../core';

/** A 32-byte nonce as base64, `number[]` or (through the relay) a Uint8Array turned into number[]. */
export const nonce32 = z.lazy(() =>
  z.pipe(
    z.union([z.string(), z.array(z.int().check(z.minimum(0), z.maximum(255)))]),
    z.transform((v: string | number[], ctx) => {
      try {
        const bytes = typeof v === 'string' ? base64.decode(v) : Uint8Array.from(v);
        if (bytes.length === 32) return base64.encode(bytes);
      } catch {
        // reported below
      }
      ctx.issues.push({ code: 'custom', message: 'must be 32 bytes (base64 string or number[])', input: v });
      return z.NEVER;
    }),
  ),
);

export const signMessageParams = z.object({
  message: z.string().check(z.maxLength(64 * 1024)),
  recipient: z.string().check(z.minLength(1), z.maxLength(256)),
  nonce: nonce32,
  callbackUrl: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
  accountId: z.optional(accountIdSchema),
});
export type SignMessageParams = z.output<typeof signMessageParams>;

export const signIntentsParams = z.object({
  intents: z.array(z.unknown()).check(z.maxLength(100)),
  deadline: z.optional(z.string().check(z.maxLength(64))),
  signerId: z.optional(accountIdSchema),
  nonce: z.optional(nonce32),
  standard: z.optional(z.enum(SIGNING_STANDARDS as ['nep413', 'raw_ed25519'])),
});
export type SignIntentsParams = z.output<typeof signIntentsParams>;

const quoteHashes = z.lazy(() =>
  z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(32))),
);

/** `{signed, quoteHashes?}`: publish what the dApp already holds signed (no prompt). */
export const publishSignedParams = z.lazy(() => z.object({ signed: z.unknown(), quoteHashes }));
/** Otherwise the same as signIntents, plus the solver quote hashes to bundle. */
export const publishIntentsParams = z.object({ ...signIntentsParams.shape, quoteHashes });
export type PublishIntentsParams = z.output<typeof publishIntentsParams>;

export const revokePermissionsParams = z.lazy(() => z.array(z.record(z.string(), z.unknown())).check(z.minLength(1)));

/** `intents_getIntentStatus`: the hash the bus knows the intent by. */
export const intentHashParams = z.lazy(() =>
  z.object({ intentHash: z.string().check(z.minLength(1), z.maxLength(128)) }),
);
