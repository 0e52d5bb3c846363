// `npm run bench`: runs every row producer (rows/index.ts), prints a table and writes
// test-results/bench.json as {"rows":[{"name","value","unit","budget"}]}. Exits 1 if a row is over budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, type BenchRow, withinBudget } from './lib';
import { producers } from './rows/index';

const rows: BenchRow[] = [];
for (const produce of producers) rows.push(...(await produce()));

const table = [
  ['name', 'median', 'unit', 'budget', 'ok?'],
  ...rows.map((r) => [r.name, String(r.value), r.unit, `${r.better === 'higher' ? '≥' : '≤'} ${r.budget}`, withinBudget(r) ? 'ok' : 'OVER']),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
const format = (line: string[]) => line.map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
console.log(format(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const line of table.slice(1)) console.log(format(line));
console.log();
for (const r of rows) if (r.note) console.log(r.note);

const out = path.join(ROOT, 'test-results/bench.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ rows: rows.map(({ name, value, unit, budget }) => ({ name, value, unit, budget })) }, null, 2)}\n`);
console.log(`\nwrote ${path.relative(ROOT, out)}`);

const over = rows.filter((r) => !withinBudget(r));
if (over.length) {
  console.error(`over budget: ${over.map((r) => r.name).join('; ')}`);
  process.exitCode = 1;
}
