// A passkey account through the background against the simulator: the registration is read from the
// authenticator data (a credential id it does not carry is refused and no wallet is made), and Send signs
// only with an authenticator answer for the exact payload reviewed, by the account's credential, with user
// presence: any other answer is refused before the nonce is claimed, the ledger RPC sees it or the bus
// publishes it (docs/security.md, "Passkey accounts"). The passkey is a real P-256 key (test/support/passkey).
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { IntentsPreviewWire } from '../../../src/api/approvalApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { base64url, p256ImplicitAccountId } from '../../../src/core';
import { FLAG_UV, registrationData, softPasskey } from '../../support/passkey';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, simulatorWithClock, WNEAR } from './harness';
import { answer, credentialBytes, credentialId, passkeyWallet } from './passkeyWallet';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

async function balanceOf(accountId: string): Promise<bigint> {
  const res = await fetch(`${sim.url}/dev/balances?accountId=${accountId}`);
  return BigInt(((await res.json()) as { balances: Record<string, string> }).balances[WNEAR] ?? '0');
}

type Review = { preview: IntentsPreviewWire; reviewed: string };

describe('passkey accounts in the background', () => {
  it('a registration makes the implicit account of its P-256 key; one naming another credential makes no wallet', async () => {
    const { passkey, account } = await passkeyWallet(sim, clock);
    expect(account).toMatchObject({
      kind: 'passkey',
      accountId: p256ImplicitAccountId(passkey.xy),
      publicKeys: [passkey.publicKey],
      passkey: { credentialId },
    });

    fakeBrowser.reset();
    const bg = startBackground(backgroundEnv(clock));
    const other = base64url.encode(Uint8Array.from({ length: 20 }, () => 9));
    await expect(
      call(bg, WALLET.create, {
        password: PASSWORD,
        source: {
          kind: 'passkey',
          registration: {
            credentialId: other,
            authenticatorData: base64url.encode(registrationData(passkey, credentialBytes)),
            name: 'x',
          },
        },
      }),
    ).rejects.toThrow(/credential id is not the one/);
    expect((await call<{ exists: boolean }>(bg, WALLET.status)).exists).toBe(false);
  });

  it('Send signs only with the answer for the payload reviewed, by this credential, with user presence; nothing else is published', async () => {
    const { bg, passkey } = await passkeyWallet(sim, clock);
    const receiver = `passkey${Date.now()}.near`;
    const review = () =>
      call<Review>(bg, WALLET.previewSend, { receiverId: receiver, tokenId: WNEAR, amount: ONE_NEAR.toString() });

    let r = await review();
    expect(r.preview.standard).toBe('webauthn');
    expect(r.preview.passkey?.credentialId).toBe(credentialId);
    const challenge = r.preview.passkey!.challenge;
    // Without an answer: nothing is signed.
    await expect(call(bg, WALLET.send, { reviewed: r.reviewed })).rejects.toThrow(/confirm with your authenticator/);

    const bad: [string, (c: string) => unknown, RegExp][] = [
      ['another payload', () => answer(passkey, base64url.encode(new Uint8Array(32).fill(3))), /challenge/],
      ['no user presence', (c) => answer(passkey, c, FLAG_UV), /refused/],
      [
        'another credential',
        (c) => answer(passkey, c, undefined, base64url.encode(new Uint8Array(20))),
        /another passkey/,
      ],
      ['another key', (c) => answer(softPasskey(), c), /refused/],
      [
        'a changed signature',
        (c) => {
          const a = answer(passkey, c);
          const der = base64url.decode(a.signature);
          der[der.length - 2] = der[der.length - 2]! ^ 1;
          return { ...a, signature: base64url.encode(der) };
        },
        /refused/,
      ],
      ['not an answer', () => ({ credentialId, signature: 'x' }), /Invalid|refused|passkey/],
    ];
    for (const [what, make, message] of bad) {
      r = await review();
      await expect(
        call(bg, WALLET.send, { reviewed: r.reviewed, passkey: make(r.preview.passkey!.challenge) }),
        what,
      ).rejects.toThrow(message);
    }
    expect(challenge).not.toBe(r.preview.passkey!.challenge);
    expect(await balanceOf(receiver)).toBe(0n);

    r = await review();
    const sent = await call<{ intentHash: string }>(bg, WALLET.send, {
      reviewed: r.reviewed,
      passkey: answer(passkey, r.preview.passkey!.challenge),
    });
    expect(sent.intentHash).toBe(r.reviewed);
    await expect.poll(() => balanceOf(receiver), { timeout: 15_000, interval: 20 }).toBe(ONE_NEAR);
  });
});
