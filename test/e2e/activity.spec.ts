// Activity end to end, in real Chromium with the built extension against the real simulator: a swap and
// a withdrawal started in the popup, an intent a site published through the approval window and a send
// from Home, all in one list, newest first, each with its kind; the two intents' statuses reach SETTLED
// in the list while it is open (nobody else asks the bus); the site's intent opens in its detail. A
// screenshot of the list goes to test-results/screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from './fixtures';
import {
  confirm,
  connectDapp,
  expectClosed,
  fund,
  request,
  resultOf,
  WNEAR,
  withApproval,
  withDapp,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HALF_WNEAR = (5n * 10n ** 23n).toString();

test.describe.configure({ timeout: 60_000 });

/** Opens the Activity tab, whichever name the navigation gives it. */
async function openActivity(page: Page): Promise<void> {
  await page.locator('[data-testid="nav-activity"], [data-testid="nav-history"]').first().click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
}

const quote = (accountId: string, over: Record<string, unknown>) => ({
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: WNEAR,
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: USDC_ETH,
  amount: (10n ** 24n).toString(),
  refundTo: accountId,
  refundType: 'INTENTS',
  recipient: ETH_ADDRESS,
  recipientType: 'DESTINATION_CHAIN',
  deadline: new Date(Date.now() + 3600_000).toISOString(),
  ...over,
});

test('a send from Home and a site’s intent appear in Activity beside swaps, and reach SETTLED there', async ({
  sim,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await withDapp(sim, async ({ w, pages, dapp }) => {
    const popup = w.popup;
    await fund(sim, w.accountId, WNEAR, (2n * 10n ** 24n).toString());
    await walletCall(popup, 'swap_start', quote(w.accountId, {}));
    await walletCall(
      popup,
      'swap_start',
      quote(w.accountId, { originAsset: USDC_ETH, amount: '5000000', depositType: 'INTENTS' }),
    );

    await connectDapp(w.context, dapp);
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_publishIntents', {
        intents: [{ intent: 'transfer', receiver_id: 'carol.near', tokens: { [WNEAR]: HALF_WNEAR } }],
      }),
    );
    await confirm(approval, { acknowledgeDanger: true });
    const published = resultOf<{ intentHash: string; status: string }>(await pending);
    await expectClosed(approval);

    // The send, left as soon as it is published: Activity follows it from there.
    await popup.reload();
    await popup.getByTestId('nav-home').click();
    await expect(popup.getByTestId('home-balance')).toHaveCount(1);
    await popup.getByTestId('home-send').click();
    await popup.getByTestId('send-to').fill('dave.near');
    await popup.getByTestId('send-amount').fill('0.5');
    await popup.getByTestId('send-review').click();
    await popup.getByTestId('send-confirm').click();
    await expect(popup.getByTestId('send-status')).toBeVisible({ timeout: 10_000 });
    await popup.getByTestId('send-done').click();

    await openActivity(popup);
    const rows = popup.getByTestId('history-row');
    await expect(rows).toHaveCount(4);
    const kinds = popup.locator('[data-testid="history-row"] .hrow-amounts');
    await expect(kinds.nth(0)).toHaveAttribute('data-kind', 'send');
    await expect(kinds.nth(0)).toContainText('Send 0.5 wNEAR to dave.near');
    const site = new URL(pages.origin).host;
    await expect(kinds.nth(1)).toHaveAttribute('data-kind', 'dapp');
    await expect(kinds.nth(1)).toContainText(`dApp intent · ${site}`);
    await expect(kinds.nth(1)).toContainText('Send 0.5 wNEAR to carol.near');
    await expect(kinds.nth(2)).toHaveAttribute('data-kind', 'withdraw');
    await expect(kinds.nth(2)).toContainText(/Withdraw\s*5 USDC to 0x5aAeb6/);
    await expect(kinds.nth(3)).toHaveAttribute('data-kind', 'swap');
    await expect(kinds.nth(3)).toContainText('1 wNEAR →');
    await expect(popup.getByTestId('history-count')).toContainText('2 swaps and 2 intents');
    // Each row leads with what moved: the token's icon for a swap or a withdrawal (drawn from the bundle),
    // the mark of a send or a site's intent, whose record keeps no asset id.
    const icons = popup.locator('[data-testid="history-row"] [data-testid="history-row-icon"]');
    await expect(icons).toHaveCount(4);
    await expect(icons.nth(0)).toHaveText('↗');
    await expect(icons.nth(1)).toHaveText('⇄');
    await expect(icons.nth(2)).toHaveAttribute('data-asset-id', USDC_ETH);
    await expect(icons.nth(2).locator('.ticon')).toHaveCount(1);
    await expect(icons.nth(3)).toHaveAttribute('data-asset-id', WNEAR);
    await expect(icons.nth(3).locator('.ticon')).toHaveCount(2);
    await expect(icons.nth(3).locator('.ticon').first()).toHaveAttribute('data-drawn', 'true');

    const statusOf = (n: number) => rows.nth(n).locator('.badge');
    await expect(statusOf(0)).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
    await expect(statusOf(1)).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
    await expect(statusOf(1)).toHaveText('Completed');
    await expect(statusOf(0)).toHaveText('Completed'); // a send and a swap say the same word
    await expect(rows.nth(0).locator('time')).toHaveText(/now|seconds? ago/);
    await popup.screenshot({ path: path.join(SCREENSHOTS, 'activity.png'), fullPage: true });

    // The site's intent in full, by keyboard.
    await popup.getByTestId('history-list').focus();
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('Enter');
    const detail = popup.getByTestId('intent-detail');
    await expect(detail).toBeVisible();
    await expect(popup.getByTestId('intent-detail-site')).toHaveText(pages.origin);
    await expect(popup.getByTestId('intent-detail-hash')).toContainText(published.intentHash);
    await expect(popup.getByTestId('intent-detail-status')).toContainText('Completed');
    await expect(popup.getByTestId('intent-detail-summary')).toHaveText('Send 0.5 wNEAR to carol.near');
    await expect(popup.getByTestId('intent-detail-tx')).not.toHaveText('—');
    await popup.getByTestId('intent-detail-back').click();
    await expect(popup.getByTestId('history-list')).toBeFocused();

    // A swap-only filter lists the swaps alone, and says why the intents are gone.
    await popup.getByTestId('history-filters-toggle').click();
    await popup.getByTestId('history-to-chain').selectOption('eth');
    await popup.getByTestId('history-apply').click();
    await expect(popup.getByTestId('history-intents-hidden')).toBeVisible();
    await expect(rows).toHaveCount(2);
  });
});
