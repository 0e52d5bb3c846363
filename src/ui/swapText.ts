// What each swap status and refund reason means, in plain words, with what the user can do; the
// status stepper (deposit → processing → done); countdowns. Pure: the page passes the clock.

import type { StatusChange } from '../api/swapApi';
import { type Explained, isTerminal, refundReasonText, SWAP_STATUSES, type SwapStatus } from '../core/swapStatus';
import { readStoredAnswer } from '../oneclick/storedAnswer';
import { relativeTime } from './format';

export { type Explained, isTerminal, refundReasonText, SWAP_STATUSES };

export const STATUS_TEXT: Record<SwapStatus, Explained> = {
  PENDING_DEPOSIT: {
    label: 'Waiting for deposit',
    explain: 'The swap is ready and waits for your deposit at the address below.',
    todo: 'Send the exact amount to the deposit address (with the memo, if there is one) before the deadline.',
  },
  KNOWN_DEPOSIT_TX: {
    label: 'Deposit seen',
    explain: 'Your deposit transaction was seen; the service waits for it to be confirmed on its chain.',
    todo: 'Nothing to do: keep this open or come back later.',
  },
  PROCESSING: {
    label: 'Swapping',
    explain: 'Your deposit arrived and the swap is being executed. This can take up to 15 minutes.',
    todo: 'Nothing to do: tracking goes on after you close the popup.',
  },
  SUCCESS: {
    label: 'Completed',
    explain: 'The swap is complete and the tokens were sent to the recipient.',
    todo: '',
  },
  INCOMPLETE_DEPOSIT: {
    label: 'Deposit too small',
    explain: 'The deposit that arrived is less than the swap needs, so the swap has not started.',
    todo: 'Send the missing amount to the same address (with the same memo) before the deadline, and the swap goes ahead. Otherwise what you sent is refunded after the deadline.',
  },
  REFUNDED: {
    label: 'Refunded',
    explain: 'The swap did not go through and your deposit was sent back to the refund address.',
    todo: 'Check the refund address for the returned funds (a refund fee may have been taken off).',
  },
  FAILED: {
    label: 'Failed',
    explain: 'The swap ran into an error and did not complete.',
    todo: 'Keep the signed quote below: it is your evidence. Contact the service with the deposit address and the quote.',
  },
};

export type StepState = 'done' | 'current' | 'todo' | 'attention' | 'failed';
export interface Step {
  key: 'deposit' | 'processing' | 'done';
  label: string;
  state: StepState;
  /** When the step was reached or finished (Unix ms), from the status history. */
  at: number | null;
  detail: string;
}

function firstSeen(history: readonly StatusChange[], statuses: readonly SwapStatus[]): number | null {
  const hit = history.find((h) => statuses.includes(h.status));
  return hit ? hit.at : null;
}

/** The three steps for a status: deposit → processing → done (or refunded / failed). */
export function stepsOf(status: SwapStatus, history: readonly StatusChange[]): Step[] {
  const depositAt = firstSeen(history, ['KNOWN_DEPOSIT_TX', 'PROCESSING', 'SUCCESS']);
  const processingAt = firstSeen(history, ['PROCESSING']);
  const endAt = firstSeen(history, [status]);
  const deposit: Step = { key: 'deposit', label: 'Deposit', state: 'done', at: depositAt, detail: 'Deposit received' };
  const processing: Step = { key: 'processing', label: 'Processing', state: 'todo', at: processingAt, detail: 'Swap' };
  const done: Step = { key: 'done', label: 'Done', state: 'todo', at: null, detail: 'Tokens delivered' };
  switch (status) {
    case 'PENDING_DEPOSIT':
      deposit.state = 'current';
      deposit.detail = 'Waiting for your deposit';
      deposit.at = firstSeen(history, ['PENDING_DEPOSIT']);
      break;
    case 'KNOWN_DEPOSIT_TX':
      deposit.state = 'current';
      deposit.detail = 'Deposit seen, waiting for confirmation';
      break;
    case 'INCOMPLETE_DEPOSIT':
      deposit.state = 'attention';
      deposit.detail = 'Deposit below the required amount';
      deposit.at = endAt;
      break;
    case 'PROCESSING':
      processing.state = 'current';
      processing.detail = 'Swapping now';
      break;
    case 'SUCCESS':
      processing.state = 'done';
      processing.detail = 'Swapped';
      done.state = 'done';
      done.at = endAt;
      break;
    case 'REFUNDED':
    case 'FAILED':
      if (depositAt === null) {
        deposit.state = 'attention';
        deposit.detail = status === 'REFUNDED' ? 'Deposit not used' : 'No complete deposit';
      }
      processing.state = processingAt !== null ? 'done' : 'todo';
      done.state = 'failed';
      done.label = status === 'REFUNDED' ? 'Refunded' : 'Failed';
      done.detail = status === 'REFUNDED' ? 'Funds returned to the refund address' : 'The swap did not complete';
      done.at = endAt;
      break;
  }
  return [deposit, processing, done];
}

/** "12:05" or "1:02:05" for a time left, "0:00" when it has passed. */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** A countdown sentence: "in 12:05" (a clock that ticks) or "passed 3 minutes ago". */
export function describeCountdown(target: string | null, now: number): { text: string; passed: boolean } | null {
  if (!target) return null;
  const at = Date.parse(target);
  if (Number.isNaN(at)) return null;
  const left = at - now;
  if (left > 0) return { text: `in ${formatCountdown(left)}`, passed: false };
  return { text: `passed ${relativeTime(at, now)}`, passed: true };
}

export interface QuoteFacts {
  amountIn: string | null;
  amountInFormatted: string | null;
  amountInUsd: string | null;
  /** Smallest units of the destination token. */
  amountOut: string | null;
  amountOutFormatted: string | null;
  amountOutUsd: string | null;
  minAmountOut: string | null;
  signature: string | null;
}

/**
 * The few facts the deposit view shows from the stored quote response (kept as the service sent it), read
 * through the one reader of a stored quote (src/oneclick/storedAnswer.ts): an answer without the shape of a
 * quote shows none of its facts.
 */
export function quoteFacts(quoteResponseJson: string): QuoteFacts {
  const read = readStoredAnswer(quoteResponseJson);
  const q = read.ok ? read.answer.quote : null;
  const str = (v: string | undefined) => (v !== undefined && v !== '' ? v : null);
  return {
    amountIn: str(q?.amountIn),
    amountInFormatted: str(q?.amountInFormatted),
    amountInUsd: str(q?.amountInUsd),
    amountOut: str(q?.amountOut),
    amountOutFormatted: str(q?.amountOutFormatted),
    amountOutUsd: str(q?.amountOutUsd),
    minAmountOut: str(q?.minAmountOut),
    signature: read.ok ? str(read.answer.signature) : null,
  };
}

/** The stored quote response, indented for reading (as it came when it is not JSON). */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What is still missing of a deposit, in smallest units, or null when it cannot be told. */
export function missingAmount(
  expected: string | null | undefined,
  deposited: string | null | undefined,
): bigint | null {
  if (!expected || !/^\d+$/.test(expected)) return null;
  const have = deposited && /^\d+$/.test(deposited) ? BigInt(deposited) : 0n;
  const left = BigInt(expected) - have;
  return left > 0n ? left : null;
}
