// A long swap history for the scale rows: real swaps started through the background against the
// simulator (tracked, as a user's unfinished swaps are), and older finished ones made from one real
// finished record (a swap followed to SUCCESS on the simulator), each with its own id, deposit address
// and time. Also an in-memory storage area with chrome.storage's semantics (values copied in and out),
// so two backgrounds with different histories can run side by side in one Node process.
import { randomBytes } from 'node:crypto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { type QuoteParams, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import type { StorageAreaLike } from '../../../src/background/kv';
import { SEALED_MARKER } from '../../../src/background/sealedRecords';
import { startBackground } from '../../../src/background/start';
import { SWAP_ALARM } from '../../../src/background/swaps/tracker';
import type { RunningSimulator } from '../../../src/sim/server';
import {
  type Background,
  backgroundEnv,
  type Clock,
  call,
  ONE_NEAR,
  PASSWORD,
  swapParams,
  useSimulator,
} from '../../unit/background/harness';

export const TRACKED = 200;
const hexOf = (bytes: number) => randomBytes(bytes).toString('hex');

/** The tests' swap request (../../unit/background/harness), to `recipient`. */
export const swapTo = (now: number, recipient = 'bob.near'): QuoteParams => swapParams(now, { recipient });

export function memoryArea(): StorageAreaLike & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    async get(keys) {
      const wanted = keys === null || keys === undefined ? [...data.keys()] : [keys].flat();
      return Object.fromEntries(wanted.filter((k) => data.has(k)).map((k) => [k, structuredClone(data.get(k))]));
    },
    async set(items) {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      for (const k of [keys].flat()) data.delete(k);
    },
  };
}

async function dev(sim: RunningSimulator, route: string, body: unknown): Promise<void> {
  const res = await fetch(`${sim.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
}

/** One swap followed to SUCCESS on the simulator (whose clock this moves), as the tracker stored it. */
export async function finishedSwap(sim: RunningSimulator, clock: Clock): Promise<SwapRecordView> {
  fakeBrowser.reset();
  const bg = startBackground(backgroundEnv(clock));
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const r = await call<SwapRecordView>(bg, SWAP.start, swapTo(clock.now));
  await dev(sim, '/dev/deposit', { depositAddress: r.depositAddress, amount: ONE_NEAR.toString() });
  for (let i = 0; i < 20; i++) {
    await dev(sim, '/dev/clock/advance', { ms: 30_000 });
    await fakeBrowser.alarms.onAlarm.trigger({
      name: SWAP_ALARM,
      scheduledTime: clock.now,
      periodInMinutes: undefined,
    } as never);
    const now = await call<SwapRecordView>(bg, SWAP.get, { id: r.id });
    if (now.status === 'SUCCESS') {
      fakeBrowser.reset();
      return now;
    }
  }
  throw new Error('the simulator did not finish the template swap');
}

/**
 * `count` finished swaps made from `template`, one a minute, the newest a minute before `before`,
 * oldest first (the order `swapIds` keeps).
 */
export function olderSwaps(template: SwapRecordView, count: number, before: number): SwapRecordView[] {
  return Array.from({ length: count }, (_, i) => {
    const createdAt = before - (count - i) * 60_000;
    const shift = createdAt - template.createdAt;
    return {
      ...structuredClone(template),
      id: hexOf(8),
      createdAt,
      depositAddress: hexOf(32),
      statusHistory: template.statusHistory.map((h) => ({ ...h, at: h.at + shift })),
      checkedAt: template.checkedAt === null ? null : template.checkedAt + shift,
    };
  });
}

/** Starts `n` real swaps through the background (each one tracked from then on); returns them oldest first. */
export async function startSwaps(bg: Background, clock: Clock, n: number): Promise<SwapRecordView[]> {
  const out: SwapRecordView[] = [];
  for (let i = 0; i < n; i++)
    out.push(await call<SwapRecordView>(bg, SWAP.start, swapTo(clock.now, i % 2 ? 'bob.near' : 'carol.near')));
  return out;
}

/** Stores `older` before the swaps already in `bg`'s storage (`swapIds` in time order), sealed as the background seals them. */
export async function withOlder(bg: Background, older: SwapRecordView[]): Promise<void> {
  const ids = (await bg.local.read('swapIds', z.array(z.string()))) ?? [];
  for (let i = 0; i < older.length; i += 100)
    await Promise.all(older.slice(i, i + 100).map((r) => bg.local.write(`swap:${r.id}`, r)));
  await bg.local.write('swapIds', [...older.map((r) => r.id), ...ids]);
}

/**
 * The storage.local items a browser profile is seeded with: `older` as an earlier version stored swaps
 * (in the clear, under their own names) before the swaps `tracked` already there, and no marker that
 * every record is sealed, so the wallet's next worker seals them all under their stored names, the index
 * `swapIds` (older first, then the tracked ones) taking the place of the one it keeps now.
 */
export function legacySeed(
  older: SwapRecordView[],
  tracked: readonly string[],
): { items: Record<string, unknown>[]; remove: string[] } {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < older.length; i += 500)
    items.push(Object.fromEntries(older.slice(i, i + 500).map((r) => [`swap:${r.id}`, r])));
  items.push({ swapIds: [...older.map((r) => r.id), ...tracked] });
  return { items, remove: [SEALED_MARKER] };
}
