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

test('first run and the lock screen in Spanish: every word a Spanish message, the vault’s refusal too', async () => {
  const { extension, close } = await launchExtension(EXTENSION_DIR, 'es');
  try {
    const page = await extension.context.newPage();
    await page.goto(extension.url('popup.html'));
    // The ways to begin, then the password form of one.
    await expect(page.getByTestId('onboarding-create')).toContainText('Crear un monedero nuevo');
    expect(await unexplainedText(page)).toEqual([]);
    await page.getByTestId('onboarding-quick-key').click();
    await expect(page.getByTestId('create-submit')).toHaveText('Crear monedero');
    expect(await unexplainedText(page)).toEqual([]);

    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    await walletCall(page, WALLET.lock);
    await page.reload();
    // The lock screen, "Forgot password?" open, and the erase dialog it leads to.
    await expect(page.getByTestId('unlock-submit')).toHaveText('Desbloquear');
    await page.getByTestId('unlock-forgot-toggle').click();
    await expect(page.getByTestId('unlock-forgot')).toContainText('Importar frase de recuperación');
    expect(await unexplainedText(page)).toEqual([]);
    await page.getByTestId('erase-start').click();
    await expect(page.getByTestId('erase-confirm')).toBeDisabled();
    expect(await unexplainedText(page)).toEqual([]);
    await page.getByTestId('erase-cancel').click();
    // A wrong password: the background refuses in English (what a site would read); the person reads Spanish.
    await page.getByTestId('unlock-password').fill('not the password at all');
    await page.getByTestId('unlock-submit').click();
    await expect(page.getByTestId('unlock-error')).toHaveText('Contraseña incorrecta.');
    expect(await unexplainedText(page)).toEqual([]);
  } finally {
    await close();
  }
});
