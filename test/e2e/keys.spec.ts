// Key management end to end, in real Chromium against the real simulator:
// create a vault in the popup, add a second key through add_public_key and see it on the simulator's
// ledger, remove it; stop the service worker through CDP and show the wallet still unlocked and still
// signing; lock and show signing refused. A fresh profile per test; the simulator is shared per worker.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import type { RunningSimulator } from '../../src/sim/server';
import { type Extension, launchExtension, ROOT } from './fixtures';
import { expect, ledgerHasPublicKey, ledgerView, pointAtSimulator, test, walletCall } from './sim';
import { watchServiceWorker } from './worker';

const PASSWORD = 'correct horse battery';
const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');
/** add_public_key / remove_public_key: sign, publish, follow get_status to SETTLED (the bus settles in ≈ 0.5 s), has_public_key. */
const KEY_CHANGE_TIMEOUT = 20_000;

/** Popup → settings pointed at the simulator → reload → Quick key with a password → the account's id. */
async function createQuickKeyWallet(page: Page, extension: Extension, sim: RunningSimulator): Promise<string> {
  await pointAtSimulator(page, extension, sim);
  await page.reload();
  await page.getByTestId('onboarding-quick-key').click();
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('home')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('account-switcher').locator('option')).toHaveCount(1);
  const accountId = await page.getByTestId('account-switcher').inputValue();
  expect(accountId).toMatch(/^[0-9a-f]{64}$/); // implicit account of the generated key
  return accountId;
}

/** The public keys shown on the Keys page, in row order. */
async function keyRowKeys(page: Page): Promise<string[]> {
  const rows = await page.getByTestId('key-row').all();
  return Promise.all(rows.map(async (r) => (await r.getAttribute('data-public-key'))!));
}

