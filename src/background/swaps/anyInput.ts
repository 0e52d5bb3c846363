/**
 * ANY_INPUT swaps (docs/services.md, "ANY_INPUT"): the address takes any token in any amount, the service
 * converts each deposit and pays the pool out once it is worth about $1,000. Such a swap never reaches a
 * terminal status, so its progress is read from `GET /v0/any-input/withdrawals`: every check of the
 * tracker also reads the payouts since the last one known, keeps them on the record and names the new
 * ones in a notification.
 */

import type { AnyInputWithdrawalView, SwapRecordView } from '../../api/swapApi';
import type { HttpDeps } from '../../core';
import { type AnyInputWithdrawal, type CallOptions, getAnyInputWithdrawals } from '../../oneclick';
import { t } from '../i18n';

/** What an ANY_INPUT swap asks to be sent, in place of an amount. */
export const ANY_INPUT_AMOUNT = 'any amount of any supported token';
/** ANY_INPUT pools move slowly: their checks are at least this far apart. */
export const ANY_INPUT_POLL_MS = 30_000;
/** The service's page size cap (one-click-sdk-typescript `getAnyInputQuoteWithdrawals`: "max: 50"). */
const PAGE = 50;
/** Pages read in one check; a longer backlog is read on the next checks (each starts at the last known). */
const MAX_PAGES = 20;

export const isAnyInput = (r: SwapRecordView) => r.request.swapType === 'ANY_INPUT';

const identity = (w: AnyInputWithdrawalView) => `${w.hash}|${w.timestamp}|${w.status}`;

function view(w: AnyInputWithdrawal): AnyInputWithdrawalView {
  return {
    status: w.status,
    amountOut: w.amountOut,
    amountOutFormatted: w.amountOutFormatted,
    ...(w.amountOutUsd ? { amountOutUsd: w.amountOutUsd } : {}),
    ...(w.withdrawFeeFormatted ? { withdrawFeeFormatted: w.withdrawFeeFormatted } : {}),
    timestamp: w.timestamp,
    hash: w.hash,
  };
}

/**
 * The payouts from the last one the record knows (inclusive, so none at the same instant is missed), oldest
 * first, page by page while pages come full.
 */
export async function readWithdrawals(
  http: HttpDeps,
  url: string,
  r: SwapRecordView,
  o: CallOptions,
): Promise<AnyInputWithdrawalView[]> {
  const from = r.withdrawals?.at(-1)?.timestamp;
  const out: AnyInputWithdrawalView[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await getAnyInputWithdrawals(
      http,
      url,
      {
        depositAddress: r.depositAddress,
        depositMemo: r.depositMemo,
        timestampFrom: from,
        page,
        limit: PAGE,
        sortOrder: 'asc',
      },
      o,
    );
    out.push(...answer.withdrawals.map(view));
    if (answer.withdrawals.length < PAGE) break;
  }
  return out;
}

/** Adds what was read to the record (each payout once, by time); returns the ones it did not know. */
export function mergeWithdrawals(r: SwapRecordView, read: AnyInputWithdrawalView[]): AnyInputWithdrawalView[] {
  const known = new Set((r.withdrawals ?? []).map(identity));
  const fresh: AnyInputWithdrawalView[] = [];
  for (const w of read) {
    if (known.has(identity(w))) continue;
    known.add(identity(w));
    fresh.push(w);
  }
  if (fresh.length || !r.withdrawals) {
    r.withdrawals = [...(r.withdrawals ?? []), ...fresh].sort(
      (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp),
    );
  }
  return fresh;
}

/**
 * The notification for new payouts: what reached whom, or that a payout failed and is retried. `amount`
 * words a payout's smallest units (checked decimals, else raw units: docs/security.md, "Token facts").
 */
export function withdrawalNotice(
  fresh: AnyInputWithdrawalView[],
  amount: (raw: string) => string,
  recipient: string,
): [string, string] {
  const paid = fresh.filter((w) => w.status === 'SUCCESS');
  const failed = fresh.length - paid.length;
  const retry = failed === 1 ? t('swapNotify_retryOne') : failed ? t('swapNotify_retryMany', String(failed)) : '';
  if (!paid.length) return [t('swapNotify_payoutFailed'), t('swapNotify_retryTo', retry, recipient)];
  const amounts = paid.map((w) => amount(w.amountOut)).join(', ');
  return [
    paid.length === 1 ? t('swapNotify_payout') : t('swapNotify_payouts', String(paid.length)),
    retry ? t('swapNotify_paidToRetry', amounts, recipient, retry) : t('swapNotify_paidTo', amounts, recipient),
  ];
}
