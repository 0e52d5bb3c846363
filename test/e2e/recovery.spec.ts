// Recovery in the real built extension: a wallet made with a new phrase, an account added (derived from
// the phrase, m/44'/397'/1'), the phrase shown in Settings behind the password and hidden until Reveal,
// then "Forgot password?" on the lock screen: erased after the confirmation, restored from the phrase, and
// the added accounts come back with the same ids: the one the verifier knows (it holds a token) with the
// restore itself, the one never used from Add account. Each test has a fresh profile.
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import { launchExtension } from './fixtures';
import { checkScreen } from './screens';
import { dev, expect, pointAtSimulator, test, walletCall } from './sim';

const PASSWORD = 'correct horse battery';

async function phraseWords(page: Page, prefix: string): Promise<string[]> {
  const words: string[] = [];
  for (let n = 1; n <= 12; n++)
    words.push((await page.getByTestId(`${prefix}-${n}`).innerText()).replace(/^\s*\d+\.\s*/, '').trim());
  return words;
}

async function accountIds(page: Page): Promise<string[]> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-accounts').click();
  const rows = page.getByTestId('account-row');
  await expect(rows.first()).toBeVisible();
  return Promise.all((await rows.all()).map(async (r) => (await r.getAttribute('data-account-id'))!));
}

async function addDerivedAccount(page: Page, count: number): Promise<void> {
  await page.getByTestId('account-add').click();
  await expect(page.getByTestId('account-add-form')).toContainText('The next account of your recovery phrase');
  await page.getByTestId('account-add-submit').click();
  await expect(page.getByTestId('account-row')).toHaveCount(count);
}

test('new phrase → derived account → Show recovery phrase → Forgot password: erase → restore → the same accounts', async ({
  sim,
}) => {
  test.setTimeout(120_000);
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.goto(extension.url('popup.html'));
    await pointAtSimulator(page, extension, sim);
    await page.getByTestId('onboarding-create').click();
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('password-confirm').fill(PASSWORD);
    await page.getByTestId('create-submit').click();
    await expect(page.getByTestId('backup-words')).toBeVisible({ timeout: 15_000 });
    const words = await phraseWords(page, 'phrase-word');
    await page.getByTestId('backup-skip').click();

    await accountIds(page);
    await addDerivedAccount(page, 2);
    await addDerivedAccount(page, 3);
    const before = await accountIds(page);
    // The second account is used (the verifier holds a token of it); the third never is.
    await dev(sim, '/dev/fund', { accountId: before[1], tokenId: 'nep141:wrap.near', amount: (10n ** 24n).toString() });
    // Derived accounts carry no "not covered" note.
    await expect(page.getByTestId('account-backup')).toHaveCount(0);

    // Show recovery phrase: the password first (a wrong one says so and shows nothing), then hidden words.
    await page.getByTestId('settings-tab-general').click();
    await page.getByTestId('phrase-reveal-open').click();
    await page.getByTestId('phrase-reveal-password').fill('not my password');
    await page.getByTestId('phrase-reveal-submit').click();
    await expect(page.getByTestId('phrase-reveal-error')).toContainText(/password/i);
    await expect(page.getByTestId('phrase-reveal-words')).toHaveCount(0);
    await page.getByTestId('phrase-reveal-password').fill(PASSWORD);
    await page.getByTestId('phrase-reveal-submit').click();
    await expect(page.getByTestId('phrase-reveal-words')).toHaveAttribute('data-revealed', 'false');
    const hidden = await page.getByTestId('phrase-reveal-words').innerText();
    for (const w of words) expect(hidden).not.toContain(w);
    await page.getByTestId('phrase-reveal-show').scrollIntoViewIfNeeded();
    // The accounts' names are the person's own (the vault named them): data, not words.
    const { accounts } = await walletCall<{ accounts: { label: string }[] }>(page, WALLET.status);
    await checkScreen(page, 'settings-phrase-hidden', 'plain', { shown: accounts.map((a) => a.label) });
    await page.getByTestId('phrase-reveal-show').click();
    expect(await phraseWords(page, 'phrase-reveal-word')).toEqual(words);
    await page.getByTestId('phrase-reveal-done').click();
    await expect(page.getByTestId('phrase-reveal-words')).toHaveCount(0);

    // Locked, and the password forgotten: erase only after the confirmation.
    await walletCall(page, WALLET.lock);
    await page.reload();
    await page.getByTestId('unlock-forgot-toggle').click();
    await page.getByTestId('erase-start').click();
    await expect(page.getByTestId('erase-dialog')).toContainText('Your funds stay on the accounts');
    await expect(page.getByTestId('erase-confirm')).toBeDisabled();
    await checkScreen(page, 'unlock-erase');
    await page.getByTestId('erase-cancel').click();
    expect((await walletCall<{ exists: boolean }>(page, WALLET.status)).exists).toBe(true);
    await page.getByTestId('erase-start').click();
    await page.getByTestId('erase-understood').check();
    await page.getByTestId('erase-confirm').click();
    // Erased: the restore from the phrase comes next, in the same popup.
    await expect(page.getByTestId('import-phrase')).toBeVisible({ timeout: 15_000 });
    expect((await walletCall<{ exists: boolean }>(page, WALLET.status)).exists).toBe(false);
    await page.getByTestId('import-phrase').fill(words.join(' '));
    await page.getByTestId('password').fill('a new long password');
    await page.getByTestId('password-confirm').fill('a new long password');
    await page.getByTestId('create-submit').click();
    await expect(page.getByTestId('nav-settings')).toBeVisible({ timeout: 15_000 });
    expect(await accountIds(page)).toEqual(before.slice(0, 2));
    await addDerivedAccount(page, 3);
    expect(await accountIds(page)).toEqual(before);
  } finally {
    await close();
  }
});

test('a Quick-key wallet is reminded to back its key up until it is exported', async () => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.goto(extension.url('popup.html'));
    await page.getByTestId('onboarding-quick-key').click();
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('password-confirm').fill(PASSWORD);
    await page.getByTestId('create-submit').click();
    await expect(page.getByTestId('key-backup-banner')).toContainText('no recovery phrase covers it', {
      timeout: 15_000,
    });
    // The account's name is the person's own (the vault named it when it was made): data, not a message.
    const { accounts } = await walletCall<{ accounts: { label: string }[] }>(page, WALLET.status);
    await checkScreen(page, 'home-key-backup', 'plain', { shown: accounts.map((a) => a.label) });
    // Accounts says so too, and Settings has no phrase to show.
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('phrase-reveal-none')).toBeVisible();
    await page.getByTestId('settings-tab-accounts').click();
    await expect(page.getByTestId('account-backup')).toHaveAttribute('data-backup', 'none');

    // The reminder sits on the Wallet tab (above Swap it would push the form's button out of view).
    await expect(page.getByTestId('key-backup-banner')).toHaveCount(0);
    await page.getByTestId('nav-home').click();
    await page.getByTestId('key-backup-start').click();
    await page.getByTestId('export-password').fill(PASSWORD);
    await page.getByTestId('export-submit').click();
    await expect(page.getByTestId('export-secret')).toHaveValue(/^ed25519:/);
    await page.getByTestId('export-done').click();
    await expect(page.getByTestId('key-backup-banner')).toHaveCount(0);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-tab-accounts').click();
    await expect(page.getByTestId('account-backup')).toHaveAttribute('data-backup', 'exported');
  } finally {
    await close();
  }
});
