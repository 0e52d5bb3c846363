import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Two tiers (docs/architecture.md, "Tests"): `*.unit.test.ts` for pure code, `*.int.test.ts` for tests
 * that start a simulator or another server. Pure files are handed out first, so a broken rule of the
 * core fails in seconds, before the slower tier starts.
 */
class PureFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const tier = (f: TestSpecification) => (/\.int\.test\.tsx?$/.test(f.moduleId) ? 1 : 0);
    return [...sorted].sort((a, b) => tier(a) - tier(b));
  }
}

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.{unit,int}.test.{ts,tsx}'],
    environment: 'node',
    // The browser's i18n in Node: the English catalogue (test/support/englishMessages.ts).
    setupFiles: ['test/support/englishMessages.ts'],
    testTimeout: 20_000,
    sequence: { sequencer: PureFirst },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'src/**/*.tsx'],
      exclude: ['src/**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      // The protocol core (docs/protocol.md) keeps at least 90 % line coverage.
      thresholds: { 'src/core/**': { lines: 90 } },
    },
  },
});
