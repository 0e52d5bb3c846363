// The popup in the person's language: Chromium started in Spanish (fixtures.ts, launchExtension's `lang`)
// shows Home in the Spanish catalogue's words, with amounts written the Spanish way (a dot groups
// thousands, a comma marks decimals) and every digit of the amount kept; and every word of the screen's
// own part is a Spanish message (test/e2e/messagesOnScreen.ts).
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CONTACTS } from '../../src/api/contactsApi';
import { WALLET } from '../../src/api/walletApi';
import { CONTACTS_FILE_FORMAT } from '../../src/core/contacts';
import type { RunningSimulator } from '../../src/sim/server';
import { closePageServer, EXTENSION_DIR, type Extension, launchExtension, startPageServer } from './fixtures';
import { unexplainedText } from './messagesOnScreen';
import { confirm, ONE_WNEAR, reject, request, withApproval } from './provider-helpers';
import { checkScreen } from './screens';
import { dev, expect, pointAtSimulator, test, walletCall } from './sim';

const WNEAR = 'nep141:wrap.near';
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

/** A browser in `lang` (fixtures.ts, launchExtension) with a new wallet on the simulator. */
interface WalletIn {
  extension: Extension;
  /** The popup page, pointed at the simulator (reload it to see the wallet). */
  page: Page;
  accountId: string;
  /** The names the vault gave the accounts: data on screen, not the catalogue's words. */
  names: string[];
}

/** Runs `body` with a new wallet in a browser started in `lang`, and closes that browser whatever happens. */
async function inLanguage(lang: string, sim: RunningSimulator, body: (w: WalletIn) => Promise<void>): Promise<void> {
  const { extension, close } = await launchExtension(EXTENSION_DIR, lang);
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string; accounts: { label: string }[] } }>(
      page,
      WALLET.create,
      { password: 'correct horse battery', source: { kind: 'generate' } },
    );
    const names = created.status.accounts.map((a) => a.label);
    await body({ extension, page, accountId: created.status.selectedAccountId, names });
  } finally {
    await close();
  }
}

test('Home in Spanish: Spanish words, amounts written the Spanish way to the last digit', async ({ sim }) => {
  await inLanguage('es', sim, async ({ page, accountId, names }) => {
    await dev(sim, '/dev/fund', { accountId, tokenId: USDC_ETH, amount: '12345678901' }); // 12 345.678901 USDC
    await dev(sim, '/dev/fund', { accountId, tokenId: WNEAR, amount: (15n * 10n ** 23n).toString() }); // 1.5
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
    // The name the vault gave the account reads in Spanish too.
    expect(names).toEqual(['Cuenta 1']);
    // Every word on the screen is a Spanish message; axe in light and dark, and its picture for the README.
    expect(await unexplainedText(page)).toEqual([]);
    await checkScreen(page, 'home-es');
  });
});

test('Contacts in Spanish: the list, its buttons and a saved contact in Spanish words; the name is data', async ({
  sim,
}) => {
  await inLanguage('es', sim, async ({ page, names: accountNames }) => {
    // A saved contact: its name is the person's own.
    await walletCall(page, CONTACTS.save, { name: 'Lucía', chain: 'home', address: 'lucia.sim', memo: '' });
    await page.reload();
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-tab-contacts')).toHaveText('Contactos');
    await page.getByTestId('settings-tab-contacts').click();
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(page.getByTestId('contacts-add')).toHaveText('Añadir contacto');
    await expect(page.getByTestId('contact-edit')).toHaveText('Editar');
    await expect(page.getByTestId('contact-edit')).toHaveAttribute('aria-label', 'Editar Lucía');
    // Every word on the screen is a Spanish message, but the names: the account's and the contact's.
    const names = [...accountNames, 'Lucía'];
    expect(await unexplainedText(page, names)).toEqual([]);

    // A new contact's form, and what it says once saved.
    await page.getByTestId('contacts-add').click();
    await expect(page.getByRole('heading', { name: 'Contacto nuevo' })).toBeVisible();
    expect(await unexplainedText(page, names)).toEqual([]);
    await page.getByTestId('contact-name').fill('Mateo');
    await page.getByTestId('contact-address').fill('mateo.sim');
    await page.getByTestId('contact-save').click();
    await expect(page.getByTestId('contacts-note')).toHaveText('Se guardó Mateo.');
    expect(await unexplainedText(page, [...names, 'Mateo'])).toEqual([]);
  });
});

