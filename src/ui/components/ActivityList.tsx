// The Activity rows: a virtualised list (VirtualList) of swaps and the wallet's own intents, one line of
// kind and what it did, one of status (one vocabulary, each word with its icon), time and where it comes
// from, beside the icon of what moved. The date of the rows in view heads the list (History).
import type { ActivityItem } from '../../api/activity';
import type { TokenView } from '../../api/swapApi';
import { historyDate, kindOf, lineOf, statusOf } from '../activityText';
import { relativeTime } from '../format';
import { t } from '../i18n';
import { TokenIcon } from './TokenIcon';
import { VirtualList } from './VirtualList';

export const HISTORY_ROW_HEIGHT = 52;

interface ActivityListProps {
  items: readonly ActivityItem[];
  tokens: ReadonlyMap<string, TokenView>;
  onOpen(item: ActivityItem): void;
  height?: number;
  /** The clock the relative times count from (Unix ms). */
  now?: number;
  /** A row as shown (e.g. with a status newer than the page's); the list itself is not replaced. */
  view?: (item: ActivityItem) => ActivityItem;
  /** The list is new (filters changed) when this changes; rows appended to it keep the scroll. */
  resetKey?: unknown;
  onWindow?(firstVisible: number, atEnd: boolean): void;
}

export function ActivityList({
  items,
  tokens,
  onOpen,
  height = 312,
  now = Date.now(),
  view = (i) => i,
  resetKey,
  onWindow,
}: ActivityListProps) {
  return (
    <VirtualList
      items={items}
      rowHeight={HISTORY_ROW_HEIGHT}
      height={height}
      label={t('activity_listLabel', String(items.length))}
      itemKey={(item) => item.key}
      onOpen={(item) => onOpen(view(item))}
      testid="history-list"
      rowTestid="history-row"
      resetKey={resetKey}
      {...(onWindow ? { onWindow } : {})}
      renderRow={(row) => {
        const item = view(row);
        const status = statusOf(item);
        return (
          <>
            <RowIcon item={item} tokens={tokens} />
            <span
              class="hrow-amounts"
              data-kind={item.type === 'swap' ? (item.swap.flow ?? 'swap') : item.intent.kind}
              data-key={item.key}
            >
              <span class="arow-kind">{kindOf(item)}</span> {lineOf(item, tokens)}
            </span>
            <span class="hrow-meta">
              <span aria-hidden="true" class={`status-icon status-${status.colour}`}>
                {status.icon}
              </span>
              <span class={`badge status-${status.colour}`} data-status={status.code}>
                {status.label}
              </span>{' '}
              <time title={historyDate(item.at)}>{relativeTime(item.at, now)}</time>
              {item.type === 'swap' && item.swap.source !== 'service' && (
                <span class="hint"> · {t('activity_startedHere')}</span>
              )}
              {item.type === 'intent' && <span class="hint"> · {t('activity_publishedHere')}</span>}
            </span>
          </>
        );
      }}
    />
  );
}

/**
 * What moved, as icons: a swap's token paid with the token received in its corner (a withdrawal or a
 * receive moves one token: its own icon alone); an intent, whose record keeps plain words and no asset
 * ids (../../api/activity.ts), the mark of what it was.
 */
function RowIcon({ item, tokens }: { item: ActivityItem; tokens: ReadonlyMap<string, TokenView> }) {
  if (item.type === 'intent')
    return (
      <span class="hrow-icon" aria-hidden="true" data-testid="history-row-icon">
        <span class="ticon hrow-mark">{item.intent.kind === 'send' ? '↗' : '⇄'}</span>
      </span>
    );
  const { originAsset, destinationAsset, flow } = item.swap;
  const symbol = (id: string) => tokens.get(id)?.symbol ?? id.replace(/^nep\d+:/, '');
  const main = flow === 'receive' ? destinationAsset : originAsset;
  return (
    <span class="hrow-icon" aria-hidden="true" data-testid="history-row-icon" data-asset-id={main}>
      <TokenIcon assetId={main} symbol={symbol(main)} />
      {flow !== 'receive' && flow !== 'withdraw' && (
        <TokenIcon assetId={destinationAsset} symbol={symbol(destinationAsset)} size="sm" />
      )}
    </span>
  );
}
