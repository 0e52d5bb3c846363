// Reliability: the simulator killed and restarted with its data file mid-swap, and the
// background's tracker still brings the swap to SUCCESS. The background runs as the extension starts it
// (WXT's fake browser, real HTTP); the simulator keeps its state in a data file in a temp dir.
// 1. In process: close the simulator after the deposit was seen, start a new one on the same port with
//    the same data file (close() writes nothing more: what survives is what was committed on disk).
// 2. A real kill: the simulator's CLI as a child process, SIGKILLed right after the deposit was
//    acknowledged and before the swap finished, restarted from the same file.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { TIMING_PRESETS } from '../../../src/sim/config';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { type Background, backgroundEnv, type Clock, call, PASSWORD, useSimulator } from '../background/harness';
import {
  deposit,
  dev,
  expectHistoryWellFormed,
  expectSwapsKept,
  fireSwapAlarm,
  getSwap,
  swapParams,
  TIMING,
} from './helpers';

const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'reliability-sim-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => fakeBrowser.reset());

describe('the simulator restarted from its data file mid-swap', () => {
  let sim: RunningSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('closed after the deposit was seen, started again on the same port: the tracker reaches SUCCESS', async () => {
    const dataFile = path.join(tmp, 'in-process.json');
    sim = await startSimulator({ port: 0, clock: 'manual', dataFile, timing: TIMING });
    const port = Number(new URL(sim.url).port);
    // The background's clock is the simulator's (a manual clock stands again where the data file says it
    // stood), plus the time the background sees pass while the simulator is down.
    let clockSim: RunningSimulator = sim;
    let down = 0;
    const clock: Clock = {
      get now() {
        return clockSim.sim.ctx.clock.nowMs() + down;
      },
    };
    const bg = startBackground(backgroundEnv(clock));
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const advance = async (ms: number) => {
      await dev(clockSim, '/dev/clock/advance', { ms });
      await fireSwapAlarm(bg, clock.now);
    };

    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await deposit(sim, r);
    await advance(TIMING.depositDetectMs);
    expect(await getSwap(bg, r.id)).toMatchObject({ status: 'KNOWN_DEPOSIT_TX', lastError: null });
    const quotePublicKey = sim.quotePublicKey;
    await sim.close();

    // While it is down: checks fail, say so, and lose nothing.
    down += 60_000;
    await fireSwapAlarm(bg, clock.now);
    const failing = await getSwap(bg, r.id);
    expect(failing.status).toBe('KNOWN_DEPOSIT_TX');
    expect(failing.lastError).toMatch(/could not be reached/);
    await expectSwapsKept(bg, { quotePublicKey }, [r]);

    sim = await startSimulator({ port, clock: 'manual', dataFile, timing: TIMING });
    clockSim = sim;
    expect(Number(new URL(sim.url).port)).toBe(port);
    expect(sim.quotePublicKey, 'the same seed: the same quote signer').toBe(quotePublicKey);
    await advance(TIMING.confirmMs);
    expect(await getSwap(bg, r.id)).toMatchObject({ status: 'PROCESSING', lastError: null });
    await advance(TIMING.processMs);
    const done = await getSwap(bg, r.id);
    expect(done).toMatchObject({ status: 'SUCCESS', lastError: null });
    expect(done.statusHistory.map((h) => h.status)).toEqual([
      'PENDING_DEPOSIT',
      'KNOWN_DEPOSIT_TX',
      'PROCESSING',
      'SUCCESS',
    ]);
    expectHistoryWellFormed(done);
    expect(done.swapDetails).toMatchObject({ amountIn: r.request.amount, refundedAmount: '0' });
    await expectSwapsKept(bg, sim, [r]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});

interface SimProcess {
  child: ChildProcess;
  url: string;
  quotePublicKey: string;
  busApiKey: string;
}

/**
 * `npm run sim` as a child process (fast timing, the manual clock), once it printed where it listens.
 * Port 0 lets the system choose (no race for a port picked beforehand); a restart asks for the port it
 * had. No deadline of its own: a simulator that never starts fails the test at its timeout.
 */
async function spawnSim(port: number, dataFile: string): Promise<SimProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/sim/cli.ts',
      '--port',
      String(port),
      '--data',
      dataFile,
      '--timing',
      'fast',
      '--clock',
      'manual',
    ],
    {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (/clock\s+manual/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}): ${err}`)));
  });
  const field = (name: string) => new RegExp(`${name}\\s+(\\S+)`).exec(out)![1]!;
  const url = /simulator on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
  return { child, url, quotePublicKey: field('quote signer'), busApiKey: field('bus API key') };
}

describe('the simulator process killed (SIGKILL) and restarted mid-swap', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  // Two starts of the CLI (tsx compiles it each time) on a busy machine: more than the default timeout.
  it('the deposit it acknowledged survives; the tracker reaches SUCCESS on the restarted one', {
    timeout: 60_000,
  }, async () => {
    const dataFile = path.join(tmp, 'killed.json');
    const first = await spawnSim(0, dataFile);
    children.push(first.child);
    // The tracker's clock is the test's: each alarm is fired by hand a check later.
    const clock = { now: Date.now() };
    const bg: Background = startBackground(backgroundEnv(clock));
    await useSimulator(bg, first.url, first.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(Date.now()));
    const acknowledged = await deposit(first as unknown as RunningSimulator, r);
    expect(acknowledged.txHash).toEqual(expect.any(String));
    // Killed at once: its clock has not moved, so the swap is not finished.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const onDisk = JSON.parse(readFileSync(dataFile, 'utf8')) as { slices: Record<string, unknown> };
    expect(JSON.stringify(onDisk.slices), 'the acknowledged deposit is on disk').toContain(String(acknowledged.txHash));

    clock.now += 5_000;
    await fireSwapAlarm(bg, clock.now);
    const down = await getSwap(bg, r.id);
    expect(down).toMatchObject({ status: 'PENDING_DEPOSIT', lastError: expect.stringMatching(/could not be reached/) });

    const second = await spawnSim(Number(new URL(first.url).port), dataFile);
    expect(second.url).toBe(first.url);
    children.push(second.child);
    expect(second.quotePublicKey).toBe(first.quotePublicKey);
    // The restarted simulator's clock stands where it stood: the deposit is not detected yet. Moved on by
    // the fast timing's three steps, it finishes the swap; the next check (past any backoff) sees SUCCESS.
    const check = async () => {
      clock.now += 60_000;
      await fireSwapAlarm(bg, clock.now);
      return getSwap(bg, r.id);
    };
    expect(await check()).toMatchObject({ status: 'PENDING_DEPOSIT', lastError: null });
    const { depositDetectMs, confirmMs, processMs } = TIMING_PRESETS.fast;
    await dev(second as unknown as RunningSimulator, '/dev/clock/advance', {
      ms: depositDetectMs + confirmMs + processMs,
    });
    expect((await check()).status).toBe('SUCCESS');
    const done = await getSwap(bg, r.id);
    expect(done).toMatchObject({ status: 'SUCCESS', lastError: null });
    expectHistoryWellFormed(done);
    expect(done.swapDetails?.originChainTxHashes.map((t) => t.hash)).toEqual([acknowledged.txHash]);
    await expectSwapsKept(bg, second, [r]);
  });
});
