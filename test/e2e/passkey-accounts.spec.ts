// Passkey accounts in the built extension, in Chromium with a CDP virtual authenticator (ctap2, internal,
// resident keys, user verification) against the simulator: made in onboarding, funded, Send signed by the
// passkey after Confirm, a dApp's swap through the approval window and the bus, Withdraw, and a passkey as
// the second key of another account. The background's refusals of bad answers are in
// test/e2e/security/passkey-answers.spec.ts. docs/security.md, "Passkey accounts".
import { WALLET } from '../../src/api/walletApi';
import { base64url } from '../../src/core';
import { closePageServer, launchExtension, startPageServer } from './fixtures';
import {
  addVirtualAuthenticator,
  onboardWithPasskey,
  PASSWORD,
  type Status,
  type VirtualAuthenticator,
} from './passkey-helpers';
import {
  balances,
  busQuote,
  confirm,
  connectDapp,
  expectClosed,
  request,
  resultOf,
  TEN_WNEAR,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { dev, expect, ledgerHasPublicKey, pointAtSimulator, test, walletCall } from './sim';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

test.describe('passkey accounts', () => {
  // Each test makes a wallet and follows intents to SETTLED on the simulator; the machine may be shared.
  test.describe.configure({ timeout: 90_000 });
  test('onboarding makes a passkey account; Send is signed by the passkey after Confirm and settles', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      const authenticator = await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      expect(account.kind).toBe('passkey');
      expect(account.accountId).toMatch(/^0x[0-9a-f]{40}$/);
      expect(account.publicKeys[0]).toMatch(/^p256:/);
      // Its passkey is its only key: Home keeps saying so.
      await expect(page.getByTestId('passkey-recovery-banner')).toBeVisible();
      const held = await authenticator.credentials();
      expect(held).toHaveLength(1);
      expect(base64url.encode(Uint8Array.from(atob(held[0]!.credentialId), (c) => c.charCodeAt(0)))).toBe(
        account.passkey?.credentialId,
      );

      await dev(sim, '/dev/fund', { accountId: account.accountId, tokenId: WNEAR, amount: TEN_WNEAR });
      await page.reload();
      await expect(page.getByTestId('home-balance')).toHaveCount(1);
      await page.getByTestId('home-send').click();
      const receiver = `friend${Date.now()}.near`;
      await page.getByTestId('send-to').fill(receiver);
      await page.getByTestId('send-amount').fill('0.5');
      await page.getByTestId('send-review').click();
      const signsBefore = held[0]!.signCount;
      await page.getByTestId('send-confirm').click();
      await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
      // The authenticator was asked (its counter moved) and the receiver holds the amount.
      expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(signsBefore);
      expect((await balances(sim, receiver))[WNEAR]).toBe((5n * 10n ** 23n).toString());
    } finally {
      await close();
    }
  });

  test('a dApp is granted the passkey account (p256 key) and its swap is signed as webauthn in the approval window and settles', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    const pages = await startPageServer();
    try {
      const popup = await extension.context.newPage();
      await pointAtSimulator(popup, extension, sim);
      const held: VirtualAuthenticator = await addVirtualAuthenticator(extension.context, popup);
      const account = await onboardWithPasskey(popup);
      await dev(sim, '/dev/fund', { accountId: account.accountId, tokenId: WNEAR, amount: TEN_WNEAR });
      const dapp = await extension.context.newPage();
      await dapp.goto(`${pages.origin}/dapp.html`);
      const granted = (await connectDapp(extension.context, dapp)) as { accountId: string; publicKey: string }[];
      expect(granted).toEqual([{ accountId: account.accountId, publicKey: account.publicKeys[0] }]);
      expect(granted[0]!.publicKey).toMatch(/^p256:/);

      const offer = await busQuote(sim);
      const { approval, pending } = await withApproval(extension.context, () =>
        request(dapp, 'intents_publishIntents', {
          intents: [
            {
              intent: 'token_diff',
              diff: { [WNEAR]: `-${offer.amount_in}`, 'nep141:usdt.tether-token.near': offer.amount_out },
            },
          ],
          quoteHashes: [offer.quote_hash],
        }),
      );
      // The window's own authenticator holds the same passkey (as one synced by the platform would be).
      await held.shareWith(await addVirtualAuthenticator(extension.context, approval));
      await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'publishIntents');
      await expect(approval.getByTestId('review-result')).toBeVisible();
      await confirm(approval);
      const published = resultOf<{ intentHash: string; status: string }>(await pending);
      expect(published.status).toBe('OK');
      await expectClosed(approval);
      await expect
        .poll(async () => BigInt((await balances(sim, account.accountId))[WNEAR] ?? '0'), { timeout: 10_000 })
        .toBe(BigInt(TEN_WNEAR) - BigInt(offer.amount_in));

      // intents_signIntents hands the page a webauthn signed payload it can publish itself.
      const bob = `bob${Date.now()}.near`;
      const signing = await withApproval(extension.context, () =>
        request(dapp, 'intents_signIntents', {
          intents: [{ intent: 'transfer', receiver_id: bob, tokens: { [WNEAR]: '7' } }],
        }),
      );
      await held.shareWith(await addVirtualAuthenticator(extension.context, signing.approval));
      await confirm(signing.approval, { acknowledgeDanger: true });
      const signed = resultOf<{ signed: { standard: string; public_key: string } }>(await signing.pending);
      expect(signed.signed.standard).toBe('webauthn');
      expect(signed.signed.public_key).toBe(account.publicKeys[0]);
      // The page publishes the webauthn payload it holds, and the transfer executes.
      const relayed = resultOf<{ status: string }>(
        await request(dapp, 'intents_publishIntents', { signed: signed.signed, quoteHashes: [] }),
      );
      expect(relayed.status).toBe('OK');
      await expect.poll(async () => (await balances(sim, bob))[WNEAR], { timeout: 10_000 }).toBe('7');

      // NEP-413 needs an ed25519 key: a passkey account's message is refused with a code, no window opens.
      const message = await request(dapp, 'intents_signMessage', {
        message: 'hello',
        recipient: '127.0.0.1',
        nonce: Buffer.alloc(32, 5).toString('base64'),
      });
      expect(message).toMatchObject({ ok: false, error: { code: 4200, data: { reason: 'passkey_account' } } });
    } finally {
      await close();
      await closePageServer(pages);
    }
  });

  test('a passkey becomes the second key of a quick-key account (add_public_key) and is removed again (remove_public_key)', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      const authenticator = await addVirtualAuthenticator(extension.context, page);
      await page.reload();
      await page.getByTestId('onboarding-quick-key').click();
      await page.getByTestId('password').fill(PASSWORD);
      await page.getByTestId('password-confirm').fill(PASSWORD);
      await page.getByTestId('create-submit').click();
      await expect(page.getByTestId('home')).toBeVisible({ timeout: 15_000 });
      const accountId = (await walletCall<Status>(page, WALLET.status)).selectedAccountId;
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-tab-accounts').click();
      await page.getByTestId('accounts-keys').click();
      await expect(page.getByTestId('key-row')).toHaveCount(1);

      await page.getByTestId('keys-add').click();
      const dialog = page.getByTestId('keys-add-dialog');
      await dialog.getByTestId('keys-add-how-passkey').check();
      await dialog.getByTestId('keys-add-submit').click();
      await expect(dialog.getByTestId('key-change-result')).toContainText('Status SETTLED', { timeout: 20_000 });
      await expect(dialog.getByTestId('key-change-status')).toContainText('is now registered on the verifier');
      await dialog.getByTestId('keys-add-done').click();
      expect(await authenticator.credentials()).toHaveLength(1);
      const account = (await walletCall<Status>(page, WALLET.status)).accounts[0]!;
      const passkeyKey = account.publicKeys[1]!;
      expect(passkeyKey).toMatch(/^p256:/);
      expect(await ledgerHasPublicKey(sim, accountId, passkeyKey)).toBe(true);
      const row = page.locator(`[data-testid="key-row"][data-public-key="${passkeyKey}"]`);
      await expect(row).toHaveAttribute('data-registered', 'yes');

      await row.getByTestId('key-remove').click();
      const remove = page.getByTestId('key-remove-dialog');
      await remove.getByTestId('key-remove-submit').click();
      await expect(remove.getByTestId('key-change-status')).toContainText('is no longer registered on the verifier', {
        timeout: 20_000,
      });
      await remove.getByTestId('key-remove-done').click();
      await expect(row).toHaveCount(0);
      expect(await ledgerHasPublicKey(sim, accountId, passkeyKey)).toBe(false);
      expect((await walletCall<Status>(page, WALLET.status)).accounts[0]!.publicKeys).toHaveLength(1);
    } finally {
      await close();
    }
  });

  test('Withdraw from a passkey account: the payment the swap service writes is signed by the passkey after Confirm and the withdrawal succeeds', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      const authenticator = await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
      await dev(sim, '/dev/fund', { accountId: account.accountId, tokenId: USDC_ETH, amount: '40000000' });
      await page.reload();
      await expect(page.getByTestId('home-balance')).toHaveCount(1);
      await page.getByTestId('home-withdraw').click();
      await page.getByTestId('withdraw-to').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      await page.getByTestId('withdraw-amount').fill('25');
      await expect(page.getByTestId('withdraw-arrives')).toContainText('USDC', { timeout: 10_000 });
      // Continue opens the one review (no deposit screen, no Pay button).
      await page.getByTestId('withdraw-continue').click();
      await expect(page.getByTestId('deposit-pay-route')).toHaveAttribute('data-route', 'service', { timeout: 10_000 });
      const signsBefore = (await authenticator.credentials())[0]!.signCount;
      await page.getByTestId('deposit-pay-confirm').click();
      await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 20_000 });
      expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(signsBefore);
      expect((await balances(sim, account.accountId))[USDC_ETH]).toBe('15000000');
    } finally {
      await close();
    }
  });
});
