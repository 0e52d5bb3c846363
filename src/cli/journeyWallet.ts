// The wallet part of `npm start`'s headless journey (docs/architecture.md, "Rooms", `src/cli`): Home with
// the intents account's balances, a receive from Ethereum, a send to another account and a withdrawal
// to an Ethereum address, each through the popup and followed to its end, with screenshots.
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../sim/server';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WITHDRAW_TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export interface WalletJourney {
  popup: Page;
  sim: RunningSimulator;
  step(text: string): void;
  shot(page: Page, name: string): Promise<string>;
}

const balancesText = async (popup: Page) =>
  (await popup.getByTestId('home-balance').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).join('; ');

export async function runWalletJourney(o: WalletJourney): Promise<void> {
  const { popup } = o;
  o.step('6. Home: the intents account, valued in USD');
  await popup.getByTestId('nav-home').click();
  await popup.locator('[data-testid="home-total"][data-stale="false"]').waitFor({ timeout: 20_000 });
  o.step(
    `   ${(await popup.getByTestId('home-total').innerText()).replace(/\s+/g, ' ')}: ${await balancesText(popup)}`,
  );
  o.step(`   screenshot ${await o.shot(popup, '9-home')}`);

  o.step('7. Receive 10 USDC from Ethereum into the intents account');
  await popup.getByTestId('home-receive').click();
  await popup.getByTestId('receive-token').click();
  await popup.getByTestId('swap-token-search').fill('usdc ethereum');
  await popup.locator(`[data-testid="swap-token-option"][data-asset-id="${USDC_ETH}"]`).click();
  await popup.getByTestId('receive-amount').fill('10');
  await popup.getByTestId('receive-continue').click();
  await popup.getByTestId('deposit-address').waitFor({ timeout: 20_000 });
  const depositAddress = (await popup.getByTestId('deposit-address').innerText()).trim();
  o.step(
    `   deposit address ${depositAddress}; QR: ${await popup.getByTestId('deposit-qr-holds').getAttribute('data-standard')}`,
  );
  await fetch(`${o.sim.url}/dev/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depositAddress, amount: '10000000' }),
  });
  await popup.getByTestId('deposit-refresh').click();
  await popup.locator('[data-testid="deposit-status"][data-status="SUCCESS"]').waitFor({ timeout: 60_000 });
  await popup.getByTestId('deposit-back').click();
  await popup.locator(`[data-testid="home-balance"][data-asset-id="${USDC_ETH}"]`).waitFor({ timeout: 20_000 });
  o.step(`   SUCCESS; Home: ${await balancesText(popup)}`);

  o.step('8. Send 1 USDC to another intents account');
  await popup.getByTestId('home-send').click();
  await popup.getByTestId('send-to').fill('friend.near');
  await popup.getByTestId('send-token').selectOption(USDC_ETH);
  await popup.getByTestId('send-amount').fill('1');
  await popup.getByTestId('send-review').click();
  await popup.getByTestId('send-dialog').waitFor();
  o.step(`   screenshot ${await o.shot(popup, '10-send-review')}`);
  await popup.getByTestId('send-confirm').click();
  await popup.locator('[data-testid="send-status"][data-status="SETTLED"]').waitFor({ timeout: 30_000 });
  o.step('   SETTLED');
  await popup.getByTestId('send-done').click();

  o.step(`9. Withdraw 5 USDC to ${WITHDRAW_TO} on Ethereum`);
  await popup.getByTestId('home-withdraw').click();
  await popup.getByTestId('withdraw-token').selectOption(USDC_ETH);
  await popup.getByTestId('withdraw-to').fill(WITHDRAW_TO);
  await popup.getByTestId('withdraw-amount').fill('5');
  await popup.getByTestId('withdraw-arrives').waitFor({ timeout: 20_000 });
  o.step(`   ${(await popup.getByTestId('withdraw-arrives').innerText()).replace(/\s+/g, ' ')}`);
  await popup.getByTestId('withdraw-continue').click();
  // The person's own withdrawal: a result card and facts, no tick (docs/security.md, "Risk rules").
  await popup.getByTestId('deposit-pay-intents').click();
  await popup.getByTestId('deposit-pay-dialog').waitFor();
  await popup.getByTestId('deposit-pay-confirm').click();
  await popup.locator('[data-testid="deposit-status"][data-status="SUCCESS"]').waitFor({ timeout: 60_000 });
  await popup.getByTestId('deposit-back').click();
  await popup.locator('[data-testid="home-total"][data-stale="false"]').waitFor({ timeout: 20_000 });
  o.step(`   SUCCESS; Home: ${await balancesText(popup)}`);
  o.step(`   screenshot ${await o.shot(popup, '11-home-after')}`);
}
