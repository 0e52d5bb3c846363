/**
 * Signing a payload the user reviewed in the popup (a swap payment, a send): one rule for both
 * (docs/security.md, "No signature before consent"). The payload kept since the review is judged again
 * now with the approval window's checks (forbidden never signs; danger needs the acknowledgement), then
 * signed, then checked by the verifier's `simulate_intents` with the real signature before anything
 * leaves the background. A draft is kept as plain data and rebuilt by the wallet, never trusted as text.
 * A review names the payload it showed (`reviewedId`, the intent hash its signature will carry) and
 * Confirm must name it back: the draft is one per account or swap, so another popup's newer review (or
 * anything else that replaced the draft) is refused instead of signed under this window's consent.
 */
import * as z from 'zod/mini';
import { LedgerViewError } from '../../bus';
import {
  buildIntentPayload,
  decodeNonce,
  HttpError,
  isPasskeyPublicKey,
  type MultiPayload,
  ProtocolError,
  payloadIntentHash,
} from '../../core';
import { type Phrase, phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { said } from '../phrase';
import { ProviderError } from '../providerError';
import { intentsPreview, type PreviewDeps } from '../review/preview';
import type { PreparedIntent, SignedResult, SigningService } from './signer';

export const draftSchema = z.object({
  payload: z.object({
    signer_id: z.string(),
    verifying_contract: z.string(),
    deadline: z.string(),
    nonce: z.string(),
    intents: z.array(z.unknown()),
  }),
  publicKey: z.string(),
  ownNonce: z.boolean(),
});
export type Draft = z.output<typeof draftSchema>;

export const toDraft = (p: PreparedIntent): Draft => ({
  payload: p.payload,
  publicKey: p.publicKey,
  ownNonce: p.ownNonce,
});

/** The reviewed payload, rebuilt (and so re-checked) from its draft. */
export function fromDraft(draft: Draft): PreparedIntent {
  const p = draft.payload;
  const payload = buildIntentPayload({
    signerId: p.signer_id,
    verifyingContract: p.verifying_contract,
    deadline: p.deadline,
    nonce: p.nonce,
    intents: p.intents,
  });
  return {
    payload,
    standard: isPasskeyPublicKey(draft.publicKey) ? 'webauthn' : 'nep413',
    publicKey: draft.publicKey,
    nonceKind: decodeNonce(p.nonce).kind,
    ownNonce: draft.ownNonce,
  };
}

/** What a review names and its Confirm names back: the intent hash a signature of the payload will carry. */
export const reviewedId = (p: PreparedIntent): string => payloadIntentHash(p.payload, p.standard);

/** Confirm's word on what it confirms: the payload its window showed (`reviewed`), with or without the danger acknowledgement. */
export interface Consent {
  reviewed: string;
  acknowledgeDanger: boolean;
  /** A passkey account's assertion over the reviewed payload (./passkeyAssertion.ts), checked at signing. */
  passkey?: unknown;
}

/** Refuses a Confirm that names another payload than the one kept to sign. */
export function assertReviewed(kept: string, consent: Consent, what: string): void {
  if (consent.reviewed !== kept) {
    throw new ProviderError(
      ERROR_CODES.invalidParams,
      `This ${what} is not the one this window reviewed (a newer review replaced it); nothing was signed. Review it again.`,
      { field: 'reviewed', words: phrase('signRefusal_reviewReplaced') },
    );
  }
}

export interface ReviewedDeps {
  signer: SigningService;
  preview: PreviewDeps;
  simulate: (signed: MultiPayload) => Promise<unknown>;
}

/** Judges the reviewed payload again, signs it, and has the verifier check the signature; nothing is sent. */
export async function signReviewed(
  d: ReviewedDeps,
  prepared: PreparedIntent,
  consent: Consent,
  what: string,
  /** Runs once the payload passed the checks, before it is signed (e.g. dropping its draft: one signature per review). */
  beforeSign: () => Promise<unknown> = async () => undefined,
  /**
   * Runs with the signature before the verifier's check sends it to the ledger RPC: from then on it is
   * out of the wallet's hands and stays valid until its deadline, so a caller keeps it (to send that same
   * signature again, and to warn before a second one is made).
   */
  afterSign: (signed: SignedResult) => Promise<unknown> = async () => undefined,
): Promise<SignedResult> {
  const refuse = (m: string, words: Phrase) => new ProviderError(ERROR_CODES.invalidParams, m, { words });
  assertReviewed(reviewedId(prepared), consent, what);
  const preview = await intentsPreview(d.preview, prepared, null, []);
  const findings = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)];
  const forbidden = findings.find((f) => f.level === 'forbidden');
  if (forbidden)
    throw refuse(
      `This ${what} cannot be signed: ${said(forbidden.words)}`,
      phrase('signRefusal_forbidden', forbidden.words),
    );
  if (findings.some((f) => f.level === 'danger') && !consent.acknowledgeDanger)
    throw refuse('Confirm that you understand the risk first', phrase('signRefusal_acknowledgeRisk'));
  await beforeSign();
  const signed = await d.signer.sign(prepared, consent.passkey);
  await afterSign(signed);
  try {
    await d.simulate(signed.signed);
  } catch (e) {
    if (e instanceof LedgerViewError)
      throw new ProviderError(
        ERROR_CODES.internal,
        `The verifier refused it: ${e.panic ?? e.message}. It was not sent; review the ${what} again.`,
        { words: phrase('signRefusal_verifierRefused', e.panic ?? e.message) },
      );
    if (e instanceof ProtocolError) throw e;
    if (e instanceof HttpError && e.kind === 'redirect')
      throw new ProviderError(
        ERROR_CODES.disconnected,
        `The verifier could not check this ${what}: ${e.message} It was not published.`,
        { words: phrase('signRefusal_verifierRedirect') },
      );
    throw new ProviderError(
      ERROR_CODES.disconnected,
      `The ledger RPC did not answer, so the verifier could not check this ${what}; it was not published. Review it again.`,
      { words: phrase('signRefusal_verifierUnreachable') },
    );
  }
  return signed;
}
