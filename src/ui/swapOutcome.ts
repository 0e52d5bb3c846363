// What went wrong with a swap, in plain words (messages of the catalogue) with what to do next: no deposit before the deadline, only
// part of it, a refund, a failure (the statuses: docs/services.md, "The swap service"). Past its deadline
// an unfunded swap has no further status from the service, so the wallet says it from the deadline.
// Pure: the page passes the clock. Each outcome names the refund address and the service's reference
// (the quote's correlation id), which is what the service asks for.
import type { SwapRecordView } from '../api/swapApi';
import { readStoredAnswer } from '../oneclick/storedAnswer';
import { t } from './i18n';

export type SwapOutcome = 'expired' | 'incomplete' | 'refunded' | 'failed';

export interface OutcomeWords {
  title: string;
  happened: string;
  todo: string;
}

const OUTCOMES: readonly SwapOutcome[] = ['expired', 'incomplete', 'refunded', 'failed'];

/** Each outcome's words from the catalogue: the keys are typed from the outcomes, so a missing one does not compile. */
export const OUTCOME_TEXT: Record<SwapOutcome, OutcomeWords> = Object.fromEntries(
  OUTCOMES.map((o) => [
    o,
    { title: t(`outcome_${o}_title`), happened: t(`outcome_${o}_happened`), todo: t(`outcome_${o}_todo`) },
  ]),
) as Record<SwapOutcome, OutcomeWords>;

type OutcomeInput = Pick<SwapRecordView, 'status' | 'request'>;

/** The swap's outcome when it went wrong, or null while it is on its way or done (ANY_INPUT swaps have none). */
export function outcomeOf(r: OutcomeInput, now: number): SwapOutcome | null {
  if (r.request.swapType === 'ANY_INPUT') return null;
  switch (r.status) {
    case 'PENDING_DEPOSIT': {
      // The swap's own deadline (the request's): a deposit after it is refunded, never swapped. The quote's
      // later `deadline` is only how long the address is watched (docs/services.md, "The swap service").
      const deadline = Date.parse(r.request.deadline);
      return Number.isFinite(deadline) && now > deadline ? 'expired' : null;
    }
    case 'INCOMPLETE_DEPOSIT':
      return 'incomplete';
    case 'REFUNDED':
      return 'refunded';
    case 'FAILED':
      return 'failed';
    default:
      return null;
  }
}

/** The service's reference for this swap (the quote's correlation id), or null when its answer had none. */
export function correlationIdOf(quoteResponseJson: string): string | null {
  const read = readStoredAnswer(quoteResponseJson);
  return read.ok && read.answer.correlationId ? read.answer.correlationId : null;
}
