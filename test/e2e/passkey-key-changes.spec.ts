// A passkey-only account gives itself a second key, in the built extension in Chromium with a CDP virtual
// authenticator against the simulator: Keys shows the add_public_key / remove_public_key payload first, and
// the account's passkey signs it after Confirm (the authenticator's counter moves), then the ledger has the
// change. A second passkey (named for the account and network in the authenticator and in Keys) makes
// Home's reminder go, and removing it brings the reminder back; a generated ed25519 key is added the same
// way. The background's refusals are in test/e2e/security/passkey-key-changes.spec.ts; docs/security.md,
// "Passkey accounts".
import type { Page } from '@playwright/test';
import { type KeyListing, WALLET } from '../../src/api/walletApi';
import { base64url } from '../../src/core';
import { launchExtension } from './fixtures';
import { unexplainedText } from './messagesOnScreen';
import { addVirtualAuthenticator, onboardWithPasskey, type Status } from './passkey-helpers';
import { expect, ledgerHasPublicKey, pointAtSimulator, test, walletCall } from './sim';

/** add_public_key / remove_public_key: review, the passkey, simulate, publish, follow to SETTLED. */
const KEY_CHANGE_TIMEOUT = 20_000;

async function openKeys(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-accounts').click();
  await page.getByTestId('accounts-keys').click();
  await expect(page.getByTestId('key-row')).not.toHaveCount(0);
}

/** Adds a key of the kind chosen through the Add dialog's review and the passkey; returns the new key. */
async function addThroughReview(page: Page, how: 'passkey' | 'generate'): Promise<string> {
  const before = (await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys;
  await page.getByTestId('keys-add').click();
  const dialog = page.getByTestId('keys-add-dialog');
  await dialog.getByTestId(`keys-add-how-${how}`).check();
  await dialog.getByTestId('keys-add-submit').click();
  // The review names the intent and the key before anything is signed.
  const review = dialog.getByTestId('keys-add-review');
  await expect(review).toBeVisible({ timeout: 10_000 });
  await expect(review).toContainText('Add a signing key');
  await expect(review).toContainText('Passkey (WebAuthn)');
  const shown = await review.innerText();
  await dialog.getByTestId('keys-add-confirm').click();
  await expect(dialog.getByTestId('key-change-result')).toContainText('Status SETTLED', {
    timeout: KEY_CHANGE_TIMEOUT,
  });
  await expect(dialog.getByTestId('key-change-status')).toContainText('is now registered on the verifier');
  await dialog.getByTestId('keys-add-done').click();
  const after = (await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys;
  const added = after.filter((k) => !before.includes(k));
  expect(added).toHaveLength(1);
  // The key the review showed is the one added.
  expect(shown).toContain(`Add key ${added[0]}`);
  return added[0]!;
}

test.describe('a passkey-only account adds its own second key', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a second passkey, named for the account, ends the reminder; removing it brings the reminder back', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      const authenticator = await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      expect(account.passkey?.name).toBe('Intents Companion — new passkey account (Local)');
      await expect(page.getByTestId('passkey-recovery-banner')).toBeVisible();
      // A passkey account's Home, its reminder included, speaks the catalogue's words.
      expect(await unexplainedText(page, [account.label])).toEqual([]);
      await openKeys(page);
      const signsBefore = (await authenticator.credentials())[0]!.signCount;

      const second = await addThroughReview(page, 'passkey');
      expect(second).toMatch(/^p256:/);
      expect(await authenticator.credentials()).toHaveLength(2);
      // The account's own passkey signed (its counter moved), and the ledger has the second one.
      const ownId = (c: { credentialId: string }) =>
        base64url.encode(Uint8Array.from(atob(c.credentialId), (ch) => ch.charCodeAt(0))) ===
        account.passkey?.credentialId;
      expect((await authenticator.credentials()).find(ownId)?.signCount).toBeGreaterThan(signsBefore);
      expect(await ledgerHasPublicKey(sim, account.accountId, second)).toBe(true);
      const row = page.locator(`[data-testid="key-row"][data-public-key="${second}"]`);
      await expect(row).toHaveAttribute('data-registered', 'yes');
      const short = `${account.accountId.slice(0, 8)}…${account.accountId.slice(-8)}`;
      await expect(row.getByTestId('key-passkey-name')).toHaveText(`Intents Companion — ${short} (Local)`);
      await page.getByTestId('nav-home').click();
      await expect(page.getByTestId('home')).toBeVisible();
      await expect(page.getByTestId('passkey-recovery-banner')).toHaveCount(0);

      // The account's own passkey cannot go; the second one can, after its review.
      await openKeys(page);
      const ownRow = page.locator(`[data-testid="key-row"][data-public-key="${account.publicKeys[0]}"]`);
      await ownRow.getByTestId('key-remove').click();
      const refuse = page.getByTestId('key-remove-dialog');
      await refuse.getByTestId('key-remove-confirm-signing').check();
      await refuse.getByTestId('key-remove-submit').click();
      await expect(refuse.getByTestId('key-remove-error')).toContainText('own key');
      await refuse.getByRole('button', { name: 'Cancel' }).click();

      await row.getByTestId('key-remove').click();
      const remove = page.getByTestId('key-remove-dialog');
      await remove.getByTestId('key-remove-submit').click();
      await expect(remove.getByTestId('key-remove-review')).toContainText(`Remove key ${second}`, { timeout: 10_000 });
      await remove.getByTestId('key-remove-ack').check();
      await remove.getByTestId('key-remove-confirm').click();
      await expect(remove.getByTestId('key-change-status')).toContainText('is no longer registered on the verifier', {
        timeout: KEY_CHANGE_TIMEOUT,
      });
      await remove.getByTestId('key-remove-done').click();
      await expect(row).toHaveCount(0);
      expect(await ledgerHasPublicKey(sim, account.accountId, second)).toBe(false);
      expect((await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys).toEqual(account.publicKeys);
      await page.getByTestId('nav-home').click();
      await expect(page.getByTestId('passkey-recovery-banner')).toBeVisible();
    } finally {
      await close();
    }
  });

  test('a generated ed25519 key is added through the review and the passkey', async ({ sim }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      await openKeys(page);
      const key = await addThroughReview(page, 'generate');
      expect(key).toMatch(/^ed25519:/);
      expect(await ledgerHasPublicKey(sim, account.accountId, key)).toBe(true);
      const row = page.locator(`[data-testid="key-row"][data-public-key="${key}"]`);
      await expect(row).toHaveAttribute('data-registered', 'yes');
      // A passkey account keeps signing with its passkey: the new key is a way back in, not its signer.
      await expect(row).toHaveAttribute('data-signing', 'false');
      await expect(row.getByTestId('key-use-signing')).toHaveCount(0);
      await page.getByTestId('nav-home').click();
      await expect(page.getByTestId('passkey-recovery-banner')).toHaveCount(0);
    } finally {
      await close();
    }
  });
});

