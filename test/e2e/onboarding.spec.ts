// The popup's first run in real Chromium: create a wallet with a new recovery phrase, pass the backup
// check, lock, unlock with the keyboard only, and see the account. Each test has a fresh profile.
import type { Page } from '@playwright/test';
import { expect, launchExtension, test } from './fixtures';

const PASSWORD = 'correct horse battery';

async function openPopup(): Promise<{ page: Page; close(): Promise<void> }> {
  const { extension, close } = await launchExtension();
  const page = await extension.context.newPage();
  await page.goto(extension.url('popup.html'));
  return { page, close };
}

async function createWithNewPhrase(page: Page): Promise<string[]> {
  await page.getByTestId('onboarding-create').click();
  await expect(page.getByTestId('password')).toBeFocused(); // focus moves to the new screen's first field
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('backup-words')).toBeVisible({ timeout: 15_000 });
  const words: string[] = [];
  for (let n = 1; n <= 12; n++)
    words.push((await page.getByTestId(`phrase-word-${n}`).innerText()).replace(/^\s*\d+\.\s*/, '').trim());
  expect(words).toHaveLength(12);
  for (const w of words) expect(w).toMatch(/^[a-z]{3,8}$/);
  return words;
}

/** Fills the three asked words (their test ids name the 1-based positions). */
async function answerBackup(page: Page, words: string[], wrongAt?: number): Promise<number[]> {
  const inputs = page.locator('[data-testid^="backup-word-"]');
  await expect(inputs).toHaveCount(3);
  const positions: number[] = [];
  for (const input of await inputs.all()) {
    const n = Number((await input.getAttribute('data-testid'))!.slice('backup-word-'.length));
    positions.push(n);
    await input.fill(n === wrongAt ? 'notaword' : words[n - 1]!);
  }
  return positions;
}

test.describe('onboarding', () => {
  test('new phrase → backup check → lock → keyboard-only unlock → the account', async () => {
    const { page, close } = await openPopup();
    try {
      await expect(page.getByTestId('onboarding-create')).toBeFocused();
      const words = await createWithNewPhrase(page);
      await page.getByTestId('backup-continue').click();

      // A wrong word is refused and named; the phrase is not confirmed.
      const [first] = await answerBackup(page, words, undefined);
      await page.getByTestId(`backup-word-${first}`).fill('notaword');
      await page.getByTestId('backup-confirm').click();
      await expect(page.getByTestId('backup-error')).toContainText('do not match');
      await expect(page.getByTestId(`backup-word-${first}`)).toBeFocused();
      await page.getByTestId(`backup-word-${first}`).fill(words[first! - 1]!);
      await page.getByTestId('backup-confirm').click();

      // The wallet opens on Home, the account in the header's switcher.
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.getByTestId('backup-banner')).toHaveCount(0);
      const switcher = page.getByTestId('account-switcher');
      await expect(switcher.locator('option')).toHaveCount(1);
      const accountId = await switcher.inputValue();
      expect(accountId).toMatch(/^[0-9a-f]{64}$/); // the phrase's first key, as an implicit account
      await page.getByTestId('nav-settings').click();
      await expect(page.getByTestId('autolock-info')).toContainText(/Locks at .*auto-lock after 15 min/);

      await page.getByTestId('lock').click();
      const password = page.getByTestId('unlock-password');
      await expect(password).toBeFocused();

      // Keyboard only from here: type, Enter; errors are announced and focus stays in the field.
      for (let attempt = 1; attempt <= 3; attempt++) {
        await page.keyboard.type(`wrong password ${attempt}`);
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('unlock-error')).toHaveText(/password/i);
        await expect(page.getByRole('alert')).toBeVisible();
        await expect(password).toBeFocused();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Backspace');
      }
      // After three wrong passwords the background makes the next attempt wait, and says how long.
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('unlock-error')).toContainText(/try again in \d+ s/i);
      // The wait is the background's: Enter again until it lets the right password through.
      await expect(async () => {
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('home')).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 10_000 });

      await expect(page.getByTestId('account-switcher')).toHaveValue(accountId);
    } finally {
      await close();
    }
  });

  test('skipping the backup keeps the banner; backing up later asks for the password', async () => {
    const { page, close } = await openPopup();
    try {
      const words = await createWithNewPhrase(page);
      await page.getByTestId('backup-skip').click();
      await expect(page.getByTestId('backup-banner')).toBeVisible();

      await page.getByTestId('backup-start').click();
      await expect(page.getByTestId('backup-password')).toBeFocused();
      await page.getByTestId('backup-password').fill('not the password');
      await page.getByTestId('backup-show').click();
      await expect(page.getByTestId('backup-error')).toBeVisible();
      await page.getByTestId('backup-password').fill(PASSWORD);
      await page.getByTestId('backup-show').click();
      await expect(page.getByTestId('phrase-word-1')).toContainText(words[0]!); // the same phrase, read again
      await page.getByTestId('backup-continue').click();
      await answerBackup(page, words);
      await page.getByTestId('backup-confirm').click();
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.getByTestId('backup-banner')).toHaveCount(0);
    } finally {
      await close();
    }
  });

  test('quick key: password rules shown, no phrase; a dialog traps focus and closes on Escape', async () => {
    const { page, close } = await openPopup();
    try {
      await page.getByTestId('onboarding-quick-key').click();
      await page.getByTestId('password').fill('short');
      await page.getByTestId('password-confirm').fill('short');
      await page.getByTestId('create-submit').click();
      await expect(page.getByTestId('password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Use at least 10 characters')).toBeVisible();
      await page.getByTestId('password').fill('password123'); // long enough, but a well-known password
      await page.getByTestId('password-confirm').fill('password123');
      await page.getByTestId('create-submit').click();
      await expect(page.getByTestId('create-error')).toContainText('well-known');
      await page.getByTestId('password').fill(PASSWORD);
      await page.getByTestId('password-confirm').fill(PASSWORD);
      await page.getByTestId('create-submit').click();
      await expect(page.getByTestId('home')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('backup-banner')).toHaveCount(0);
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-tab-accounts').click();
      await expect(page.getByTestId('accounts')).toBeVisible();

      // Keyboard: open the remove dialog, Tab stays inside, Escape closes and focus returns.
      const remove = page.getByTestId('account-remove');
      await remove.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(remove).toBeFocused();
      await expect(page.getByTestId('account-row')).toHaveCount(1);
    } finally {
      await close();
    }
  });
});
