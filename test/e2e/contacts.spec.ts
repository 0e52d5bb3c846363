// Contacts in the popup, in real Chromium against the simulator: by keyboard alone a contact is added,
// picked in Send and named in the review, and a new receiver is saved after the send; the Contacts
// screens and the side panel pass axe in light and dark; a file exported is imported again, and a bad
// file stores nothing and says what is wrong.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONTACTS, type ContactList } from '../../src/api/contactsApi';
import { WALLET } from '../../src/api/walletApi';
import type { RunningSimulator } from '../../src/sim/server';
import { type Extension, launchExtension } from './fixtures';
import { arrowToOption, pressOn, tabTo } from './keyboard';
import { checkScreen } from './screens';
import { dev, expect, pointAtSimulator, test, walletCall } from './sim';

const WNEAR = 'nep141:wrap.near';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

test.describe.configure({ timeout: 180_000 });

/** The names of the wallet's accounts: the person's own (the vault named them), data on a screen, not words. */
async function accountNames(page: Page): Promise<string[]> {
  const { accounts } = await walletCall<{ accounts: { label: string }[] }>(page, WALLET.status);
  return accounts.map((a) => a.label);
}

/** A funded wallet on the simulator, unlocked in the popup at 360×600, on Home. */
async function wallet(page: Page, extension: Extension, sim: RunningSimulator): Promise<string> {
  await page.setViewportSize({ width: 360, height: 600 });
  await pointAtSimulator(page, extension, sim);
  const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
    password: 'correct horse battery',
    source: { kind: 'generate' },
  });
  const account = created.status.selectedAccountId;
  await dev(sim, '/dev/fund', { accountId: account, tokenId: WNEAR, amount: (5n * 10n ** 24n).toString() });
  await page.reload();
  await expect(page.getByTestId('home-balance')).toHaveCount(1, { timeout: 10_000 });
  return account;
}

/** Home → Send by keyboard: `pickContact` chooses the contact in the list, else `to` is typed; 1 wNEAR; reviewed and sent. */
async function sendByKeyboard(page: Page, to: string, pickContact: string | null): Promise<void> {
  await pressOn(page, 'home-send');
  await expect(page.getByTestId('send-form')).toBeVisible();
  if (pickContact) {
    await tabTo(page, 'send-contact');
    await arrowToOption(page, pickContact);
    await expect(page.getByTestId('send-to')).toHaveValue(to);
  } else {
    await tabTo(page, 'send-to');
    await page.keyboard.type(to);
  }
  await tabTo(page, 'send-amount');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('send-dialog')).toBeVisible({ timeout: 20_000 });
}

