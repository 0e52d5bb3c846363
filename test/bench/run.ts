// `npm run bench`: runs every row producer (rows/index.ts), prints a table and writes
// test-results/bench.json as {"machine", "rows":[{"name","kind","value","unit","budget"}]}.
// Exits 1 only when a ratio, scale or size row is over its budget; absolute times and rates are
// printed for information (kind "info") and never fail it (docs/architecture.md, "Budgets").
// `npm run bench -- <word>…` runs only the producers whose names contain a word (e.g. `browser`).
// The background's rows run it in Node, which has no `chrome.i18n`: the English catalogue, as in the unit
// tests (test/support/englishMessages.ts).
import '../support/englishMessages';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { type BenchRow, ROOT, withinBudget } from './lib';
import { producers } from './rows/index';

const only = process.argv.slice(2);
const chosen = Object.entries(producers).filter(([name]) => only.length === 0 || only.some((w) => name.includes(w)));
const rows: BenchRow[] = [];
for (const [, produce] of chosen) rows.push(...(await produce()));

async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), headless Chromium ${await chromiumVersion()}, Node ${process.versions.node}`;

const budgetText = (r: BenchRow) =>
  r.budget === undefined ? 'info' : `${r.better === 'higher' ? '≥' : '≤'} ${r.budget}`;
const table = [
  ['name', 'kind', 'value', 'unit', 'budget', 'ok?'],
  ...rows.map((r) => [
    r.name,
    r.kind,
    String(r.value),
    r.unit,
    budgetText(r),
    r.budget === undefined ? '' : withinBudget(r) ? 'ok' : 'OVER',
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
const format = (line: string[]) =>
  line
    .map((cell, i) => (i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
    .join('  ')
    .trimEnd();
console.log(
  `machine: ${machine}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log(format(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const line of table.slice(1)) console.log(format(line));
console.log();
for (const r of rows) if (r.note) console.log(`- ${r.note}`);

const out = path.join(ROOT, 'test-results/bench.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ machine, rows: rows.map(({ name, kind, value, unit, budget }) => ({ name, kind, value, unit, budget: budget ?? null })) }, null, 2)}\n`,
);
console.log(`\nwrote ${path.relative(ROOT, out)}`);

const over = rows.filter((r) => !withinBudget(r));
if (over.length) {
  console.error(`over budget: ${over.map((r) => r.name).join('; ')}`);
  process.exitCode = 1;
} else {
  console.log(`every gate within budget (${rows.filter((r) => r.budget !== undefined).length} gated rows)`);
}
