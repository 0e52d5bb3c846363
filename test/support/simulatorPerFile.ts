// The simulator a test file shares: started on a free port before the file's first test, with a clock
// that moves only when a test moves it (docs/architecture.md, "The simulator's clock"), and closed after the
// file's last test. The one home of what each simulator-backed test file used to write out by hand.
import { afterAll, beforeAll } from 'vitest';
import type { SimConfig } from '../../src/sim/config';
import { type RunningSimulator, startSimulator } from '../../src/sim/server';

/**
 * Registers the file's start and close of a simulator and returns what stands for it: the running
 * simulator from the file's first hook on. Read at a module's top level, before it started, it throws.
 */
export function simulatorPerFile(config: Omit<Partial<SimConfig>, 'port' | 'clock'> = {}): RunningSimulator {
  let running: RunningSimulator | undefined;
  beforeAll(async () => {
    running = await startSimulator({ ...config, port: 0, clock: 'manual' });
  });
  afterAll(() => running?.close());
  return new Proxy({} as RunningSimulator, {
    get(_target, key) {
      if (!running)
        throw new Error(`the simulator was read (${String(key)}) before it started: read it in a test or hook`);
      return Reflect.get(running, key);
    },
  });
}

/** The simulator's clock as the background reads one (`now`, in ms): moving the simulator's moves it. */
export function clockOf(sim: RunningSimulator): { readonly now: number } {
  return {
    get now() {
      return sim.clock.nowMs();
    },
  };
}
