// The wallet's journeys by keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys; no click), in real
// Chromium against the simulator: a new wallet receives tokens from two chains and sees both on Home
// with their USD values; sends to another account, whose balance on the ledger rises; withdraws to an
// address on another chain, followed to SUCCESS, and Home falls by the amount. Every control reached
// shows its focus.
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import type { RunningSimulator } from '../../src/sim/server';
import { readableAmount } from '../../src/ui/amountText';
import { launchExtension } from './fixtures';
import { arrowToOption, pressOn, tabTo } from './keyboard';
import { dev, expect, ledgerView, pointAtSimulator, test, walletCall } from './sim';

const PASSWORD = 'correct horse battery';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const SOL = 'nep141:sol.omft.near';
const SETTLE_TIMEOUT = 30_000;

const row = (page: Page, assetId: string) => page.locator(`[data-testid="home-balance"][data-asset-id="${assetId}"]`);
const held = async (sim: RunningSimulator, accountId: string, tokenId: string) =>
  BigInt(await ledgerView<string>(sim, 'mt_balance_of', { account_id: accountId, token_id: tokenId }));

/**
 * Home → Receive: the token found by searching, and its reusable address shows at once (no amount); the
 * simulator's bridge sees a deposit there; "Deposit not showing?" lists it; back on Home.
 */
async function receive(
  page: Page,
  sim: RunningSimulator,
  search: string,
  assetId: string,
  units: string,
): Promise<void> {
  await pressOn(page, 'home-receive');
  await expect(page.getByTestId('receive-form')).toBeVisible();
  await pressOn(page, 'receive-token');
  await expect(page.getByTestId('swap-token-search')).toBeFocused();
  await page.keyboard.type(search);
  await pressOn(page, `[data-testid="swap-token-option"][data-asset-id="${assetId}"]`);
  await expect(page.getByTestId('receive-token')).toHaveAttribute('data-asset-id', assetId);
  await expect(page.getByTestId('receive-token')).toBeFocused(); // focus came back from the dialog
  await expect(page.getByTestId('receive-address')).toBeVisible({ timeout: SETTLE_TIMEOUT });
  await pressOn(page, 'receive-copy');
  const address = (await page.getByTestId('receive-address').innerText()).trim();
  await dev(sim, '/dev/bridge/deposit', { address, assetId, amount: units });
  await pressOn(page, 'receive-help-toggle');
  await pressOn(page, 'receive-check');
  await expect(page.getByTestId('receive-deposit')).toHaveAttribute('data-status', 'COMPLETED');
  await pressOn(page, 'receive-back', 'Enter', { back: true });
  await expect(page.getByTestId('home')).toBeVisible();
}

test.describe.configure({ timeout: 240_000 });

