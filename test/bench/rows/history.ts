// "render 1,000 history rows", for information: the popup's Activity list (ActivityList),
// bundled with esbuild from test/bench/history/entry.tsx together with the popup's styles, mounted
// with 1,000 HistoryItems in headless Chromium; the median of several mounts (render + style + layout).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { median, ROOT, type RowProducer } from '../lib';

const RUNS = 15;
const WARMUP = 3;
const ROWS = 1000;

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(ROOT, 'test/bench/history/entry.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

export const historyRows: RowProducer = async () => {
  const script = await bundle();
  const css = readFileSync(path.join(ROOT, 'src/ui/styles.css'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 600 } });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><div class="app"><main id="app"></main></div></body></html>`;
    await page.setContent(html);
    await page.addScriptTag({ content: script });
    const samples = await page.evaluate(
      ({ runs, warmup, rows }) => {
        const run = (globalThis as unknown as { benchRender(n: number): number }).benchRender;
        for (let i = 0; i < warmup; i++) run(rows);
        return Array.from({ length: runs }, () => run(rows));
      },
      { runs: RUNS, warmup: WARMUP, rows: ROWS },
    );
    return [
      {
        name: 'render 1,000 history rows (headless Chromium)',
        kind: 'info',
        value: Math.round(median(samples) * 100) / 100,
        unit: 'ms',
        note: `render 1,000 history rows: ${RUNS} mounts of ActivityList (virtualised) with ${ROWS} items, render + style + layout; samples ${samples.map((s) => s.toFixed(1)).join(', ')} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
};
