/**
 * `wallet_activity` (docs/services.md, "Activity"): the swaps of `swap_history` (./../swaps/history, exact
 * paging of its own) merged with the intents this wallet published (./published), newest first.
 *
 * Paging goes forward (older) from a cursor this service hands out: the last row shown (time and key)
 * and the last swap shown so far. The swaps come from `swap_history` with that swap as its cursor: no
 * swap lies between it and the last row (the page was contiguous), so they are the n swaps nearest
 * beyond the last row; the wallet's intents beyond the last row are all local. The n nearest of the
 * union are the page, exact as swap history's own merge is. At equal times swaps come first (in the
 * service's order), then intents by key; the cursor's side is judged in that order. Newer pages are the
 * pages already seen (the popup keeps their cursors).
 *
 * Filters: status maps an intent's status onto the swap statuses (settled = success, pending or
 * broadcast = processing, refused or not found = failed), search matches its hash, account, site or
 * ledger transaction, the time window applies; the swap-only filters (route, USD value, referral,
 * affiliate) leave intents out, and the answer says so.
 */

import {
  type ActivityCursor,
  type ActivityItem,
  type ActivityPage,
  type ActivityQuery,
  AS_SWAP_STATUS,
  FINAL_PUBLISHED,
  type PublishedIntentView,
} from '../../api/activity';
import type { HistoryItem, HistoryPage, HistoryQuery } from '../../api/swapApi';
import type { IntentStatusView } from '../../api/walletApi';
import { unusedReceive } from '../swaps/history';
import type { PublishedIntents } from './published';

export interface ActivityDeps {
  history: (q: HistoryQuery) => Promise<HistoryPage>;
  published: Pick<PublishedIntents, 'list' | 'observe'>;
  /** The bus's `get_status`. */
  status: (intentHash: string) => Promise<IntentStatusView>;
  now: () => number;
  /** The account Activity is about unless `allAccounts` is asked (null: none chosen, every account's). */
  selectedAccount: () => Promise<string | null>;
  /** Every account of the wallet: a swap that names another of them, and not this one, is that one's. */
  ownAccounts?: () => readonly string[];
}

/**
 * Whether a swap is the selected account's to list: it names that account (as recipient, refund address or
 * sender), or it names none of the wallet's accounts (a swap between outside addresses, started here, is
 * the wallet's and shows under every account). A swap of another of the wallet's accounts is that one's.
 */
export function swapOfAccount(s: HistoryItem, account: string, own: readonly string[]): boolean {
  const named = [s.recipient, s.refundTo, ...s.senders];
  return named.includes(account) || !named.some((id) => id !== null && own.includes(id));
}

/** Filters only a swap has: when one is set, the list is of swaps of that kind. */
export const SWAP_ONLY_FILTERS = [
  'fromChainId',
  'fromTokenId',
  'toChainId',
  'toTokenId',
  'referral',
  'affiliate',
  'minUsdPrice',
  'maxUsdPrice',
] as const;

/** Bus calls per page at most, how long the page waits for them, and how soon one intent is asked again. */
export const REFRESH_PER_PAGE = 3;
const REFRESH_WAIT_MS = 2500;
export const REFRESH_AFTER_MS = 5000;

const INTENT = 'intent:';
const intentItem = (i: PublishedIntentView): ActivityItem => ({
  type: 'intent',
  key: INTENT + i.intentHash,
  at: i.createdAt,
  intent: i,
});
const swapItem = (s: HistoryItem): ActivityItem => ({ type: 'swap', key: s.key, at: Date.parse(s.createdAt), swap: s });
const rank = (i: ActivityItem) => (i.type === 'swap' ? 0 : 1);

/** Newest first; at equal times swaps (stable: the service's order) before intents, intents by key. */
export function activityOrder(a: ActivityItem, b: ActivityItem): number {
  return b.at - a.at || rank(a) - rank(b) || (a.type === 'intent' && a.key !== b.key ? (a.key < b.key ? -1 : 1) : 0);
}

/** Is an intent past the cursor in activityOrder? */
function intentBeyond(i: ActivityItem, c: ActivityCursor | undefined): boolean {
  if (!c) return true;
  return c.key.startsWith(INTENT) ? i.at < c.at || (i.at === c.at && i.key > c.key) : i.at <= c.at;
}

const hostOf = (origin: string) => origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

