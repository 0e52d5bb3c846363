// The virtual list's window (src/ui/components/VirtualList.tsx): which rows are rendered for a
// scroll position, how far to scroll to reveal a row, and keyboard movement.
import { describe, expect, it } from 'vitest';
import { computeWindow, moveActive, revealRow } from '../../../src/ui/components/VirtualList';

const base = { rowHeight: 50, viewportHeight: 300, overscan: 3 };

describe('computeWindow', () => {
  it('renders the visible rows plus overscan below at the top', () => {
    expect(computeWindow({ ...base, scrollTop: 0, count: 10_000 })).toEqual({
      start: 0,
      end: 9,
      offsetTop: 0,
      totalHeight: 500_000,
    });
  });

  it('renders overscan on both sides in the middle', () => {
    // Rows 20–25 are visible at scrollTop 1000.
    expect(computeWindow({ ...base, scrollTop: 1000, count: 10_000 })).toEqual({
      start: 17,
      end: 29,
      offsetTop: 850,
      totalHeight: 500_000,
    });
  });

  it('counts a partly visible row', () => {
    // scrollTop 1010: rows 20 (partly) to 26 (partly) are visible.
    const w = computeWindow({ ...base, scrollTop: 1010, count: 10_000, overscan: 0 });
    expect([w.start, w.end]).toEqual([20, 27]);
  });

  it('clamps at the end and past it (elastic scrolling, a shrunk list)', () => {
    const end = computeWindow({ ...base, scrollTop: 499_700, count: 10_000 });
    expect([end.start, end.end]).toEqual([9991, 10_000]);
    const past = computeWindow({ ...base, scrollTop: 9_999_999, count: 10_000 });
    expect([past.start, past.end]).toEqual([9991, 10_000]);
    expect(computeWindow({ ...base, scrollTop: -40, count: 10_000 }).start).toBe(0);
  });

  it('handles short and empty lists', () => {
    expect(computeWindow({ ...base, scrollTop: 0, count: 2 })).toEqual({
      start: 0,
      end: 2,
      offsetTop: 0,
      totalHeight: 100,
    });
    expect(computeWindow({ ...base, scrollTop: 300, count: 2 })).toEqual({
      start: 0,
      end: 2,
      offsetTop: 0,
      totalHeight: 100,
    });
    expect(computeWindow({ ...base, scrollTop: 0, count: 0 })).toEqual({
      start: 0,
      end: 0,
      offsetTop: 0,
      totalHeight: 0,
    });
  });

  it('keeps the rendered count bounded by the viewport, whatever the list length', () => {
    for (const count of [1000, 100_000, 1_000_000]) {
      for (const scrollTop of [0, 12_345, count * 25]) {
        const w = computeWindow({ ...base, scrollTop, count });
        expect(w.end - w.start).toBeLessThanOrEqual(
          Math.ceil(base.viewportHeight / base.rowHeight) + 1 + 2 * base.overscan,
        );
        expect(w.start).toBeGreaterThanOrEqual(0);
        expect(w.end).toBeLessThanOrEqual(count);
      }
    }
  });
});

describe('revealRow', () => {
  it('scrolls up to a row above, down to a row below, not at all for a visible one', () => {
    expect(revealRow(2, 500, 300, 50)).toBe(100);
    expect(revealRow(20, 500, 300, 50)).toBe(750); // bottom edge of row 20 at 1050 = 750 + 300
    expect(revealRow(12, 500, 300, 50)).toBe(500);
    expect(revealRow(0, 0, 300, 50)).toBe(0);
  });
});

describe('moveActive', () => {
  it('moves by row, page and to the ends, clamped', () => {
    expect(moveActive('ArrowDown', -1, 10, 5)).toBe(0);
    expect(moveActive('ArrowDown', 9, 10, 5)).toBe(9);
    expect(moveActive('ArrowUp', 0, 10, 5)).toBe(0);
    expect(moveActive('ArrowUp', -1, 10, 5)).toBe(0);
    expect(moveActive('PageDown', 3, 10, 5)).toBe(8);
    expect(moveActive('PageUp', 3, 10, 5)).toBe(0);
    expect(moveActive('Home', 7, 10, 5)).toBe(0);
    expect(moveActive('End', 0, 10, 5)).toBe(9);
    expect(moveActive('a', 0, 10, 5)).toBeNull();
    expect(moveActive('ArrowDown', -1, 0, 5)).toBeNull();
  });
});
