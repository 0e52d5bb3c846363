// Every screen of the popup and of the approval window, checked by axe (no violation of impact serious
// or critical, in light and in dark) and photographed at 360×600 in both schemes to
// test-results/screens/<screen>-<light|dark>.png, in real Chromium against the simulator.
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import { closePageServer, launchExtension, startPageServer } from './fixtures';
import { confirm, ONE_WNEAR, reject, request, withApproval } from './provider-helpers';
import { checkScreen, POPUP_SIZE } from './screens';
import { dev, expect, pick, pointAtSimulator, test, walletCall } from './sim';

const PASSWORD = 'correct horse battery';
const WNEAR = 'nep141:wrap.near';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const SOL = 'nep141:sol.omft.near';
const QUOTE_TIMEOUT = 20_000;

/** The control is inside the 360×600 viewport, unscrolled, and above the bottom navigation that covers its foot. */
async function expectOnFirstScreen(page: Page, testid: string): Promise<void> {
  const box = await page.getByTestId(testid).boundingBox();
  const nav = await page.locator('nav.bottom-nav').boundingBox();
  expect(box, testid).not.toBeNull();
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  expect(box!.y + box!.height, `${testid} ends above the navigation`).toBeLessThanOrEqual(nav!.y);
}

test.describe.configure({ timeout: 420_000 });

