// When a swap goes wrong, the popup says what happened and what to do, each on its own screen, with the
// refund address and the service's reference (the quote's correlation id): no deposit before the
// deadline, an incomplete deposit, a refund, a failure. The simulator produces each status (its dev
// routes: a deposit, a forced outcome); real Chromium, the built extension. Axe runs on each screen.
import type { Page } from '@playwright/test';
import { SWAP } from '../../src/api/swapApi';
import { WALLET } from '../../src/api/walletApi';
import { type RunningSimulator, startSimulator } from '../../src/sim/server';
import { launchExtension } from './fixtures';
import { checkScreen } from './screens';
import { dev, expect, openSwap, pick, test, walletCall } from './sim';

test.describe.configure({ timeout: 90_000 });

const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WNEAR = 'nep141:wrap.near';
const REFUND_ETH = '0xab5801a7d398351b8be11c439e05c5b3259aeccd';
const SWAP_TIMEOUT = 20_000;

async function startUsdcSwap(page: Page): Promise<string> {
  await pick(page, 'origin', 'usdc eth', USDC);
  await pick(page, 'destination', 'wrap.near', WNEAR);
  await page.getByTestId('swap-amount').fill('10');
  await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
  await page.getByTestId('swap-start').click();
  await expect(page.getByTestId('deposit-address')).toBeVisible({ timeout: SWAP_TIMEOUT });
  return (await page.getByTestId('deposit-address').innerText()).trim();
}

/** The quote's correlation id and refund address, read from the signed quote the screen keeps as evidence. */
async function evidence(page: Page): Promise<{ correlationId: string; refundTo: string }> {
  await page.getByTestId('deposit-quote-toggle').click();
  const json = JSON.parse(await page.getByTestId('deposit-quote-json').innerText()) as {
    correlationId: string;
    quoteRequest: { refundTo: string };
  };
  await page.getByTestId('deposit-quote-toggle').click();
  return { correlationId: json.correlationId, refundTo: json.quoteRequest.refundTo };
}

/** The outcome's screen: its words, the refund address and the reference, checked by axe in light and dark. */
async function expectOutcome(page: Page, outcome: string, ref: { correlationId: string; refundTo: string }) {
  const box = page.getByTestId('swap-outcome');
  await expect(box).toHaveAttribute('data-outcome', outcome, { timeout: SWAP_TIMEOUT });
  await expect(page.getByTestId('swap-outcome-todo')).toContainText('What to do');
  await expect(page.getByTestId('swap-outcome-refund-to')).toHaveText(ref.refundTo);
  expect(ref.correlationId).toBeTruthy();
  await expect(page.getByTestId('swap-outcome-reference')).toHaveText(ref.correlationId);
  // The refund and deposit addresses are the point of these screens: shown in full to copy. The account's
  // name is the person's own (the wallet bar shows it).
  const status = await walletCall<{ accounts: { label: string }[] }>(page, WALLET.status);
  await checkScreen(page, `swap-outcome-${outcome}`, 'ids', { shown: status.accounts.map((a) => a.label) });
}

test('an incomplete deposit, a refund and a failure each have their own screen with what to do', async ({ sim }) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await openSwap(page, extension, sim);

    const incomplete = await startUsdcSwap(page);
    const incompleteRef = await evidence(page);
    await dev(sim, '/dev/deposit', { depositAddress: incomplete, amount: '4000000' });
    await page.getByTestId('deposit-refresh').click();
    await expectOutcome(page, 'incomplete', incompleteRef);
    await expect(page.getByTestId('swap-outcome')).toContainText('Only part of the deposit arrived');
    // The way to finish it is still there: the address to top up.
    await expect(page.getByTestId('deposit-missing')).toContainText('6 USDC');

    for (const [forced, outcome, words] of [
      ['NO_LIQUIDITY', 'refunded', 'Your deposit was returned'],
      ['FAILED', 'failed', 'The swap failed'],
    ] as const) {
      await page.getByTestId('deposit-back').click();
      const address = await startUsdcSwap(page);
      const ref = await evidence(page);
      await expect(page.getByTestId('swap-outcome')).toHaveCount(0); // waiting is not a failure
      await dev(sim, '/dev/swap-outcome', { depositAddress: address, outcome: forced });
      await dev(sim, '/dev/deposit', { depositAddress: address, amount: '10000000' });
      await page.getByTestId('deposit-refresh').click();
      await expectOutcome(page, outcome, ref);
      await expect(page.getByTestId('swap-outcome')).toContainText(words);
      await expect(page.getByTestId('deposit-address')).toHaveCount(0); // nothing more to send
    }
    // Activity lists the three with their statuses, readable in both schemes (the warning badge once was not in
    // the dark one).
    await page.getByTestId('deposit-back').click();
    await page.getByTestId('nav-activity').click();
    for (const status of ['INCOMPLETE_DEPOSIT', 'REFUNDED', 'FAILED'])
      await expect(page.locator(`[data-testid="history-row"] [data-status="${status}"]`).first()).toBeVisible({
        timeout: 10_000,
      });
    const { accounts } = await walletCall<{ accounts: { label: string }[] }>(page, WALLET.status);
    await checkScreen(page, 'activity-outcomes', 'plain', { shown: accounts.map((a) => a.label) });
  } finally {
    await close();
  }
});

let fresh: RunningSimulator;
test.beforeAll(async () => {
  // Its own simulator, on real time: the swap's deadline passes as the popup's clock passes it.
  fresh = await startSimulator({ port: 0, seed: 'swap-outcomes-deadline' });
});
test.afterAll(async () => {
  await fresh?.close();
});

test('no deposit before the deadline: the screen says the swap ended and not to send; no deposit address is offered', async () => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    const account = await openSwap(page, extension, fresh);
    const deadline = new Date(Math.max(Date.now(), fresh.clock.nowMs()) + 3000).toISOString();
    const record = await walletCall<{ id: string; request: { refundTo: string } }>(page, SWAP.start, {
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: USDC,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: WNEAR,
      amount: '10000000',
      refundTo: REFUND_ETH,
      refundType: 'ORIGIN_CHAIN',
      recipient: account,
      recipientType: 'INTENTS',
      deadline,
    });
    await page.reload();
    await page.getByTestId('nav-swap').click();
    await page.getByTestId('swap-active-open').first().click();
    const ref = await evidence(page);
    expect(ref.refundTo).toBe(REFUND_ETH);
    await expectOutcome(page, 'expired', ref);
    await expect(page.getByTestId('swap-outcome')).toContainText('No deposit arrived in time');
    await expect(page.getByTestId('swap-outcome-todo')).toContainText('Do not send anything to this deposit address');
    await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'PENDING_DEPOSIT');
    await expect(page.getByTestId('deposit-address')).toHaveCount(0);
    expect(record.request.refundTo).toBe(REFUND_ETH);
  } finally {
    await close();
  }
});
