/**
 * A key change the wallet refused or the verifier did not take (./keyManager.ts, ./keyChangeReview.ts): its
 * English message is what a dApp and the logs read, its `words` what the person reads (docs/architecture.md,
 * "Words and languages"; ../errors.ts carries them as the reply's `data.words`).
 */
import { type Phrase, phrase } from '../../core/phrase';

export class KeyChangeError extends Error {
  override readonly name = 'KeyChangeError';
  constructor(
    /** For a dApp and the logs (English). */
    message: string,
    /** For the person: what the popup and the approval window show (docs/architecture.md, "Words and languages"). */
    readonly words: Phrase,
    /** The verifier refused the intent: nothing changed on the ledger. */
    readonly refused = false,
  ) {
    super(message);
  }
}

/** The verifier refused a published key change (its reason is the verifier's own text): nothing changed. */
export const verifierRefused = (reason: string): KeyChangeError =>
  new KeyChangeError(`The verifier refused it: ${reason}.`, phrase('keyRefusal_verifierRefused', reason), true);
