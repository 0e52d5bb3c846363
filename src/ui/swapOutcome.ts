// What went wrong with a swap, in plain words with what to do next: no deposit before the deadline, only
// part of it, a refund, a failure (the statuses: docs/services.md, "The swap service"). Past its deadline
// an unfunded swap has no further status from the service, so the wallet says it from the deadline.
// Pure: the page passes the clock. Each outcome names the refund address and the service's reference
// (the quote's correlation id), which is what the service asks for.
import type { SwapRecordView } from '../api/swapApi';
import { readStoredAnswer } from '../oneclick/storedAnswer';

export type SwapOutcome = 'expired' | 'incomplete' | 'refunded' | 'failed';

export interface OutcomeWords {
  title: string;
  happened: string;
  todo: string;
}

export const OUTCOME_TEXT: Record<SwapOutcome, OutcomeWords> = {
  expired: {
    title: 'No deposit arrived in time',
    happened: 'No deposit reached the deposit address before the deadline, so this swap ended. Nothing was taken.',
    todo: 'Do not send anything to this deposit address now. Funds sent after the deadline are returned to your refund address; if they do not come back, contact the swap service with the reference below. To swap, start a new one.',
  },
  incomplete: {
    title: 'Only part of the deposit arrived',
    happened: 'The deposit address received less than the swap needs, so the swap has not started.',
    todo: 'Send the missing amount to the same address (with the same memo) before the deadline, and the swap goes ahead. Otherwise what arrived is returned to your refund address after the deadline.',
  },
  refunded: {
    title: 'Your deposit was returned',
    happened: 'The swap did not go through, and the deposit was sent back to your refund address.',
    todo: 'Check the refund address below for the returned funds (a refund fee may have been taken off). You can start a new swap.',
  },
  failed: {
    title: 'The swap failed',
    happened: 'The swap service ran into an error and did not complete the swap.',
    todo: 'Contact the swap service with the reference below, and keep the signed quote: it is your evidence. A deposit it returns goes to your refund address.',
  },
};

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
