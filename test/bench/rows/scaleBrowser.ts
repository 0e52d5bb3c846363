// How costs grow with the user's history, in real Chromium with the built extension and the browser's
// own storage: two profiles side by side, one with 10,000 stored swaps and 50 sites waiting for
// approval, one with 1,000 swaps and 1 site; both with 200 swaps still tracked (started through the
// extension against the simulator). The older, finished swaps are copies of one real finished record
// (../scale/seed.ts) written into storage.local; the waiting requests are the queue the background
// itself stored for them (./scaleBackground.ts `waitingApprovals`). Samples alternate between profiles.
// - History's first page (swap_history, 50 rows): 10,000 ÷ 1,000, flat (only the page is read);
// - bytes in storage.local per stored swap (chrome.storage.local.getBytesInUse), and for 10,000;
// - the worker's wake-up to ready: stopped (DevTools protocol), then an ask that needs the wallet's script
//   answered (wallet_getSettings: wallet_status may be answered from the status copy before it loads);
// - the approval window's read of the queue (approval_current) with 50 waiting ÷ 1;
// - the Swap tab's in-progress list (swap_list, the 200 tracked swaps) 10,000 ÷ 1,000, flat (only the
//   tracker's schedule and the records it names are read).
import type { Page } from '@playwright/test';
import { APPROVAL } from '../../../src/api/approvalApi';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { SWAP } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import { type Extension, launchExtension } from '../../e2e/fixtures';
import { simWithClock } from '../../unit/background/harness';
import { type BenchRow, interleave, median, ms, type RowProducer, round } from '../lib';
import { finishedSwap, legacySeed, olderSwaps, swapTo, TRACKED } from '../scale/seed';
import { waitingApprovals } from './scaleBackground';
import { walletCall, walletOnSimulator } from './wallet';

const SMALL = 1_000;
const LARGE = 10_000;
const PAGE = 50;

interface Chrome {
  chrome: {
    runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; result?: unknown; error?: { message: string } }> };
    storage: {
      local: {
        set(i: Record<string, unknown>): Promise<void>;
        remove(k: string[]): Promise<void>;
        getBytesInUse(k: null): Promise<number>;
      };
      session: { set(i: Record<string, unknown>): Promise<void> };
    };
  };
}

/** ms for one wallet call, timed in the page (burst: the mean of that many calls in a row). */
function timedCall(page: Page, method: string, params: unknown, burst = 1): Promise<number> {
  return page.evaluate(
    async ([m, p, n]) => {
      const runtime = (globalThis as unknown as Chrome).chrome.runtime;
      const t0 = performance.now();
      for (let k = 0; k < n; k++) {
        const reply = await runtime.sendMessage({ type: 'request', method: m, params: p });
        if (!reply.ok) throw new Error(`${m}: ${reply.error?.message}`);
      }
      return (performance.now() - t0) / n;
    },
    [method, params, burst] as const,
  );
}

async function profile(sim: RunningSimulator, template: SwapRecordView, total: number, approvals: unknown) {
  const { extension, close } = await launchExtension();
  try {
    const ext = await extension.context.newPage();
    await ext.goto(extension.url('blank.html'));
    await walletOnSimulator(ext, sim);
    const tracked: SwapRecordView[] = [];
    for (let i = 0; i < TRACKED; i++)
      tracked.push(
        await walletCall<SwapRecordView>(ext, SWAP.start, swapTo(Date.now(), i % 2 ? 'bob.near' : 'carol.near')),
      );
    const older = olderSwaps(template, total - TRACKED, tracked[0]!.createdAt);
    const worker = extension.worker;
    // Seeded as an earlier version stored swaps: the next worker seals them (../scale/seed.ts legacySeed).
    const seed = legacySeed(
      older,
      tracked.map((r) => r.id),
    );
    for (const items of seed.items)
      await worker.evaluate((it) => (globalThis as unknown as Chrome).chrome.storage.local.set(it), items);
    await worker.evaluate(
      async ([remove, queue]) => {
        const storage = (globalThis as unknown as Chrome).chrome.storage;
        await storage.local.remove(remove);
        await storage.session.set({ approvals: queue });
      },
      [seed.remove, approvals] as const,
    );
    // The background keeps what it alone writes (the swap index) in memory: a new worker reads the seeded storage.
    await stopWorker(extension, ext);
    // The first call of the new worker seals what was seeded (once, as after an update).
    await walletCall(ext, SWAP.history, { numberOfTransactions: 1 });
    const newest = tracked.at(-1)!.id;
    return { extension, ext, close, newest, oldest: tracked[0]!.createdAt };
  } catch (e) {
    await close();
    throw e;
  }
}
type Profile = Awaited<ReturnType<typeof profile>>;

async function historyPage(p: Profile): Promise<number> {
  const t = await timedCall(p.ext, SWAP.history, { numberOfTransactions: PAGE });
  return t;
}

/** The first page is the newest swaps, and the seeded older ones are there too. */
async function checkHistory(p: Profile): Promise<void> {
  type HistoryPage = { items: { localId: string | null }[] };
  const page = await walletCall<HistoryPage>(p.ext, SWAP.history, { numberOfTransactions: PAGE });
  if (page.items.length !== PAGE || page.items[0]!.localId !== p.newest)
    throw new Error('the first history page is not the newest swaps');
  const older = await walletCall<HistoryPage>(p.ext, SWAP.history, {
    numberOfTransactions: PAGE,
    endTimestamp: new Date(p.oldest).toISOString(),
  });
  if (older.items.length !== PAGE) throw new Error('the seeded older swaps are not in the history');
}

