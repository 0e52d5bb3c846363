// Activity's filters, in their sheet: every parameter of the transactions API (the search field is the
// list's own, behind its icon). Status, search and the time window apply to the wallet's own intents too;
// the others are about swaps only (docs/services.md, "Activity"), and the form says that setting one lists
// swaps alone.

import type { SwapStatus, TokenView } from '../../api/swapApi';
import { CHAIN_IDS, chainName } from '../addresses';
import { FILTER_STATUSES, type FilterField, type HistoryFilters, PAGE_SIZES } from '../historyQuery';
import { t } from '../i18n';
import { STATUS_TEXT } from '../swapText';
import { Checkbox, SelectField, type SelectOption, TextField } from './Field';

export interface FiltersProps {
  filters: HistoryFilters;
  setFilters(update: (old: HistoryFilters) => HistoryFilters): void;
  tokens: TokenView[];
  problems: Partial<Record<FilterField, string>>;
  onApply(e: Event): void;
  onReset(): void;
  busy: boolean;
}

export function ActivityFilters({ filters, setFilters, tokens, problems, onApply, onReset, busy }: FiltersProps) {
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) =>
    setFilters((old) => ({ ...old, [key]: value }));
  const toggleStatus = (s: SwapStatus, on: boolean) =>
    setFilters((old) => ({ ...old, statuses: on ? [...old.statuses, s] : old.statuses.filter((x) => x !== s) }));
  const chains: SelectOption<string>[] = [
    { value: '', label: t('actFilter_anyChain') },
    ...CHAIN_IDS.map((c) => ({ value: c, label: chainName(c) })),
  ];
  const tokenOptions = (chain: string): SelectOption<string>[] => [
    { value: '', label: t('actFilter_anyToken') },
    ...tokens
      .filter((tok) => !chain || tok.blockchain === chain)
      .sort((a, b) => a.blockchain.localeCompare(b.blockchain) || a.symbol.localeCompare(b.symbol))
      .map((tok) => ({
        value: tok.assetId,
        label: t('actFilter_tokenOnChain', tok.symbol, chainName(tok.blockchain)),
      })),
  ];
  return (
    <form onSubmit={onApply} noValidate data-testid="history-filters">
      <div class="filters">
        <fieldset class="choices statuses">
          <legend>{t('actFilter_statuses')}</legend>
          <p class="hint">{t('actFilter_statusesHint')}</p>
          {FILTER_STATUSES.map((s) => (
            <Checkbox
              key={s}
              label={STATUS_TEXT[s].label}
              checked={filters.statuses.includes(s)}
              onChecked={(on) => toggleStatus(s, on)}
              testid={`history-status-${s}`}
            />
          ))}
        </fieldset>
        <TextField
          label={t('actFilter_after')}
          type="datetime-local"
          value={filters.start}
          onValue={(v) => set('start', v)}
          testid="history-start"
          error={problems.start}
        />
        <TextField
          label={t('actFilter_before')}
          type="datetime-local"
          value={filters.end}
          onValue={(v) => set('end', v)}
          testid="history-end"
          error={problems.end}
        />
        <p class="hint">{t('actFilter_swapsOnly')}</p>
        <SelectField
          label={t('actFilter_fromChain')}
          options={chains}
          value={filters.fromChainId}
          onValue={(v) => set('fromChainId', v)}
          testid="history-from-chain"
        />
        <SelectField
          label={t('actFilter_fromToken')}
          options={tokenOptions(filters.fromChainId)}
          value={filters.fromTokenId}
          onValue={(v) => set('fromTokenId', v)}
          testid="history-from-token"
          hint={t('actFilter_tokenOverrides')}
        />
        <SelectField
          label={t('actFilter_toChain')}
          options={chains}
          value={filters.toChainId}
          onValue={(v) => set('toChainId', v)}
          testid="history-to-chain"
        />
        <SelectField
          label={t('actFilter_toToken')}
          options={tokenOptions(filters.toChainId)}
          value={filters.toTokenId}
          onValue={(v) => set('toTokenId', v)}
          testid="history-to-token"
        />
        <TextField
          label={t('actFilter_minUsd')}
          value={filters.minUsd}
          onValue={(v) => set('minUsd', v)}
          inputMode="decimal"
          testid="history-min-usd"
          error={problems.minUsd}
        />
        <TextField
          label={t('actFilter_maxUsd')}
          value={filters.maxUsd}
          onValue={(v) => set('maxUsd', v)}
          inputMode="decimal"
          testid="history-max-usd"
          error={problems.maxUsd}
        />
        <TextField
          label={t('actFilter_referral')}
          value={filters.referral}
          onValue={(v) => set('referral', v.toLowerCase())}
          verbatim
          testid="history-referral"
          error={problems.referral}
        />
        <TextField
          label={t('actFilter_affiliate')}
          value={filters.affiliate}
          onValue={(v) => set('affiliate', v)}
          verbatim
          testid="history-affiliate"
        />
        <Checkbox
          label={t('actFilter_testTxs')}
          checked={filters.showTestTxs}
          onChecked={(on) => set('showTestTxs', on)}
          testid="history-test-txs"
        />
        <SelectField
          label={t('actFilter_pageSize')}
          options={PAGE_SIZES.map((n) => ({ value: n, label: n }))}
          value={filters.pageSize}
          onValue={(v) => set('pageSize', v)}
          testid="history-page-size"
        />
      </div>
      <div class="actions">
        <button type="button" onClick={onReset} disabled={busy} data-testid="history-reset">
          {t('actFilter_reset')}
        </button>
        <button type="submit" class="primary" disabled={busy} data-testid="history-apply">
          {t('actFilter_apply')}
        </button>
      </div>
    </form>
  );
}