test('by keyboard alone: receive from two chains, send to another account, withdraw to another chain', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    await pointAtSimulator(page, extension, sim);
    // The swap-service key, as a user would paste it under Settings: withdrawals are written by the service.
    await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    await page.reload();

    let account = '';
    await test.step('a new wallet, made by keyboard', async () => {
      await expect(page.getByTestId('onboarding-create')).toBeFocused();
      await pressOn(page, 'onboarding-quick-key');
      await expect(page.getByTestId('password')).toBeFocused();
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('password-confirm')).toBeFocused();
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('home')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('home-empty')).toBeVisible({ timeout: 10_000 });
      account = await page.getByTestId('account-switcher').inputValue();
    });

    await test.step('receive USDC from Ethereum and SOL from Solana; Home shows both with USD values', async () => {
      await receive(page, sim, 'usdc eth', USDC_ETH, '10000000');
      await receive(page, sim, 'sol solana', SOL, '2000000000');
      await expect(page.getByTestId('home-balance')).toHaveCount(2, { timeout: 10_000 });
      // What the ledger holds: the bridge credits what arrived.
      const usdc = await held(sim, account, USDC_ETH);
      const sol = await held(sim, account, SOL);
      expect(usdc).toBe(10_000_000n);
      expect(sol).toBe(2_000_000_000n);
      await expect(row(page, USDC_ETH).locator('.amount')).toHaveText(readableAmount(usdc, 6));
      await expect(row(page, USDC_ETH)).toContainText('$10.00');
      await expect(row(page, SOL).locator('.amount')).toHaveText(readableAmount(sol, 9));
      await expect(row(page, SOL)).toContainText(/\$2\d\d\.\d\d/); // about 2 SOL at the simulator's price
      await expect(page.getByTestId('home-total')).toContainText(/\$\d{3}\.\d\d/);
    });

    const receiver = `friend${Date.now()}.near`;
    await test.step('send 4 USDC to another intents account; its balance on the ledger rises', async () => {
      const before = await held(sim, receiver, USDC_ETH);
      const mine = await held(sim, account, USDC_ETH);
      await pressOn(page, 'home-send');
      await tabTo(page, 'send-to');
      await page.keyboard.type(receiver);
      await tabTo(page, 'send-token');
      await arrowToOption(page, USDC_ETH);
      await tabTo(page, 'send-amount');
      await page.keyboard.type('4');
      await page.keyboard.press('Enter'); // Review
      await expect(page.getByTestId('send-dialog').getByTestId('approval-intent')).toContainText(receiver, {
        timeout: 10_000,
      });
      // The person's own Send asks for no tick: focus lands on Confirm.
      await expect(page.getByTestId('send-confirm')).toBeFocused();
      await pressOn(page, 'send-confirm');
      await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', {
        timeout: SETTLE_TIMEOUT,
      });
      expect((await held(sim, receiver, USDC_ETH)) - before).toBe(4_000_000n);
      expect(await held(sim, account, USDC_ETH)).toBe(mine - 4_000_000n);
      await pressOn(page, 'send-done');
      await expect(row(page, USDC_ETH).locator('.amount')).toHaveText(readableAmount(mine - 4_000_000n, 6), {
        timeout: 10_000,
      });
    });

    await test.step('withdraw 5 USDC to an Ethereum address: SUCCESS, and Home falls by 5', async () => {
      const mine = await held(sim, account, USDC_ETH);
      const sol = await held(sim, account, SOL);
      await pressOn(page, 'home-withdraw');
      await tabTo(page, 'withdraw-token');
      await arrowToOption(page, USDC_ETH);
      await tabTo(page, 'withdraw-to');
      await page.keyboard.type('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      await tabTo(page, 'withdraw-amount');
      await page.keyboard.type('5');
      await expect(page.getByTestId('withdraw-arrives')).toContainText('USDC', { timeout: SETTLE_TIMEOUT });
      await page.keyboard.press('Enter'); // Continue
      // Continue opens the one review, its Confirm focused.
      await expect(page.getByTestId('deposit-pay-confirm')).toBeFocused({ timeout: 10_000 });
      await pressOn(page, 'deposit-pay-confirm');
      await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'SUCCESS', {
        timeout: SETTLE_TIMEOUT,
      });
      await pressOn(page, 'deposit-back', 'Enter', { back: true });
      expect(await held(sim, account, USDC_ETH)).toBe(mine - 5_000_000n);
      await expect(row(page, USDC_ETH).locator('.amount')).toHaveText(readableAmount(mine - 5_000_000n, 6), {
        timeout: 10_000,
      });
      await expect(row(page, SOL).locator('.amount')).toHaveText(readableAmount(sol, 9));
    });

    await test.step('the sections by keyboard: Activity, Settings, its Accounts and their Keys, and back Home', async () => {
      await pressOn(page, 'nav-activity');
      await expect(page.getByTestId('history')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('nav-activity')).toHaveAttribute('aria-current', 'page');
      // Search behind its icon, the filters in a sheet that Escape closes, focus back on its button.
      await pressOn(page, 'history-search-toggle', 'Enter', { back: true });
      await tabTo(page, 'history-search');
      await pressOn(page, 'history-filters-toggle', 'Enter', { back: true });
      await expect(page.getByTestId('history-sheet')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('history-filters-toggle')).toBeFocused();
      await pressOn(page, 'nav-settings');
      await expect(page.getByTestId('settings')).toBeVisible();
      // General opens on its title; Accounts is back along the row of sections, and the keys of the account
      // in use just before the Accounts screen.
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused();
      await pressOn(page, 'settings-tab-accounts', 'Enter', { back: true });
      await expect(page.getByTestId('accounts')).toBeVisible();
      await pressOn(page, 'accounts-keys', 'Enter', { back: true });
      await expect(page.getByTestId('key-row')).toHaveCount(1, { timeout: 10_000 });
      await pressOn(page, 'nav-home');
      await expect(page.getByTestId('home')).toBeVisible();
    });
  } finally {
    await close();
  }
});
