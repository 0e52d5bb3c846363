/**
 * One batch through the verifier's checks, in its order (docs/protocol.md, "What the verifier checks";
 * near/intents contracts/defuse/core/src/engine/mod.rs `execute_signed_intent`), per signed item:
 *  1. signature (strict ed25519, weak keys refused; webauthn: the assertion's checks, then P-256 or
 *     ed25519, docs/protocol.md "The webauthn payload") → `invalid signature`
 *  2. intent hash
 *  3. payload JSON → `JSON: …`
 *  4. recipient = the verifier → `wrong verifying_contract`
 *  5. deadline ≥ now → `deadline has expired`
 *  6. key registered for the signer → `public key '<pk>' doesn't exist for account '<id>'`
 *  7. nonce: salt, deadline order, expiry, then uniqueness (docs/protocol.md, "Nonces")
 *  8. the intents, in order
 * and after the whole batch the per-token invariant (docs/protocol.md, "Fees and the token_diff invariant").
 * Nothing is written here: the caller commits the working state or drops it.
 */
import {
  extractIntentPayload,
  type IntentPayload,
  intentHash,
  type MultiPayload,
  ProtocolError,
  parseDeadlineNs,
  verifyMultiPayload,
} from '../../core';
import { ERR, jsonError, publicKeyNotExist, VerifierError } from './errors';
import { dip4, type ExecutedIntent } from './events';
import { type BatchEffects, executeIntent } from './intents';
import { DeltaMatcher, type InvariantViolated } from './invariant';
import { canonicalKey } from './keys';
import { verifyNonce } from './nonces';
import { verifyP256 } from './p256';
import type { LedgerState } from './state';
import { WorkingState } from './working';

export interface EngineEnv {
  verifierId: string;
  feePips: number;
  feeCollector: string;
  wnearTokenId: string;
  now: Date;
  isValidSalt(saltHex: string): boolean;
}

export interface BatchOutcome {
  work: WorkingState;
  effects: BatchEffects;
  executed: ExecutedIntent[];
  /** The dip4 lines, ending with `intents_executed`. */
  logs: string[];
  /** The earliest intent deadline as the contract prints it (rfc3339Of), or null for an empty batch. */
  minDeadline: string | null;
  violation: InvariantViolated | null;
}

export function runBatch(base: LedgerState, env: EngineEnv, signed: readonly MultiPayload[]): BatchOutcome {
  const work = new WorkingState(base);
  const matcher = new DeltaMatcher();
  const logs: string[] = [];
  const effects: BatchEffects = { transfers: [], outgoing: [], authChanges: [] };
  const executed: ExecutedIntent[] = [];
  let minDeadline: { ns: bigint } | null = null;
  const intentEnv = {
    work,
    matcher,
    logs,
    effects,
    feePips: env.feePips,
    feeCollector: env.feeCollector,
    wnearTokenId: env.wnearTokenId,
  };

  for (const item of signed) {
    // 1. signature
    const verified = verifyMultiPayload(item, verifyP256);
    if (!verified.ok) throw new VerifierError(ERR.invalidSignature);
    // 2. intent hash
    const hash = intentHash(item);
    // 3. payload
    let payload: IntentPayload;
    try {
      // Read as the contract deserializes: zero amounts pass here and fail when executed (`invalid intent`).
      payload = extractIntentPayload(item, { verifier: true });
    } catch (e) {
      if (e instanceof ProtocolError) throw new VerifierError(jsonError(e.message));
      throw e;
    }
    // 4. recipient
    if (payload.verifying_contract !== env.verifierId) throw new VerifierError(ERR.wrongVerifyingContract);
    // 5. deadline
    const deadlineNs = parseDeadlineNs(payload.deadline);
    if (!minDeadline || deadlineNs < minDeadline.ns) minDeadline = { ns: deadlineNs };
    if (deadlineNs < BigInt(env.now.getTime()) * 1_000_000n) throw new VerifierError(ERR.deadlineExpired);
    // 6. key registry
    const publicKey = canonicalKey(verified.publicKey);
    if (!work.hasPublicKey(payload.signer_id, publicKey)) {
      throw new VerifierError(publicKeyNotExist(payload.signer_id, publicKey));
    }
    // 7. nonce
    verifyNonce(payload.nonce, payload.deadline, env.now, env.isValidSalt);
    work.commitNonce(payload.signer_id, payload.nonce);
    // 8. intents
    for (const intent of payload.intents) executeIntent(intentEnv, payload.signer_id, intent, hash);
    executed.push({ intent_hash: hash, account_id: payload.signer_id, nonce: payload.nonce });
  }

  logs.push(dip4('intents_executed', executed));
  return {
    work,
    effects,
    executed,
    logs,
    minDeadline: minDeadline ? rfc3339Of(minDeadline.ns) : null,
    violation: matcher.finalize(),
  };
}

/**
 * A timestamp as the contract prints it (near/intents crates/primitives/time: the `time` crate's
 * RFC 3339): UTC `Z`, fractional seconds only as long as needed (none when whole), so a deadline
 * signed as `…:00.000Z` comes back as `…:00Z`.
 */
export function rfc3339Of(ns: bigint): string {
  const seconds = ns / 1_000_000_000n;
  const fraction = (ns % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  const whole = new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}Z`;
}
