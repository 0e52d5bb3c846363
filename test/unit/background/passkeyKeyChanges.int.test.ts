// A passkey account's key changes through the background against the simulator (docs/security.md,
// "Passkey accounts"): the direct path refuses a passkey signer; a reviewed add_public_key is signed only
// with the authenticator's answer for that payload, and a key the wallet generated for a review that never
// went out is forgotten; a passkey account never removes its own passkey nor its last key, nor signs with
// another key; a passkey's name is one line. The passkey is a real P-256 key (test/support/passkey).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { IntentsPreviewWire } from '../../../src/api/approvalApi';
import { type KeyChangeResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { base64url } from '../../../src/core';
import { ledgerHasPublicKey } from '../../support/ledgerView';
import { registrationData, softPasskey } from '../../support/passkey';
import { call, PASSWORD, simulatorWithClock } from './harness';
import { answer, passkeyWallet } from './passkeyWallet';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

type Review = { preview: IntentsPreviewWire; reviewed: string; publicKey: string };

describe('a passkey account’s key changes in the background', () => {
  it('a generated key is added only with the answer for its review; one refused is forgotten again', async () => {
    const { bg, passkey, account } = await passkeyWallet(sim, clock, true);
    const { accountId } = account;
    const keysNow = async () =>
      (await call<WalletStatus>(bg, WALLET.status)).accounts.find((a) => a.accountId === accountId)!.publicKeys;
    await expect(call(bg, WALLET.addKey, { accountId })).rejects.toThrow(/review the key change/);
    expect(await keysNow()).toEqual(account.publicKeys);

    let review = await call<Review>(bg, WALLET.reviewKeyChange, { accountId, change: { kind: 'add' } });
    expect(review.preview.standard).toBe('webauthn');
    expect(review.preview.intents[0]!.intent).toEqual({ intent: 'add_public_key', public_key: review.publicKey });
    const other = base64url.encode(new Uint8Array(32).fill(5));
    await expect(
      call(bg, WALLET.confirmKeyChange, { accountId, reviewed: review.reviewed, passkey: answer(passkey, other) }),
    ).rejects.toThrow(/passkey's answer was refused/);
    expect(await ledgerHasPublicKey(sim, accountId, review.publicKey)).toBe(false);
    expect(await keysNow()).toEqual(account.publicKeys);

    // A review replaced by another forgets the key made for it; the one under review is held, and no
    // account signs with it yet (Home's reminder stays until the change is made).
    const dropped = (await call<Review>(bg, WALLET.reviewKeyChange, { accountId, change: { kind: 'add' } })).publicKey;
    review = await call<Review>(bg, WALLET.reviewKeyChange, { accountId, change: { kind: 'add' } });
    expect(dropped).not.toBe(review.publicKey);
    expect(await keysNow()).toEqual(account.publicKeys);
    await expect(call(bg, WALLET.exportKey, { password: PASSWORD, publicKey: dropped })).rejects.toThrow(
      /no local secret/,
    );

    const done = await call<KeyChangeResult>(bg, WALLET.confirmKeyChange, {
      accountId,
      reviewed: review.reviewed,
      passkey: answer(passkey, review.preview.passkey!.challenge),
    });
    expect(done).toMatchObject({ publicKey: review.publicKey, confirmed: true, status: 'SETTLED' });
    expect(await ledgerHasPublicKey(sim, accountId, review.publicKey)).toBe(true);
    expect(await keysNow()).toEqual([...account.publicKeys, review.publicKey]);
    // A passkey account signs with its passkey: its other key is not made the signer.
    await expect(call(bg, WALLET.useSigningKey, { accountId, publicKey: review.publicKey })).rejects.toThrow(
      /signs with its own passkey/,
    );

    // Its own passkey never goes (the ed25519 key remains, but the account is its passkey's).
    await expect(
      call(bg, WALLET.reviewKeyChange, {
        accountId,
        change: { kind: 'remove', publicKey: account.publicKeys[0], confirmRemovingSigningKey: true },
      }),
    ).rejects.toThrow(/own key/);
    // The other key is removed through its review (danger: the acknowledgement is needed).
    const remove = await call<Review>(bg, WALLET.reviewKeyChange, {
      accountId,
      change: { kind: 'remove', publicKey: review.publicKey },
    });
    await expect(
      call(bg, WALLET.confirmKeyChange, {
        accountId,
        reviewed: remove.reviewed,
        passkey: answer(passkey, remove.preview.passkey!.challenge),
      }),
    ).rejects.toThrow(/understand the risk/);
    const again = await call<Review>(bg, WALLET.reviewKeyChange, {
      accountId,
      change: { kind: 'remove', publicKey: review.publicKey },
    });
    const removed = await call<KeyChangeResult>(bg, WALLET.confirmKeyChange, {
      accountId,
      reviewed: again.reviewed,
      acknowledgeDanger: true,
      passkey: answer(passkey, again.preview.passkey!.challenge),
    });
    expect(removed.confirmed).toBe(true);
    expect(await keysNow()).toEqual(account.publicKeys);
    // Now the passkey is the last key.
    await expect(
      call(bg, WALLET.reviewKeyChange, { accountId, change: { kind: 'remove', publicKey: account.publicKeys[0] } }),
    ).rejects.toThrow(/last key/);
  });

  it('a second passkey is kept with its name once the verifier has it; a name that is not one line is refused', async () => {
    const { bg, passkey, account } = await passkeyWallet(sim, clock, true);
    const { accountId } = account;
    const second = softPasskey();
    const id = Uint8Array.from({ length: 20 }, (_, i) => 40 + i);
    const registration = (name: string) => ({
      credentialId: base64url.encode(id),
      authenticatorData: base64url.encode(registrationData(second, id)),
      name,
    });
    await expect(
      call(bg, WALLET.reviewKeyChange, {
        accountId,
        change: { kind: 'add', passkey: registration('Intents Companion\nsomething else') },
      }),
    ).rejects.toThrow(/one-line name/);
    const name = 'Intents Companion — 0x1234…abcd (Local)';
    const review = await call<Review>(bg, WALLET.reviewKeyChange, {
      accountId,
      change: { kind: 'add', passkey: registration(name) },
    });
    expect(review.publicKey).toBe(second.publicKey);
    const done = await call<KeyChangeResult>(bg, WALLET.confirmKeyChange, {
      accountId,
      reviewed: review.reviewed,
      passkey: answer(passkey, review.preview.passkey!.challenge),
    });
    expect(done.confirmed).toBe(true);
    const listing = await call<{ local: { publicKey: string; passkeyName?: string }[] }>(bg, WALLET.listKeys, {
      accountId,
    });
    expect(listing.local).toEqual([
      expect.objectContaining({ publicKey: account.publicKeys[0], passkeyName: 'Intents Companion · test' }),
      expect.objectContaining({ publicKey: second.publicKey, passkeyName: name }),
    ]);
  });
});
