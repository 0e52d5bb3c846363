// Shared pieces of `npm run bench` (test/bench/run.ts).
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What a row's budget gates (docs/architecture.md, "Budgets"):
 * - ratio: ours ÷ a baseline measured side by side in the same run (interleaved samples), so the
 *   machine's speed and load cancel out;
 * - scale: how a cost grows with the user's history (a ratio between sizes, or a count);
 * - size: bytes of the build, exact on any machine;
 * - info: an absolute time or rate, printed for information; it never fails the bench.
 */
export type RowKind = 'ratio' | 'scale' | 'size' | 'info';

/**
 * One line of the bench table and of test-results/bench.json. Within budget means value ≤ budget,
 * or value ≥ budget where higher is better (`better: 'higher'`). Info rows have no budget.
 */
export interface BenchRow {
  name: string;
  kind: RowKind;
  value: number;
  unit: string;
  budget?: number;
  better?: 'lower' | 'higher';
  /** Printed under the table, not written to bench.json (e.g. the absolute figures behind a ratio). */
  note?: string;
}

/** Measures something and returns its rows; list producers in rows/index.ts. */
export type RowProducer = () => Promise<BenchRow[]>;

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Median wall time of fn in milliseconds, after a few warm-up runs (info rows). */
export async function timeMedian(
  fn: () => unknown,
  { runs = 50, warmup = 5 }: { runs?: number; warmup?: number } = {},
): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

export interface Interleaved {
  ours: number[];
  base: number[];
  /** median(ours) ÷ median(base). */
  ratio: number;
}

/**
 * Samples two measurements in turn (ours, base, ours, base, …; the first of each pair alternates, so
 * neither side always runs right after the other), after `warmup` unrecorded pairs. Each function
 * returns one sample (it may measure inside a browser rather than time itself). Whatever slows the
 * machine during the run slows both sides alike, so the ratio of the medians holds on any machine.
 */
export async function interleave(
  ours: (i: number) => Promise<number> | number,
  base: (i: number) => Promise<number> | number,
  { runs, warmup }: { runs: number; warmup: number },
): Promise<Interleaved> {
  const out: Interleaved = { ours: [], base: [], ratio: NaN };
  for (let i = 0; i < warmup + runs; i++) {
    const first = i % 2 === 0;
    const a = first ? await ours(i) : NaN;
    const b = await base(i);
    const a2 = first ? a : await ours(i);
    if (i >= warmup) {
      out.ours.push(a2);
      out.base.push(b);
    }
  }
  out.ratio = median(out.ours) / median(out.base);
  return out;
}

/** Wall time of one call in milliseconds (for interleave's sides that time themselves). */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export function withinBudget(row: BenchRow): boolean {
  if (row.budget === undefined) return true;
  return row.better === 'higher' ? row.value >= row.budget : row.value <= row.budget;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** "12.3 ms" style figure for notes. */
export const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;
