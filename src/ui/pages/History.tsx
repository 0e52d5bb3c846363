// The Activity tab: swaps (started here, and the service's transactions when a JWT is set) merged with
// the intents this wallet published (sends, intents approved for sites), newest first; filters for
// every parameter of the transactions API, paging, a virtualised list, a detail view of each kind, and
// CSV export of the loaded rows. Unfinished intents on the page are followed until the bus has a final
// word. (The file keeps its name: the popup's navigation loads HistoryTab from here.)
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  type ActivityCursor,
  type ActivityItem,
  type ActivityPage,
  FINAL_PUBLISHED,
  type PublishedIntentView,
} from '../../api/activity';
import type { HistoryQuery, TokenView } from '../../api/swapApi';
import type { IntentStatusView } from '../../api/walletApi';
import { namesNetwork } from '../chains';
import { ActivityFilters } from '../components/ActivityFilters';
import { ActivityList } from '../components/ActivityList';
import { Checkbox } from '../components/Field';
import { HistoryDetail } from '../components/HistoryDetail';
import { IntentDetail } from '../components/IntentDetail';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { activityCsv } from '../csv';
import { focusFirstInvalidSoon } from '../focus';
import { activityQuery, buildHistoryQuery, emptyFilters, type HistoryFilters } from '../historyQuery';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Deposit } from './Deposit';

