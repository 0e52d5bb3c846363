// Shared pieces of `npm run bench` (test/bench/run.ts).
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One line of the bench table and of test-results/bench.json. Within budget means value ≤ budget,
 * or value ≥ budget for rates where higher is better (`better: 'higher'`).
 */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  budget: number;
  better?: 'lower' | 'higher';
  /** Printed under the table, not written to bench.json (e.g. which files a size counts). */
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

/** Median wall time of fn in milliseconds, after a few warm-up runs. */
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

export function withinBudget(row: BenchRow): boolean {
  return row.better === 'higher' ? row.value >= row.budget : row.value <= row.budget;
}
