import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import unitConfig from './vitest.config';

/**
 * The tests Stryker runs against mutants (docs/testing.md, "Mutation testing"). One group per run,
 * named by MUTATION_GROUP (test/mutation/groups.ts): the pure core and vault are killed by their own
 * tests; the approval service and the signer are mostly reached through a started background, so their
 * groups add the background tests that drive them (each starts a simulator), not all of them: the
 * whole background tier overruns Stryker's initial run on a shared machine. e2e never runs here.
 */
const TESTS: Record<string, string[]> = {
  // chainAddress.ts is held by the address checks' tests, which call it through src/ui/addresses.ts.
  core: ['test/unit/core/**/*.test.ts', 'test/unit/ui/addresses.unit.test.ts'],
  vault: ['test/unit/vault/**/*.unit.test.ts'],
  approvals: [
    'test/unit/background/approvals/**/*.test.ts',
    'test/unit/background/{provider,pageSecurity,networks,accountRemoval}.int.test.ts',
  ],
  signing: [
    'test/unit/background/signing/**/*.test.ts',
    'test/unit/background/approvals/**/*.test.ts',
    'test/unit/background/{wallet,networks,provider,send,passkeySigning,passkeyKeyChanges,swapPayment}.int.test.ts',
    'test/unit/background/passkeyAssertion.unit.test.ts',
  ],
};

const group = process.env.MUTATION_GROUP ?? '';
// MUTATION_TESTS (comma-separated globs) narrows a quick look at a few files' mutants (docs/testing.md).
const include = process.env.MUTATION_TESTS?.split(',') ?? TESTS[group];
if (!include) throw new Error(`MUTATION_GROUP must be one of ${Object.keys(TESTS).join(', ')}, not "${group}"`);

export default defineConfig({
  plugins: [WxtVitest()],
  // The same setup as `npm run test:unit` (the browser's i18n in Node), so the tests see what they see there.
  test: { include, environment: 'node', setupFiles: unitConfig.test?.setupFiles, testTimeout: 30_000 },
});
