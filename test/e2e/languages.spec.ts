// The popup in the person's language: Chromium started in Spanish (fixtures.ts, launchExtension's `lang`)
// shows Home in the Spanish catalogue's words, with amounts written the Spanish way (a dot groups
// thousands, a comma marks decimals) and every digit of the amount kept; and every word of the screen's
// own part is a Spanish message (test/e2e/messagesOnScreen.ts).
import { WALLET } from '../../src/api/walletApi';
import { EXTENSION_DIR, launchExtension } from './fixtures';
import { unexplainedText } from './messagesOnScreen';
import { dev, expect, pointAtSimulator, test, walletCall } from './sim';

const WNEAR = 'nep141:wrap.near';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

test('Home in Spanish: Spanish words, amounts written the Spanish way to the last digit', async ({ sim }) => {
  const { extension, close } = await launchExtension(EXTENSION_DIR, 'es');
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{
      status: { selectedAccountId: string; accounts: { label: string }[] };
    }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    const account = created.status.selectedAccountId;
    await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC_ETH, amount: '12345678901' }); // 12 345.678901 USDC
    await dev(sim, '/dev/fund', { accountId: account, tokenId: WNEAR, amount: (15n * 10n ** 23n).toString() }); // 1.5
    await page.reload();

    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect(page.getByTestId('nav-home')).toHaveText('Monedero');
    await expect(page.getByTestId('nav-activity')).toHaveText('Actividad');
    await expect(page.getByTestId('home-receive')).toHaveText('Recibir');
    await expect(page.getByTestId('home-withdraw')).toHaveText('Retirar');
    const rows = page.getByTestId('home-balance');
    await expect(rows).toHaveCount(2);
    // Six significant digits: 12 345.6 (never rounded up), grouped with a dot, the decimal a comma.
    await expect(rows.nth(0)).toHaveAttribute('data-asset-id', USDC_ETH);
    await expect(rows.nth(0).locator('.amount')).toHaveText('12.345,6');
    await expect(rows.nth(1).locator('.amount')).toHaveText('1,5');
    // Dollars as Spanish writes them: the sign after the amount.
    await expect(page.getByTestId('home-total')).toContainText('US$');
    await expect(page.getByTestId('home-total')).toHaveAttribute('data-stale', 'false');
    // Every word on the screen is a Spanish message, but the account's name: the person's own (the vault
    // named it when it was made).
    expect(
      await unexplainedText(
        page,
        created.status.accounts.map((a) => a.label),
      ),
    ).toEqual([]);
  } finally {
    await close();
  }
});

test('Activity in Spanish: the empty list, its search and its filters in Spanish words', async ({ sim }) => {
  const { extension, close } = await launchExtension(EXTENSION_DIR, 'es');
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { accounts: { label: string }[] } }>(page, WALLET.create, {
      password: 'correct horse battery',
      source: { kind: 'generate' },
    });
    const names = created.status.accounts.map((a) => a.label);
    await page.reload();
    await page.getByTestId('nav-activity').click();
    // Loaded, with nothing in it yet: the empty state and its ways to a first entry.
    await expect(page.getByTestId('history-empty')).toContainText('Aún no hay actividad.', { timeout: 10_000 });
    await expect(page.getByTestId('history-empty-receive')).toHaveText('Recibir');
    await expect(page.getByTestId('history-count')).toContainText('No hay nada en la lista.');
    await page.getByTestId('history-search-toggle').click();
    await expect(page.getByTestId('history-search')).toBeVisible();
    expect(await unexplainedText(page, names)).toEqual([]);

    await page.getByTestId('history-filters-toggle').click();
    await expect(page.getByTestId('history-sheet')).toBeVisible();
    await expect(page.getByTestId('history-apply')).toHaveText('Aplicar');
    // A field's problem is a Spanish message too.
    await page.getByTestId('history-min-usd').fill('abc');
    await page.getByTestId('history-apply').click();
    await expect(page.getByTestId('history-filters')).toContainText('Introduce una cantidad en dólares');
    expect(await unexplainedText(page, names)).toEqual([]);
  } finally {
    await close();
  }
});
