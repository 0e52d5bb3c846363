// A passkey's answer is the background's to check (docs/security.md, "Passkey accounts"): an extension
// page sends what the authenticator returned, and nothing is signed, simulated or published unless it is
// the answer for the exact payload reviewed, by the account's credential, with user presence. The
// attacker here holds the page's side of the wire: it sends an answer for another payload, one whose
// flags it changed, and none at all. Built extension, real Chromium, CDP virtual authenticator, simulator.
import { WALLET } from '../../../src/api/walletApi';
import { base58, base64url } from '../../../src/core';
import { launchExtension } from '../fixtures';
import { addVirtualAuthenticator, assertIn, onboardWithPasskey } from '../passkey-helpers';
import { balances, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { dev, expect, pointAtSimulator, test, walletCall } from '../sim';

test.describe('passkey answers', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the background refuses an answer for another payload and one without user presence; nothing is published', async ({
    sim,
  }) => {
    const { extension, close } = await launchExtension();
    try {
      const page = await extension.context.newPage();
      await pointAtSimulator(page, extension, sim);
      await addVirtualAuthenticator(extension.context, page);
      const account = await onboardWithPasskey(page);
      const credentialId = account.passkey!.credentialId;
      await dev(sim, '/dev/fund', { accountId: account.accountId, tokenId: WNEAR, amount: TEN_WNEAR });
      const receiver = `friend${Date.now()}.near`;
      // Each refusal ends its review (one signature per review, signing/reviewed.ts): review again.
      const reviewNow = () =>
        walletCall<{ preview: { passkey: { challenge: string } }; reviewed: string }>(page, WALLET.previewSend, {
          receiverId: receiver,
          tokenId: WNEAR,
          amount: '1000',
        });
      let review = await reviewNow();
      // The challenge is SHA-256 of the payload string: for a webauthn payload, the intent hash's bytes.
      expect(review.preview.passkey.challenge).toBe(base64url.encode(base58.decode(review.reviewed)));
      // Signed over another challenge (another payload): refused.
      const other = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
      const wrong = await assertIn(page, credentialId, other);
      await expect(walletCall(page, WALLET.send, { reviewed: review.reviewed, passkey: wrong })).rejects.toThrow(
        /passkey's answer was refused/,
      );
      // The right challenge, its flags changed to say no user was present: refused (the signature no
      // longer covers them either, but the UP check comes first in the verifier's order).
      review = await reviewNow();
      const right = await assertIn(page, credentialId, review.preview.passkey.challenge);
      const data = base64url.decode(right.authenticatorData);
      data[32] = data[32]! & ~1;
      await expect(
        walletCall(page, WALLET.send, {
          reviewed: review.reviewed,
          passkey: { ...right, authenticatorData: base64url.encode(data) },
        }),
      ).rejects.toThrow(/passkey's answer was refused: .*user presence|passkey's answer was refused/);
      // Without any answer: nothing is signed.
      review = await reviewNow();
      await expect(walletCall(page, WALLET.send, { reviewed: review.reviewed })).rejects.toThrow(
        /confirm with your authenticator/,
      );
      expect((await balances(sim, receiver))[WNEAR]).toBeUndefined();
      // The right answer for the payload reviewed goes through.
      review = await reviewNow();
      const good = await assertIn(page, credentialId, review.preview.passkey.challenge);
      await walletCall(page, WALLET.send, { reviewed: review.reviewed, passkey: good });
      await expect.poll(async () => (await balances(sim, receiver))[WNEAR], { timeout: 10_000 }).toBe('1000');
    } finally {
      await close();
    }
  });
});
