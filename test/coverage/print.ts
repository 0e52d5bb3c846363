// Prints line coverage per src/ layer from Vitest's coverage/coverage-summary.json (after `test:unit`).
// core must stay at 90 % or more; vitest.config.ts enforces it as a threshold too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
type Totals = { lines: { total: number; covered: number } };
const summary = JSON.parse(readFileSync(path.join(root, 'coverage/coverage-summary.json'), 'utf8')) as Record<
  string,
  Totals
>;

const layers = new Map<string, { total: number; covered: number }>();
for (const [file, t] of Object.entries(summary)) {
  if (file === 'total') continue;
  const rel = path.relative(root, file).split(path.sep);
  const layer = rel[0] === 'src' ? (rel[1] ?? 'src') : rel[0]!;
  const sum = layers.get(layer) ?? { total: 0, covered: 0 };
  sum.total += t.lines.total;
  sum.covered += t.lines.covered;
  layers.set(layer, sum);
}
const pct = (s: { total: number; covered: number }) => (s.total ? (100 * s.covered) / s.total : 100).toFixed(1);
console.log(
  `line coverage by layer: ${[...layers]
    .sort()
    .map(([name, s]) => `${name} ${pct(s)}%`)
    .join(', ')}`,
);
const core = layers.get('core');
if (core) console.log(`core line coverage: ${pct(core)}% (required ≥ 90%)`);
