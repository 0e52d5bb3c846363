// A virtualised list: fixed row height, only the rows in view (plus a few above and below) are in
// the DOM, so thousands of rows cost what a screenful costs. One tab stop: a listbox whose active
// row follows the arrow keys (aria-activedescendant); Enter opens it.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
}

export interface ListWindow {
  /** First rendered index. */
  start: number;
  /** One past the last rendered index. */
  end: number;
  /** Where the first rendered row sits (px from the top of the content). */
  offsetTop: number;
  totalHeight: number;
}

/** Which rows to render for a scroll position. Pure. */
export function computeWindow({ scrollTop, viewportHeight, rowHeight, count, overscan }: WindowInput): ListWindow {
  const totalHeight = Math.max(0, count) * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const maxTop = Math.max(0, totalHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxTop);
  const first = Math.floor(top / rowHeight);
  const lastVisible = Math.min(count - 1, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) - 1);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, Math.max(lastVisible, first) + 1 + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` fully into view, moving as little as possible. Pure. */
export function revealRow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return scrollTop;
}

/** The active row after a key press, or null when the key does not move it. Pure. */
export function moveActive(key: string, active: number, count: number, pageRows: number): number | null {
  if (count === 0) return null;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(active + 1);
    case 'ArrowUp':
      return clamp(active < 0 ? 0 : active - 1);
    case 'PageDown':
      return clamp(active + Math.max(1, pageRows));
    case 'PageUp':
      return clamp(active - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** Viewport height in px. */
  height: number;
  overscan?: number;
  /** The list's accessible name. */
  label: string;
  itemKey(item: T, index: number): string;
  renderRow(item: T, index: number, active: boolean): ComponentChildren;
  onOpen(item: T, index: number): void;
  testid?: string;
  /** Row testid (each row also carries data-index). */
  rowTestid?: string;
  /** The list is new when this changes (then it starts at the top); default: whenever `items` changes. */
  resetKey?: unknown;
  /** The rendered window moved: the index of the first visible row, and whether the last row is in view. */
  onWindow?(firstVisible: number, atEnd: boolean): void;
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, height, overscan = 6 } = props;
  const ref = useRef<HTMLDivElement>(null);
  const idBase = useId();
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(-1);
  const count = items.length;

  // A new list (a new page, new filters) starts at the top.
  useEffect(() => {
    setActive(-1);
    setScrollTop(0);
    if (ref.current) ref.current.scrollTop = 0;
  }, [props.resetKey === undefined ? items : props.resetKey]);

  const win = computeWindow({ scrollTop, viewportHeight: height, rowHeight, count, overscan });
  const firstVisible = Math.min(Math.max(0, count - 1), Math.floor(scrollTop / rowHeight));
  const atEnd = count > 0 && scrollTop + height >= count * rowHeight - rowHeight;
  const onWindow = props.onWindow;
  useEffect(() => onWindow?.(firstVisible, atEnd), [firstVisible, atEnd, count]);

  const activate = (index: number) => {
    setActive(index);
    const box = ref.current;
    if (!box) return;
    const next = revealRow(index, box.scrollTop, height, rowHeight);
    if (next !== box.scrollTop) {
      box.scrollTop = next;
      setScrollTop(next);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key === 'Enter' || e.key === ' ') && active >= 0 && active < count) {
      e.preventDefault();
      props.onOpen(items[active]!, active);
      return;
    }
    const next = moveActive(e.key, active, count, Math.floor(height / rowHeight) - 1);
    if (next === null) return;
    e.preventDefault();
    activate(next);
  };

  const rowId = (i: number) => `${idBase}-row-${i}`;
  const rows: ComponentChildren[] = [];
  for (let i = win.start; i < win.end; i++) {
    const item = items[i]!;
    rows.push(
      // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns the focus and the keys (aria-activedescendant, WAI-ARIA APG listbox)
      // biome-ignore lint/a11y/useFocusableInteractive: the same: an option is never focused itself
      <div
        key={props.itemKey(item, i)}
        id={rowId(i)}
        role="option"
        aria-selected={i === active}
        aria-setsize={count}
        aria-posinset={i + 1}
        class={i === active ? 'vrow active' : 'vrow'}
        style={{ top: `${i * rowHeight}px`, height: `${rowHeight}px` }}
        data-testid={props.rowTestid}
        data-index={i}
        onClick={() => {
          activate(i);
          props.onOpen(item, i);
        }}
      >
        {props.renderRow(item, i, i === active)}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      class="vlist"
      role="listbox"
      tabIndex={0}
      aria-label={props.label}
      aria-activedescendant={active >= win.start && active < win.end ? rowId(active) : undefined}
      style={{ height: `${height}px` }}
      onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
      onKeyDown={onKeyDown}
      onFocus={() => active < 0 && count > 0 && setActive(0)}
      data-testid={props.testid}
    >
      <div class="vlist-content" style={{ height: `${win.totalHeight}px` }}>
        {rows}
      </div>
    </div>
  );
}
