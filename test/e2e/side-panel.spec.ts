// The side panel (entrypoints/sidepanel): the popup's app at the panel's full height, in real Chromium
// with the built extension against the simulator. A swap started in the popup is followed in the side
// panel to SUCCESS once the popup has closed; the toolbar button opens what Settings says (the browser's
// own record of it, read in the worker); the manifest declares the panel for both browsers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SWAP, type SwapRecordView } from '../../src/api/swapApi';
import { TOOLBAR } from '../../src/api/toolbarApi';
import { WALLET, type WalletStatus } from '../../src/api/walletApi';
import type { RunningSimulator } from '../../src/sim/server';
import { type Extension, launchExtension, ROOT } from './fixtures';
import { pressOn, tabTo } from './keyboard';
import { checkScreen } from './screens';
import { dev, expect, openSwap, pick, test, walletCall } from './sim';

const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WNEAR = 'nep141:wrap.near';
const SWAP_TIMEOUT = 20_000;
/** A side panel as a person might size it: narrow and as tall as the browser window. */
const PANEL = { width: 400, height: 900 };

interface PanelApis {
  sidePanel: { getPanelBehavior(): Promise<{ openPanelOnActionClick?: boolean }> };
  action: { getPopup(d: object): Promise<string> };
}

/** A fresh wallet on the simulator whose popup started a 25 USDC → wNEAR swap: the popup and its deposit address. */
async function startSwapInPopup(
  extension: Extension,
  sim: RunningSimulator,
): Promise<{ popup: Page; address: string }> {
  const popup = await extension.context.newPage();
  await openSwap(popup, extension, sim);
  await pick(popup, 'origin', 'usdc eth', USDC);
  await pick(popup, 'destination', 'wrap.near', WNEAR);
  await popup.getByTestId('swap-amount').fill('25');
  await expect(popup.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
  await popup.getByTestId('swap-start').click();
  await expect(popup.getByTestId('deposit-address')).toBeVisible({ timeout: SWAP_TIMEOUT });
  return { popup, address: (await popup.getByTestId('deposit-address').innerText()).trim() };
}

test('the manifest declares the side panel: Chromium’s side_panel with its permission, Firefox’s sidebar_action', () => {
  const chrome = JSON.parse(readFileSync(path.join(ROOT, '.output/chrome-mv3/manifest.json'), 'utf8'));
  expect(chrome.side_panel).toEqual({ default_path: 'sidepanel.html' });
  expect(chrome.permissions).toContain('sidePanel');
  const firefox = JSON.parse(readFileSync(path.join(ROOT, '.output/firefox-mv3/manifest.json'), 'utf8'));
  expect(firefox.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
  expect(firefox.permissions).not.toContain('sidePanel');
});

test('the side panel runs the app at full height and follows a swap the popup started to SUCCESS', async ({ sim }) => {
  test.setTimeout(90_000);
  const { extension, close } = await launchExtension();
  try {
    const { context } = extension;
    const { popup, address } = await startSwapInPopup(extension, sim);
    const [swap] = await walletCall<SwapRecordView[]>(popup, SWAP.list);
    await popup.close();

    // The panel: a tall, narrow page; the app fills its height, the navigation sits at its bottom edge.
    const panel = await context.newPage();
    await panel.setViewportSize({ width: 400, height: 900 });
    await panel.goto(extension.url('sidepanel.html'));
    await expect(panel.locator('html')).toHaveAttribute('data-view', 'panel');
    await expect(panel.getByTestId('nav-swap')).toBeVisible({ timeout: 10_000 });
    const box = await panel.locator('.app').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(900);
    expect(box?.width).toBeGreaterThan(360);
    const nav = await panel.locator('.bottom-nav').boundingBox();
    expect((nav?.y ?? 0) + (nav?.height ?? 0)).toBeGreaterThan(880);

    // The swap being followed is there; opened, it reaches SUCCESS once the deposit is made.
    await panel.getByTestId('nav-swap').click();
    const row = panel.getByTestId('swap-active-row');
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await row.getByTestId('swap-active-open').click();
    await expect(panel.getByTestId('deposit-address')).toHaveText(address);
    await dev(sim, '/dev/deposit', { depositAddress: address, amount: '25000000' });
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
    expect((await walletCall<SwapRecordView>(panel, SWAP.get, { id: swap!.id })).status).toBe('SUCCESS');
  } finally {
    await close();
  }
});

test('a setting chooses what the toolbar button opens, and the browser is told', async ({ sim }) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await openSwap(page, extension, sim);
    const behaviour = () =>
      extension.worker.evaluate(async () => {
        const c = (globalThis as unknown as { chrome: PanelApis }).chrome;
        return {
          panel: (await c.sidePanel.getPanelBehavior()).openPanelOnActionClick ?? false,
          popup: await c.action.getPopup({}),
        };
      });
    expect(await walletCall(page, TOOLBAR.get)).toEqual({ opens: 'popup', panelAvailable: true });

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('toolbar-opens-panel').check();
    await expect.poll(behaviour).toEqual({ panel: true, popup: '' });
    expect(await walletCall(page, TOOLBAR.get)).toEqual({ opens: 'panel', panelAvailable: true });

    await page.getByTestId('toolbar-opens-popup').check();
    await expect.poll(behaviour).toEqual({ panel: false, popup: extension.url('popup.html') });
  } finally {
    await close();
  }
});

test('the side panel by keyboard alone, axe-clean in light and dark: the followed swap, Activity, and the toolbar choice', async ({
  sim,
}) => {
  test.setTimeout(90_000);
  const { extension, close } = await launchExtension();
  try {
    const { context } = extension;
    // Set-up, not the journey: a wallet whose swap waits for its deposit.
    const { popup, address } = await startSwapInPopup(extension, sim);
    await popup.close();

    const panel = await context.newPage();
    await panel.setViewportSize(PANEL);
    await panel.goto(extension.url('sidepanel.html'));
    await expect(panel.getByTestId('nav-swap')).toBeVisible({ timeout: 10_000 });
    const names = (await walletCall<WalletStatus>(panel, WALLET.status)).accounts.map((a) => a.label);
    await checkScreen(panel, 'sidepanel-home', 'plain', { size: PANEL, shown: names });

    await pressOn(panel, 'nav-swap');
    await expect(panel.getByTestId('swap-active-row')).toHaveCount(1, { timeout: 10_000 });
    await pressOn(panel, 'swap-active-open');
    await expect(panel.getByTestId('deposit-address')).toHaveText(address);
    await checkScreen(panel, 'sidepanel-swap', 'ids', { size: PANEL, shown: names });
    await pressOn(panel, 'deposit-back', 'Enter', { back: true });
    await expect(panel.getByTestId('swap-active-row')).toHaveCount(1);

    await pressOn(panel, 'nav-activity');
    await expect(panel.getByTestId('history')).toBeVisible({ timeout: 10_000 });
    await checkScreen(panel, 'sidepanel-activity', 'plain', { size: PANEL, shown: names });

    await pressOn(panel, 'nav-settings');
    // A radio group is one Tab stop, at its chosen radio; the arrow keys choose within it.
    await tabTo(panel, 'toolbar-opens-popup');
    await panel.keyboard.press('ArrowDown');
    await expect(panel.getByTestId('toolbar-opens-panel')).toBeChecked();
    await expect.poll(() => walletCall(panel, TOOLBAR.get)).toEqual({ opens: 'panel', panelAvailable: true });
  } finally {
    await close();
  }
});
