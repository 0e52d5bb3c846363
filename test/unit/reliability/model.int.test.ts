// Reliability, model-based: random sequences of what pages, the person, the browser and the network do
// (./model/commands.ts), run against the real background on the fake browser and the real simulator
// over HTTP (manual clock), with the invariants of ./model/model.ts checked after every step. fast-check
// shrinks a failing sequence to a short one; shrunk sequences it found are kept as named regression
// tests (queueRaces.unit.test.ts beside the queue, and below).
//
// CI runs MODEL_RUNS sequences (20 sequences of up to 25 steps, about 20 s on a 2-core machine); `npm run chaos` runs CHAOS_RUNS
// (default 2000) and prints the figures: sequences, steps, faults injected, invariants checked.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../../src/sim/server';
import { startSimulator } from '../../../src/sim/server';
import { clearFaults, TIMING } from './helpers';
import { commands } from './model/commands';
import { figures, Model } from './model/model';
import { makeSeed, type Seed, World } from './model/world';

const CHAOS = process.env.CHAOS_RUNS !== undefined;
const RUNS = CHAOS ? Number(process.env.CHAOS_RUNS) : 20;
const STEPS = CHAOS ? 40 : 25;

let sim: RunningSimulator;
let seed: Seed;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual', timing: TIMING });
  seed = await makeSeed(sim);
  if (process.env.MODEL_TRACE) process.stderr.write('seeded\n');
}, 60_000);
afterAll(async () => {
  await sim.close();
  console.log(report());
});
afterEach(() => clearFaults(sim));

const report = () =>
  `model-based run: ${figures.sequences} sequences, ${figures.steps} steps, ${figures.faults} faults injected, ${figures.invariants} invariants checked`;

async function runSequence(cmds: Iterable<fc.AsyncCommand<Model, Model>>): Promise<void> {
  await clearFaults(sim);
  const world = new World(sim, seed);
  await world.start();
  const model = new Model(world);
  await model.init();
  figures.sequences += 1;
  // A long run says how far it got (the figures so far), every 25 sequences.
  if (CHAOS && figures.sequences % 25 === 0) process.stderr.write(`${report()}\n`);
  await fc.asyncModelRun(() => ({ model, real: model }), cmds);
}

describe('the background under any sequence of steps', () => {
  it(
    `keeps every invariant over ${RUNS} sequences of up to ${STEPS} steps`,
    async () => {
      await fc.assert(
        fc.asyncProperty(commands(STEPS), (cmds) => runSequence(cmds)),
        {
          numRuns: RUNS,
          endOnFailure: !CHAOS,
          verbose: 1,
          ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED) } : {}),
        },
      );
      expect(figures.steps).toBeGreaterThan(0);
    },
    CHAOS ? 24 * 3600_000 : 120_000,
  );
});