function intentMatches(i: PublishedIntentView, q: ActivityQuery): boolean {
  const needle = q.search?.toLowerCase();
  const time = (t?: string) => (t ? Date.parse(t) : undefined);
  const [start, end] = [time(q.startTimestamp), time(q.endTimestamp)];
  return (
    (!q.statuses || q.statuses.includes(AS_SWAP_STATUS[i.status])) &&
    (!needle ||
      [i.intentHash, i.accountId, i.origin, i.origin && hostOf(i.origin), i.txHash].some(
        (x) => x?.toLowerCase() === needle,
      )) &&
    !(start !== undefined && i.createdAt <= start) &&
    !(end !== undefined && i.createdAt >= end)
  );
}

/** A promise's value, or undefined when it fails or takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

export class Activity {
  constructor(private readonly d: ActivityDeps) {}

  /** Asks the bus about the first few unfinished intents of a page, at most REFRESH_PER_PAGE calls. */
  private async refresh(candidates: readonly PublishedIntentView[]): Promise<Map<string, PublishedIntentView>> {
    const now = this.d.now();
    const due = candidates
      .filter(
        (i) => !FINAL_PUBLISHED.includes(i.status) && (i.checkedAt === null || now - i.checkedAt >= REFRESH_AFTER_MS),
      )
      .slice(0, REFRESH_PER_PAGE);
    const fresh = await Promise.all(
      due.map((i) =>
        within(
          this.d.status(i.intentHash).then((s) => this.d.published.observe(s)),
          REFRESH_WAIT_MS,
        ),
      ),
    );
    return new Map(fresh.flatMap((i) => (i ? [[i.intentHash, i] as const] : [])));
  }

  /** One page of `wallet_activity`, from `q.after` (the cursor the page before handed out) onward. */
  async page(q: ActivityQuery): Promise<ActivityPage> {
    const n = q.numberOfTransactions ?? 50;
    const { after, allAccounts, ...filters } = q;
    const account = allAccounts ? null : await this.d.selectedAccount().catch(() => null);
    const intentsHidden = SWAP_ONLY_FILTERS.some((f) => filters[f] !== undefined);
    const swapQuery: HistoryQuery = after?.swap
      ? {
          ...filters,
          lastDepositAddress: after.swap.address,
          ...(after.swap.memo ? { lastDepositMemo: after.swap.memo } : {}),
        }
      : filters;
    const mine = intentsHidden
      ? []
      : (await this.d.published.list()).filter(
          (i) =>
            (account === null || i.accountId === account) && intentMatches(i, q) && intentBeyond(intentItem(i), after),
        );
    // Only the n newest can be on this page.
    const candidates = mine.map(intentItem).sort(activityOrder).slice(0, n);
    const [swaps, fresh] = await Promise.all([
      this.d.history(swapQuery),
      this.refresh(candidates.flatMap((c) => (c.type === 'intent' ? [c.intent] : []))),
    ]);
    // Past an intent, swaps of its very time were shown before it.
    const edgeIsIntent = after?.key.startsWith(INTENT) ?? false;
    const own = account === null ? [] : (this.d.ownAccounts?.() ?? []);
    const swapRows = swaps.items
      .filter((s) => !unusedReceive(s) && (account === null || swapOfAccount(s, account, own)))
      .map(swapItem)
      .filter((s) => !edgeIsIntent || s.at < after!.at);
    const intentRows = candidates.map((c) =>
      c.type === 'intent' && fresh.has(c.intent.intentHash) ? intentItem(fresh.get(c.intent.intentHash)!) : c,
    );
    const items = [...swapRows, ...intentRows].sort(activityOrder).slice(0, n);

    const last = items.at(-1);
    const lastSwap = items.findLast((i): i is Extract<ActivityItem, { type: 'swap' }> => i.type === 'swap');
    const swapEdge = lastSwap
      ? { address: lastSwap.swap.depositAddress, memo: lastSwap.swap.depositMemo }
      : (after?.swap ?? null);
    return {
      items,
      next: last ? { at: last.at, key: last.key, swap: swapEdge } : null,
      serviceIncluded: swaps.serviceIncluded,
      serviceError: swaps.serviceError,
      ...(swaps.serviceFailure && { serviceFailure: swaps.serviceFailure }),
      intentsHidden,
    };
  }
}
