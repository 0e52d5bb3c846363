// The Activity tab, list first: swaps (started here, and the service's transactions when a JWT is set)
// merged with the intents this wallet published (sends, intents approved for sites), newest first, under
// the date of the rows in view; older pages load as the list is scrolled to its end. Search sits behind
// an icon, every filter of the transactions API, "All accounts", Reload and the CSV export in a sheet.
// Unfinished intents on the page are followed until the bus has a final word. An empty Activity offers
// Receive and Swap. (The file keeps its name: the popup's navigation loads HistoryTab from here.)
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
import { dayOf } from '../activityText';
import { namesNetwork } from '../chains';
import { ActivityFilters } from '../components/ActivityFilters';
import {
  ActivityEmpty,
  ActivityFailures,
  ActivityHead,
  ActivityScreen,
  countText,
  ListSized,
} from '../components/ActivityParts';
import { Dialog } from '../components/Dialog';
import { Checkbox, TextField } from '../components/Field';
import { HistoryDetail } from '../components/HistoryDetail';
import { IntentDetail } from '../components/IntentDetail';
import { StatusLine } from '../components/Notice';
import { activityCsv } from '../csv';
import { focusFirstInvalidSoon } from '../focus';
import { activityQuery, buildHistoryQuery, emptyFilters, type HistoryFilters } from '../historyQuery';
import { t } from '../i18n';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Deposit } from './Deposit';

/** How often unfinished intents on the page are asked about, and how many at once. */
export const ACTIVITY_STATUS_MS = 2000;
const FOLLOWED = 3;

export interface HistoryTabProps {
  /** The empty state's ways to a first entry. */
  onReceive?(): void;
  onSwap?(): void;
}

