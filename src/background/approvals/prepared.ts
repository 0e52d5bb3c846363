/**
 * The payload an approval request was prepared with, as the queue keeps it in storage.session: read back
 * through a schema and rebuilt by the wallet (`buildIntentPayload`), since a bad value must never be signed.
 */
import * as z from 'zod/mini';
import { buildIntentPayload } from '../../core';
import type { PreparedIntent } from '../signing/signer';

const preparedSchema = z.lazy(() =>
  z.object({
    payload: z.object({
      signer_id: z.string(),
      verifying_contract: z.string(),
      deadline: z.string(),
      nonce: z.string(),
      intents: z.array(z.unknown()),
    }),
    standard: z.enum(['nep413', 'raw_ed25519', 'webauthn']),
    publicKey: z.string(),
    nonceKind: z.enum(['versioned', 'legacy']),
    ownNonce: z.boolean(),
  }),
);

/** The stored prepared payload, checked again: storage.session is ours, but a bad value must not be signed. */
export function readPrepared(raw: unknown): PreparedIntent | undefined {
  const p = preparedSchema.safeParse(raw);
  if (!p.success) return undefined;
  const payload = buildIntentPayload({
    signerId: p.data.payload.signer_id,
    verifyingContract: p.data.payload.verifying_contract,
    deadline: p.data.payload.deadline,
    nonce: p.data.payload.nonce,
    intents: p.data.payload.intents,
  });
  return { ...p.data, payload };
}
