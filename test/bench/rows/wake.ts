// The service worker's wake-up, in real Chromium with the built extension (docs/architecture.md, "Budgets"):
// the popup's first ask (wallet_status, unlocked wallet on the simulator) answered by a worker that was
// just stopped (DevTools protocol, as Chromium stops an idle worker) ÷ the same message answered by a
// worker that only answers: a copy of the build whose background.js is a listener that replies at
// once (nothing else differs), stopped the same way. What Chromium itself costs to start an extension's
// worker and deliver a message is on both sides; what is left is loading, evaluating and starting ours.
// The running worker's answer (the same call again, right after) is printed for information.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** The baseline worker: answers every message as the router answers a wallet call, and nothing else. */
const ANSWER_ONLY = `chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true, result: null }); });\n`;

function buildWithAnswerOnlyWorker(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'intents-bench-answer-only-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  writeFileSync(path.join(dir, 'background.js'), ANSWER_ONLY);
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
  const copy = buildWithAnswerOnlyWorker();
  const ours = await launchExtension();
  const base = await launchExtension(copy.dir);
  try {
    const ext = await ours.extension.context.newPage();
    await ext.goto(ours.extension.url('blank.html'));
    await walletOnSimulator(ext, sim);
    const baseExt = await base.extension.context.newPage();
    await baseExt.goto(base.extension.url('blank.html'));
    const running: number[] = [];
    const wake = await interleave(
      async () => {
        await stopWorker(ours.extension, ext);
        const first = await timedStatus(ext);
        running.push(await timedStatus(ext));
        return first;
      },
      async () => {
        await stopWorker(base.extension, baseExt);
        return timedStatus(baseExt);
      },
      { runs: 30, warmup: 3 },
    );
    const rows: BenchRow[] = [
      {
        name: 'first answer of a stopped worker ÷ an answer-only worker stopped alike',
        kind: 'ratio',
        value: round(wake.ratio),
        unit: '×',
        budget: 1.5,
        note: `wallet_status (unlocked wallet) from an extension page to a stopped worker: ours ${ms(median(wake.ours))} vs a worker that only answers ${ms(median(wake.base))}; ours running ${ms(median(running), 2)} (medians of ${wake.ours.length} interleaved wake-ups, two browsers)`,
      },
      { name: 'worker wake-up, first answer', kind: 'info', value: round(median(wake.ours), 1), unit: 'ms' },
    ];
    return rows;
  } finally {
    await ours.close();
    await base.close();
    copy.remove();
    await sim.close();
  }
};
