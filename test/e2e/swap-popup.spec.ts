// The popup's swap pages end to end, in real Chromium against the real simulator: a swap
// from quote to SUCCESS with a simulated deposit; a refund with its reason in plain words; an
// INCOMPLETE_DEPOSIT topped up; an INTENTS deposit paid from the vault; history paging, filters,
// detail and CSV. Screenshots of the swap, deposit and history pages go to test-results/screenshots.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodeXAddress } from '../../src/core/chainAddress';
import type { RunningSimulator } from '../../src/sim/server';
import { type Extension, launchExtension, ROOT } from './fixtures';
import { dev, expect, ledgerView, openSwap, pick, test } from './sim';

const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');
const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const XRP = 'nep141:xrp.omft.near';
/** The XRP Ledger's genesis account: a real classic address. */
const XRP_CLASSIC = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const SWAP_TIMEOUT = 20_000;

/** USDC on eth → wNEAR, `amount` USDC, waits for the dry quote. */
async function fillUsdcToNear(page: Page, amount: string): Promise<void> {
  await pick(page, 'origin', 'usdc eth', USDC);
  await pick(page, 'destination', 'wrap.near', 'nep141:wrap.near');
  await page.getByTestId('swap-amount').fill(amount);
  await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
}

async function startSwap(page: Page): Promise<string> {
  await page.getByTestId('swap-start').click();
  await expect(page.getByTestId('deposit-address')).toBeVisible({ timeout: SWAP_TIMEOUT });
  return (await page.getByTestId('deposit-address').innerText()).trim();
}

/** The Swap tab of a new wallet that holds 50 USDC, with the swap-service key (payments through generate-intent). */
async function openSwapHoldingUsdc(page: Page, extension: Extension, sim: RunningSimulator): Promise<void> {
  const account = await openSwap(page, extension, sim, true);
  await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC, amount: '50000000' });
  await page.reload();
  await page.getByTestId('nav-swap').click();
  await expect(page.getByTestId('swap-origin')).toBeFocused({ timeout: 10_000 });
}

const status = (page: Page) => page.getByTestId('deposit-status');

