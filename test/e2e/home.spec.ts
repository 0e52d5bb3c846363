// Home, end to end in Chromium against the simulator: the intents account's balances read from the
// verifier (one view for the whole token list), valued and sorted, the total in USD, small balances
// folded away, and painted from the last reading when the popup opens again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { WALLET } from '../../src/api/walletApi';
import { encodeXAddress } from '../../src/core/chainAddress';
import { launchExtension, ROOT } from './fixtures';
import { dev, expect, pointAtSimulator, test, walletCall } from './sim';

const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');
const WNEAR = 'nep141:wrap.near';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const BTC = 'nep141:btc.omft.near';
const XRP = 'nep141:xrp.omft.near';
const XLM = 'nep141:stellar-native.omft.near';
/** The XRP Ledger's genesis account: a real classic address. */
const XRP_CLASSIC = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

test('Home shows what the intents account holds, largest first, with the total; dust folds away', async ({ sim }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    const account = created.status.selectedAccountId;
    await dev(sim, '/dev/fund', { accountId: account, tokenId: WNEAR, amount: (12n * 10n ** 23n).toString() });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC_ETH, amount: '25500000' });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: BTC, amount: '1' }); // a satoshi: dust
    await page.reload();
    // The unlocked popup lands on Home.
    await expect(page.getByTestId('nav-home')).toHaveAttribute('aria-current', 'page');
    const rows = page.getByTestId('home-balance');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-asset-id', USDC_ETH);
    await expect(rows.nth(0)).toContainText('25.5');
    await expect(rows.nth(0)).toContainText('Ethereum');
    await expect(rows.nth(1)).toHaveAttribute('data-asset-id', WNEAR);
    await expect(rows.nth(1)).toContainText('1.2');
    await expect(page.getByTestId('home-total')).toContainText('$');
    await expect(page.getByTestId('home-total')).toHaveAttribute('data-stale', 'false');
    await page.getByTestId('home-dust-toggle').click();
    await expect(rows).toHaveCount(3);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home.png'), fullPage: true });
  } finally {
    await close();
  }
});

test('Send: reviewed in the approval window’s words, confirmed with the acknowledgement, settled; the receiver holds it', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    await dev(sim, '/dev/fund', {
      accountId: created.status.selectedAccountId,
      tokenId: WNEAR,
      amount: (2n * 10n ** 24n).toString(),
    });
    await page.reload();
    await expect(page.getByTestId('home-balance')).toHaveCount(1);
    await page.getByTestId('home-send').click();
    const receiver = `friend${Date.now()}.near`;
    await page.getByTestId('send-to').fill(receiver);
    await page.getByTestId('send-amount').fill('5');
    await page.getByTestId('send-review').click();
    await expect(page.getByText(/More than the 2 wNEAR this account holds/)).toBeVisible();
    await page.getByTestId('send-amount').fill('0.5');
    await page.getByTestId('send-review').click();
    const dialog = page.getByTestId('send-dialog');
    await expect(dialog.getByTestId('approval-intent')).toHaveAttribute('data-type', 'transfer');
    await expect(dialog.getByTestId('approval-intent')).toContainText(receiver);
    // The person's own Send: a result card with a fact about the receiver, no Danger and no tick.
    await expect(dialog.getByTestId('review-result').locator('.result-out')).toContainText('0.5 wNEAR');
    await expect(dialog.getByTestId('review-recipient')).toHaveAttribute('data-fact', 'firstTime');
    await expect(dialog.locator('[data-level="danger"]')).toHaveCount(0);
    await expect(page.getByTestId('send-ack')).toHaveCount(0);
    await page.getByTestId('send-confirm').click();
    await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
    const balances = (await (await fetch(`${sim.url}/dev/balances?accountId=${receiver}`)).json()) as {
      balances: Record<string, string>;
    };
    expect(balances.balances[WNEAR]).toBe((5n * 10n ** 23n).toString());
    await page.screenshot({ path: path.join(SCREENSHOTS, 'send.png'), fullPage: true });
  } finally {
    await close();
  }
});

test('Withdraw: to an Ethereum address, checked with its checksum, quoted, paid from the intents account, followed to SUCCESS; Home falls by the amount', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    // The swap-service key: the payment is written by the service (no bus key needed).
    await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    const account = created.status.selectedAccountId;
    await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC_ETH, amount: '40000000' });
    await page.reload();
    await expect(page.getByTestId('home-balance')).toHaveCount(1);
    await page.getByTestId('home-withdraw').click();
    // A typo in the mixed-case checksum is caught before anything is asked.
    await page.getByTestId('withdraw-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BEAed');
    await expect(page.getByText(/EIP-55 checksum/)).toBeVisible();
    await page.getByTestId('withdraw-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await page.getByTestId('withdraw-amount').fill('25');
    await expect(page.getByTestId('withdraw-arrives')).toContainText('USDC', { timeout: 10_000 });
    await page.getByTestId('withdraw-continue').click();
    // One review, naming the real destination and its chain; then the progress.
    await expect(page.getByTestId('deposit-pay-arrives')).toContainText(
      /USDC arrive at 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed on Ethereum\./,
      { timeout: 10_000 },
    );
    await expect(page.getByTestId('deposit-address')).toHaveCount(0);
    await expect(page.getByTestId('deposit-pay-route')).toHaveAttribute('data-route', 'service');
    await expect(page.getByTestId('review-recipient')).toHaveAttribute('data-fact', 'swapDeposit');
    await expect(page.getByTestId('deposit-pay-ack')).toHaveCount(0);
    await page.getByTestId('deposit-pay-confirm').click();
    await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 20_000 });
    await page.getByTestId('deposit-back').click();
    const left = page.getByTestId('home-balance');
    await expect(left.first()).toContainText('15', { timeout: 10_000 });
  } finally {
    await close();
  }
});

