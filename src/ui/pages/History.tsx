// The History tab: swaps started here merged with the service's transactions (when a JWT is set),
// filters for every parameter of the transactions API, paging both ways, a virtualised list, a
// detail view of every field with explorer links, and CSV export of the loaded rows.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { HistoryItem, HistoryPage, HistoryQuery, SwapStatus, TokenView } from '../../provider/swapApi';
import { CHAIN_IDS, chainName } from '../addresses';
import { Checkbox, SelectField, TextField, type SelectOption } from '../components/Field';
import { HistoryList } from '../components/HistoryList';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { historyCsv } from '../csv';
import { focusFirstInvalidSoon } from '../focus';
import { FILTER_STATUSES, PAGE_SIZES, buildHistoryQuery, emptyFilters, pageQuery, type FilterField, type HistoryFilters } from '../historyQuery';
import { STATUS_TEXT } from '../swapText';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { Deposit } from './Deposit';
import { HistoryDetail } from '../components/HistoryDetail';

export function HistoryTab() {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [filters, setFilters] = useState<HistoryFilters>(emptyFilters);
  const [applied, setApplied] = useState<HistoryQuery>(() => buildHistoryQuery(emptyFilters()).query ?? {});
  const [page, setPage] = useState<HistoryPage | null>(null);
  const [edges, setEdges] = useState({ newest: true, oldest: false });
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [detail, setDetail] = useState<HistoryItem | null>(null);
  const [tracking, setTracking] = useState<string | null>(null);
  const action = useAction();
  const listBox = useRef<HTMLDivElement>(null);
  const tokenMap = useMemo(() => new Map(tokens.map((t) => [t.assetId, t])), [tokens]);

  useEffect(() => {
    swaps.tokensOnce().then(setTokens, () => setTokens([]));
  }, []);

  const pageSize = applied.numberOfTransactions ?? 50;
  const items = page?.items ?? [];

  /** Loads the first page of `query`, or the page beside the loaded one. */
  const load = (query: HistoryQuery, direction?: 'next' | 'prev') =>
    action.run(async () => {
      setNote('');
      const q = direction ? pageQuery(query, items, direction) : query;
      if (!q) return;
      const next = await swaps.history(q);
      if (direction && next.items.length === 0) {
        setEdges((e) => (direction === 'next' ? { ...e, oldest: true } : { ...e, newest: true }));
        setPage((old) => (old ? { ...old, serviceIncluded: next.serviceIncluded, serviceError: next.serviceError } : next));
        setNote(direction === 'next' ? 'No older swaps.' : 'No newer swaps.');
        return;
      }
      setPage(next);
      const short = next.items.length < (q.numberOfTransactions ?? 50);
      setEdges(!direction ? { newest: true, oldest: short } : direction === 'next' ? { newest: false, oldest: short } : { newest: short, oldest: false });
    });

  useEffect(() => {
    void load(applied);
  }, []);

  const built = buildHistoryQuery(filters);
  const apply = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (!built.query) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    setApplied(built.query);
    void load(built.query);
  };
  const reset = () => {
    const fresh = emptyFilters();
    setFilters(fresh);
    setTried(false);
    const q = buildHistoryQuery(fresh).query ?? {};
    setApplied(q);
    void load(q);
  };

  const exportCsv = () => {
    const blob = new Blob([historyCsv(items)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `swap-history-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.csv`;
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

  return (
    <>
      <div hidden={detail !== null}>
        <Screen title="History" testid="history">
          <Filters filters={filters} setFilters={setFilters} tokens={tokens} problems={tried ? built.problems : {}} onApply={apply} onReset={reset} busy={action.busy} />
          {page && !page.serviceIncluded && (
            <p class="hint" data-testid="history-local-only">
              Only swaps started here are listed. Set a JWT under Settings to include the service's history.
            </p>
          )}
          {page?.serviceError && <ErrorAlert message={`The service's history could not be loaded: ${page.serviceError}. Swaps started here are still listed.`} testid="history-service-error" />}
          <ErrorAlert message={action.error} testid="history-error" />
          <div class="actions start" role="group" aria-label="Pages">
            <button type="button" disabled={action.busy || edges.newest || items.length === 0} onClick={() => void load(applied, 'prev')} data-testid="history-prev">
              ← Newer
            </button>
            <button type="button" disabled={action.busy || edges.oldest || items.length === 0} onClick={() => void load(applied, 'next')} data-testid="history-next">
              Older →
            </button>
            <button type="button" disabled={action.busy} onClick={() => void load(applied)} data-testid="history-reload">
              Reload
            </button>
            <button type="button" disabled={items.length === 0} onClick={exportCsv} data-testid="history-export">
              Export CSV
            </button>
          </div>
          <StatusLine testid="history-count">
            {action.busy ? 'Loading…' : page ? `${items.length} swap${items.length === 1 ? '' : 's'} on this page (up to ${pageSize}).` : ''} {note}
          </StatusLine>
          <div ref={listBox}>
            {page && items.length === 0 ? (
              <p data-testid="history-empty">No swaps match.</p>
            ) : (
              <HistoryList items={items} tokens={tokenMap} onOpen={setDetail} />
            )}
          </div>
        </Screen>
      </div>
      {detail && <HistoryDetail item={detail} tokens={tokenMap} onBack={back} onTrack={setTracking} />}
    </>
  );
}

interface FiltersProps {
  filters: HistoryFilters;
  setFilters(update: (old: HistoryFilters) => HistoryFilters): void;
  tokens: TokenView[];
  problems: Partial<Record<FilterField, string>>;
  onApply(e: Event): void;
  onReset(): void;
  busy: boolean;
}

function Filters({ filters, setFilters, tokens, problems, onApply, onReset, busy }: FiltersProps) {
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => setFilters((old) => ({ ...old, [key]: value }));
  const toggleStatus = (s: SwapStatus, on: boolean) => setFilters((old) => ({ ...old, statuses: on ? [...old.statuses, s] : old.statuses.filter((x) => x !== s) }));
  const chains: SelectOption<string>[] = [{ value: '', label: 'Any chain' }, ...CHAIN_IDS.map((c) => ({ value: c, label: chainName(c) }))];
  const tokenOptions = (chain: string): SelectOption<string>[] => [
    { value: '', label: 'Any token' },
    ...tokens
      .filter((t) => !chain || t.blockchain === chain)
      .sort((a, b) => a.blockchain.localeCompare(b.blockchain) || a.symbol.localeCompare(b.symbol))
      .map((t) => ({ value: t.assetId, label: `${t.symbol} (${chainName(t.blockchain)})` })),
  ];
  const active = buildHistoryQuery(filters).query;
  const count = active ? Object.keys(active).filter((k) => k !== 'numberOfTransactions' && k !== 'search').length : 0;
  return (
    <form onSubmit={onApply} noValidate data-testid="history-filters">
      <TextField
        label="Search"
        value={filters.search}
        onValue={(v) => set('search', v)}
        verbatim
        testid="history-search"
        hint="Deposit address, recipient, sender or transaction hash."
      />
      <details class="group">
        <summary data-testid="history-filters-toggle">More filters{count ? ` (${count} set)` : ''}</summary>
        <fieldset class="choices statuses">
          <legend>Statuses</legend>
          <p class="hint">None ticked: the service's default.</p>
          {FILTER_STATUSES.map((s) => (
            <Checkbox key={s} label={STATUS_TEXT[s].label} checked={filters.statuses.includes(s)} onChecked={(on) => toggleStatus(s, on)} testid={`history-status-${s}`} />
          ))}
        </fieldset>
        <SelectField label="From chain" options={chains} value={filters.fromChainId} onValue={(v) => set('fromChainId', v)} testid="history-from-chain" />
        <SelectField
          label="From token"
          options={tokenOptions(filters.fromChainId)}
          value={filters.fromTokenId}
          onValue={(v) => set('fromTokenId', v)}
          testid="history-from-token"
          hint="A token overrides the chain."
        />
        <SelectField label="To chain" options={chains} value={filters.toChainId} onValue={(v) => set('toChainId', v)} testid="history-to-chain" />
        <SelectField label="To token" options={tokenOptions(filters.toChainId)} value={filters.toTokenId} onValue={(v) => set('toTokenId', v)} testid="history-to-token" />
        <TextField label="After (local time)" type="datetime-local" value={filters.start} onValue={(v) => set('start', v)} testid="history-start" error={problems.start} />
        <TextField label="Before (local time)" type="datetime-local" value={filters.end} onValue={(v) => set('end', v)} testid="history-end" error={problems.end} />
        <TextField label="Minimum value (USD)" value={filters.minUsd} onValue={(v) => set('minUsd', v)} inputMode="decimal" testid="history-min-usd" error={problems.minUsd} />
        <TextField label="Maximum value (USD)" value={filters.maxUsd} onValue={(v) => set('maxUsd', v)} inputMode="decimal" testid="history-max-usd" error={problems.maxUsd} />
        <TextField label="Referral" value={filters.referral} onValue={(v) => set('referral', v.toLowerCase())} verbatim testid="history-referral" error={problems.referral} />
        <TextField label="Affiliate" value={filters.affiliate} onValue={(v) => set('affiliate', v)} verbatim testid="history-affiliate" />
        <Checkbox label="Show test transactions" checked={filters.showTestTxs} onChecked={(on) => set('showTestTxs', on)} testid="history-test-txs" />
        <SelectField
          label="Swaps per page"
          options={PAGE_SIZES.map((n) => ({ value: n, label: n }))}
          value={filters.pageSize}
          onValue={(v) => set('pageSize', v)}
          testid="history-page-size"
        />
      </details>
      <div class="actions">
        <button type="button" onClick={onReset} disabled={busy} data-testid="history-reset">
          Reset
        </button>
        <button type="submit" class="primary" disabled={busy} data-testid="history-apply">
          Apply
        </button>
      </div>
    </form>
  );
}
