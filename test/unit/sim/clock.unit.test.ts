// The simulator's clock (docs/architecture.md, "The simulator's clock"): the real one follows real time
// plus what /dev/clock/advance added; the manual one, the tests', stands still however much real time
// passes, and a data file brings each back as it was.
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../src/sim/clock';
import { configFromArgs, DEFAULT_CONFIG } from '../../../src/sim/config';

/** A stand-in for Date.now that the test moves. */
const realTime = (start: number) => {
  const t = { now: start };
  return { t, read: () => t.now };
};

describe('the simulator clock', () => {
  it('real: follows real time, plus every advance', () => {
    const { t, read } = realTime(1_000_000);
    const clock = new SimClock('real', read);
    expect(clock.nowMs()).toBe(1_000_000);
    t.now += 700;
    expect(clock.nowMs()).toBe(1_000_700);
    clock.advance(5_000);
    expect(clock.nowMs()).toBe(1_005_700);
    expect(clock.offset).toBe(5_000);
  });

  it('manual: starts at the real time of its start and moves only when told', () => {
    const { t, read } = realTime(2_000_000);
    const clock = new SimClock('manual', read);
    t.now += 60_000;
    expect(clock.nowMs()).toBe(2_000_000);
    clock.advance(200);
    t.now += 60_000;
    expect(clock.nowMs()).toBe(2_000_200);
    expect(clock.now().toISOString()).toBe(new Date(2_000_200).toISOString());
  });

  it('only moves forward', () => {
    const clock = new SimClock('manual', () => 0);
    expect(() => clock.advance(-1)).toThrow(/only moves forward/);
    expect(() => clock.advance(Number.NaN)).toThrow(/only moves forward/);
    expect(clock.nowMs()).toBe(0);
  });

  it('restored from a data file: the real clock keeps its offset, the manual one stands where it stood', () => {
    const { t, read } = realTime(3_000_000);
    const before = new SimClock('manual', read);
    before.advance(1_234);
    const saved = before.state();
    expect(saved).toEqual({ offsetMs: 1_234, nowMs: 3_001_234 });
    t.now += 3_600_000; // down for an hour
    const manual = new SimClock('manual', read);
    manual.restore(saved);
    expect(manual.nowMs()).toBe(3_001_234);
    expect(manual.offset).toBe(1_234);
    const real = new SimClock('real', read);
    real.restore(saved);
    expect(real.nowMs()).toBe(t.now + 1_234);
    // A file written before the time was kept: the manual clock starts from real time plus the offset.
    const old = new SimClock('manual', read);
    old.restore({ offsetMs: 1_234 });
    expect(old.nowMs()).toBe(t.now + 1_234);
  });

  it('delay: the real clock waits, the manual one answers at once', async () => {
    const manual = new SimClock('manual');
    let done = false;
    const waiting = manual.delay(60_000).then(() => (done = true));
    await Promise.resolve();
    await waiting;
    expect(done).toBe(true);
    // The real clock's delay is a timer: not resolved in the same turn.
    let realDone = false;
    void new SimClock('real').delay(1).then(() => (realDone = true));
    await Promise.resolve();
    expect(realDone).toBe(false);
  });

  it('the dev simulator runs on real time; --clock or SIM_CLOCK chooses, and nothing else is taken', () => {
    expect(DEFAULT_CONFIG.clock).toBe('real');
    expect(configFromArgs([], {}).clock).toBe('real');
    expect(configFromArgs(['--clock', 'manual'], {}).clock).toBe('manual');
    expect(configFromArgs([], { SIM_CLOCK: 'manual' }).clock).toBe('manual');
    expect(() => configFromArgs(['--clock', 'frozen'], {})).toThrow(/clock must be real or manual/);
  });
});