/** The in-progress list is the tracked swaps, each once, newest first, and no finished one. */
async function checkInProgress(p: Profile): Promise<void> {
  const list = await walletCall<SwapRecordView[]>(p.ext, SWAP.list);
  if (list.length !== TRACKED || new Set(list.map((r) => r.id)).size !== TRACKED || list[0]!.id !== p.newest)
    throw new Error(`the in-progress list is not the ${TRACKED} tracked swaps, newest first`);
  if (list.some((r) => r.status !== 'PENDING_DEPOSIT')) throw new Error('a finished swap is in the in-progress list');
}

/** Stops the extension's service worker (DevTools protocol); the next message starts a new one. */
async function stopWorker(extension: Extension, ext: Page): Promise<void> {
  const cdp = await extension.context.newCDPSession(ext);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await cdp.detach();
  }
}

/**
 * The worker stopped, then wallet_getSettings timed from the page: the wallet's script loaded and started,
 * the session restored, the answer (docs/architecture.md, "Start-up").
 */
async function wakeUp(extension: Extension, ext: Page): Promise<number> {
  await stopWorker(extension, ext);
  return timedCall(ext, WALLET.getSettings, undefined);
}

export const scaleBrowserRows: RowProducer = async () => {
  const { sim, clock } = await simWithClock();
  const profiles: Profile[] = [];
  try {
    const template = await finishedSwap(sim, clock);
    const large = await profile(sim, template, LARGE, await waitingApprovals(50));
    profiles.push(large);
    const small = await profile(sim, template, SMALL, await waitingApprovals(1));
    profiles.push(small);
    await checkHistory(large);
    await checkHistory(small);

    const history = await interleave(
      () => historyPage(large),
      () => historyPage(small),
      { runs: 30, warmup: 4 },
    );
    const approvals = await interleave(
      () => timedCall(large.ext, APPROVAL.current, undefined, 5),
      () => timedCall(small.ext, APPROVAL.current, undefined, 5),
      { runs: 40, warmup: 4 },
    );
    const bytes = async (p: Profile) =>
      p.ext.evaluate(() => (globalThis as unknown as Chrome).chrome.storage.local.getBytesInUse(null));
    const [bytesLarge, bytesSmall] = [await bytes(large), await bytes(small)];
    const perSwap = (bytesLarge - bytesSmall) / (LARGE - SMALL);
    await checkInProgress(large);
    await checkInProgress(small);
    const inProgress = await interleave(
      () => timedCall(large.ext, SWAP.list, undefined, 3),
      () => timedCall(small.ext, SWAP.list, undefined, 3),
      { runs: 30, warmup: 4 },
    );
    // Last: the workers are stopped from here on.
    const wake = await interleave(
      () => wakeUp(large.extension, large.ext),
      () => wakeUp(small.extension, small.ext),
      { runs: 12, warmup: 2 },
    );

    const n = (x: number) => x.toLocaleString('en');
    const rows: BenchRow[] = [
      {
        name: `History first page (${PAGE} rows), ${n(LARGE)} ÷ ${n(SMALL)} stored swaps`,
        kind: 'scale',
        value: round(history.ratio),
        unit: '×',
        budget: 1.5,
        note: `History first page (swap_history, ${PAGE} rows, no JWT) with ${n(LARGE)} / ${n(SMALL)} stored swaps, ${TRACKED} tracked: ${ms(median(history.ours), 2)} / ${ms(median(history.base), 2)} (medians of ${history.ours.length} interleaved)`,
      },
      {
        name: 'storage.local bytes per stored swap',
        kind: 'scale',
        value: Math.round(perSwap),
        unit: 'B',
        budget: 4096,
        note: `storage.local in use (getBytesInUse): ${n(bytesLarge)} B with ${n(LARGE)} swaps, ${n(bytesSmall)} B with ${n(SMALL)}: ${Math.round(perSwap)} B per swap, linear`,
      },
      {
        name: `storage.local in use, ${n(LARGE)} stored swaps`,
        kind: 'info',
        value: round(bytesLarge / 2 ** 20, 1),
        unit: 'MiB',
      },
      {
        name: `worker wake-up to ready, ${n(LARGE)} ÷ ${n(SMALL)} stored swaps`,
        kind: 'scale',
        value: round(wake.ratio),
        unit: '×',
        budget: 1.3,
        note: `worker wake-up to ready (stopped, then wallet_getSettings answered by the wallet's script; unlocked session restored) with ${n(LARGE)} / ${n(SMALL)} stored swaps: ${ms(median(wake.ours))} / ${ms(median(wake.base))} (medians of ${wake.ours.length} interleaved)`,
      },
      {
        name: `worker wake-up to ready, ${n(LARGE)} stored swaps`,
        kind: 'info',
        value: round(median(wake.ours), 1),
        unit: 'ms',
      },
      {
        name: "approval window's read of the queue, 50 sites waiting ÷ 1",
        kind: 'scale',
        value: round(approvals.ratio),
        unit: '×',
        budget: 1.5,
        note: `approval_current (a connect request shown) with 50 / 1 sites waiting: ${ms(median(approvals.ours), 2)} / ${ms(median(approvals.base), 2)} (medians of ${approvals.ours.length} interleaved bursts of 5)`,
      },
      {
        name: `Swap tab's in-progress list (swap_list), ${n(LARGE)} ÷ ${n(SMALL)} stored swaps`,
        kind: 'scale',
        value: round(inProgress.ratio),
        unit: '×',
        budget: 1.3,
        note: `swap_list (the ${TRACKED} unfinished swaps: the tracker's schedule and the records it names) with ${n(LARGE)} / ${n(SMALL)} stored swaps: ${ms(median(inProgress.ours), 2)} / ${ms(median(inProgress.base), 2)} (medians of ${inProgress.ours.length} interleaved bursts of 3)`,
      },
    ];
    return rows;
  } finally {
    for (const p of profiles) await p.close();
    await sim.close();
  }
};
