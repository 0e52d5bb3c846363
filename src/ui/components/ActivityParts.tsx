// Parts of the Activity tab (../pages/History.tsx): its screen with the title row, the list as tall as
// the popup leaves it, what failed while loading it, the empty state that leads to Receive and Swap, and the list's size in words.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { ActivityItem, ActivityPage } from '../../api/activity';
import type { TokenView } from '../../api/swapApi';
import { reportedTrouble, type Trouble } from '../call';
import { t } from '../i18n';
import { ActivityList, HISTORY_ROW_HEIGHT } from './ActivityList';
import { FailureAlert } from './Notice';
import { Screen } from './Screen';

/**
 * What failed while loading Activity, in plain words with Retry (the same list again): the swap service's
 * history (the rest is still listed), or the whole load.
 */
export function ActivityFailures(props: {
  page: ActivityPage | null;
  failed: Trouble | null;
  busy: boolean;
  onRetry(): void;
}) {
  const { page, failed, busy, onRetry } = props;
  return (
    <>
      {page?.serviceError && (
        <FailureAlert
          trouble={reportedTrouble('history', page.serviceError, page.serviceFailure)}
          onRetry={onRetry}
          retrying={busy}
          testid="history-service-error"
        />
      )}
      <FailureAlert trouble={failed} onRetry={onRetry} retrying={busy} testid="history-error" />
    </>
  );
}

const swapsText = (n: number) => t(n === 1 ? 'activity_swaps_one' : 'activity_swaps_many', String(n));
const intentsText = (n: number) => t(n === 1 ? 'activity_intents_one' : 'activity_intents_many', String(n));

/** The list's size for a screen reader: "3 swaps and 1 intent listed." */
export function countText(swapCount: number, intentCount: number): string {
  if (swapCount && intentCount) return t('activity_listedBoth', swapsText(swapCount), intentsText(intentCount));
  if (swapCount) return t('activity_listed', swapsText(swapCount));
  if (intentCount) return t('activity_listed', intentsText(intentCount));
  return t('activity_listedNothing');
}

/** The list's height: down to the bottom navigation, at least four rows. */
function useListHeight(box: { current: HTMLElement | null }): number {
  const [height, setHeight] = useState(6 * HISTORY_ROW_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const el = box.current;
      if (!el) return;
      const nav = document.querySelector('.bottom-nav')?.getBoundingClientRect().height ?? 0;
      const free = window.innerHeight - el.getBoundingClientRect().top - nav - 14;
      setHeight(Math.max(4 * HISTORY_ROW_HEIGHT, Math.floor(free)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return height;
}

export function ActivityEmpty({
  filtered,
  onReset,
  onReceive,
  onSwap,
}: {
  filtered: boolean;
  onReset(): void;
  onReceive?: (() => void) | undefined;
  onSwap?: (() => void) | undefined;
}) {
  return filtered ? (
    <div class="empty" data-testid="history-empty">
      <p>{t('activity_nothingMatches')}</p>
      <button type="button" onClick={onReset} data-testid="history-empty-reset">
        {t('activity_clearFilters')}
      </button>
    </div>
  ) : (
    <div class="empty" data-testid="history-empty">
      <p>
        <strong>{t('activity_emptyTitle')}</strong> {t('activity_emptyText')}
      </p>
      <div class="actions start">
        {onReceive && (
          <button type="button" class="primary" onClick={onReceive} data-testid="history-empty-receive">
            {t('action_receive')}
          </button>
        )}
        {onSwap && (
          <button type="button" onClick={onSwap} data-testid="history-empty-swap">
            {t('action_swap')}
          </button>
        )}
      </div>
    </div>
  );
}

export function ActivityScreen({ head, children }: { head: ComponentChildren; children: ComponentChildren }) {
  return (
    <Screen title={t('nav_activity')} testid="history" titleHidden focusHeading>
      {head}
      {children}
    </Screen>
  );
}

/** The list, as tall as the popup leaves it. */
export function ListSized(props: {
  listBox: { current: HTMLDivElement | null };
  items: ActivityItem[];
  tokens: ReadonlyMap<string, TokenView>;
  onOpen(item: ActivityItem): void;
  view(item: ActivityItem): ActivityItem;
  generation: number;
  onWindow(first: number, atEnd: boolean): void;
}) {
  const height = useListHeight(props.listBox);
  return (
    <div ref={props.listBox}>
      <ActivityList
        items={props.items}
        tokens={props.tokens}
        onOpen={props.onOpen}
        view={props.view}
        height={height}
        resetKey={props.generation}
        onWindow={props.onWindow}
      />
    </div>
  );
}

/** The title row: the section's name and its icon buttons, Search and Filters (a dot when one is set). */
export function ActivityHead({
  searching,
  onSearch,
  filtered,
  onFilters,
}: {
  searching: boolean;
  onSearch(): void;
  filtered: boolean;
  onFilters(): void;
}) {
  return (
    <div class="activity-head">
      <span aria-hidden="true" class="activity-title">
        {t('nav_activity')}
      </span>
      <button
        type="button"
        class="icon"
        aria-label={t('activity_search')}
        aria-expanded={searching}
        onClick={onSearch}
        data-testid="history-search-toggle"
      >
        <span aria-hidden="true">⌕</span>
      </button>
      <button
        type="button"
        class="icon"
        aria-label={t(filtered ? 'activity_filtersSet' : 'activity_filters')}
        onClick={onFilters}
        data-testid="history-filters-toggle"
      >
        <span aria-hidden="true">☰</span>
        {filtered && <span class="dot" aria-hidden="true" />}
      </button>
    </div>
  );
}