test('the approval window for a site’s intents in Spanish: the request, its result, its risk, its buttons, units of an unconfirmed token and a balance too small', async ({
  sim,
}) => {
  const pages = await startPageServer();
  try {
    await inLanguage('es', sim, async ({ extension, accountId, names }) => {
      await dev(sim, '/dev/fund', { accountId, tokenId: WNEAR, amount: (3n * 10n ** 24n).toString() });
      const dapp = await extension.context.newPage();
      await dapp.goto(`${pages.origin}/dapp.html`);
      const connect = await withApproval(extension.context, () => request(dapp, 'intents_requestAccounts', {}));
      await expect(connect.approval.getByTestId('approval-confirm')).toHaveText('Conectar');
      expect(await unexplainedText(connect.approval, names)).toEqual([]);
      await confirm(connect.approval);
      expect(await connect.pending).toMatchObject({ ok: true });

      // A transfer to an account this wallet never sent to: a danger finding, worded by the window in Spanish.
      const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];
      const sign = await withApproval(extension.context, () => request(dapp, 'intents_signIntents', { intents }));
      const { approval } = sign;
      await expect(approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible({
        timeout: 10_000,
      });
      await expect(approval.getByTestId('approval-kind')).toHaveText('Firmar intents');
      await expect(approval.getByTestId('approval-confirm')).toHaveText('Firmar');
      await expect(approval.getByTestId('approval-reject')).toHaveText('Rechazar');
      const finding = approval.locator('[data-testid="approval-finding"][data-code="transfer_to_other"]');
      await expect(finding).toContainText('Envía 1 wNEAR a bob.near');
      await expect(approval.getByTestId('approval-ack-danger')).toBeVisible();
      await expect(approval.getByTestId('review-fee')).toContainText('al verificador');
      // The intent's own line in plain words (src/core/describe.ts) is a Spanish message too.
      await expect(approval.getByTestId('approval-intent')).toContainText('Enviar 1 wNEAR a bob.near');
      // Every word the window shows is a Spanish message.
      expect(await unexplainedText(approval)).toEqual([]);
      await reject(approval);
      expect(await sign.pending).toMatchObject({ ok: false });

      // A token whose decimals the wallet cannot confirm is counted in its smallest units, in Spanish words,
      // in the intent's line, the balance changes and what does not balance; and the wallet's own check of a
      // balance too small is a Spanish sentence with the amounts inside it.
      const MYSTERY = 'nep141:mystery-token.near';
      for (const [diff, outcome, says] of [
        [{ [WNEAR]: `-${ONE_WNEAR}`, [MYSTERY]: '123456789' }, 'ok', '123456789 unidades de nep141:mystery-token.near'],
        [{ [WNEAR]: (-5n * 10n ** 24n).toString(), [MYSTERY]: '7' }, 'error', 'esta cuenta tiene 3 wNEAR'],
      ] as const) {
        const odd = await withApproval(extension.context, () =>
          request(dapp, 'intents_signIntents', { intents: [{ intent: 'token_diff', diff }] }),
        );
        await expect(odd.approval.locator(`[data-testid="review-result"][data-outcome="${outcome}"]`)).toBeVisible({
          timeout: 10_000,
        });
        await odd.approval.getByTestId('approval-technical').locator('summary').click();
        await expect(odd.approval.locator('body')).toContainText(says);
        if (outcome === 'ok') await expect(odd.approval.getByTestId('approval-invariant')).toContainText('unidades de');
        expect(await unexplainedText(odd.approval)).toEqual([]);
        await reject(odd.approval);
        expect(await odd.pending).toMatchObject({ ok: false });
      }
    });
  } finally {
    await closePageServer(pages);
  }
});

