// Red team: a ledger RPC that lists a key the verifier does not have (docs/security.md, "Removing the
// signing key"). Removing the signing key needs a
// registered local key to take over; believing the RPC's listing, the wallet removed its signing key and
// kept only a key the verifier refuses: the account was left with no key the wallet holds. The key that
// takes over now signs the removal (src/core/signingSuccessor.ts; a passkey at the person's authenticator, through the review), so the
// verifier itself decides; and a key is forgotten only once its removal is confirmed. Through the real
// background against the simulator, its ledger RPC behind a proxy that lies about one key
// (test/support/lyingLedger.ts); the built extension meets the same in test/e2e/security/lying-ledger.spec.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type CreateResult, type KeyChangeResult, WALLET, type WalletStatus } from '../../../../src/api/walletApi';
import { startBackground } from '../../../../src/background/start';
import { MessageBusClient } from '../../../../src/bus';
import { base64url } from '../../../../src/core';
import { memoryVaultStorage } from '../../../../src/vault';
import { ledgerHasPublicKey } from '../../../support/ledgerView';
import { startLyingLedger } from '../../../support/lyingLedger';
import { registrationData, softPasskey } from '../../../support/passkey';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { backgroundEnv, call, PASSWORD, useSimulator, waitsMoveSim } from '../harness';
import { answer, credentialBytes, credentialId } from '../passkeyWallet';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

const lying = async (key: string) => {
  const proxy = await startLyingLedger(`${sim.url}/ledger-rpc`, key);
  closing.push(proxy.close);
  return proxy.url;
};
const verifierHas = (accountId: string, publicKey: string) => ledgerHasPublicKey(sim, accountId, publicKey);

/**
 * A wallet whose second local key the verifier dropped behind its back (published by the wallet's own
 * signer, as another wallet holding the signing key could), and whose ledger RPC still lists that key.
 */