test('by keyboard alone: add a contact, pick it in Send and see it named, save a new receiver after the send', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await wallet(page, extension, sim);
    const names = await accountNames(page);
    const alice = `alice${Date.now()}.sim`;
    const bob = `bob${Date.now()}.sim`;

    await pressOn(page, 'nav-settings');
    await pressOn(page, 'settings-tab-contacts');
    await expect(page.getByTestId('contacts-empty')).toBeVisible();
    await checkScreen(page, 'contacts-empty', 'plain', { shown: names });
    await pressOn(page, 'contacts-add');
    await expect(page.getByTestId('contact-name')).toBeFocused();
    // A mistyped address is refused at Save, focus on the field that is wrong.
    await page.keyboard.type('Alice');
    await tabTo(page, 'contact-address');
    await page.keyboard.type('Alice Smith');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('contact-address')).toBeFocused();
    await expect(page.getByTestId('contact-address')).toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, 'contact-edit', 'plain', { shown: names });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(alice);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(page.getByTestId('contact-row')).toContainText('Alice');
    await checkScreen(page, 'contacts', 'plain', { shown: [...names, 'Alice'] });
    const { contacts } = await walletCall<ContactList>(page, CONTACTS.list);
    expect(contacts).toMatchObject([{ name: 'Alice', chain: 'home', address: alice, memo: '' }]);

    // Send: Alice picked from the list, named in the review as a saved contact (and the first time).
    await pressOn(page, 'nav-home', 'Enter', { back: true });
    await sendByKeyboard(page, alice, contacts[0]!.id);
    const recipient = page.getByTestId('review-recipient');
    await expect(recipient).toHaveAttribute('data-contact', 'Alice');
    await expect(recipient).toHaveAttribute('data-fact', 'firstTime');
    await expect(recipient).toContainText('Alice (saved contact)');
    await pressOn(page, 'send-confirm', 'Enter', { back: true });
    await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 30_000 });
    await expect(page.getByTestId('send-save-contact-saved')).toContainText('Alice');
    await pressOn(page, 'send-done');

    // A new receiver, typed; after the send, "Save this address" asks only for a name.
    await sendByKeyboard(page, bob, null);
    await expect(page.getByTestId('review-recipient')).not.toHaveAttribute('data-contact');
    await pressOn(page, 'send-confirm', 'Enter', { back: true });
    await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 30_000 });
    await pressOn(page, 'send-save-contact');
    await expect(page.getByTestId('send-save-contact-name')).toBeFocused();
    await expect(page.getByTestId('send-save-contact-fixed')).toContainText(bob);
    await page.keyboard.type('Bob');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('send-save-contact-saved')).toContainText('Bob');
    expect((await walletCall<ContactList>(page, CONTACTS.list)).contacts.map((c) => [c.name, c.address])).toEqual([
      ['Alice', alice],
      ['Bob', bob],
    ]);

    // Edit and delete, by keyboard.
    await pressOn(page, 'send-done');
    await pressOn(page, 'nav-settings');
    await pressOn(page, 'settings-tab-contacts');
    await pressOn(page, '[data-testid="contact-edit"][aria-label="Edit Bob"]');
    await expect(page.getByTestId('contact-name')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Robert');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('contact-row').filter({ hasText: 'Robert' })).toHaveCount(1);
    await pressOn(page, '[data-testid="contact-delete"][aria-label="Delete Alice"]');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await expect(page.getByTestId('contacts-note')).toContainText('Deleted Alice');

    // The side panel: the same app, axe-clean in light and dark.
    const panel = await extension.context.newPage();
    await panel.goto(extension.url('sidepanel.html'));
    await expect(panel.getByTestId('home')).toBeVisible({ timeout: 10_000 });
    await checkScreen(panel, 'side-panel', 'plain', { shown: names });
  } finally {
    await close();
  }
});

test('contacts export to a file and import from it; a bad file stores nothing and names each bad entry', async ({
  sim,
}, testInfo) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await wallet(page, extension, sim);
    await walletCall(page, CONTACTS.save, { name: 'Eve', chain: 'eth', address: EVM, memo: '' });
    await walletCall(page, CONTACTS.save, {
      name: 'Xena',
      chain: 'xrp',
      address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      memo: '7',
    });
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-tab-contacts').click();
    await expect(page.getByTestId('contact-row')).toHaveCount(2);

    const download = page.waitForEvent('download');
    await page.getByTestId('contacts-export').click();
    const file = testInfo.outputPath('contacts.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.contacts).toEqual([
      { name: 'Eve', chain: 'eth', address: EVM, memo: '' },
      { name: 'Xena', chain: 'xrp', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', memo: '7' },
    ]);

    // A bad file: one good entry, one with a mistyped checksum. Nothing is stored; the bad one is named.
    const bad = testInfo.outputPath('bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        ...exported,
        contacts: [
          { name: 'Frank', chain: 'home', address: 'frank.sim', memo: '' },
          { name: 'Mallory', chain: 'eth', address: EVM.replace('E0F', 'e0F'), memo: '' },
        ],
      }),
    );
    await page.getByTestId('contacts-file').setInputFiles(bad);
    await expect(page.getByTestId('contacts-import-errors')).toContainText('Nothing was imported');
    await expect(page.getByTestId('contacts-import-errors')).toContainText('Contact 2 (Mallory)');
    await checkScreen(page, 'contacts-import-errors', 'plain', {
      shown: [...(await accountNames(page)), 'Eve', 'Xena', 'Mallory'],
    });
    expect((await walletCall<ContactList>(page, CONTACTS.list)).contacts.map((c) => c.name)).toEqual(['Eve', 'Xena']);
    await page.getByTestId('contacts-file').setInputFiles(path.join(path.dirname(bad), 'contacts.json'));
    await expect(page.getByTestId('contacts-note')).toContainText('Imported 0 contacts; 2 already saved');

    // Everything deleted, then the exported file brings them back.
    for (const c of (await walletCall<ContactList>(page, CONTACTS.list)).contacts)
      await walletCall(page, CONTACTS.remove, { id: c.id });
    await page.getByTestId('contacts-file').setInputFiles(file);
    await expect(page.getByTestId('contacts-note')).toContainText('Imported 2 contacts');
    await expect(page.getByTestId('contact-row')).toHaveCount(2);
  } finally {
    await close();
  }
});
