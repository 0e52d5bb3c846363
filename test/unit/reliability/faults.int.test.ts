// Reliability, faults: the simulator's fault injection (POST /dev/faults) answers 429, 500
// or holds requests on the swap-service paths (/v0/quote, /v0/status) while the background — started as
// the extension starts it, on WXT's fake browser with real HTTP — starts and tracks swaps. Every swap
// record is kept (none lost, none duplicated, the signed quote response byte for byte and still
// verifying), lastError says what failed while it fails and is cleared after, and tracking recovers to
// SUCCESS once the faults clear.
//
// Timeouts: the HTTP client's RetryPolicy (HttpDeps.policy, 10 s per attempt) cannot be set through
// BackgroundEnv (start.ts builds `{ fetch, sleep }` itself), and the simulator holds a `timeout` fault
// for 30 s. So this test environment's `fetch` gives up on a request as soon as the simulator says it
// holds it (Faults.onHold), as a stalled connection would, with no wall-clock deadline on the requests
// that are answered: the client sees a network failure (kind `network`, "could not be reached") rather
// than its own `timeout` kind, and retries it the same way (both are retryable in core/http.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { memoryVaultStorage } from '../../../src/vault';
import { type Background, backgroundEnv, type Clock, call, PASSWORD, useSimulator } from '../background/harness';

type VaultStorage = ReturnType<typeof memoryVaultStorage>;

import {
  clearFaults,
  deposit,
  dev,
  expectHistoryWellFormed,
  expectSwapsKept,
  fireSwapAlarm,
  getSwap,
  swapAlarmAt,
  swapParams,
  TIMING,
  trackOf,
} from './helpers';

/** The header by which this test's `fetch` knows its own requests when the simulator holds one. */
const REQUEST_ID = 'x-test-request-id';
let requests = 0;
/** One check is the first attempt and DEFAULT_RETRY_POLICY.retries (3) more. */
const ATTEMPTS_PER_CHECK = 4;

let sim: RunningSimulator;
let clock: Clock;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual', timing: TIMING });
  clock = {
    get now() {
      return sim.sim.ctx.clock.nowMs();
    },
  };
});
afterAll(() => sim.close());
beforeEach(() => fakeBrowser.reset());
afterEach(() => clearFaults(sim));

/**
 * A background pointed at the simulator whose fetch gives up on a held request. With `vaultStorage`
 * it is a restarted worker of that wallet (unlocked, its session in storage.session); without, a new
 * wallet is made (swap records are sealed under its data key).
 */
async function background(restartOf?: VaultStorage): Promise<Background> {
  const vaultStorage = restartOf ?? memoryVaultStorage();
  const env = backgroundEnv(clock, vaultStorage);
  env.fetch = (url, init) => {
    const id = String(++requests);
    const stalled = new AbortController();
    const stop = sim.sim.ctx.faults.onHold((held) => {
      if (held.headers.get(REQUEST_ID) === id) stalled.abort(new TypeError('fetch failed: the connection stalled'));
    });
    const signal = AbortSignal.any([init.signal, stalled.signal]);
    return fetch(url, { ...init, headers: { ...init.headers, [REQUEST_ID]: id }, signal }).finally(stop);
  };
  const bg = startBackground(env);
  if (restartOf) return bg;
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  vaults.set(bg, vaultStorage);
  return bg;
}
const vaults = new WeakMap<Background, VaultStorage>();

const fault = (kind: '429' | '500' | 'timeout', count: number, pathPrefix: string) =>
  dev(sim, '/dev/faults', { kind, count, pathPrefix });
const faultsLeft = () => sim.sim.ctx.faults.list().length;

/**
 * Moves both clocks past every tracked swap's next check and fires the alarm. (Swaps checked in one
 * round may be due at different times: wait for the last one.)
 */
async function nextCheck(bg: Background): Promise<void> {
  expect(await swapAlarmAt(), 'the tracker has an alarm set').toBeDefined();
  const track = await trackOf(bg);
  const wait = Math.max(0, ...track.map((t) => t.due - clock.now));
  if (wait) await dev(sim, '/dev/clock/advance', { ms: wait });
  await fireSwapAlarm(bg, clock.now);
}