async function walletWithAPhantomKey() {
  const bg = startBackground({ ...backgroundEnv({ now: Date.now() }, memoryVaultStorage()), sleep: waitsMoveSim(sim) });
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  const signing = created.status.accounts[0]!.publicKeys[0]!;
  const phantom = (await call<KeyChangeResult>(bg, WALLET.addKey, { accountId })).publicKey;
  const settings = await bg.settings.get();
  const bus = new MessageBusClient({
    url: settings.endpoints.bus,
    apiKey: settings.busApiKey ?? undefined,
    deps: { fetch: (u, i) => fetch(u, i), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
  const dropped = await bg.signer.signAndPublish(
    { signerId: accountId, intents: [{ intent: 'remove_public_key', public_key: phantom }] },
    bus,
  );
  expect(dropped.result.status).toBe('OK');
  await expect.poll(() => verifierHas(accountId, phantom)).toBe(false);
  await call(bg, WALLET.setSettings, { endpoints: { ledgerRpc: await lying(phantom) }, ledgerRpcFallbacks: [] });
  return { bg, accountId, signing, phantom, bus };
}

/** The account still signs with `signing`, which the verifier still has. */
async function stillSigns(w: Awaited<ReturnType<typeof walletWithAPhantomKey>>): Promise<void> {
  const status = await call<WalletStatus>(w.bg, WALLET.status);
  expect(status.accounts[0]!.publicKeys[0]).toBe(w.signing);
  expect(await verifierHas(w.accountId, w.signing)).toBe(true);
  const signed = await w.bg.signer.signAndPublish({ signerId: w.accountId, intents: [] }, w.bus);
  expect(signed.result.status).toBe('OK');
}

describe('removing the signing key, with a ledger RPC that lists a key the verifier dropped', () => {
  it('the direct path: the verifier refuses the removal its successor signed; the signing key stays', async () => {
    const w = await walletWithAPhantomKey();
    // The lie is believed as far as the listing goes: the phantom key reads as registered.
    const listing = await call<{ registered: string[] }>(w.bg, WALLET.listKeys, { accountId: w.accountId });
    expect(listing.registered).toContain(w.phantom);
    const refused = await call(w.bg, WALLET.removeKey, {
      accountId: w.accountId,
      publicKey: w.signing,
      confirmRemovingSigningKey: true,
    }).then(
      () => null,
      (e: Error & { data?: unknown }) => e,
    );
    // The verifier's own words: the key that would have taken over is not the account's.
    expect(refused?.message).toContain(w.phantom);
    await stillSigns(w);
  });

  it('the reviewed path: the review is signed by the successor, and Confirm changes nothing', async () => {
    const w = await walletWithAPhantomKey();
    const review = await call<{ reviewed: string; preview: { publicKey?: string } }>(w.bg, WALLET.reviewKeyChange, {
      accountId: w.accountId,
      change: { kind: 'remove', publicKey: w.signing, confirmRemovingSigningKey: true },
    });
    await expect(
      call(w.bg, WALLET.confirmKeyChange, {
        accountId: w.accountId,
        reviewed: review.reviewed,
        acknowledgeDanger: true,
      }),
    ).rejects.toThrow();
    await stillSigns(w);
  });
});

describe('removing the signing key, with a truthful ledger RPC', () => {
  it('the successor signs its removal and takes over', async () => {
    const bg = startBackground({
      ...backgroundEnv({ now: Date.now() }, memoryVaultStorage()),
      sleep: waitsMoveSim(sim),
    });
    await useSimulator(bg, sim.url, sim.busApiKey);
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const accountId = created.status.accounts[0]!.accountId;
    const signing = created.status.accounts[0]!.publicKeys[0]!;
    const next = (await call<KeyChangeResult>(bg, WALLET.addKey, { accountId })).publicKey;
    const review = await call<{ reviewed: string }>(bg, WALLET.reviewKeyChange, {
      accountId,
      change: { kind: 'remove', publicKey: signing, confirmRemovingSigningKey: true },
    });
    const done = await call<KeyChangeResult>(bg, WALLET.confirmKeyChange, {
      accountId,
      reviewed: review.reviewed,
      acknowledgeDanger: true,
    });
    expect(done).toMatchObject({ publicKey: signing, confirmed: true, status: 'SETTLED' });
    expect(await verifierHas(accountId, signing)).toBe(false);
    expect((await call<WalletStatus>(bg, WALLET.status)).accounts[0]!.publicKeys).toEqual([next]);
  });
});

type Review = { reviewed: string; preview: { passkey?: { credentialId: string; challenge: string } } };

/**
 * A wallet on an ed25519 key whose only other key is a passkey, added through the verifier. `dropped`:
 * the verifier then drops the passkey behind the wallet's back, and the ledger RPC still lists it.
 */
async function walletWithAPasskeySuccessor(dropped: boolean) {
  const bg = startBackground({ ...backgroundEnv({ now: Date.now() }, memoryVaultStorage()), sleep: waitsMoveSim(sim) });
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  const signing = created.status.accounts[0]!.publicKeys[0]!;
  const passkey = softPasskey();
  const registration = {
    credentialId,
    authenticatorData: base64url.encode(registrationData(passkey, credentialBytes)),
    name: 'Phone',
  };
  const added = await call<KeyChangeResult>(bg, WALLET.addKey, { accountId, passkey: registration });
  expect(added).toMatchObject({ publicKey: passkey.publicKey, confirmed: true });
  const settings = await bg.settings.get();
  const bus = new MessageBusClient({
    url: settings.endpoints.bus,
    apiKey: settings.busApiKey ?? undefined,
    deps: { fetch: (u, i) => fetch(u, i), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
  if (dropped) {
    const out = await bg.signer.signAndPublish(
      { signerId: accountId, intents: [{ intent: 'remove_public_key', public_key: passkey.publicKey }] },
      bus,
    );
    expect(out.result.status).toBe('OK');
    await expect.poll(() => verifierHas(accountId, passkey.publicKey)).toBe(false);
    await call(bg, WALLET.setSettings, {
      endpoints: { ledgerRpc: await lying(passkey.publicKey) },
      ledgerRpcFallbacks: [],
    });
  }
  const removeSigning = { kind: 'remove', publicKey: signing, confirmRemovingSigningKey: true } as const;
  return { bg, bus, accountId, signing, passkey, removeSigning };
}

type PasskeyWallet = Awaited<ReturnType<typeof walletWithAPasskeySuccessor>>;

/** Reviews removing the signing key, which the passkey that takes over signs. */
const reviewRemoval = (w: PasskeyWallet) =>
  call<Review>(w.bg, WALLET.reviewKeyChange, { accountId: w.accountId, change: w.removeSigning });

/** Confirms a review with that passkey's answer for it. */
const confirmWithPasskey = (w: PasskeyWallet, review: Review) =>
  call<KeyChangeResult>(w.bg, WALLET.confirmKeyChange, {
    accountId: w.accountId,
    reviewed: review.reviewed,
    acknowledgeDanger: true,
    passkey: answer(w.passkey, review.preview.passkey!.challenge),
  });

describe('removing the signing key when the key that takes over is a passkey', () => {
  it('the direct path refuses it: the passkey signs, at the authenticator, only through the review', async () => {
    const w = await walletWithAPasskeySuccessor(true);
    await expect(
      call(w.bg, WALLET.removeKey, { accountId: w.accountId, publicKey: w.signing, confirmRemovingSigningKey: true }),
    ).rejects.toThrow(/passkey that takes over from this key signs its removal/);
    expect(await verifierHas(w.accountId, w.signing)).toBe(true);
    expect((await call<WalletStatus>(w.bg, WALLET.status)).accounts[0]!.publicKeys[0]).toBe(w.signing);
  });

  it('a passkey the verifier dropped: the review asks that passkey, and the verifier refuses what it signed', async () => {
    const w = await walletWithAPasskeySuccessor(true);
    const review = await reviewRemoval(w);
    expect(review.preview.passkey?.credentialId).toBe(credentialId);
    // The verifier's words: that key is not the account's.
    await expect(confirmWithPasskey(w, review)).rejects.toThrow(w.passkey.publicKey);
    expect(await verifierHas(w.accountId, w.signing)).toBe(true);
    const status = await call<WalletStatus>(w.bg, WALLET.status);
    expect(status.accounts[0]!.publicKeys[0]).toBe(w.signing);
    const signed = await w.bg.signer.signAndPublish({ signerId: w.accountId, intents: [] }, w.bus);
    expect(signed.result.status).toBe('OK');
  });

  it('Confirm is refused when the keys changed since the review: another signing key, or the passkey gone', async () => {
    for (const change of ['another signing key', 'the passkey forgotten'] as const) {
      const w = await walletWithAPasskeySuccessor(false);
      const review = await reviewRemoval(w);
      if (change === 'another signing key') {
        const other = await w.bg.wallet.change((vault) => vault.newKeyFor(w.accountId));
        await w.bg.wallet.change((vault) => vault.setSigningKey(w.accountId, other));
      } else await w.bg.wallet.change((vault) => vault.forgetKey(w.accountId, w.passkey.publicKey));
      await expect(confirmWithPasskey(w, review), change).rejects.toThrow(
        'The account’s signing key changed since the review; review the key change again.',
      );
      expect(await verifierHas(w.accountId, w.signing)).toBe(true);
    }
  });

  it('a registered passkey signs the removal at the authenticator and takes over', async () => {
    const w = await walletWithAPasskeySuccessor(false);
    const review = await reviewRemoval(w);
    const done = await confirmWithPasskey(w, review);
    expect(done).toMatchObject({ publicKey: w.signing, confirmed: true, status: 'SETTLED' });
    expect(await verifierHas(w.accountId, w.signing)).toBe(false);
    expect((await call<WalletStatus>(w.bg, WALLET.status)).accounts[0]!.publicKeys).toEqual([w.passkey.publicKey]);
  });
});
