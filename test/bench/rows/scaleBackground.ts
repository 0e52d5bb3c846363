// How the background's costs grow with the user's history, measured on the background itself in Node
// (test/unit/background/harness.ts: the background as the extension starts it, real HTTP to the
// simulator), two backgrounds side by side with their own storage areas, samples interleaved:
// - the tracker's alarm with 200 swaps still tracked among 1,000 or 10,000 stored: requests per tick
//   (bounded: CHECKS_PER_TICK, the longest waiting first), the records it reads, and its time 10,000 ÷ 1,000
//   (flat: it never reads finished swaps);
// - Home's balances with 150 tokens in the swap service's list: mt_batch_balance_of calls (one: a list
//   of up to BATCH tokens is one view) and the time against 15 tokens;
// Node's in-memory storage stands in for the browser's here; the rows that depend on real storage
// (a history page, bytes stored, the worker's wake-up, the approval queue) are measured in Chromium
// (./scaleBrowser.ts).

import { WALLET } from '../../../src/api/walletApi';
import { QUEUE_BOUNDS } from '../../../src/background/approvals/queue';
import { startBackground } from '../../../src/background/start';
import { CHECKS_PER_TICK } from '../../../src/background/swaps/records';
import { BATCH } from '../../../src/background/wallet/balances';
import type { FetchLike } from '../../../src/core';
import { METHODS } from '../../../src/provider/protocol';
import type { RunningSimulator } from '../../../src/sim/server';
import { backgroundEnv, type Clock, call, PASSWORD, simWithClock, useSimulator } from '../../unit/background/harness';
import { type BenchRow, interleave, median, ms, type RowProducer, round, timeOnce } from '../lib';
import { finishedSwap, memoryArea, olderSwaps, startSwaps, TRACKED, withOlder } from '../scale/seed';

const SMALL = 1_000;
const LARGE = 10_000;

/** A background on its own storage areas; `fetch` may watch or answer requests before the network. */
function background(
  clock: Clock,
  fetch?: (url: string, init: Parameters<FetchLike>[1], real: FetchLike) => ReturnType<FetchLike>,
) {
  const env = backgroundEnv(clock);
  const local = memoryArea();
  env.storage = { local, session: memoryArea() };
  const real = env.fetch;
  if (fetch) env.fetch = (url, init) => fetch(url, init, real);
  return { bg: startBackground(env), local };
}

