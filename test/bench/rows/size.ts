// Gzip sizes of the built Chromium extension against architecture.md's budgets.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WALLET_SCRIPT } from '../../../src/background/wake/walletScript';
import { type BenchRow, ROOT, type RowProducer } from '../lib';

const BUILD = path.join(ROOT, '.output/chrome-mv3');
const KB = 1024; // budgets are read as KiB: the stricter reading

interface Manifest {
  background?: { service_worker?: string };
  content_scripts?: { js?: string[] }[];
  action?: { default_popup?: string };
}

function ensureBuilt(): void {
  if (existsSync(path.join(BUILD, 'manifest.json'))) return;
  console.error('bench: no .output/chrome-mv3, building it first');
  const r = spawnSync('npx', ['wxt', 'build', '-b', 'chrome'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (r.status !== 0) throw new Error('bench: wxt build failed');
}

const read = (rel: string) => readFileSync(path.join(BUILD, rel));

/** The file and every chunk it imports statically (not `import()`), as paths relative to BUILD. */
function withStaticImports(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (rel: string) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const code = read(rel).toString('utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
      const spec = m[1]!;
      visit(spec.startsWith('/') ? spec.slice(1) : path.posix.join(path.posix.dirname(rel), spec));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

/** Scripts a page loads before first render: <script src> and <link rel="modulepreload">. */
function pageScripts(htmlFile: string): string[] {
  const html = read(htmlFile).toString('utf8');
  const refs = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/g)].map(
      (m) => /\bhref=["']([^"']+)["']/.exec(m[0])?.[1],
    ),
  ].filter((r): r is string => !!r);
  return refs.map((r) => (r.startsWith('/') ? r.slice(1) : path.posix.join(path.posix.dirname(htmlFile), r)));
}

function gzipRow(name: string, files: string[], budgetKb: number): BenchRow {
  if (files.length === 0) throw new Error(`bench: no files for "${name}"`);
  const sizes = files.map((f) => ({ f, gz: gzipSync(read(f)).length }));
  const bytes = sizes.reduce((sum, s) => sum + s.gz, 0);
  return {
    name,
    kind: 'size',
    value: Math.round((bytes / KB) * 100) / 100,
    unit: 'kB',
    budget: budgetKb,
    note: `${name}: ${sizes.map((s) => `${s.f} ${s.gz} B`).join(', ')}`,
  };
}

/** `row` printed for information: no budget. */
function infoRow({ budget: _budget, ...row }: BenchRow): BenchRow {
  return { ...row, kind: 'info' };
}

export const sizeRows: RowProducer = async () => {
  ensureBuilt();
  const manifest = JSON.parse(read('manifest.json').toString('utf8')) as Manifest;
  const contentScripts = (manifest.content_scripts ?? []).flatMap((c) => c.js ?? []);
  const popup = manifest.action?.default_popup;
  const background = manifest.background?.service_worker;
  if (!popup || !background) throw new Error('bench: manifest lacks action.default_popup or background.service_worker');
  return [
    gzipRow('page-facing scripts (provider + relay), gzip', contentScripts, 4),
    // One script with the first screen's code only (docs/architecture.md, "Budgets"): 16.6 kB today.
    gzipRow('popup JS to first render, gzip', withStaticImports(pageScripts(popup)), 24),
    // docs/decisions.md, "Background size budget: 80 kB gzip": what every wake-up of the worker loads.
    gzipRow('background, gzip', withStaticImports([background]), 80),
    // The wallet's script, which the first event that needs the wallet loads (src/background/wake/walletScript.ts).
    infoRow(gzipRow('background, wallet script loaded on demand, gzip', [WALLET_SCRIPT], 0)),
  ];
};