/** How often unfinished intents on the page are asked about, and how many at once. */
export const ACTIVITY_STATUS_MS = 2000;
const FOLLOWED = 3;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function HistoryTab() {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  /** Every account's intents; off: the selected account's (the background's default). */
  const [allAccounts, setAllAccounts] = useState(false);
  const [applied, setApplied] = useState<HistoryQuery>(() => buildHistoryQuery(emptyFilters()).query ?? {});
  const [page, setPage] = useState<ActivityPage | null>(null);
  /** The cursor of each page from the newest to the one shown (undefined: the newest page). */
  const [trail, setTrail] = useState<(ActivityCursor | undefined)[]>([undefined]);
  const [oldest, setOldest] = useState(false);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [detail, setDetail] = useState<ActivityItem | null>(null);
  const [tracking, setTracking] = useState<string | null>(null);
  /** Statuses the bus gave since the page was loaded, by intent hash. */
  const [fresh, setFresh] = useState<ReadonlyMap<string, IntentStatusView>>(new Map());
  const action = useAction();
  const listBox = useRef<HTMLDivElement>(null);
  const tokenMap = useMemo(() => new Map(tokens.map((t) => [t.assetId, t])), [tokens]);

  useEffect(() => {
    swaps.tokensOnce().then(setTokens, () => setTokens([]));
  }, []);

  const pageSize = applied.numberOfTransactions ?? 50;
  const items = page?.items ?? [];

  /** Loads the page after `cursor` (the newest without one); `nextTrail` is the trail once it is shown. */
  const load = (query: HistoryQuery, cursor: ActivityCursor | undefined, nextTrail: (ActivityCursor | undefined)[]) =>
    action.run(async () => {
      setNote('');
      const next = await wallet.activity({ ...activityQuery(query, cursor), ...(allAccounts ? { allAccounts } : {}) });
      // Nothing past the last page: it stays, and Older is done.
      if (nextTrail.length > trail.length && next.items.length === 0) {
        setOldest(true);
        setPage((old) =>
          old ? { ...old, serviceIncluded: next.serviceIncluded, serviceError: next.serviceError } : next,
        );
        setNote('Nothing older.');
        return;
      }
      setPage(next);
      setFresh(new Map());
      setTrail(nextTrail);
      setOldest(next.items.length < (query.numberOfTransactions ?? 50));
    });

  const first = (query: HistoryQuery) => load(query, undefined, [undefined]);
  const older = () => page?.next && void load(applied, page.next, [...trail, page.next]);
  const newer = () => trail.length > 1 && void load(applied, trail.at(-2), trail.slice(0, -1));

  useEffect(() => {
    void first(applied);
  }, [allAccounts]);

  // Unfinished intents on the page: their status from the bus (which Activity's record keeps too), kept
  // beside the page so that the list (its scroll and active row) stays as it is.
  const freshIntent = (i: PublishedIntentView): PublishedIntentView => {
    const s = fresh.get(i.intentHash);
    return s ? { ...i, status: s.status, txHash: s.data?.hash ?? i.txHash } : i;
  };
  const shown = (i: ActivityItem): ActivityItem => (i.type === 'intent' ? { ...i, intent: freshIntent(i.intent) } : i);
  const following = items
    .map(shown)
    .flatMap((i) => (i.type === 'intent' && !FINAL_PUBLISHED.includes(i.intent.status) ? [i.intent.intentHash] : []))
    .slice(0, FOLLOWED);
  useEffect(() => {
    if (following.length === 0) return;
    const timer = setInterval(() => {
      void Promise.all(following.map((h) => wallet.intentStatus(h).catch(() => null))).then((answers) => {
        const changed = answers.filter(
          (s): s is IntentStatusView => !!s && fresh.get(s.intent_hash)?.status !== s.status,
        );
        if (changed.length) setFresh((old) => new Map([...old, ...changed.map((s) => [s.intent_hash, s] as const)]));
      });
    }, ACTIVITY_STATUS_MS);
    return () => clearInterval(timer);
  }, [following.join(','), fresh]);

  const built = buildHistoryQuery(filters);
  const apply = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (!built.query) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    setApplied(built.query);
    void first(built.query);
  };
  const reset = () => {
    const fresh = emptyFilters();
    setFilters(fresh);
    setTried(false);
    const q = buildHistoryQuery(fresh).query ?? {};
    setApplied(q);
    void first(q);
  };

  const exportCsv = () => {
    const blob = new Blob([activityCsv(items.map(shown), namesNetwork())], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `activity-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setNote(`Exported ${items.length} rows.`);
  };

  const back = () => {
    setDetail(null);
    setTimeout(() => listBox.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus(), 0);
  };

  if (tracking) return <Deposit id={tracking} initial={null} onBack={() => setTracking(null)} />;

  const swapCount = items.filter((i) => i.type === 'swap').length;
  const counted = [
    swapCount && plural(swapCount, 'swap', 'swaps'),
    items.length - swapCount && plural(items.length - swapCount, 'intent', 'intents'),
  ].filter(Boolean);
  return (
    <>
      <div hidden={detail !== null}>
        <Screen title="Activity" testid="history">
          <ActivityFilters
            filters={filters}
            setFilters={setFilters}
            tokens={tokens}
            problems={tried ? built.problems : {}}
            onApply={apply}
            onReset={reset}
            busy={action.busy}
          />
          <Checkbox
            label="All accounts"
            checked={allAccounts}
            onChecked={setAllAccounts}
            testid="history-all-accounts"
          />
          {page && !page.serviceIncluded && (
            <p class="hint" data-testid="history-local-only">
              Only swaps started here are listed. Set a JWT under Settings to include the service's history.
            </p>
          )}
          {page?.intentsHidden && (
            <p class="hint" data-testid="history-intents-hidden">
              Sends and site intents are not listed while a swap-only filter (chain, token, USD value, referral or
              affiliate) is set.
            </p>
          )}
          {page?.serviceError && (
            <ErrorAlert
              message={`The service's history could not be loaded: ${page.serviceError}. Swaps started here are still listed.`}
              testid="history-service-error"
            />
          )}
          <ErrorAlert message={action.error} testid="history-error" />
          {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons is a group, not a section of a form; a fieldset would need a legend no one reads */}
          <div class="actions start" role="group" aria-label="Pages">
            <button
              type="button"
              disabled={action.busy || trail.length <= 1}
              onClick={newer}
              data-testid="history-prev"
            >
              ← Newer
            </button>
            <button
              type="button"
              disabled={action.busy || oldest || !page?.next}
              onClick={older}
              data-testid="history-next"
            >
              Older →
            </button>
            <button
              type="button"
              disabled={action.busy}
              onClick={() => void first(applied)}
              data-testid="history-reload"
            >
              Reload
            </button>
            <button type="button" disabled={items.length === 0} onClick={exportCsv} data-testid="history-export">
              Export CSV
            </button>
          </div>
          <StatusLine testid="history-count">
            {action.busy
              ? 'Loading…'
              : page
                ? `${counted.join(' and ') || 'Nothing'} on this page (up to ${pageSize}).`
                : ''}{' '}
            {note}
          </StatusLine>
          <div ref={listBox}>
            {page && items.length === 0 ? (
              <p data-testid="history-empty">Nothing matches.</p>
            ) : (
              <ActivityList items={items} tokens={tokenMap} onOpen={setDetail} view={shown} />
            )}
          </div>
        </Screen>
      </div>
      {detail?.type === 'swap' && (
        <HistoryDetail item={detail.swap} tokens={tokenMap} onBack={back} onTrack={setTracking} />
      )}
      {detail?.type === 'intent' && <IntentDetail intent={freshIntent(detail.intent)} onBack={back} />}
    </>
  );
}