test('every screen: axe finds nothing serious or critical in light or dark; each photographed at 360×600', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  const pages = await startPageServer();
  try {
    const page = await extension.context.newPage();
    await page.setViewportSize(POPUP_SIZE);

    await page.goto(extension.url('popup.html'));
    await expect(page.getByTestId('onboarding-create')).toBeFocused();
    await checkScreen(page, 'onboarding');
    await page.getByTestId('onboarding-quick-key').click();
    await expect(page.getByTestId('password')).toBeFocused();
    await checkScreen(page, 'onboarding-password');

    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{
      status: { selectedAccountId: string; accounts: { label: string }[] };
    }>(page, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'generate' },
    });
    const account = created.status.selectedAccountId;
    await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: WNEAR, amount: (12n * 10n ** 24n).toString() });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC_ETH, amount: '40000000' });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: SOL, amount: '1500000000' });
    await walletCall(page, WALLET.lock);
    await page.reload();
    await expect(page.getByTestId('unlock-password')).toBeFocused();
    await checkScreen(page, 'unlock');
    // "Forgot password?" says why it cannot be reset and how to restore from the phrase.
    await page.getByTestId('unlock-forgot-toggle').click();
    await expect(page.getByTestId('unlock-forgot')).toContainText('Import recovery phrase');
    await checkScreen(page, 'unlock-forgot');
    await page.getByTestId('unlock-password').fill(PASSWORD);
    await page.getByTestId('unlock-submit').click();

    // Home is where the unlocked wallet lands.
    await expect(page.getByTestId('home-balance')).toHaveCount(3, { timeout: 10_000 });
    await expect(page.getByTestId('network-badge')).toHaveAttribute('data-network', 'local'); // pointed at this test's simulator and its verifier
    // The account's name is the person's own (the vault names a new one "Account 1").
    const accountNames = created.status.accounts.map((a) => a.label);
    await checkScreen(page, 'home', 'plain', { shown: accountNames });

    await page.getByTestId('home-receive').click();
    await expect(page.getByTestId('receive-form')).toBeVisible();
    await checkScreen(page, 'receive', 'plain', { shown: accountNames });
    await page.getByTestId('receive-token').click();
    await page.getByTestId('swap-token-search').fill('sol');
    await expect(page.getByTestId('swap-token-option').first()).toBeVisible();
    await checkScreen(page, 'token-picker', 'ids', { shown: accountNames });
    await page.locator(`[data-testid="swap-token-option"][data-asset-id="${SOL}"]`).click();
    await expect(page.getByTestId('receive-address')).toBeVisible({ timeout: QUOTE_TIMEOUT });
    await page.getByTestId('receive-help-toggle').click();
    await checkScreen(page, 'receive-address', 'ids', { shown: accountNames });
    await page.getByTestId('receive-back').click();

    await page.getByTestId('home-send').click();
    await page.getByTestId('send-to').fill(`friend${Date.now()}.near`);
    await page.getByTestId('send-amount').fill('1');
    await checkScreen(page, 'send', 'plain', { shown: accountNames });
    await page.getByTestId('send-review').click();
    await expect(page.getByTestId('send-dialog').getByTestId('approval-intent')).toBeVisible({ timeout: 10_000 });
    await checkScreen(page, 'send-review', 'plain', { shown: accountNames });
    await page.getByTestId('send-cancel').click();
    await page.getByTestId('send-back').click();

    await page.getByTestId('home-withdraw').click();
    await page.getByTestId('withdraw-token').selectOption(USDC_ETH);
    await page.getByTestId('withdraw-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await page.getByTestId('withdraw-amount').fill('25');
    await expect(page.getByTestId('withdraw-arrives')).toContainText('USDC', { timeout: QUOTE_TIMEOUT });
    await checkScreen(page, 'withdraw', 'plain', { shown: accountNames });
    await page.getByTestId('withdraw-back').click();

    await page.getByTestId('nav-swap').click();
    await expect(page.getByTestId('swap-origin')).toBeFocused({ timeout: 10_000 });
    await pick(page, 'origin', 'usdc eth', USDC_ETH);
    await pick(page, 'destination', 'wrap.near', WNEAR);
    await expect(page.getByTestId('swap-origin-balance')).toContainText('40 USDC');
    await page.getByTestId('swap-amount').fill('25');
    await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: QUOTE_TIMEOUT });
    // Amount, both tokens, the quote and the button: all on the first screen, above the bottom navigation.
    for (const id of ['swap-origin', 'swap-amount', 'swap-destination', 'swap-quote', 'swap-start'])
      await expectOnFirstScreen(page, id);
    await checkScreen(page, 'swap', 'plain', { shown: accountNames });
    // Max: all the intents account holds, paid from it.
    await page.getByTestId('swap-origin-max').click();
    await expect(page.getByTestId('swap-amount')).toHaveValue('40');
    await expect(page.getByTestId('swap-options-summary')).toContainText('from your balance');
    await expect(page.getByTestId('swap-options-summary')).toContainText('to you');
    await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: QUOTE_TIMEOUT });
    await page.getByTestId('swap-options-toggle').click();
    await checkScreen(page, 'swap-options', 'plain', { shown: accountNames });

    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('history')).toBeVisible({ timeout: 10_000 });
    await checkScreen(page, 'activity', 'plain', { shown: accountNames });
    await page.getByTestId('history-search-toggle').click();
    await expect(page.getByTestId('history-search')).toBeVisible();
    await page.getByTestId('history-filters-toggle').click();
    await expect(page.getByTestId('history-sheet')).toBeVisible();
    await checkScreen(page, 'activity-filters', 'plain', { shown: accountNames });
    await page.getByTestId('history-sheet-close').click();

    await page.getByTestId('nav-settings').click();
    // Settings opens on General, on its title: in plain words, no service URL field and nothing focused in it.
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeFocused();
    await expect(page.getByTestId('settings-backup')).toBeVisible();
    await expect(page.getByTestId('settings-endpoint-swap')).toHaveCount(0);
    await checkScreen(page, 'settings', 'plain', { shown: accountNames });
    // Its five sections fit across the popup: none is pushed out of view, nothing scrolls sideways.
    for (const tab of ['general', 'accounts', 'contacts', 'sites', 'advanced'])
      await expect(page.getByTestId(`settings-tab-${tab}`)).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(POPUP_SIZE.width);
    // Advanced holds the network, its services and credentials: the protocol's words belong there.
    await page.getByTestId('settings-tab-advanced').click();
    await expect(page.getByTestId('settings-preset')).toHaveText('Custom');
    await expect(page.getByRole('heading', { name: 'Advanced' })).toBeFocused();
    await checkScreen(page, 'settings-advanced', 'ids', { shown: accountNames });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(POPUP_SIZE.width);
    await page.getByTestId('settings-tab-accounts').click();
    await expect(page.getByTestId('account-row')).toHaveCount(1);
    await checkScreen(page, 'settings-accounts', 'plain', { shown: accountNames });
    await page.getByTestId('accounts-keys').click();
    await expect(page.getByTestId('key-row')).toHaveCount(1, { timeout: 10_000 });
    await checkScreen(page, 'settings-keys', 'ids', { shown: accountNames });

    // The approval window, for a connect and for an intent, from a page on 127.0.0.1.
    const dapp = await extension.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    const connect = await withApproval(extension.context, () => request(dapp, 'intents_requestAccounts', {}));
    await expect(connect.approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await checkScreen(connect.approval, 'approval-connect', 'plain', { shown: accountNames });
    await confirm(connect.approval);
    expect(await connect.pending).toMatchObject({ ok: true });
    const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];
    const sign = await withApproval(extension.context, () => request(dapp, 'intents_signIntents', { intents }));
    await expect(sign.approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible({
      timeout: 10_000,
    });
    await checkScreen(sign.approval, 'approval-intent');
    await reject(sign.approval);
    expect(await sign.pending).toMatchObject({ ok: false });

    await page.bringToFront();
    await page.getByTestId('settings-tab-sites').click();
    await expect(page.getByTestId('site-row')).toHaveAttribute('data-origin', pages.origin);
    await checkScreen(page, 'settings-sites', 'plain', { shown: accountNames });
  } finally {
    await closePageServer(pages);
    await close();
  }
});