test.describe('swap popup', () => {
  test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));
  test.describe.configure({ timeout: 90_000 });

  test('to an XRP address with a destination tag: the tag field appears for that chain, is checked, and reaches the service inside the recipient', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await openSwap(page, extension, sim);
      await pick(page, 'origin', 'usdc eth', USDC);
      await pick(page, 'destination', 'xrp', XRP);
      await page.getByTestId('swap-amount').fill('25');
      await page.getByTestId('swap-options-toggle').click();
      // To an intents account there is no tag to give.
      await expect(page.getByTestId('swap-recipient-memo')).toHaveCount(0);
      await page.getByTestId('swap-recipient-type').selectOption('DESTINATION_CHAIN');
      await page.getByTestId('swap-recipient').fill(XRP_CLASSIC);
      await page.getByTestId('swap-recipient-memo').fill('12x');
      await expect(page.getByText(/whole number from 0 to 4294967295/)).toBeVisible();
      await page.getByTestId('swap-recipient-memo').fill('77');
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
      await startSwap(page);
      await expect(page.getByTestId('deposit-recipient-memo')).toHaveText('77');
      await page.getByTestId('deposit-quote-toggle').click();
      const evidence = JSON.parse(await page.getByTestId('deposit-quote-json').innerText()) as {
        quoteRequest: { recipient: string };
      };
      expect(evidence.quoteRequest.recipient).toBe(encodeXAddress(XRP_CLASSIC, 77));
    } finally {
      await close();
    }
  });

  test('quote → deposit address → simulated deposit → SUCCESS, step by step', async ({ sim }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await openSwap(page, extension, sim);
      await fillUsdcToNear(page, '25');
      await expect(page.getByTestId('swap-quote-in')).toContainText('25 USDC');
      await expect(page.getByTestId('swap-quote-out')).toContainText('wNEAR');
      await expect(page.getByTestId('swap-fee-notice')).toBeVisible(); // no JWT: 0.2 % fee
      // Too many decimals: the field says why and no quote is asked.
      await page.getByTestId('swap-amount').fill('1.1234567');
      await expect(page.getByText('USDC has 6 decimals; this has 7')).toBeVisible();
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'idle');
      await page.getByTestId('swap-amount').fill('25');
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'swap.png'), fullPage: true });

      const address = await startSwap(page);
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await expect(page.getByTestId('deposit-amount')).toHaveText('25 USDC');
      await expect(page.getByTestId('deposit-qr')).toBeVisible();
      // The QR is an EIP-681 transfer of exactly 25 USDC on chain 1; the address alone on request.
      await expect(page.getByTestId('deposit-qr-holds')).toHaveAttribute('data-standard', 'EIP-681');
      await expect(page.getByTestId('deposit-qr')).toHaveAttribute(
        'aria-label',
        `QR code: ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48@1/transfer?address=${address}&uint256=25000000`,
      );
      await page.getByTestId('deposit-qr-switch').click();
      await expect(page.getByTestId('deposit-qr-holds')).toHaveAttribute('data-standard', 'address');
      await expect(page.getByTestId('deposit-qr')).toHaveAttribute('aria-label', `QR code: ${address}`);
      await expect(status(page)).toHaveAttribute('data-status', 'PENDING_DEPOSIT');
      await expect(page.getByTestId('deposit-inactive')).toContainText('in ');
      await expect(page.getByTestId('deposit-deadline')).toContainText('in ');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'deposit.png'), fullPage: true });

      // The evidence: the stored quote response with its signature.
      await page.getByTestId('deposit-quote-toggle').click();
      const evidence = JSON.parse(await page.getByTestId('deposit-quote-json').innerText()) as {
        signature: string;
        quote: { depositAddress: string };
      };
      expect(evidence.signature).toBeTruthy();
      expect(evidence.quote.depositAddress).toBe(address);

      const { txHash } = (await dev(sim, '/dev/deposit', { depositAddress: address, amount: '25000000' })) as {
        txHash: string;
      };
      await page.getByTestId('deposit-tx-hash').fill(txHash);
      await page.getByTestId('deposit-tx-submit').click();
      await expect(status(page)).toHaveAttribute('data-status', 'SUCCESS', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-steps').locator('li')).toHaveText([/Deposit/, /Processing/, /Done/]);
      expect(
        await page
          .getByTestId('deposit-steps')
          .locator('li')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
      ).toEqual(['done', 'done', 'done']);
      await expect(page.getByTestId('deposit-delivered')).toContainText('wNEAR');
      await expect(page.getByTestId('deposit-origin-txs').locator('a')).toHaveAttribute(
        'href',
        new RegExp(`${txHash}$`),
      );
      await page.screenshot({ path: path.join(SCREENSHOTS, 'deposit-success.png'), fullPage: true });
    } finally {
      await close();
    }
  });

  test('a refund says why in plain words; an incomplete deposit is topped up', async ({ sim }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await openSwap(page, extension, sim);
      await fillUsdcToNear(page, '10');
      const refunded = await startSwap(page);
      await dev(sim, '/dev/swap-outcome', { depositAddress: refunded, outcome: 'NO_LIQUIDITY' });
      await dev(sim, '/dev/deposit', { depositAddress: refunded, amount: '10000000' });
      await page.getByTestId('deposit-refresh').click();
      await expect(status(page)).toHaveAttribute('data-status', 'REFUNDED', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-refund-reason')).toHaveAttribute('data-reason', 'NO_LIQUIDITY');
      await expect(page.getByTestId('deposit-refund-reason')).toContainText('No market maker could fill this swap');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'deposit-refunded.png'), fullPage: true });

      await page.getByTestId('deposit-back').click();
      await expect(page.getByTestId('swap-form')).toBeVisible();
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
      const topped = await startSwap(page);
      await dev(sim, '/dev/deposit', { depositAddress: topped, amount: '4000000' });
      await page.getByTestId('deposit-refresh').click();
      await expect(status(page)).toHaveAttribute('data-status', 'INCOMPLETE_DEPOSIT', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-todo')).toContainText('Send the missing amount');
      await expect(page.getByTestId('deposit-missing')).toContainText('6 USDC');
      await dev(sim, '/dev/deposit', { depositAddress: topped, amount: '6000000', txHash: `0x${'ab'.repeat(32)}` });
      await page.getByTestId('deposit-refresh').click();
      await expect(status(page)).toHaveAttribute('data-status', 'SUCCESS', { timeout: SWAP_TIMEOUT });
    } finally {
      await close();
    }
  });

  test('a held token is swapped from the balance in one review: the button says the situation, the service writes the transfer, the vault signs it, no deposit screen', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      // Only the swap-service key: the payment goes through generate-intent / submit-intent, no bus key.
      await openSwapHoldingUsdc(page, extension, sim);
      // A token the account holds is paid from the balance by default.
      await pick(page, 'origin', 'usdc eth', USDC);
      await pick(page, 'destination', 'wrap.near', 'nep141:wrap.near');
      await expect(page.getByTestId('swap-options-summary')).toContainText('from your balance');
      await page.getByTestId('swap-amount').fill('5000');
      await expect(page.getByTestId('swap-start')).toHaveText('Insufficient USDC');
      await expect(page.getByTestId('swap-start')).toBeDisabled();
      await page.getByTestId('swap-amount').fill('5');
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('swap-start')).toHaveText('Swap');
      await page.getByTestId('swap-start').click();
      // One review, straight from the form: no deposit address, no QR, no "Pay" button to find.
      const dialog = page.getByTestId('deposit-pay-dialog');
      await expect(dialog).toBeVisible({ timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-address')).toHaveCount(0);
      await expect(page.getByTestId('deposit-pay-intents')).toHaveCount(0);
      await expect(page.getByTestId('deposit-pay-route')).toHaveAttribute('data-route', 'service');
      // The approval window's own preview: one transfer to the deposit account, in plain words, and what arrives.
      await expect(dialog.getByTestId('approval-intent')).toHaveCount(1);
      await expect(dialog.getByTestId('approval-intent')).toHaveAttribute('data-type', 'transfer');
      await expect(dialog.getByTestId('review-result').locator('.result-out')).toContainText('5 USDC');
      await expect(dialog.getByTestId('deposit-pay-arrives')).toContainText(/wNEAR arrive in your intents account/);
      // The person's own swap payment: the deposit account named as such, no Danger, no tick.
      await expect(dialog.getByTestId('review-recipient')).toHaveAttribute('data-fact', 'swapDeposit');
      await expect(dialog.locator('[data-level="danger"]')).toHaveCount(0);
      await expect(page.getByTestId('deposit-pay-ack')).toHaveCount(0);
      await page.getByTestId('deposit-pay-confirm').click();
      // Then its progress.
      await expect(page.getByTestId('deposit-paid')).toBeVisible({ timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-address')).toHaveCount(0);
      await expect(status(page)).toHaveAttribute('data-status', 'SUCCESS', { timeout: SWAP_TIMEOUT });
    } finally {
      await close();
    }
  });

  test('from the balance, a refused amount names the minimum in the token, not in smallest units', async ({ sim }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await openSwapHoldingUsdc(page, extension, sim);
      await pick(page, 'origin', 'usdc eth', USDC);
      await pick(page, 'destination', 'wrap.near', 'nep141:wrap.near');
      await page.getByTestId('swap-amount').fill('0.000001');
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'error', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('swap-start')).toHaveText(/^Minimum \d+(\.\d+)? USDC$/);
      await expect(page.getByTestId('swap-start')).toBeDisabled();
      await expect(page.getByTestId('swap-quote-error')).toContainText(
        /too small for this route \(Minimum [\d.]+ USDC\)/,
      );
      await expect(page.getByTestId('swap-quote-error')).not.toContainText(/(?<![\d.])\d{5,}/);
    } finally {
      await close();
    }
  });

  test('ANY_INPUT: no token or amount asked; the deposit view takes any token and lists the payouts', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      // ANY_INPUT is for partners: the swap-service key is needed.
      const account = await openSwap(page, extension, sim, true);
      await page.getByTestId('swap-options-toggle').click();
      await page.getByTestId('swap-advanced').locator('summary').click();
      await page.getByTestId('swap-any-input').check();
      await expect(page.getByTestId('swap-origin')).toHaveCount(0);
      await expect(page.getByTestId('swap-amount')).toHaveCount(0);
      await expect(page.getByTestId('swap-deposit-type')).toHaveCount(0);
      await expect(page.getByTestId('swap-any-input-note')).toContainText('any supported token, any amount');
      await pick(page, 'destination', 'usdc eth', USDC);
      await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('swap-quote-in')).toContainText('any supported token');

      await page.getByTestId('swap-start').click();
      await expect(page.getByTestId('deposit-any-input')).toBeVisible({ timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-any-explain')).toContainText('any supported token, in any amount');
      await expect(page.getByTestId('deposit-pay-intents')).toHaveCount(0);
      const address = (await page.getByTestId('deposit-address').innerText()).trim();
      await expect(page.getByTestId('deposit-payouts-none')).toBeVisible();
      await expect(page.getByTestId('deposit-any-status')).toContainText('does not finish by itself');

      // About $1,150 of wNEAR: converted, and the pool paid out to the account.
      await dev(sim, '/dev/deposit', {
        depositAddress: address,
        amount: (500n * 10n ** 24n).toString(),
        assetId: 'nep141:wrap.near',
      });
      await expect(async () => {
        await page.getByTestId('deposit-refresh').click();
        await expect(page.getByTestId('deposit-payout')).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('deposit-payout')).toHaveAttribute('data-status', 'SUCCESS');
      await expect(page.getByTestId('deposit-payout')).toContainText('USDC paid');
      await expect(page.getByTestId('deposit-status')).not.toHaveAttribute('data-status', /SUCCESS|REFUNDED|FAILED/);
      // Paid to the recipient, the account itself, on the ledger.
      expect(
        BigInt(await ledgerView<string>(sim, 'mt_balance_of', { account_id: account, token_id: USDC })),
      ).toBeGreaterThan(0n);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'deposit-any-input.png'), fullPage: true });
    } finally {
      await close();
    }
  });

  test('history: service rows with a JWT, older rows on scroll, six rows at 360×600, filters in a sheet, detail, CSV', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await page.setViewportSize({ width: 360, height: 600 });
      await dev(sim, '/dev/seed-swaps', { count: 130, testEvery: 0 });
      await openSwap(page, extension, sim, true);
      await page.getByTestId('nav-activity').click();
      await expect(page.getByTestId('history-row').first()).toBeVisible({ timeout: SWAP_TIMEOUT });
      await expect(page.getByTestId('history-count')).toContainText('50 swaps');
      expect(await page.getByTestId('history-row').count()).toBeLessThan(30); // virtualised
      // List first: at least six whole rows inside the popup's 600 px, above the bottom navigation.
      const nav = (await page.locator('.bottom-nav').boundingBox())!;
      const list = (await page.getByTestId('history-list').boundingBox())!;
      const whole = await page.getByTestId('history-row').evaluateAll(
        (rows, bounds) =>
          rows.filter((r) => {
            const b = r.getBoundingClientRect();
            return b.top >= bounds.top && b.bottom <= bounds.bottom;
          }).length,
        { top: list.y, bottom: Math.min(list.y + list.height, nav.y) },
      );
      expect(whole).toBeGreaterThanOrEqual(6);
      await expect(page.getByTestId('history-day')).toHaveText(/\S/);
      // Older rows load as the list reaches its end, appended below the ones shown.
      const firstRow = () => page.locator('[data-testid="history-row"] [data-key]').first();
      const first = (await firstRow().getAttribute('data-key'))!;
      await page.getByTestId('history-list').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect(page.getByTestId('history-count')).toContainText('100 swaps', { timeout: SWAP_TIMEOUT });
      await page.getByTestId('history-list').evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect(firstRow()).toHaveAttribute('data-key', first);

      // Keyboard: the list is one tab stop; arrows move, Enter opens the detail.
      await page.getByTestId('history-list').focus();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('history-detail')).toBeVisible();
      await expect(page.getByTestId('history-detail-fields')).toContainText('Deposit address');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'history-detail.png'), fullPage: true });
      await page.getByTestId('history-detail-back').click();
      await expect(page.getByTestId('history-list')).toBeFocused();

      await page.getByTestId('history-filters-toggle').click();
      await expect(page.getByTestId('history-local-only')).toHaveCount(0);
      await page.getByTestId('history-status-REFUNDED').check();
      await page.getByTestId('history-apply').click();
      await expect(page.getByTestId('history-sheet')).toHaveCount(0);
      // The unfiltered rows stay until the service's filtered page replaces them: wait for that page.
      await expect
        .poll(async () => new Set(await page.locator('[data-testid="history-row"] .badge').allInnerTexts()), {
          message: 'only refunded swaps are listed',
          timeout: SWAP_TIMEOUT,
        })
        .toEqual(new Set(['Refunded']));
      await page.screenshot({ path: path.join(SCREENSHOTS, 'history.png'), fullPage: true });

      await page.getByTestId('history-filters-toggle').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const [sep, header] = csv.split('\r\n');
      expect(sep, 'the file names its separator').toBe('sep=,');
      expect(header).toMatch(/^createdAt,status,source,/);
      expect(csv).toContain(',REFUNDED,');
    } finally {
      await close();
    }
  });
});
