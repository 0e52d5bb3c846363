// The headless demo journey of `npm start` (docs/architecture.md, "Rooms", `src/cli`): the real extension in
// Chromium against the simulator — connect, sign a message, publish a swap intent to SETTLED, a swap through
// the popup from quote to SUCCESS, then Home with the balances, a receive, a send and a withdrawal
// (journeyWallet.ts) — printing each step and writing screenshots to demo-output/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { RunningSimulator } from '../sim/server';
import { runWalletJourney } from './journeyWallet';

export interface JourneyOptions {
  context: BrowserContext;
  extensionId: string;
  sim: RunningSimulator;
  outDir: string;
  step(text: string): void;
}

const PASSWORD = 'demo password 123';

async function shot(page: Page, outDir: string, name: string): Promise<string> {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Clicks Confirm in the next approval window that the action opens, after the window's focus delay. */
async function approveNext(o: JourneyOptions, action: () => Promise<unknown>, screenshot?: string): Promise<void> {
  const windowOpened = o.context.waitForEvent('page', { timeout: 15_000 });
  await action();
  const approval = await windowOpened;
  await approval.waitForLoadState();
  const confirm = approval.getByTestId('approval-confirm');
  await confirm.waitFor({ state: 'visible', timeout: 15_000 });
  const ack = approval.getByTestId('approval-ack-danger');
  if (await ack.isVisible().catch(() => false)) await ack.check();
  await approval.waitForFunction(
    () => !(document.querySelector('[data-testid="approval-confirm"]') as HTMLButtonElement | null)?.disabled,
    null,
    {
      timeout: 15_000,
    },
  );
  if (screenshot) o.step(`  screenshot ${await shot(approval, o.outDir, screenshot)}`);
  await confirm.click();
}

async function logContains(page: Page, text: string, timeoutMs = 20_000): Promise<void> {
  await page.getByTestId('demo-log').getByText(text, { exact: false }).first().waitFor({ timeout: timeoutMs });
}

export async function runJourney(o: JourneyOptions): Promise<void> {
  mkdirSync(o.outDir, { recursive: true });
  const popup = await o.context.newPage();
  await popup.setViewportSize({ width: 360, height: 600 }); // the popup's own size
  const call = (method: string, params?: unknown) =>
    popup.evaluate(
      async ([m, p]) =>
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage(x: unknown): Promise<unknown> } } }
        ).chrome.runtime.sendMessage({
          type: 'request',
          method: m,
          ...(p === undefined ? {} : { params: p }),
        }),
      [method, params] as const,
    ) as Promise<{ ok: boolean; result?: unknown; error?: { message: string } }>;

  o.step('1. Create a wallet in the popup (a quick key, no phrase)');
  await popup.goto(`chrome-extension://${o.extensionId}/popup.html`);
  // Settings → Find simulator, as a developer does: the Local preset on this simulator's port, with its
  // bus key and JWT (src/background/wallet/simulatorDiscovery.ts).
  const found = await call('wallet_findSimulator', { port: Number(new URL(o.sim.url).port) });
  if (!found.ok) throw new Error(`Find simulator: ${found.error?.message}`);
  await popup.reload();
  await popup.getByTestId('onboarding-quick-key').click();
  await popup.getByTestId('password').fill(PASSWORD);
  await popup.getByTestId('password-confirm').fill(PASSWORD);
  await popup.getByTestId('create-submit').click();
  await popup.getByTestId('home').waitFor({ timeout: 20_000 });
  const accountId = await popup.getByTestId('account-switcher').inputValue();
  o.step(`   account ${accountId}`);
  o.step(`   screenshot ${await shot(popup, o.outDir, '1-popup-wallet')}`);

  o.step('2. Open the demo dApp and connect (approval window)');
  const dapp = await o.context.newPage();
  await dapp.goto(`${o.sim.url}/demo`);
  await dapp.getByTestId('demo-wallet').getByText('found', { exact: false }).waitFor({ timeout: 10_000 });
  await approveNext(o, () => dapp.getByTestId('demo-connect').click(), '2-connect-window');
  await logContains(dapp, '← intents_requestAccounts');
  o.step('   connected');

  o.step('3. Sign a NEP-413 message (approval window)');
  await approveNext(o, () => dapp.getByTestId('demo-sign-message').click(), '3-sign-message-window');
  await logContains(dapp, '← intents_signMessage');
  o.step('   signed');

  o.step('4. Fund the account on the simulator, get a solver quote, sign and publish the swap');
  await dapp.getByTestId('demo-fund').click();
  await logContains(dapp, 'HTTP 200');
  await dapp.getByTestId('demo-quote').click();
  await logContains(dapp, 'best offer');
  await approveNext(o, () => dapp.getByTestId('demo-publish').click(), '4-intent-preview-window');
  await logContains(dapp, '← intents_publishIntents');
  await dapp.getByTestId('demo-status').click();
  await logContains(dapp, 'SETTLED', 30_000);
  o.step('   the swap intent is SETTLED on the simulator');
  o.step(`   screenshot ${await shot(dapp, o.outDir, '5-demo-dapp')}`);

  o.step('5. A cross-chain swap in the popup: 25 USDC (eth) → wNEAR, from quote to SUCCESS');
  await popup.bringToFront();
  await popup.getByTestId('nav-swap').click();
  await pickToken(popup, 'origin', 'usdc eth', 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near');
  await pickToken(popup, 'destination', 'wrap.near', 'nep141:wrap.near');
  await popup.getByTestId('swap-amount').fill('25');
  await popup.locator('[data-testid="swap-quote"][data-state="ok"]').waitFor({ timeout: 20_000 });
  o.step(`   quote: ${(await popup.getByTestId('swap-quote-out').innerText()).replace(/\s+/g, ' ')}`);
  o.step(`   screenshot ${await shot(popup, o.outDir, '6-swap')}`);
  await popup.getByTestId('swap-start').click();
  await popup.getByTestId('deposit-address').waitFor({ timeout: 20_000 });
  const depositAddress = (await popup.getByTestId('deposit-address').innerText()).trim();
  o.step(`   deposit address ${depositAddress} (the signed quote is stored first)`);
  o.step(`   screenshot ${await shot(popup, o.outDir, '7-deposit')}`);
  const res = await fetch(`${o.sim.url}/dev/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depositAddress, amount: '25000000' }),
  });
  const { txHash } = (await res.json()) as { txHash: string };
  o.step(`   simulated deposit on eth: ${txHash}`);
  await popup.getByTestId('deposit-tx-hash').fill(txHash);
  await popup.getByTestId('deposit-tx-submit').click();
  await popup.locator('[data-testid="deposit-status"][data-status="SUCCESS"]').waitFor({ timeout: 60_000 });
  o.step(`   SUCCESS: ${(await popup.getByTestId('deposit-delivered').innerText()).replace(/\s+/g, ' ')}`);
  o.step(`   screenshot ${await shot(popup, o.outDir, '8-swap-success')}`);
  await popup.getByTestId('deposit-back').click();

  await runWalletJourney({ popup, sim: o.sim, step: o.step, shot: (page, name) => shot(page, o.outDir, name) });
}

async function pickToken(page: Page, which: 'origin' | 'destination', search: string, assetId: string): Promise<void> {
  await page.getByTestId(`swap-${which}`).click();
  await page.getByTestId('swap-token-search').fill(search);
  await page.locator(`[data-testid="swap-token-option"][data-asset-id="${assetId}"]`).click();
}