describe('swap_start through faults on /v0/quote', () => {
  it('429, 500 and a held request within the retry budget: one record, stored once, its signed quote verifying', async () => {
    const bg = await background();
    await fault('429', 1, '/v0/quote');
    await fault('500', 1, '/v0/quote');
    await fault('timeout', 1, '/v0/quote');
    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    expect(faultsLeft(), 'every injected fault was met').toBe(0);
    expect(r).toMatchObject({ status: 'PENDING_DEPOSIT', lastError: null });
    await expectSwapsKept(bg, sim, [r]);
  });

  it('more faults than retries: a clear error, and no record, address or alarm left behind', async () => {
    const bg = await background();
    const kept = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await fault('500', ATTEMPTS_PER_CHECK, '/v0/quote');
    await expect(call(bg, SWAP.start, swapParams(clock.now))).rejects.toThrow(/Internal server error/);
    await fault('429', ATTEMPTS_PER_CHECK, '/v0/quote');
    await expect(call(bg, SWAP.start, swapParams(clock.now))).rejects.toThrow(/Too many requests/);
    await expectSwapsKept(bg, sim, [kept]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    // Faults gone: the next start works and is the second record, not a third.
    const next = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await expectSwapsKept(bg, sim, [kept, next]);
  });
});

describe('tracking through faults on /v0/status', () => {
  it('keeps every record; lastError while failing (429, 500, held), cleared after; reaches SUCCESS', async () => {
    const bg = await background();
    const swaps: SwapRecordView[] = [];
    for (let i = 0; i < 3; i++)
      swaps.push(await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now, { recipient: `bob${i}.near` })));
    for (const r of swaps) await deposit(sim, r);

    // A fault inside the retry budget is invisible: the check succeeds.
    await fault('429', 1, '/v0/status');
    await fault('500', 1, '/v0/status');
    await dev(sim, '/dev/clock/advance', { ms: TIMING.depositDetectMs });
    await nextCheck(bg);
    expect(faultsLeft()).toBe(0);
    for (const r of swaps)
      expect(await getSwap(bg, r.id)).toMatchObject({ status: 'KNOWN_DEPOSIT_TX', lastError: null });

    // Each kind beyond the budget: every swap's check fails, says why, and keeps its record and place.
    const kinds = [
      ['429', /Too many requests/],
      ['500', /Internal server error/],
      ['timeout', /could not be reached/],
    ] as const;
    let previousGap = 0;
    for (const [kind, message] of kinds) {
      await fault(kind, ATTEMPTS_PER_CHECK * swaps.length, '/v0/status');
      const before = clock.now;
      await nextCheck(bg);
      expect(faultsLeft(), `every ${kind} fault was met`).toBe(0);
      for (const r of swaps) {
        const s = await getSwap(bg, r.id);
        expect(s.lastError, `${kind}: lastError of ${r.id}`).toMatch(message);
        expect(s.status, 'a failed check changes no status').toBe('KNOWN_DEPOSIT_TX');
        expect(s.checkedAt).toBeGreaterThanOrEqual(before);
      }
      expect(await fakeBrowser.action.getBadgeText({})).toBe(String(swaps.length));
      // Backing off: each failure waits longer than the one before.
      const gap = (await swapAlarmAt())! - clock.now;
      expect(gap).toBeGreaterThan(previousGap);
      previousGap = gap;
      await expectSwapsKept(bg, sim, swaps);
    }

    // The faults clear: the next check reports again and clears lastError; tracking goes on to SUCCESS.
    await nextCheck(bg);
    for (const r of swaps) expect((await getSwap(bg, r.id)).lastError).toBeNull();
    for (let i = 0; i < 20 && (await swapAlarmAt()) !== undefined; i++) await nextCheck(bg);
    const done = await expectSwapsKept(bg, sim, swaps);
    for (const r of done) {
      expect(r).toMatchObject({ status: 'SUCCESS', lastError: null });
      expectHistoryWellFormed(r);
      expect(r.statusHistory.map((h) => h.status)).toContain('KNOWN_DEPOSIT_TX');
    }
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(await swapAlarmAt()).toBeUndefined();
  });

  it('a worker restart while failing keeps lastError and the backoff, then recovers', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await deposit(sim, r);
    await fault('500', 100, '/v0/status');
    await nextCheck(bg);
    await nextCheck(bg);
    const failing = await getSwap(bg, r.id);
    expect(failing.lastError).toMatch(/Internal server error/);
    const due = await swapAlarmAt();

    // The worker stops and starts again: a new background on the same storage.
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const again = await background(vaults.get(bg));
    await again.tracking;
    expect(await swapAlarmAt()).toBe(due);
    expect(await getSwap(again, r.id)).toEqual(failing);

    await clearFaults(sim);
    await dev(sim, '/dev/clock/advance', { ms: TIMING.depositDetectMs + TIMING.confirmMs + TIMING.processMs });
    await nextCheck(again);
    const done = await getSwap(again, r.id);
    expect(done).toMatchObject({ status: 'SUCCESS', lastError: null });
    expectHistoryWellFormed(done);
    await expectSwapsKept(again, sim, [r]);
  });
});
