// Shared by the reliability suite (unit tier; ): the background as the extension starts it, on
// WXT's fake browser with real HTTP to the simulator (test/unit/background/harness.ts), plus the
// simulator's dev controls, a swap request that the simulator accepts, and a whole-storage snapshot.
import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { SWAP, type SwapRecordView, TERMINAL_STATUSES } from '../../../src/api/swapApi';
import { storedTrackSchema, type Track } from '../../../src/background/swaps/records';
import { SWAP_ALARM } from '../../../src/background/swaps/tracker';
import type { RunningSimulator } from '../../../src/sim/server';
import { type Background, call, ONE_NEAR } from '../background/harness';

export { ONE_NEAR, USDC, WNEAR } from '../background/harness';
/** Long steps so each status can be seen between clock moves (the simulator's clock is moved by hand). */
export const TIMING = {
  depositDetectMs: 10_000,
  confirmMs: 20_000,
  processMs: 30_000,
  busStepMs: 200,
  solverLatencyMs: 5,
};

export async function dev(sim: RunningSimulator, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

export const clearFaults = (sim: RunningSimulator) =>
  fetch(`${sim.url}/dev/faults`, { method: 'DELETE' }).then((r) => r.body?.cancel());

export { swapParams } from '../background/harness';

export const deposit = (sim: RunningSimulator, r: SwapRecordView, amount: bigint = ONE_NEAR) =>
  dev(sim, '/dev/deposit', {
    depositAddress: r.depositAddress,
    amount: String(amount),
    ...(r.depositMemo ? { memo: r.depositMemo } : {}),
  });

/** Fires the tracker's alarm as the browser would and waits for its work. */
export async function fireSwapAlarm(_bg: Background, now: number): Promise<void> {
  await fakeBrowser.alarms.onAlarm.trigger({
    name: SWAP_ALARM,
    scheduledTime: now,
    periodInMinutes: undefined,
  } as never);
}

/** The tracker's schedule as stored (the index of unfinished swaps). */
export async function trackOf(bg: Background): Promise<Track> {
  const v = await bg.local.read('swapTrack', storedTrackSchema);
  return v === undefined ? [] : Array.isArray(v) ? v : v.items;
}

/** When the tracker's alarm is due (ms since epoch), or undefined when tracking stopped. */
export const swapAlarmAt = async () => (await fakeBrowser.alarms.get(SWAP_ALARM))?.scheduledTime;

export const getSwap = (bg: Background, id: string) => call<SwapRecordView>(bg, SWAP.get, { id });

/** Every record a swap needs to be kept: listed once, stored once, its signed quote response intact and verifying. */
export async function expectSwapsKept(
  bg: Background,
  sim: { quotePublicKey: string },
  expected: SwapRecordView[],
): Promise<SwapRecordView[]> {
  const ids = (await bg.local.read('swapIds', z.array(z.string()))) ?? [];
  expect(ids, 'the swap index holds each id exactly once').toEqual([...new Set(ids)]);
  expect([...ids].sort()).toEqual(expected.map((r) => r.id).sort());
  const listed = await Promise.all(ids.map((id) => getSwap(bg, id)));
  // The in-progress list is the tracker's schedule, each swap once, and only unfinished ones.
  const inProgress = (await call<SwapRecordView[]>(bg, SWAP.list)).map((r) => r.id);
  expect(inProgress.sort()).toEqual([...new Set((await trackOf(bg)).map((t) => t.id))].sort());
  for (const id of inProgress) expect(TERMINAL_STATUSES).not.toContain(listed.find((r) => r.id === id)?.status);
  // Each record stored once, under its sealed name, and no other sealed record beyond the index, the schedule and the wallet's own.
  const names = await Promise.all(expected.map((r) => bg.local.storedName(`swap:${r.id}`)));
  const stored = await fakeBrowser.storage.local.get(names);
  expect(Object.keys(stored).sort()).toEqual([...names].sort());
  for (const r of expected) {
    const now = listed.find((l) => l.id === r.id)!;
    expect(now.quoteResponseJson, 'the quote response is kept byte for byte').toBe(r.quoteResponseJson);
    expect(now).toMatchObject({
      depositAddress: r.depositAddress,
      depositMemo: r.depositMemo,
      createdAt: r.createdAt,
      request: r.request,
    });
    expect(verifyQuoteSignature(JSON.parse(now.quoteResponseJson), sim.quotePublicKey)).toBe(true);
  }
  return listed;
}

/** A status history as the tracker must keep it: from PENDING_DEPOSIT at creation, no status twice in a row, in time order. */
export function expectHistoryWellFormed(r: SwapRecordView): void {
  const h = r.statusHistory;
  expect(h[0]).toEqual({ status: 'PENDING_DEPOSIT', at: r.createdAt });
  for (let i = 1; i < h.length; i++) {
    expect(h[i]!.status).not.toBe(h[i - 1]!.status);
    expect(h[i]!.at).toBeGreaterThanOrEqual(h[i - 1]!.at);
  }
  expect(h.at(-1)!.status).toBe(r.status);
}

/** The raw bytes of every key of a storage area, as JSON text (for "unchanged" checks). */
export async function snapshot(area: {
  get(keys: null): Promise<Record<string, unknown>>;
}): Promise<Record<string, string>> {
  const all = await area.get(null);
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, JSON.stringify(v)]));
}
