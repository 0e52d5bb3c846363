import { defineConfig } from '@playwright/test';

// End-to-end tests: the built extension (.output/chrome-mv3) in Debian's Chromium.
// The launch itself lives in test/e2e/fixtures.ts (see docs/decisions.md, "Toolchain versions").
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // Not test-results/ itself: Playwright empties its outputDir, and unit.json lives there.
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
});
