/**
 * The signed payloads the verifier takes that this code knows (its `MultiPayload`, near/intents
 * contracts/defuse/core/src/payload/multi.rs): nep413 and raw_ed25519, which the vault makes, and webauthn,
 * which a passkey makes (docs/protocol.md, "Signed wrappers", "The webauthn payload").
 */
import * as z from 'zod/mini';
import { signedNep413Schema, signedRawEd25519Schema, type VerifyResult, verifySignedIntent } from './payload';
import { type P256Verify, signedWebauthnSchema, verifyWebauthn } from './webauthn';

export const multiPayloadSchema = z.discriminatedUnion('standard', [
  signedNep413Schema,
  signedRawEd25519Schema,
  signedWebauthnSchema,
]);
export type MultiPayload = z.output<typeof multiPayloadSchema>;

/** The verifier's signature check of any of them (`invalid signature` when it fails). */
export function verifyMultiPayload(item: MultiPayload, p256: P256Verify): VerifyResult {
  if (item.standard !== 'webauthn') return verifySignedIntent(item);
  const result = verifyWebauthn(item, p256);
  return result.ok ? result : { ok: false, reason: 'invalid signature' };
}