test('Withdraw to an XRP address with a destination tag: checked, carried to the service inside the recipient, delivered with the tag; a Stellar memo is refused', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    const account = created.status.selectedAccountId;
    await dev(sim, '/dev/fund', { accountId: account, tokenId: XRP, amount: '10000000' });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: XLM, amount: '1000000000' });
    await page.reload();
    await expect(page.getByTestId('home-balance')).toHaveCount(2);
    await page.getByTestId('home-withdraw').click();

    // Stellar: the memo field is there, and a memo is refused by name (no route carries it); nothing is asked.
    await page.getByTestId('withdraw-token').selectOption(XLM);
    await page.getByTestId('withdraw-to').fill('GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ');
    await page.getByTestId('withdraw-memo').fill('exchange-7');
    await page.getByTestId('withdraw-amount').fill('10');
    await expect(page.getByText(/cannot carry a memo.*clear the Memo field/)).toBeVisible();
    await expect(page.getByTestId('withdraw-arrives')).toHaveCount(0);

    // XRP: a tag out of range is caught; a good one is quoted and goes out inside the recipient.
    await page.getByTestId('withdraw-token').selectOption(XRP);
    await page.getByTestId('withdraw-to').fill(XRP_CLASSIC);
    await expect(page.getByLabel(/Destination tag/)).toBeVisible();
    await page.getByTestId('withdraw-memo').fill('4294967296');
    await page.getByTestId('withdraw-amount').fill('5');
    await expect(page.getByText(/whole number from 0 to 4294967295/)).toBeVisible();
    await page.getByTestId('withdraw-memo').fill('123456');
    await expect(page.getByTestId('withdraw-arrives')).toContainText('XRP', { timeout: 10_000 });
    await page.getByTestId('withdraw-continue').click();
    await expect(page.getByTestId('deposit-pay-arrives')).toContainText(
      `XRP arrive at ${XRP_CLASSIC} on XRP Ledger (destination tag 123456).`,
      { timeout: 10_000 },
    );
    await page.getByTestId('deposit-pay-confirm').click();
    await expect(page.getByTestId('deposit-recipient-memo')).toHaveText('123456');
    await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 20_000 });

    // The service saw the X-address of that address and tag, and delivered to the address with the tag.
    await page.getByTestId('deposit-quote-toggle').click();
    const evidence = JSON.parse(await page.getByTestId('deposit-quote-json').innerText()) as {
      quoteRequest: { recipient: string };
      quote: { depositAddress: string };
    };
    expect(evidence.quoteRequest.recipient).toBe(encodeXAddress(XRP_CLASSIC, 123456));
    const res = await fetch(`${sim.url}/dev/deliveries?depositAddress=${evidence.quote.depositAddress}`);
    const { deliveries } = (await res.json()) as {
      deliveries: { address: string; destinationTag: string; bridgeMemo: string }[];
    };
    expect(deliveries).toEqual([
      expect.objectContaining({
        address: XRP_CLASSIC,
        destinationTag: '123456',
        bridgeMemo: `WITHDRAW_TO:${XRP_CLASSIC}:123456`,
      }),
    ]);
  } finally {
    await close();
  }
});

test('Receive: a new wallet gets its reusable address on another chain at once, with no amount; a deposit there shows on Home and nothing in Activity', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    await pointAtSimulator(page, extension, sim);
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    await page.reload();
    await expect(page.getByTestId('home-empty')).toBeVisible();
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-token').click();
    await page.getByTestId('swap-token-search').fill('usdc eth');
    await page.locator(`[data-testid="swap-token-option"][data-asset-id="${USDC_ETH}"]`).click();
    await expect(page.getByRole('heading', { name: 'Receive USDC on Ethereum' })).toBeVisible();
    const address = (await page.getByTestId('receive-address').innerText()).trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The QR and Copy are in the first screen, with no amount typed.
    await expect(page.getByTestId('deposit-qr')).toBeInViewport();
    await expect(page.getByTestId('receive-copy')).toBeInViewport();
    await expect(page.getByTestId('deposit-qr-holds')).toHaveAttribute('data-standard', 'address');
    // An optional amount makes it a payment request; the address stays.
    await page.getByTestId('receive-request-amount').fill('10');
    await expect(page.getByTestId('deposit-qr-holds')).toHaveAttribute('data-standard', 'EIP-681');
    // The same address the next time: it is reusable.
    await page.getByTestId('receive-back').click();
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-token').click();
    await page.getByTestId('swap-token-search').fill('usdc eth');
    await page.locator(`[data-testid="swap-token-option"][data-asset-id="${USDC_ETH}"]`).click();
    await expect(page.getByTestId('receive-address')).toHaveText(address);
    await dev(sim, '/dev/bridge/deposit', { address, assetId: USDC_ETH, amount: '10000000' });
    await page.getByTestId('receive-help-toggle').click();
    await page.getByTestId('receive-check').click();
    await expect(page.getByTestId('receive-deposit')).toContainText('10 USDC');
    await page.getByTestId('receive-back').click();
    await expect(page.getByTestId('home-balance')).toHaveAttribute('data-asset-id', USDC_ETH);
    // Asking for an address left no waiting swap behind.
    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('history-empty')).toContainText('No activity yet');
    // The empty Activity leads to Receive and to Swap.
    await page.getByTestId('history-empty-receive').click();
    await expect(page.getByTestId('receive-form')).toBeVisible();
    await page.getByTestId('nav-activity').click();
    await page.getByTestId('history-empty-swap').click();
    await expect(page.getByTestId('nav-swap')).toHaveAttribute('aria-current', 'page');
  } finally {
    await close();
  }
});