export function HistoryTab({ onReceive, onSwap }: HistoryTabProps) {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  /** Every account's intents; off: the selected account's (the background's default). */
  const [allAccounts, setAllAccounts] = useState(false);
  const [applied, setApplied] = useState<HistoryQuery>(() => buildHistoryQuery(emptyFilters()).query ?? {});
  const [page, setPage] = useState<ActivityPage | null>(null);
  /** Every page loaded so far, newest first, as one list; `generation` counts new lists (filters, reload). */
  const [loaded, setLoaded] = useState<ActivityItem[]>([]);
  const [generation, setGeneration] = useState(0);
  const [oldest, setOldest] = useState(false);
  const [searching, setSearching] = useState(false);
  const [sheet, setSheet] = useState(false);
  const [top, setTop] = useState(0);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [detail, setDetail] = useState<ActivityItem | null>(null);
  const [tracking, setTracking] = useState<string | null>(null);
  /** Statuses the bus gave since the page was loaded, by intent hash. */
  const [fresh, setFresh] = useState<ReadonlyMap<string, IntentStatusView>>(new Map());
  const action = useAction();
  const listBox = useRef<HTMLDivElement>(null);
  const tokenMap = useMemo(() => new Map(tokens.map((tok) => [tok.assetId, tok])), [tokens]);

  useEffect(() => {
    swaps.tokensOnce().then(setTokens, () => setTokens([]));
  }, []);

  const items = loaded;

  /** Loads the page after `cursor` and appends it; without one, a new list from the newest. */
  const load = (query: HistoryQuery, cursor: ActivityCursor | undefined) =>
    action.run(async () => {
      setNote('');
      const next = await wallet.activity({ ...activityQuery(query, cursor), ...(allAccounts ? { allAccounts } : {}) });
      setPage(next);
      setOldest(next.items.length < (query.numberOfTransactions ?? 50) || !next.next);
      if (cursor === undefined) {
        setLoaded(next.items);
        setFresh(new Map());
        setGeneration((g) => g + 1);
        return;
      }
      // Rows already listed (a page boundary that moved) are not listed twice.
      setLoaded((old) => {
        const seen = new Set(old.map((i) => i.key));
        return [...old, ...next.items.filter((i) => !seen.has(i.key))];
      });
      if (next.items.length === 0) setNote(t('activity_nothingOlder'));
    });

  const first = (query: HistoryQuery) => load(query, undefined);
  const older = () => {
    if (!action.busy && !oldest && page?.next) void load(applied, page.next);
  };

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
    setSheet(false);
    void first(built.query);
  };
  const search = (e: Event) => {
    e.preventDefault();
    if (!built.query) return setSheet(true);
    setApplied(built.query);
    void first(built.query);
  };
  const reset = () => {
    const fresh = emptyFilters();
    setFilters(fresh);
    setTried(false);
    const q = buildHistoryQuery(fresh).query ?? {};
    setApplied(q);
    setSheet(false);
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
    setNote(t('activity_exported', String(items.length)));
  };

  const back = () => {
    setDetail(null);
    setTimeout(() => listBox.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus(), 0);
  };

  if (tracking) return <Deposit id={tracking} initial={null} onBack={() => setTracking(null)} />;

  const swapCount = items.filter((i) => i.type === 'swap').length;
  const filtered = Object.keys(applied).some((k) => k !== 'numberOfTransactions');
  const firstShown = items[Math.min(top, items.length - 1)];
  return (
    <>
      <div hidden={detail !== null}>
        <ActivityScreen
          head={
            <ActivityHead
              searching={searching}
              onSearch={() => setSearching(!searching)}
              filtered={filtered}
              onFilters={() => setSheet(true)}
            />
          }
        >
          {searching && (
            <form onSubmit={search} noValidate class="activity-search" data-testid="history-search-form">
              <TextField
                label={t('activity_search')}
                value={filters.search}
                onValue={(v) => setFilters((old) => ({ ...old, search: v }))}
                verbatim
                testid="history-search"
                hint={t('activity_searchHint')}
              />
            </form>
          )}
          <ActivityFailures
            page={page}
            failed={action.trouble('activity')}
            busy={action.busy}
            onRetry={() => void first(applied)}
          />
          <p class="sr-only" data-testid="history-count" role="status">
            {action.busy ? t('common_loading') : page ? countText(swapCount, items.length - swapCount) : ''} {note}
          </p>
          {page?.intentsHidden && (
            <p class="hint" data-testid="history-intents-hidden">
              {t('activity_intentsHidden')}
            </p>
          )}
          {page && items.length === 0 ? (
            <ActivityEmpty filtered={filtered} onReset={reset} onReceive={onReceive} onSwap={onSwap} />
          ) : (
            <>
              <p class="day-head" data-testid="history-day">
                {firstShown ? dayOf(firstShown.at, Date.now()) : ''}
              </p>
              <ListSized
                listBox={listBox}
                items={items}
                tokens={tokenMap}
                onOpen={setDetail}
                view={shown}
                generation={generation}
                onWindow={(first, atEnd) => {
                  setTop(first);
                  if (atEnd) older();
                }}
              />
              {action.busy && items.length > 0 && (
                <StatusLine testid="history-loading">{t('activity_loadingOlder')}</StatusLine>
              )}
            </>
          )}
        </ActivityScreen>
      </div>
      {sheet && (
        <Dialog title={t('activity_filters')} onClose={() => setSheet(false)} testid="history-sheet">
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
            label={t('activity_allAccounts')}
            checked={allAccounts}
            onChecked={setAllAccounts}
            testid="history-all-accounts"
          />
          {page && !page.serviceIncluded && (
            <p class="hint" data-testid="history-local-only">
              {t('activity_localOnly')}
            </p>
          )}
          <div class="actions start">
            <button
              type="button"
              disabled={action.busy}
              onClick={() => {
                setSheet(false);
                void first(applied);
              }}
              data-testid="history-reload"
            >
              {t('activity_reload')}
            </button>
            <button type="button" disabled={items.length === 0} onClick={exportCsv} data-testid="history-export">
              {t('activity_exportCsv')}
            </button>
            <button type="button" onClick={() => setSheet(false)} data-testid="history-sheet-close">
              {t('common_close')}
            </button>
          </div>
          <StatusLine testid="history-note">{note}</StatusLine>
        </Dialog>
      )}
      {detail?.type === 'swap' && (
        <HistoryDetail item={detail.swap} tokens={tokenMap} onBack={back} onTrack={setTracking} />
      )}
      {detail?.type === 'intent' && <IntentDetail intent={freshIntent(detail.intent)} onBack={back} />}
    </>
  );
}
