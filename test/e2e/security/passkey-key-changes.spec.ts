// A passkey account's key changes (docs/security.md, "Passkey accounts"): add_public_key and
// remove_public_key are reviewed like a transfer, signed by the authenticator after Confirm and checked by
// the background against the exact payload kept for that review before the verifier's simulation and the
// bus see anything. The attacker holds the page's side of the wire: it got the authenticator to sign a
// payload adding its own key and sends that answer for the person's review, or names its own review after
// the person's replaced it; it asks the wallet to remove the account's last key; and a web page asks for a
// key change for the passkey account. Nothing is published, and the ledger keeps its keys. Built
// extension, real Chromium, CDP virtual authenticator, simulator.
import { WALLET } from '../../../src/api/walletApi';
import { formatPublicKey, generateKeyPair } from '../../../src/core';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { closePageServer, launchExtension, startPageServer } from '../fixtures';
import { addVirtualAuthenticator, assertIn, onboardWithPasskey } from '../passkey-helpers';
import { connectDapp, errorOf, pagesOpenedDuring, request } from '../provider-helpers';
import { expect, ledgerHasPublicKey, pointAtSimulator, test, walletCall } from '../sim';

const freshKey = () => formatPublicKey(generateKeyPair((n) => crypto.getRandomValues(new Uint8Array(n))).publicKey);

type Review = { preview: { passkey: { challenge: string } }; reviewed: string };

test.describe('passkey key changes', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an answer for another key change, or a replaced review, is refused; the last key is never removed; nothing is published', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      const { accountId } = account;
      const credentialId = account.passkey!.credentialId;
      const review = (publicKey: string) =>
        walletCall<Review>(page, WALLET.reviewKeyChange, { accountId, change: { kind: 'add', publicKey } });

      // The attacker's key: its review, and the authenticator's answer for it.
      const theirs = freshKey();
      const theirReview = await review(theirs);
      const theirAnswer = await assertIn(page, credentialId, theirReview.preview.passkey.challenge);
      // The person's review replaces it (one kept per account).
      const mine = freshKey();
      const myReview = await review(mine);
      expect(myReview.reviewed).not.toBe(theirReview.reviewed);

      // Naming the replaced review, with its own genuine answer: refused.
      await expect(
        walletCall(page, WALLET.confirmKeyChange, { accountId, reviewed: theirReview.reviewed, passkey: theirAnswer }),
      ).rejects.toThrow(/not the one this window reviewed/);
      // The person's review with the answer for the other key change: refused.
      await expect(
        walletCall(page, WALLET.confirmKeyChange, { accountId, reviewed: myReview.reviewed, passkey: theirAnswer }),
      ).rejects.toThrow(/passkey's answer was refused/);
      expect(await ledgerHasPublicKey(sim, accountId, theirs)).toBe(false);
      expect(await ledgerHasPublicKey(sim, accountId, mine)).toBe(false);

      // The account's only key cannot be removed, by review or by the direct path.
      const own = account.publicKeys[0]!;
      await expect(
        walletCall(page, WALLET.reviewKeyChange, { accountId, change: { kind: 'remove', publicKey: own } }),
      ).rejects.toThrow(/last key/);
      await expect(
        walletCall(page, WALLET.removeKey, { accountId, publicKey: own, confirmRemovingSigningKey: true }),
      ).rejects.toThrow(/last key/);
      expect(await ledgerHasPublicKey(sim, accountId, own)).toBe(true);

      // The right answer for the person's own review goes through, and only its key is added.
      const again = await review(mine);
      const good = await assertIn(page, credentialId, again.preview.passkey.challenge);
      const done = await walletCall<{ confirmed: boolean }>(page, WALLET.confirmKeyChange, {
        accountId,
        reviewed: again.reviewed,
        passkey: good,
      });
      expect(done.confirmed).toBe(true);
      expect(await ledgerHasPublicKey(sim, accountId, mine)).toBe(true);
      expect(await ledgerHasPublicKey(sim, accountId, theirs)).toBe(false);
    } finally {
      await close();
    }
  });

  test('a web page cannot start a key change for a passkey account: refused without a window, the ledger unchanged', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    const pages = await startPageServer();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      await addVirtualAuthenticator(extension.context, page);
      const { accountId } = await onboardWithPasskey(page);
      const dapp = await extension.context.newPage();
      await dapp.goto(`${pages.origin}/dapp.html`);
      await connectDapp(extension.context, dapp);
      const theirs = freshKey();
      const opened = await pagesOpenedDuring(extension.context, async () => {
        for (const method of ['intents_signIntents', 'intents_publishIntents']) {
          const e = errorOf(
            await request(dapp, method, { intents: [{ intent: 'add_public_key', public_key: theirs }] }),
          );
          expect(e.code, method).toBe(ERROR_CODES.unauthorized);
        }
        // The wallet's own methods answer only the extension's pages.
        for (const method of [WALLET.reviewKeyChange, WALLET.confirmKeyChange, WALLET.addKey]) {
          const outcome = await request(dapp, method, { accountId, change: { kind: 'add', publicKey: theirs } });
          expect(outcome.ok, method).toBe(false);
        }
      });
      expect(opened, 'no window').toBe(0);
      expect(await ledgerHasPublicKey(sim, accountId, theirs)).toBe(false);
    } finally {
      await close();
      await closePageServer(pages);
    }
  });
});
