// Ratios in real Chromium with the built extension against the simulator, each side measured in turn
// (lib.ts `interleave`) so that the machine's speed and load cancel out (docs/architecture.md, "Budgets"):
// - the popup ready (its `popup-ready` mark: the status read and the first real screen shown) ÷ a blank
//   extension page's DOMContentLoaded (entrypoints/blank/: the HTML and one module script), in the same tab;
// - a dApp's request (intents_signMessage) → the approval window showing it with its Confirm delay
//   counting (the `approval-ready` mark, src/ui/approve/Request.tsx) ÷ the same request in a second
//   browser whose copy of the build has the blank page as its approval page: the same path (page →
//   relay → background → queue → windows.create) to the blank window's DOMContentLoaded;
// - the provider round trip of intents_accounts (connected) ÷ the least a request can cost on the same
//   path: an unknown method crosses page → relay → background (the router answers 4200 before any
//   handler runs) → relay → page, so no bench-only code has to ship in the extension.

import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { APPROVAL } from '../../../src/api/approvalApi';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import {
  closePageServer,
  EXTENSION_DIR,
  type Extension,
  launchExtension,
  type PageServer,
  startPageServer,
} from '../../e2e/fixtures';
import { type BenchRow, interleave, median, ms, type RowProducer, round } from '../lib';
import { walletCall, walletOnSimulator } from './wallet';

/** Window samples: approvals are rate-limited to 30 a minute in all, fairly per site (src/background/page/rateLimits.ts). */
const WINDOW_RUNS = 20;
const WINDOW_WARMUP = 2;
/**
 * A site may ask for 10 approvals a minute (its subdomains and ports together): one site per few samples,
 * each a page server on its own `*.localhost` name (two labels: a site of its own).
 */
const ORIGINS = 4;

type ProviderWindow = { intentsCompanion: { request(a: { method: string; params?: unknown }): Promise<unknown> } };

/** Connects `page`'s origin through the real approval window (approved from the extension page `ext`). */
async function connect(extension: Extension, ext: Page, page: Page): Promise<void> {
  const opened = extension.context.waitForEvent('page', (p) => p.url().includes('/approve.html'));
  const connected = page.evaluate(() =>
    (window as unknown as ProviderWindow).intentsCompanion.request({ method: 'intents_requestAccounts' }),
  );
  const win = await opened;
  const current = await walletCall<{ id: string; accounts: { accountId: string }[] }>(ext, APPROVAL.current);
  await walletCall(ext, APPROVAL.resolve, {
    id: current.id,
    approve: true,
    accounts: [current.accounts[0]!.accountId],
  });
  await connected;
  if (!win.isClosed()) await win.waitForEvent('close');
}

/** ms from navigation start to the popup's first real screen, and to a blank page's DOMContentLoaded. */
async function popupRatio(extension: Extension, tab: Page) {
  const popupReady = async () => {
    await tab.goto(extension.url('popup.html'));
    await tab.waitForFunction(() => performance.getEntriesByName('popup-ready').length > 0);
    return tab.evaluate(() => performance.getEntriesByName('popup-ready')[0]!.startTime);
  };
  const blankLoaded = async () => {
    await tab.goto(extension.url('blank.html'), { waitUntil: 'domcontentloaded' });
    return tab.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
    );
  };
  return interleave(popupReady, blankLoaded, { runs: 60, warmup: 4 });
}

/** A browser with the extension, a wallet on the simulator and ORIGINS connected dApp pages. */
interface Side {
  extension: Extension;
  /** An extension page of this browser, for wallet API calls. */
  ext: Page;
  dapps: Page[];
}

async function side(extension: Extension, sim: RunningSimulator, servers: PageServer[]): Promise<Side> {
  const ext = await extension.context.newPage();
  await ext.goto(extension.url('popup.html'));
  await walletOnSimulator(ext, sim);
  const dapps: Page[] = [];
  for (let i = 0; i < ORIGINS; i++) {
    const server = await startPageServer();
    servers.push(server);
    const dapp = await extension.context.newPage();
    await dapp.goto(`http://bench${i}.localhost:${new URL(server.origin).port}/provider.html`);
    await connect(extension, ext, dapp);
    dapps.push(dapp);
  }
  return { extension, ext, dapps };
}

/** A copy of the build whose approval page is the blank page (entrypoints/blank/): nothing else differs. */
function buildWithBlankApproval(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'intents-bench-blank-approval-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  copyFileSync(path.join(dir, 'blank.html'), path.join(dir, 'approve.html'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Wall-clock ms (performance.timeOrigin-based, comparable between the dApp page and the window it
 * makes the background open) from a dApp's intents_signMessage to `opened`'s moment in the window the
 * background opens for it. The request is then rejected, and its window closes before the next sample.
 */
async function requestToWindow(s: Side, i: number, opened: (win: Page) => Promise<number>): Promise<number> {
  const dapp = s.dapps[i % s.dapps.length]!;
  const shown = s.extension.context.waitForEvent('page', (p) => p.url().includes('/approve.html'));
  const asked = await dapp.evaluate(
    (nonce) => {
      const t0 = performance.timeOrigin + performance.now();
      (window as unknown as ProviderWindow).intentsCompanion
        .request({ method: 'intents_signMessage', params: { message: 'bench', recipient: location.hostname, nonce } })
        .catch(() => undefined); // rejected below
      return t0;
    },
    Array.from({ length: 32 }, (_, k) => (i * 7 + k) % 256),
  );
  const win = await shown;
  const at = await opened(win);
  const current = await walletCall<{ id: string }>(s.ext, APPROVAL.current);
  const closed = win.waitForEvent('close');
  await walletCall(s.ext, APPROVAL.resolve, { id: current.id, approve: false });
  await closed;
  return at - asked;
}