async function trackerRows(sim: RunningSimulator, clock: Clock): Promise<BenchRow[]> {
  const template = await finishedSwap(sim, clock);
  const profile = async (total: number) => {
    let asks = 0;
    const { bg, local } = background(clock, (url, init, real) => {
      if (url.includes('/v0/status')) asks++;
      return real(url, init);
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const tracked = await startSwaps(bg, clock, TRACKED);
    await withOlder(bg, olderSwaps(template, total - TRACKED, tracked[0]!.createdAt));
    // Swap records are stored sealed under keyed-hash names: every sealed name read but the index's and the schedule's.
    const notRecords = new Set([await bg.local.storedName('swapIds'), await bg.local.storedName('swapTrack')]);
    const read = new Set<string>();
    const get = local.get.bind(local);
    local.get = (keys) => {
      for (const k of [keys ?? []].flat()) if (k.startsWith('p.') && !notRecords.has(k)) read.add(k);
      return get(keys);
    };
    const samples = { asks: [] as number[], records: [] as number[] };
    const tick = async () => {
      asks = 0;
      read.clear();
      const t = await timeOnce(() => bg.swaps.tick());
      samples.asks.push(asks);
      samples.records.push(read.size);
      return t;
    };
    return { tick, samples };
  };
  const large = await profile(LARGE);
  const small = await profile(SMALL);
  // Ten seconds on (both backgrounds' clock is the simulator's) before the first tick of each pair:
  // every tracked swap is due again. interleave() runs `ours` first on even pairs, `base` on odd ones.
  const later = async () =>
    void (await fetch(`${sim.url}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ms":10000}',
    }));
  const ticks = await interleave(
    async (i) => {
      if (i % 2 === 0) await later();
      return large.tick();
    },
    async (i) => {
      if (i % 2 === 1) await later();
      return small.tick();
    },
    { runs: 16, warmup: 2 },
  );
  const asks = Math.max(...large.samples.asks, ...small.samples.asks);
  const records = Math.max(...large.samples.records, ...small.samples.records);
  return [
    {
      name: `tracker tick, ${TRACKED} tracked: status requests per tick (most)`,
      kind: 'scale',
      value: asks,
      unit: 'requests',
      budget: CHECKS_PER_TICK,
      note: `tracker tick with ${TRACKED} swaps due among ${SMALL.toLocaleString('en')} / ${LARGE.toLocaleString('en')} stored: ${ms(median(ticks.base))} / ${ms(median(ticks.ours))} (medians of ${ticks.ours.length} interleaved ticks); at most ${asks} status requests and ${records} swap records read per tick, the rest of the ${TRACKED} due taken up by the next ticks`,
    },
    {
      name: `tracker tick, ${TRACKED} tracked: swap records read per tick (most)`,
      kind: 'scale',
      value: records,
      unit: 'records',
      budget: CHECKS_PER_TICK,
    },
    {
      name: `tracker tick time, ${LARGE.toLocaleString('en')} ÷ ${SMALL.toLocaleString('en')} stored swaps`,
      kind: 'scale',
      value: round(ticks.ratio),
      unit: '×',
      budget: 1.3,
    },
    {
      name: `tracker tick, ${TRACKED} due among ${LARGE.toLocaleString('en')} (Node)`,
      kind: 'info',
      value: round(median(ticks.ours), 1),
      unit: 'ms',
    },
  ];
}

async function balanceRows(sim: RunningSimulator, clock: Clock): Promise<BenchRow[]> {
  const profile = async (count: number) => {
    let views = 0;
    const { bg } = background(clock, async (url, init, real) => {
      if (init.body?.includes('mt_batch_balance_of')) views++;
      const answer = await real(url, init);
      if (!url.startsWith(`${sim.url}/v0/tokens`)) return answer;
      // The simulator's token list, made `count` long with tokens of its own shape.
      const list = JSON.parse(await answer.text()) as Record<string, unknown>[];
      const tokens = Array.from({ length: count }, (_, i) =>
        i < list.length
          ? list[i]!
          : {
              ...list[0]!,
              assetId: `nep141:bench-${i}.near`,
              symbol: `B${i}`,
              contractAddress: `bench-${i}.near`,
              price: 1,
            },
      );
      return {
        status: 200,
        headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
        text: async () => JSON.stringify(tokens),
      };
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const once = async () => {
      views = 0;
      const t = await timeOnce(async () => {
        const view = await call<{ error: string | null }>(bg, WALLET.balances, {});
        if (view.error) throw new Error(view.error);
      });
      return { t, views };
    };
    return once;
  };
  const many = await profile(150);
  const few = await profile(15);
  let views = 0;
  const out = await interleave(
    async () => {
      const r = await many();
      views = Math.max(views, r.views);
      return r.t;
    },
    async () => (await few()).t,
    { runs: 30, warmup: 3 },
  );
  return [
    {
      name: 'Home balances, 150 tokens: mt_batch_balance_of calls',
      kind: 'scale',
      value: views,
      unit: 'calls',
      // The whole list is one view call (src/background/wallet/balances.ts, BATCH).
      budget: 1,
      note: `Home balances (wallet_balances): 150 tokens ${ms(median(out.ours), 2)} in ${views} view calls of ≤ ${BATCH} tokens asked at once, 15 tokens ${ms(median(out.base), 2)} (medians of ${out.ours.length} interleaved, simulator's verifier over HTTP)`,
    },
    // Ten times the tokens for at most three times the time: the list goes in batches, never a call per token.
    { name: 'Home balances time, 150 ÷ 15 tokens', kind: 'scale', value: round(out.ratio), unit: '×', budget: 3 },
  ];
}

/**
 * The approval queue as the background stores it (storage.session `approvals`) with `waiting` connect
 * requests from as many sites, made by the background itself; the Chromium rows seed it.
 */
export async function waitingApprovals(waiting: number): Promise<unknown> {
  // Each site asks a minute after the one before: the per-minute limits (src/background/page/rateLimits.ts)
  // refuse more than 30 approvals a minute.
  const clock: Clock = { now: Date.now() - waiting * 61_000 };
  const env = backgroundEnv(clock);
  const session = memoryArea();
  env.storage = { local: memoryArea(), session };
  const bg = startBackground(env);
  for (let i = 0; i < waiting; i++) {
    clock.now += 61_000;
    const origin = `https://site${i}.example`;
    const reply = await bg.route(
      { type: 'request', method: METHODS.requestAccounts },
      { url: `${origin}/`, origin, frameId: 0, tab: { id: 100 + i } },
    );
    if (reply.ok !== 'deferred') throw new Error(`request ${i} was not queued: ${JSON.stringify(reply)}`);
  }
  const state = session.data.get('approvals') as { items: unknown[] };
  if (state.items.length !== waiting || waiting > QUEUE_BOUNDS.total)
    throw new Error(`${state.items.length} requests queued, not ${waiting}`);
  return { ...state, windowId: null };
}

export const scaleBackgroundRows: RowProducer = async () => {
  const { sim, clock } = await simWithClock();
  try {
    return [...(await trackerRows(sim, clock)), ...(await balanceRows(sim, clock))];
  } finally {
    await sim.close();
  }
};
