// Activity's filters as typed, and the transactions-API query built from them (every parameter of
// HistoryQuery), with each field's problem in plain words (messages of the catalogue). Pure but for the words' lookup.
import type { ActivityCursor, ActivityQuery } from '../api/activity';
import type { HistoryQuery, SwapStatus } from '../api/swapApi';
import { t } from './i18n';

/** Statuses the transactions API filters by (it has no KNOWN_DEPOSIT_TX filter). */
export const FILTER_STATUSES: readonly SwapStatus[] = [
  'PENDING_DEPOSIT',
  'PROCESSING',
  'SUCCESS',
  'INCOMPLETE_DEPOSIT',
  'REFUNDED',
  'FAILED',
];
export const PAGE_SIZES = ['25', '50', '100', '250', '1000'] as const;
export const DEFAULT_PAGE_SIZE = '50';

export interface HistoryFilters {
  statuses: SwapStatus[];
  search: string;
  fromChainId: string;
  toChainId: string;
  fromTokenId: string;
  toTokenId: string;
  /** `<input type="datetime-local">` values, local time. */
  start: string;
  end: string;
  minUsd: string;
  maxUsd: string;
  referral: string;
  affiliate: string;
  showTestTxs: boolean;
  pageSize: string;
}

export type FilterField = keyof HistoryFilters;

export function emptyFilters(): HistoryFilters {
  return {
    statuses: [],
    search: '',
    fromChainId: '',
    toChainId: '',
    fromTokenId: '',
    toTokenId: '',
    start: '',
    end: '',
    minUsd: '',
    maxUsd: '',
    referral: '',
    affiliate: '',
    showTestTxs: false,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

const USD_RE = /^\d+(\.\d+)?$/;

/** A datetime-local value ("2026-01-31T14:05") read in the local time zone → ISO 8601 UTC. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(value)) return null;
  const ms = new Date(value.includes('T') ? value : `${value}T00:00`).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function buildHistoryQuery(f: HistoryFilters): {
  query: HistoryQuery | null;
  problems: Partial<Record<FilterField, string>>;
} {
  const problems: Partial<Record<FilterField, string>> = {};
  const query: HistoryQuery = { numberOfTransactions: Number(f.pageSize) || Number(DEFAULT_PAGE_SIZE) };
  if (f.statuses.length) query.statuses = FILTER_STATUSES.filter((s) => f.statuses.includes(s));
  const text = (
    key: 'search' | 'fromChainId' | 'toChainId' | 'fromTokenId' | 'toTokenId' | 'referral' | 'affiliate',
  ) => {
    const v = f[key].trim();
    if (v) query[key] = v;
  };
  text('search');
  text('fromChainId');
  text('toChainId');
  text('fromTokenId');
  text('toTokenId');
  text('affiliate');
  const referral = f.referral.trim();
  if (referral && referral !== referral.toLowerCase()) problems.referral = t('actFilter_referralLowercase');
  else if (referral) query.referral = referral;
  for (const [field, key] of [
    ['minUsd', 'minUsdPrice'],
    ['maxUsd', 'maxUsdPrice'],
  ] as const) {
    const v = f[field].trim();
    if (!v) continue;
    if (!USD_RE.test(v)) problems[field] = t('actFilter_enterUsd');
    else query[key] = Number(v);
  }
  if (query.minUsdPrice !== undefined && query.maxUsdPrice !== undefined && query.minUsdPrice > query.maxUsdPrice)
    problems.maxUsd = t('actFilter_maxBelowMin');
  for (const [field, key] of [
    ['start', 'startTimestamp'],
    ['end', 'endTimestamp'],
  ] as const) {
    const v = f[field].trim();
    if (!v) continue;
    const iso = localToIso(v);
    if (!iso) problems[field] = t('actFilter_enterDate');
    else query[key] = iso;
  }
  if (query.startTimestamp && query.endTimestamp && query.startTimestamp >= query.endTimestamp)
    problems.end = t('actFilter_endBeforeStart');
  if (f.showTestTxs) query.showTestTxs = true;
  return Object.keys(problems).length ? { query: null, problems } : { query, problems };
}

/**
 * The query for one Activity page: the filters (never a swap cursor of their own) and `after`, the
 * cursor the page before handed out; none for the newest page.
 */
export function activityQuery(filters: HistoryQuery, after?: ActivityCursor): ActivityQuery {
  const { lastDepositAddress: _a, lastDepositMemo: _m, direction: _d, ...rest } = filters;
  return after ? { ...rest, after } : rest;
}
