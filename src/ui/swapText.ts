// What each swap status and refund reason means, in plain words, with what the user can do; the
// status stepper (deposit → processing → done); countdowns. Pure: the page passes the clock.

import type { StatusChange, SwapRecordView } from '../api/swapApi';
import {
  type Explained,
  isTerminal,
  REFUND_REASONS,
  type RefundReason,
  SWAP_STATUSES,
  type SwapStatus,
} from '../core/swapStatus';
import { readTokenAmount } from '../core/tokens';
import { readStoredAnswer } from '../oneclick/storedAnswer';
import { exactDecimal } from './amountText';
import { relativeTime } from './format';
import { t } from './i18n';

export { type Explained, isTerminal, SWAP_STATUSES };

/** A status's words from the catalogue: its keys are typed from the codes, so a missing one does not compile. */
function statusText(s: SwapStatus): Explained {
  return {
    label: t(`swapStatus_${s}_label`),
    explain: t(`swapStatus_${s}_explain`),
    todo: s === 'SUCCESS' ? '' : t(`swapStatus_${s}_todo`),
  };
}
const reasonText = (r: RefundReason): Explained => ({
  label: t(`refund_${r}_label`),
  explain: t(`refund_${r}_explain`),
  todo: t(`refund_${r}_todo`),
});

export const STATUS_TEXT: Record<SwapStatus, Explained> = Object.fromEntries(
  SWAP_STATUSES.map((s) => [s, statusText(s)]),
) as Record<SwapStatus, Explained>;

/** The plain-words explanation of a refund reason; a code this version does not know is shown as it came. */
export function refundReasonText(reason: string | null | undefined): Explained | null {
  if (!reason) return null;
  if ((REFUND_REASONS as readonly string[]).includes(reason)) return reasonText(reason as RefundReason);
  return { ...reasonText('UNKNOWN'), explain: t('refund_unknownCode', reason) };
}

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
  const deposit: Step = {
    key: 'deposit',
    label: t('step_deposit'),
    state: 'done',
    at: depositAt,
    detail: t('step_depositReceived'),
  };
  const processing: Step = {
    key: 'processing',
    label: t('step_processing'),
    state: 'todo',
    at: processingAt,
    detail: t('step_swap'),
  };
  const done: Step = { key: 'done', label: t('step_done'), state: 'todo', at: null, detail: t('step_tokensDelivered') };
  switch (status) {
    case 'PENDING_DEPOSIT':
      deposit.state = 'current';
      deposit.detail = t('step_waitingDeposit');
      deposit.at = firstSeen(history, ['PENDING_DEPOSIT']);
      break;
    case 'KNOWN_DEPOSIT_TX':
      deposit.state = 'current';
      deposit.detail = t('step_depositSeen');
      break;
    case 'INCOMPLETE_DEPOSIT':
      deposit.state = 'attention';
      deposit.detail = t('step_depositBelow');
      deposit.at = endAt;
      break;
    case 'PROCESSING':
      processing.state = 'current';
      processing.detail = t('step_swapping');
      break;
    case 'SUCCESS':
      processing.state = 'done';
      processing.detail = t('step_swapped');
      done.state = 'done';
      done.at = endAt;
      break;
    case 'REFUNDED':
    case 'FAILED':
      if (depositAt === null) {
        deposit.state = 'attention';
        deposit.detail = status === 'REFUNDED' ? t('step_depositNotUsed') : t('step_noCompleteDeposit');
      }
      processing.state = processingAt !== null ? 'done' : 'todo';
      done.state = 'failed';
      done.label = status === 'REFUNDED' ? t('step_refunded') : t('step_failed');
      done.detail = status === 'REFUNDED' ? t('step_fundsReturned') : t('step_notComplete');
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
  if (left > 0) return { text: t('countdown_in', formatCountdown(left)), passed: false };
  return { text: t('countdown_passed', relativeTime(at, now)), passed: true };
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

/**
 * What a swap asks to be sent, in the person's words and number marks, every digit kept: the record keeps
 * it as the background wrote it (core formatTokenAmount: "<amount> <symbol>", or "<units> units of <id>"
 * for a token whose decimals are unconfirmed); an ANY_INPUT swap takes any amount of any token.
 */
export function sendText(record: Pick<SwapRecordView, 'amountToSend' | 'request'>): string {
  if (record.request.swapType === 'ANY_INPUT') return t('swap_anyAmount');
  const read = readTokenAmount(record.amountToSend);
  if (!read) return record.amountToSend;
  return 'units' in read
    ? t('amount_unitsOf', read.units, read.tokenId)
    : `${exactDecimal(read.decimal)} ${read.symbol}`;
}