test('Receive and Withdraw in Spanish: the address screen, its payment request and deposits, and an address check, all Spanish messages', async ({
  sim,
}) => {
  await inLanguage('es', sim, async ({ page, names }) => {
    await page.setViewportSize({ width: 360, height: 600 });
    await page.reload();
    await page.getByTestId('home-receive').click();
    await expect(page.getByRole('heading', { name: 'Recibir', exact: true })).toBeVisible();
    await page.getByTestId('receive-token').click();
    await page.getByTestId('swap-token-search').fill('usdc eth');
    await page.locator(`[data-testid="swap-token-option"][data-asset-id="${USDC_ETH}"]`).click();
    await expect(page.getByRole('heading', { name: 'Recibir USDC en Ethereum' })).toBeVisible();
    const address = (await page.getByTestId('receive-address').innerText()).trim();
    await expect(page.getByTestId('receive-copy')).toHaveText('Copiar dirección');
    await expect(page.getByTestId('deposit-qr-holds')).toHaveText(
      'Contiene solo la dirección de depósito; introduce tú la cantidad.',
    );
    // An amount to request makes the QR a payment request, said in Spanish with the standard's name as data.
    await page.getByTestId('receive-request-amount').fill('10');
    await expect(page.getByTestId('deposit-qr-holds')).toHaveText(
      'Contiene una solicitud de pago EIP-681 con la cantidad exacta.',
    );
    await dev(sim, '/dev/bridge/deposit', { address, assetId: USDC_ETH, amount: '10000000' });
    await page.getByTestId('receive-help-toggle').click();
    await page.getByTestId('receive-check').click();
    await expect(page.getByTestId('receive-deposits-count')).toHaveText('1 visto.');
    await expect(page.getByTestId('receive-deposit')).toContainText('10 USDC · ');
    // Every word of the address screen is a Spanish message, the account's name aside (the person's own).
    expect(await unexplainedText(page, names)).toEqual([]);

    // Withdraw: a mistyped address is refused in Spanish, what is checked and what is wrong in one sentence.
    await page.getByTestId('receive-back').click();
    await expect(page.getByTestId('home-balance')).toHaveAttribute('data-asset-id', USDC_ETH);
    await page.getByTestId('home-withdraw').click();
    await page.getByTestId('withdraw-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA');
    await expect(page.locator('.field-error')).toHaveText(
      'Una dirección EVM tiene 40 cifras hexadecimales después de 0x (esta tiene 38)',
    );
    await expect(page.getByTestId('withdraw-continue')).toHaveText('Continuar');
    expect(await unexplainedText(page, names)).toEqual([]);
  });
});

test('Activity in Spanish: the empty list, its search and its filters in Spanish words', async ({ sim }) => {
  await inLanguage('es', sim, async ({ page, names }) => {
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
  });
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

test('a contacts file’s errors and a destination tag in Spanish: each bad entry named, the memo’s name and problem in Spanish words', async ({
  sim,
}, testInfo) => {
  await inLanguage('es', sim, async ({ page, names }) => {
    await page.reload();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-tab-contacts').click();
    await expect(page.getByTestId('contacts-add')).toHaveText('Añadir contacto');

    // A file with a good entry, a bad destination tag and a field no contact has: nothing is imported, and
    // each bad entry is named by its number and name, its problem in Spanish (the core names it, the page writes it).
    const file = testInfo.outputPath('contactos.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: CONTACTS_FILE_FORMAT,
        version: 1,
        contacts: [
          { name: 'Lucía', chain: 'home', address: 'lucia.sim', memo: '' },
          { name: 'Mallory', chain: 'xrp', address: XRP, memo: '007' },
          { name: 'Eve', chain: 'home', address: 'eve.sim', memo: '', extra: 1 },
        ],
      }),
    );
    await page.getByTestId('contacts-file').setInputFiles(file);
    const errors = page.getByTestId('contacts-import-errors');
    await expect(errors).toContainText('No se importó nada.');
    await expect(errors).toContainText('Contacto 2 (Mallory): Una etiqueta de destino es un número entero');
    await expect(errors).toContainText('Contacto 3 (Eve): campos desconocidos: extra');
    expect(await unexplainedText(page, [...names, 'Mallory', 'Eve', 'extra'])).toEqual([]);

    // The form's memo field for an XRP Ledger address: named as the chain names it, its problem in Spanish.
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-chain').selectOption('xrp');
    await page.getByTestId('contact-name').fill('Mateo');
    await page.getByTestId('contact-address').fill(XRP);
    await expect(page.getByLabel('Etiqueta de destino (opcional)')).toBeVisible();
    await page.getByTestId('contact-memo').fill('007');
    await page.getByTestId('contact-save').click();
    await expect(page.getByText('Una etiqueta de destino es un número entero de 0 a 4294967295')).toBeVisible();
    expect(await unexplainedText(page, [...names, 'Mateo'])).toEqual([]);
  });
});

test('the popup in Chinese: Home, Activity and Settings in the zh_CN catalogue’s words, amounts in Chinese digits grouping', async ({
  sim,
}) => {
  await inLanguage('zh-CN', sim, async ({ page, accountId, names }) => {
    await dev(sim, '/dev/fund', {
      accountId,
      tokenId: USDC_ETH,
      amount: '12345678901',
    });
    expect(names).toEqual(['账户 1']);
    await page.reload();

    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect(page.getByTestId('nav-home')).toHaveText('钱包');
    await expect(page.getByTestId('home-balance').locator('.amount')).toHaveText('12,345.6');
    await checkScreen(page, 'home-zh');
    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('nav-activity')).toHaveAttribute('aria-current', 'page');
    // Loaded: the count line says how many entries the list holds (none yet, or another test's swaps).
    await expect(page.getByTestId('history-count')).toBeVisible({ timeout: 10_000 });
    expect(await unexplainedText(page)).toEqual([]);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('nav-settings')).toHaveText('设置');
    expect(await unexplainedText(page)).toEqual([]);
  });
});
