// The service worker's wake-up, in real Chromium with the built extension (docs/architecture.md, "Budgets"):
// the popup's first ask (wallet_status, unlocked wallet on the simulator) answered by a worker that was
// just stopped (DevTools protocol, as Chromium stops an idle worker) ÷ the same message answered by a
// worker that only answers: a copy of the build whose background.js is a listener that replies at
// once (nothing else differs), stopped the same way. What Chromium itself costs to start an extension's
// worker and deliver a message is on both sides; what is left is loading, evaluating and starting ours.
// The running worker's answer (the same call again, right after) is printed for information, and so is
// the floor the script's size alone sets: a third copy whose worker holds all of our background.js inside
// a function it never calls, then answers at once, so Chromium loads and pre-parses every byte and runs
// none (docs/decisions.md, "Background size budget: 80 kB gzip").
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { startSimulator } from '../../../src/sim/server';
import { EXTENSION_DIR, type Extension, launchExtension } from '../../e2e/fixtures';
import { type BenchRow, interleave, median, ms, type RowProducer, round } from '../lib';
import { walletOnSimulator } from './wallet';

interface Runtime {
  chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; error?: { message: string } }> } };
}

const WARMUP = 3;

/** The baseline worker: answers every message as the router answers a wallet call, and nothing else. */
const ANSWER_ONLY = `chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true, result: null }); });\n`;

/** The size floor: our whole script, loaded and pre-parsed but never run, then the baseline's listener. */
function parseOnly(ours: string): string {
  return `function neverCalled() {\n${ours}\n}\n${ANSWER_ONLY}`;
}

/** A copy of the build whose background.js is `worker(ours)`: nothing else differs. */
function buildWithWorker(worker: (ours: string) => string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'intents-bench-worker-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const script = path.join(dir, 'background.js');
  writeFileSync(script, worker(readFileSync(script, 'utf8')));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** ms for wallet_status from the extension page, timed in the page. */
function timedStatus(page: Page): Promise<number> {
  return page.evaluate(async (method) => {
    const t0 = performance.now();
    const reply = await (globalThis as unknown as Runtime).chrome.runtime.sendMessage({ type: 'request', method });
    if (!reply.ok) throw new Error(`${method}: ${reply.error?.message}`);
    return performance.now() - t0;
  }, WALLET.status);
}

/**
 * Stops the extension's worker (DevTools protocol; the command answers once the worker is stopped), as
 * Chromium stops one that was idle: the next message starts a new one.
 */
async function stopWorker(extension: Extension, ext: Page): Promise<void> {
  const cdp = await extension.context.newCDPSession(ext);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await cdp.detach();
  }
}

export const wakeRows: RowProducer = async () => {
  const sim = await startSimulator({ port: 0 });
  const copy = buildWithWorker(() => ANSWER_ONLY);
  const floorCopy = buildWithWorker(parseOnly);
  const ours = await launchExtension();
  const base = await launchExtension(copy.dir);
  const floor = await launchExtension(floorCopy.dir);
  try {
    const ext = await ours.extension.context.newPage();
    await ext.goto(ours.extension.url('blank.html'));
    await walletOnSimulator(ext, sim);
    const baseExt = await base.extension.context.newPage();
    await baseExt.goto(base.extension.url('blank.html'));
    const floorExt = await floor.extension.context.newPage();
    await floorExt.goto(floor.extension.url('blank.html'));
    const running: number[] = [];
    const parsed: number[] = [];
    const wake = await interleave(
      async () => {
        await stopWorker(ours.extension, ext);
        const first = await timedStatus(ext);
        running.push(await timedStatus(ext));
        return first;
      },
      async (i) => {
        await stopWorker(base.extension, baseExt);
        const answered = await timedStatus(baseExt);
        await stopWorker(floor.extension, floorExt);
        const sample = await timedStatus(floorExt);
        if (i >= WARMUP) parsed.push(sample);
        return answered;
      },
      { runs: 30, warmup: WARMUP },
    );
    const rows: BenchRow[] = [
      {
        name: 'first answer of a stopped worker ÷ an answer-only worker stopped alike',
        kind: 'ratio',
        value: round(wake.ratio),
        unit: '×',
        budget: 1.5,
        note: `wallet_status (unlocked wallet) from an extension page to a stopped worker: ours ${ms(median(wake.ours))} vs a worker that only answers ${ms(median(wake.base))}; ours running ${ms(median(running), 2)} (medians of ${wake.ours.length} interleaved wake-ups, three browsers)`,
      },
      { name: 'worker wake-up, first answer', kind: 'info', value: round(median(wake.ours), 1), unit: 'ms' },
      {
        name: 'a worker that only loads our script, then answers ÷ an answer-only worker',
        kind: 'info',
        value: round(median(parsed) / median(wake.base)),
        unit: '×',
        note: `the size floor: our background.js loaded and pre-parsed, none of it run, ${ms(median(parsed))} vs ${ms(median(wake.base))} for a worker that only answers (medians of ${parsed.length})`,
      },
    ];
    return rows;
  } finally {
    await ours.close();
    await base.close();
    await floor.close();
    copy.remove();
    floorCopy.remove();
    await sim.close();
  }
};