/** The approval window's `approval-ready` mark ÷ the blank approval page's DOMContentLoaded. */
async function windowRatio(real: Side, blank: Side) {
  const approvalReady = (win: Page) =>
    win
      .waitForFunction(() => performance.getEntriesByName('approval-ready').length > 0)
      .then(() =>
        win.evaluate(() => performance.timeOrigin + performance.getEntriesByName('approval-ready')[0]!.startTime),
      );
  const blankLoaded = (win: Page) =>
    win
      .waitForLoadState('domcontentloaded')
      .then(() =>
        win.evaluate(
          () =>
            performance.timeOrigin +
            (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
        ),
      );
  return interleave(
    (i) => requestToWindow(real, i, approvalReady),
    (i) => requestToWindow(blank, i, blankLoaded),
    { runs: WINDOW_RUNS, warmup: WINDOW_WARMUP },
  );
}

/**
 * Provider round trips timed inside the page. Page timers are coarsened (100 µs without cross-origin
 * isolation), so one sample is the mean of a burst of BURST sequential requests; bursts alternate sides.
 */
async function roundTripRatio(dapp: Page) {
  // tsx (esbuild's keepNames) wraps the named functions below in `__name(…)`, which the page lacks.
  await dapp.evaluate('globalThis.__name ??= (f) => f');
  const rounds = await dapp.evaluate(
    async ({ runs, warmup, burst }) => {
      const provider = (window as unknown as ProviderWindow).intentsCompanion;
      const accounts = async () => {
        const out = (await provider.request({ method: 'intents_accounts' })) as unknown[];
        if (out.length !== 1) throw new Error('not connected');
      };
      const unknownMethod = async () => {
        const refused = await provider.request({ method: 'bench_unknownMethod' }).then(
          () => false,
          (e: { code?: number }) => e.code === 4200,
        );
        if (!refused) throw new Error('the unknown method was not refused with 4200');
      };
      const timed = async (one: () => Promise<void>) => {
        const t0 = performance.now();
        for (let k = 0; k < burst; k++) await one();
        return (performance.now() - t0) / burst;
      };
      const ours: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < warmup + runs; i++) {
        const first = i % 2 === 0;
        const a = first ? await timed(accounts) : NaN;
        const b = await timed(unknownMethod);
        const a2 = first ? a : await timed(accounts);
        if (i >= warmup) {
          ours.push(a2);
          base.push(b);
        }
      }
      return { ours, base };
    },
    { runs: 60, warmup: 6, burst: 10 },
  );
  return { ...rounds, ratio: median(rounds.ours) / median(rounds.base) };
}

export const browserRows: RowProducer = async () => {
  const sim = await startSimulator({ port: 0 });
  const copy = buildWithBlankApproval();
  const { extension, close } = await launchExtension();
  const second = await launchExtension(copy.dir);
  const servers: PageServer[] = [];
  try {
    const real = await side(extension, sim, servers);
    const blank = await side(second.extension, sim, servers);

    const trips = await roundTripRatio(real.dapps[0]!);
    const windows = await windowRatio(real, blank);
    const popup = await popupRatio(extension, await extension.context.newPage());

    const rows: BenchRow[] = [
      {
        name: 'popup ready ÷ blank extension page DOMContentLoaded',
        kind: 'ratio',
        value: round(popup.ratio),
        unit: '×',
        // docs/decisions.md, "Budgets as ratios": what the baseline holds and what is left above it.
        budget: 1.15,
        note: `popup ready ${ms(median(popup.ours))} vs blank page DOMContentLoaded ${ms(median(popup.base))} (medians of ${popup.ours.length} interleaved navigations)`,
      },
      {
        name: 'dApp request → approval window ready ÷ same request → blank window',
        kind: 'ratio',
        value: round(windows.ratio),
        unit: '×',
        budget: 1.15,
        note: `intents_signMessage → approval window showing it, Confirm delay counting ${ms(median(windows.ours))} vs the same request → the blank page as approval page, DOMContentLoaded ${ms(median(windows.base))} (medians of ${windows.ours.length} interleaved windows, two browsers)`,
      },
      {
        name: 'provider round trip intents_accounts ÷ unknown-method round trip',
        kind: 'ratio',
        value: round(trips.ratio),
        unit: '×',
        budget: 1.5,
        note: `provider round trip, connected origin: intents_accounts ${ms(median(trips.ours), 2)} vs an unknown method (refused by the router, same path) ${ms(median(trips.base), 2)} (medians of ${trips.ours.length} interleaved bursts of 10)`,
      },
      { name: 'popup ready after navigation', kind: 'info', value: round(median(popup.ours), 1), unit: 'ms' },
      { name: 'dApp request → approval window ready', kind: 'info', value: round(median(windows.ours), 1), unit: 'ms' },
      { name: 'provider round trip, intents_accounts', kind: 'info', value: round(median(trips.ours), 2), unit: 'ms' },
    ];
    return rows;
  } finally {
    for (const s of servers) await closePageServer(s);
    await close();
    await second.close();
    copy.remove();
    await sim.close();
  }
};
