// The history rows: a virtualised list (VirtualList) of swaps, one line of amounts and one of status,
// date and source per row.
import { ANY_INPUT_ASSET, type HistoryItem, type TokenView } from '../../provider/swapApi';
import { STATUS_TEXT } from '../swapText';
import { VirtualList } from './VirtualList';
import { Amount } from './Amount';

export const HISTORY_ROW_HEIGHT = 52;

/** "USDC" for a known asset id, else the token part of the id ("nep141:wrap.near" → "wrap.near"). */
export function symbolOf(assetId: string, tokens: ReadonlyMap<string, TokenView>): string {
  const t = tokens.get(assetId);
  if (t) return t.symbol;
  if (assetId === ANY_INPUT_ASSET) return 'any token';
  const bare = assetId.replace(/^nep\d+:/, '');
  return bare.length > 18 ? `${bare.slice(0, 8)}…${bare.slice(-6)}` : bare;
}

const dateFormat = new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'short' });
export function historyDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dateFormat.format(ms);
}

interface HistoryListProps {
  items: readonly HistoryItem[];
  tokens: ReadonlyMap<string, TokenView>;
  onOpen(item: HistoryItem): void;
  height?: number;
}

export function HistoryList({ items, tokens, onOpen, height = 312 }: HistoryListProps) {
  return (
    <VirtualList
      items={items}
      rowHeight={HISTORY_ROW_HEIGHT}
      height={height}
      label={`Swap history, ${items.length} swaps; arrow keys move, Enter opens`}
      itemKey={(item) => item.key}
      onOpen={(item) => onOpen(item)}
      testid="history-list"
      rowTestid="history-row"
      renderRow={(item) => (
        <>
          <span class="hrow-amounts">
            <Amount value={item.amountInFormatted} /> {symbolOf(item.originAsset, tokens)} → <Amount value={item.amountOutFormatted} /> {symbolOf(item.destinationAsset, tokens)}
          </span>
          <span class="hrow-meta">
            <span class={`badge status-${item.status}`}>{STATUS_TEXT[item.status]?.label ?? item.status}</span> {historyDate(item.createdAt)}
            {item.source !== 'service' && <span class="hint"> · started here</span>}
          </span>
        </>
      )}
    />
  );
}