/** Adds a generated key through the Keys page's dialog; returns the new key once the dialog says it is confirmed. */
async function addGeneratedKey(page: Page): Promise<string> {
  const before = new Set(await keyRowKeys(page));
  await page.getByTestId('keys-add').click();
  const dialog = page.getByTestId('keys-add-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('keys-add-how-generate').check();
  await dialog.getByTestId('keys-add-submit').click();
  await expect(dialog.getByTestId('key-change-result')).toContainText('Status SETTLED', {
    timeout: KEY_CHANGE_TIMEOUT,
  });
  await expect(dialog.getByTestId('key-change-status')).toContainText('is now registered on the verifier');
  await expect(dialog.getByTestId('keys-add-error')).toHaveCount(0);
  await dialog.getByTestId('keys-add-done').click();
  await expect(dialog).toHaveCount(0);

  // The list reloads: exactly one new row, local, not signing, registered.
  await expect(page.getByTestId('key-row')).toHaveCount(before.size + 1);
  const added = (await keyRowKeys(page)).filter((k) => !before.has(k));
  expect(added).toHaveLength(1);
  const key = added[0]!;
  expect(key).toMatch(/^ed25519:[1-9A-HJ-NP-Za-km-z]{43,44}$/);
  const row = page.locator(`[data-testid="key-row"][data-public-key="${key}"]`);
  await expect(row).toHaveAttribute('data-registered', 'yes');
  await expect(row).toHaveAttribute('data-signing', 'false');
  return key;
}

/** Removes a (non-signing) key through its row's Remove dialog; waits for the confirmation. */
async function removeKey(page: Page, publicKey: string): Promise<void> {
  const row = page.locator(`[data-testid="key-row"][data-public-key="${publicKey}"]`);
  await row.getByTestId('key-remove').click();
  const dialog = page.getByTestId('key-remove-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('key-remove-signing-warning')).toHaveCount(0);
  await dialog.getByTestId('key-remove-submit').click();
  await expect(dialog.getByTestId('key-change-result')).toContainText('Status SETTLED', {
    timeout: KEY_CHANGE_TIMEOUT,
  });
  await expect(dialog.getByTestId('key-change-status')).toContainText('is no longer registered on the verifier');
  await expect(dialog.getByTestId('key-remove-error')).toHaveCount(0);
  await dialog.getByTestId('key-remove-done').click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0); // a local, non-signing key is forgotten once removed from the verifier
}

test.describe('keys', () => {
  test.describe.configure({ timeout: 90_000 });

  test('add and remove a key on the ledger; survives a worker stop; refuses to sign once locked', async ({ sim }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      const accountId = await createQuickKeyWallet(page, extension, sim);
      let firstKey = '';

      await test.step('Keys page: the account’s own key signs and is registered', async () => {
        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-tab-accounts').click();
        await page.getByTestId('accounts-keys').click();
        await expect(page.getByTestId('keys')).toBeVisible();
        const rows = page.getByTestId('key-row');
        await expect(rows).toHaveCount(1);
        await expect(rows).toHaveAttribute('data-signing', 'true');
        await expect(rows).toHaveAttribute('data-registered', 'yes');
        firstKey = (await rows.getAttribute('data-public-key'))!;
        expect(await ledgerHasPublicKey(sim, accountId, firstKey)).toBe(true); // an implicit account's own key
      });

      let secondKey = '';
      await test.step('add a second key through add_public_key; the simulator’s ledger has it', async () => {
        expect(await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId })).toEqual([firstKey]);
        secondKey = await addGeneratedKey(page);
        expect(secondKey).not.toBe(firstKey);
        expect(await ledgerHasPublicKey(sim, accountId, secondKey)).toBe(true);
        expect(new Set(await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId }))).toEqual(
          new Set([firstKey, secondKey]),
        );
        // The signing key did not change.
        await expect(page.locator(`[data-testid="key-row"][data-public-key="${firstKey}"]`)).toHaveAttribute(
          'data-signing',
          'true',
        );
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, 'keys.png'), fullPage: true });
      });

      await test.step('remove it; the ledger no longer has it', async () => {
        await removeKey(page, secondKey);
        expect(await ledgerHasPublicKey(sim, accountId, secondKey)).toBe(false);
        expect(await ledgerHasPublicKey(sim, accountId, firstKey)).toBe(true);
        expect(await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId })).toEqual([firstKey]);
        await expect(page.getByTestId('key-row')).toHaveCount(1);
      });

      await test.step('stop the service worker through CDP: still unlocked after it restarts', async () => {
        const cdp = await extension.context.newCDPSession(page);
        const sw = await watchServiceWorker(cdp, extension);
        await expect.poll(sw.states, { message: 'CDP sees the extension worker running' }).toEqual(['running']);
        await cdp.send('ServiceWorker.stopAllWorkers');
        await expect.poll(sw.states, { message: 'the extension worker stopped', timeout: 10_000 }).toEqual(['stopped']);

        // The popup's next message starts the worker again, which must resume the unlocked session.
        const seenBeforeReload = sw.events().length;
        await page.reload();
        await expect.poll(sw.states, { message: 'the worker started again', timeout: 10_000 }).toEqual(['running']);
        expect(sw.events().slice(seenBeforeReload).includes('running')).toBe(true);
        await cdp.detach();
        await expect(page.getByTestId('home')).toBeVisible({ timeout: 10_000 });
        await expect(page.getByTestId('unlock-password')).toHaveCount(0);
        await expect(page.getByTestId('account-switcher')).toHaveValue(accountId);
        await expect(page.getByTestId('lock')).toBeVisible();
        const status = await walletCall<{ unlocked: boolean; accounts: { accountId: string }[] }>(page, WALLET.status);
        expect(status.unlocked).toBe(true);
        expect(status.accounts.map((a) => a.accountId)).toEqual([accountId]);
      });

      let thirdKey = '';
      await test.step('and still signing: add another key through the UI, confirmed on the ledger', async () => {
        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-tab-accounts').click();
        await page.getByTestId('accounts-keys').click();
        await expect(page.getByTestId('key-row')).toHaveCount(1);
        await expect(page.getByTestId('key-row')).toHaveAttribute('data-public-key', firstKey);
        thirdKey = await addGeneratedKey(page);
        expect(thirdKey).not.toBe(secondKey);
        expect(await ledgerHasPublicKey(sim, accountId, thirdKey)).toBe(true);
      });

      await test.step('lock: the unlock screen, and signing is refused', async () => {
        const keysBefore = await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId });
        await page.getByTestId('lock').click();
        await expect(page.getByTestId('unlock-password')).toBeVisible();
        await expect(page.getByTestId('lock')).toHaveCount(0);
        await expect(page.getByTestId('key-row')).toHaveCount(0);

        await expect(walletCall(page, WALLET.addKey, { accountId })).rejects.toThrow(/locked/i);
        await expect(walletCall(page, WALLET.removeKey, { accountId, publicKey: thirdKey })).rejects.toThrow(/locked/i);
        const status = await walletCall<{ unlocked: boolean; accounts: unknown[] }>(page, WALLET.status);
        expect(status.unlocked).toBe(false);
        expect(status.accounts).toEqual([]);
        // Nothing reached the ledger.
        expect(await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId })).toEqual(keysBefore);

        // Still locked after a reload of the popup.
        await page.reload();
        await expect(page.getByTestId('unlock-password')).toBeVisible();
      });
    } finally {
      await close();
    }
  });
});
