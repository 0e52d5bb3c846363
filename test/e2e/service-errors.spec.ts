// A service that fails reaches a main screen as a plain sentence and Retry (src/core/errorText.ts,
// src/ui/call.ts): the simulator answers 500 (its fault injection, src/sim/faults.ts) to the swap
// service's quotes and to the ledger RPC behind the balances; the person reads what failed in the
// glossary's words, never the server's text (it sits folded under "Details"), and Retry, once the fault
// is cleared, brings the quote and the balances.
import type { Page } from '@playwright/test';
import { SIMULATOR_PATHS } from '../../src/core/simulatorInfo';
import type { RunningSimulator } from '../../src/sim/server';
import { launchExtension } from './fixtures';
import { dev, expect, openSwap, pick, test } from './sim';

const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WNEAR = 'nep141:wrap.near';
/** More 500s than the client's retries (core/http.ts DEFAULT_RETRY_POLICY): the failure reaches the screen. */
const MANY = 50;
const TIMEOUT = 20_000;

async function clearFaults(sim: RunningSimulator): Promise<void> {
  const res = await fetch(`${sim.url}/dev/faults`, { method: 'DELETE' });
  expect(res.ok).toBe(true);
}

/** The failure box shows `sentence` and Retry, and no server text, status or JSON outside its folded Details. */
async function expectPlainFailure(page: Page, testid: string, sentence: string): Promise<void> {
  const box = page.getByTestId(testid);
  await expect(box).toBeVisible({ timeout: TIMEOUT });
  const seen = await box.evaluate((el) => (el as HTMLElement).innerText);
  expect(seen).toContain(sentence);
  expect(seen).not.toMatch(/injected fault|Internal server error|\b500\b|HTTP|[{}]/);
  await expect(page.getByTestId(`${testid}-retry`)).toBeVisible();
  // The server's words are kept, folded, for whoever wants them.
  await expect(page.getByTestId(`${testid}-details`)).toBeHidden();
  await box.getByText('Details').click();
  await expect(page.getByTestId(`${testid}-details`)).toContainText('Internal server error (injected fault)');
}

test('a quote the swap service fails reads in plain words; Retry brings it once the service answers', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await openSwap(page, extension, sim);
    await pick(page, 'origin', 'usdc eth', USDC);
    await pick(page, 'destination', 'wrap.near', WNEAR);
    await dev(sim, '/dev/faults', { kind: '500', count: MANY, pathPrefix: '/v0/quote' });
    await page.getByTestId('swap-amount').fill('25');
    await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'error', { timeout: TIMEOUT });
    await expectPlainFailure(
      page,
      'swap-quote-error',
      'No quote. The swap service had a problem on its side. Your funds are safe.',
    );

    await clearFaults(sim);
    await page.getByTestId('swap-quote-error-retry').click();
    await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: TIMEOUT });
    await expect(page.getByTestId('swap-quote-error')).toHaveCount(0);
  } finally {
    await clearFaults(sim);
    await close();
  }
});

test('balances the network cannot read say so in plain words; Retry reads them once it answers', async ({ sim }) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await openSwap(page, extension, sim);
    await dev(sim, '/dev/faults', { kind: '500', count: MANY, pathPrefix: SIMULATOR_PATHS.ledgerRpc });
    await page.getByTestId('nav-home').click();
    await expectPlainFailure(
      page,
      'home-error',
      'Your balances could not be read. The network had a problem on its side. Your funds are safe.',
    );

    await clearFaults(sim);
    await page.getByTestId('home-error-retry').click();
    await expect(page.getByTestId('home-error')).toHaveCount(0, { timeout: TIMEOUT });
    await expect(page.getByTestId('home-total')).toHaveAttribute('data-stale', 'false');
  } finally {
    await clearFaults(sim);
    await close();
  }
});
