// Red team: a ledger RPC that lists a key the verifier does not have (docs/security.md, "Removing the signing key"). The
// wallet removes its signing key only when another registered local key takes over; believing the RPC's
// listing, it removed the key that signs and kept only one the verifier refuses, and the account had no
// key the wallet holds. Now the key that takes over signs the removal, so the verifier decides, and a key
// whose removal the wallet could not confirm is kept. The built extension, its ledger RPC behind a proxy
// that lies about one key (test/support/lyingLedger.ts), against the simulator.
import { type KeyChangeResult, type KeyListing, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startLyingLedger } from '../../support/lyingLedger';
import { addVirtualAuthenticator } from '../passkey-helpers';
import { openWallet } from '../provider-helpers';
import { expect, ledgerHasPublicKey, test, walletCall } from '../sim';

test('the signing key stays when the key that would take over is one only the RPC lists', async ({ sim }) => {
  const w = await openWallet(sim);
  const verifierHas = (key: string) => ledgerHasPublicKey(sim, w.accountId, key);
  const second = (await walletCall<KeyChangeResult>(w.popup, WALLET.addKey, { accountId: w.accountId })).publicKey;
  const lying = await startLyingLedger(sim.urls.ledgerRpc, second);
  try {
    await walletCall(w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: lying.url }, ledgerRpcFallbacks: [] });

    // The second key's removal goes through on the verifier, but the RPC still lists it: not confirmed,
    // so the wallet keeps it (it never forgets a key on an answer it could not confirm).
    const removed = await walletCall<KeyChangeResult>(w.popup, WALLET.removeKey, {
      accountId: w.accountId,
      publicKey: second,
    });
    expect(removed.confirmed).toBe(false);
    expect(await verifierHas(second)).toBe(false);
    const listing = await walletCall<KeyListing>(w.popup, WALLET.listKeys, { accountId: w.accountId });
    expect(listing.local.map((l) => l.publicKey)).toEqual([w.publicKey, second]);
    expect(listing.registered).toContain(second);

    // Removing the signing key: the key the RPC lists signs its removal, and the verifier refuses it.
    await expect(
      walletCall(w.popup, WALLET.removeKey, {
        accountId: w.accountId,
        publicKey: w.publicKey,
        confirmRemovingSigningKey: true,
      }),
    ).rejects.toThrow(second);
    expect(await verifierHas(w.publicKey)).toBe(true);
    const status = await walletCall<WalletStatus>(w.popup, WALLET.status);
    expect(status.accounts[0]!.publicKeys[0]).toBe(w.publicKey);
  } finally {
    await lying.close();
    await w.close();
  }
});

test('a passkey only the RPC lists cannot take over: it signs the removal at the authenticator, and the verifier refuses it', async ({
  sim,
}) => {
  test.setTimeout(120_000);
  const w = await openWallet(sim);
  const verifierHas = (key: string) => ledgerHasPublicKey(sim, w.accountId, key);
  const page = w.popup;
  try {
    await addVirtualAuthenticator(w.context, page);
    await page.reload();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-tab-accounts').click();
    await page.getByTestId('accounts-keys').click();
    await page.getByTestId('keys-add').click();
    const add = page.getByTestId('keys-add-dialog');
    await add.getByTestId('keys-add-how-passkey').check();
    await add.getByTestId('keys-add-submit').click();
    await expect(add.getByTestId('key-change-result')).toContainText('Status SETTLED', { timeout: 20_000 });
    await add.getByTestId('keys-add-done').click();
    const passkey = (await walletCall<WalletStatus>(page, WALLET.status)).accounts[0]!.publicKeys.find((k) =>
      k.startsWith('p256:'),
    )!;
    expect(await verifierHas(passkey)).toBe(true);

    // The verifier drops the passkey; the RPC keeps listing it, so the wallet keeps it as registered.
    const lying = await startLyingLedger(sim.urls.ledgerRpc, passkey);
    try {
      await walletCall(page, WALLET.setSettings, { endpoints: { ledgerRpc: lying.url }, ledgerRpcFallbacks: [] });
      const dropped = await walletCall<KeyChangeResult>(page, WALLET.removeKey, {
        accountId: w.accountId,
        publicKey: passkey,
      });
      expect(dropped.confirmed).toBe(false);
      expect(await verifierHas(passkey)).toBe(false);

      // Before, the signing key signed its own removal here and the account was left with the dropped passkey.
      await expect(
        walletCall(page, WALLET.removeKey, {
          accountId: w.accountId,
          publicKey: w.publicKey,
          confirmRemovingSigningKey: true,
        }),
      ).rejects.toThrow(/passkey that takes over/);

      // Keys takes the reviewed path; the passkey signs, and the verifier refuses a key it does not hold.
      await page.getByTestId('keys-reload').click();
      const signingRow = page.locator(`[data-testid="key-row"][data-public-key="${w.publicKey}"]`);
      await signingRow.getByTestId('key-remove').click();
      const remove = page.getByTestId('key-remove-dialog');
      await remove.getByTestId('key-remove-confirm-signing').check();
      await remove.getByTestId('key-remove-submit').click();
      await expect(remove.getByTestId('key-remove-passkey-takes-over')).toBeVisible();
      await expect(remove.getByTestId('key-remove-review')).toBeVisible({ timeout: 10_000 });
      if (await remove.getByTestId('key-remove-ack').count()) await remove.getByTestId('key-remove-ack').check();
      await remove.getByTestId('key-remove-confirm').click();
      // The verifier's words name the passkey it does not hold.
      await expect(remove.getByTestId('key-remove-confirm-error')).toContainText(passkey, { timeout: 20_000 });
      expect(await verifierHas(w.publicKey)).toBe(true);
      const status = await walletCall<WalletStatus>(page, WALLET.status);
      expect(status.accounts[0]!.publicKeys[0]).toBe(w.publicKey);
    } finally {
      await lying.close();
    }
  } finally {
    await w.close();
  }
});
