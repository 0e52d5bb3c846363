// @ts-check
/**
 * Stryker, one mutation group per run (docs/testing.md, "Mutation testing"). `npm run mutation` runs
 * the four groups one after the other through test/mutation/run.ts, which sets MUTATION_GROUP; a
 * single group: `MUTATION_GROUP=signing npx stryker run stryker.config.mjs`.
 */
import { readFileSync } from 'node:fs';

/**
 * Each group's files and the score under which its run fails (thresholds.break). The core and the
 * vault hold the cryptography and the protocol rules, so they are held higher than the services.
 * @type {Record<string, { mutate: string[], break: number }>}
 */
const GROUPS = JSON.parse(readFileSync(new URL('./test/mutation/groups.json', import.meta.url), 'utf8'));
const name = process.env.MUTATION_GROUP ?? '';
const group = Object.hasOwn(GROUPS, name) ? GROUPS[name] : undefined;
if (!group) throw new Error(`MUTATION_GROUP must be one of ${Object.keys(GROUPS).join(', ')}, not "${name}"`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: group.mutate,
  coverageAnalysis: 'perTest',
  // Static mutants (module-level values: token tables, patterns, constants) can only be tested by
  // reloading every module and running every test of the group once per mutant: in core alone that is
  // a third of the mutants and 96 % of the time (about a day at concurrency 2). They are left out of
  // the score and reported as ignored; the values themselves are held by the tests that read them.
  ignoreStatic: true,
  // The machine that runs this is shared; two workers at most.
  concurrency: 2,
  // Reruns test only the mutants whose code or covering tests changed since the committed result.
  incremental: true,
  incrementalFile: `test/mutation/incremental/${name}.json`,
  thresholds: { high: 90, low: group.break, break: group.break },
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 20_000,
  // The background groups' initial run starts a simulator per file; on a loaded machine it takes minutes.
  dryRunTimeoutMinutes: 20,
};