test('an ed25519 account whose only other key is a passkey: removing its signing key is reviewed and signed by that passkey, which takes over', async ({
  sim,
}) => {
  test.setTimeout(120_000);
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await pointAtSimulator(page, extension, sim);
    const authenticator = await addVirtualAuthenticator(extension.context, page);
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible({ timeout: 15_000 });
    const account = (await walletCall<Status>(page, WALLET.status)).accounts[0]!;
    const signing = account.publicKeys[0]!;

    // The passkey joins as a further key (the ed25519 key signs that change at once).
    await openKeys(page);
    await page.getByTestId('keys-add').click();
    const add = page.getByTestId('keys-add-dialog');
    await add.getByTestId('keys-add-how-passkey').check();
    await add.getByTestId('keys-add-submit').click();
    await expect(add.getByTestId('key-change-result')).toContainText('Status SETTLED', { timeout: KEY_CHANGE_TIMEOUT });
    await add.getByTestId('keys-add-done').click();
    const passkey = (await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys.find((k) =>
      k.startsWith('p256:'),
    )!;
    expect(await ledgerHasPublicKey(sim, account.accountId, passkey)).toBe(true);
    const signsBefore = (await authenticator.credentials())[0]!.signCount;

    // Removing the signing key: the passkey that takes over signs, so the change is shown before it is signed.
    const signingRow = page.locator(`[data-testid="key-row"][data-public-key="${signing}"]`);
    await signingRow.getByTestId('key-remove').click();
    const remove = page.getByTestId('key-remove-dialog');
    // The dialog says which passkey signs for the account from now on, by the name the authenticator lists.
    const name = (await walletCall<KeyListing>(page, WALLET.listKeys, { accountId: account.accountId })).local.find(
      (k) => k.publicKey === passkey,
    )?.passkeyName;
    expect(name).toBeTruthy();
    await expect(remove.getByTestId('key-remove-passkey-takes-over')).toContainText(`“${name}”`);
    await remove.getByTestId('key-remove-confirm-signing').check();
    await remove.getByTestId('key-remove-submit').click();
    await expect(remove.getByTestId('key-remove-review')).toContainText(`Remove key ${signing}`, { timeout: 10_000 });
    if (await remove.getByTestId('key-remove-ack').count()) await remove.getByTestId('key-remove-ack').check();
    await remove.getByTestId('key-remove-confirm').click();
    await expect(remove.getByTestId('key-change-status')).toContainText('is no longer registered on the verifier', {
      timeout: KEY_CHANGE_TIMEOUT,
    });
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(signsBefore);
    expect(await ledgerHasPublicKey(sim, account.accountId, signing)).toBe(false);
    expect((await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys).toEqual([passkey]);
    // Home reminds, as for a passkey account, that this passkey is now the account's only key here.
    await remove.getByTestId('key-remove-done').click();
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('home')).toBeVisible();
    // In words that hold for an account that may have keys this wallet does not hold.
    await expect(page.getByTestId('passkey-recovery-banner')).toContainText(
      'This wallet signs for this account only with its passkey',
    );
  } finally {
    await close();
  }
});
