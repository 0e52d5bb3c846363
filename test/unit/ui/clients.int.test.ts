// The popup's clients (src/ui/wallet.ts, src/ui/swaps.ts) through the real path: the client's runtime
// message, WXT's fake browser runtime, the background's router and handlers (started as the extension
// starts it) and back. The only stand-in is the browser's word on the sender, given as the browser
// gives it for the extension's own popup.
import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { QuoteParams } from '../../../src/api/swapApi';
import { startBackground } from '../../../src/background/start';
import { base58 } from '../../../src/core';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { approvals } from '../../../src/ui/approve/client';
import { swaps } from '../../../src/ui/swaps';
import { messageOf, WalletError, wallet } from '../../../src/ui/wallet';
import { backgroundEnv, ONE_NEAR, PASSWORD, POPUP, simulatorWithClock, WNEAR } from '../background/harness';
import { swapParams } from '../reliability/helpers';

const { sim, clock } = simulatorWithClock();

/** A background answering the popup's runtime messages, as entrypoints/background.ts wires it. */
function popupBackground() {
  fakeBrowser.reset();
  const bg = startBackground(backgroundEnv(clock));
  fakeBrowser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    void bg.route(message, POPUP).then(sendResponse);
    return true;
  });
  return bg;
}

let bg: ReturnType<typeof popupBackground>;
beforeEach(() => {
  bg = popupBackground();
});

describe('the wallet client', () => {
  it('creates, locks, refuses a wrong password with the background’s words, unlocks', async () => {
    const created = await wallet.create({ password: PASSWORD, source: { kind: 'newPhrase', words: 12 } });
    expect(created.status).toMatchObject({ exists: true, unlocked: true, problem: null, storeProblems: [] });
    const [account] = created.status.accounts;
    expect(account?.accountId).toMatch(/^[0-9a-f]{64}$/);
    await wallet.lock();
    expect((await wallet.status()).unlocked).toBe(false);
    const err = await wallet.unlock('not the password at all').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletError);
    expect(messageOf(err)).toMatch(/password/i);
    await wallet.unlock(PASSWORD);
    expect((await wallet.status()).accounts.map((a) => a.accountId)).toEqual([account!.accountId]);
  });

  it('exports the phrase and the key of the account, each what the vault holds', async () => {
    const created = await wallet.create({ password: PASSWORD, source: { kind: 'newPhrase', words: 12 } });
    const words = await wallet.exportPhrase(created.phrase!.id, PASSWORD);
    expect(words).toHaveLength(12);
    expect(validateMnemonic(words.join(' '), wordlist)).toBe(true);
    const publicKey = created.status.accounts[0]!.publicKeys[0]!;
    const secret = await wallet.exportKey(publicKey, PASSWORD);
    // NEAR's secret key format: ed25519:<base58 of seed ‖ public key>; its public half is the account's key.
    const bytes = base58.decode(secret.replace(/^ed25519:/, ''));
    expect(`ed25519:${base58.encode(ed25519.getPublicKey(bytes.slice(0, 32)))}`).toBe(publicKey);
    await expect(wallet.exportKey(publicKey, 'wrong password')).rejects.toBeInstanceOf(WalletError);
  });

  it('settings and sites round-trip; a bad value is refused naming the field', async () => {
    await wallet.create({ password: PASSWORD, source: { kind: 'generate' } });
    await wallet.setSettings({ autoLockMinutes: 7 });
    expect((await wallet.getSettings()).autoLockMinutes).toBe(7);
    expect(await wallet.listSites()).toEqual([]);
    const err = await wallet.setSettings({ autoLockMinutes: 0 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'autoLockMinutes' } });
  });
});

describe('the swap client', () => {
  const params = (): QuoteParams => swapParams(clock.now);

  it('tokens, a quote, a swap started, its deposit submitted and read back: records each time', async () => {
    await wallet.create({ password: PASSWORD, source: { kind: 'generate' } });
    await wallet.setSettings({
      endpoints: {
        swap: sim.url,
        transactions: `${sim.url}/api/v0`,
        bus: `${sim.url}/rpc`,
        ledgerRpc: `${sim.url}/ledger-rpc`,
      },
      quoteSigningKey: sim.quotePublicKey,
    });
    expect((await swaps.tokensOnce()).map((t) => t.assetId)).toContain(WNEAR);
    const quote = await swaps.quote(params());
    expect(quote.quote.amountIn).toBe(ONE_NEAR.toString());
    const started = await swaps.start(params());
    expect(started).toMatchObject({ status: 'PENDING_DEPOSIT', request: { amount: ONE_NEAR.toString() } });
    const txHash = `Tx${randomBytes(8).toString('hex')}`;
    const submitted = await swaps.submitDeposit({ id: started.id, txHash, homeSenderAccount: 'alice.near' });
    expect(submitted.id).toBe(started.id);
    expect((await swaps.get(started.id)).id).toBe(started.id);
    expect((await swaps.list()).map((r) => r.id)).toEqual([started.id]);
    expect((await swaps.history({})).items.some((i) => i.localId === started.id)).toBe(true);
  });

  it('the swap service’s own refusal reaches the popup in its words', async () => {
    await wallet.setSettings({
      endpoints: {
        swap: sim.url,
        transactions: `${sim.url}/api/v0`,
        bus: `${sim.url}/rpc`,
        ledgerRpc: `${sim.url}/ledger-rpc`,
      },
      quoteSigningKey: sim.quotePublicKey,
    });
    const err = await swaps.quote({ ...params(), destinationAsset: 'nep141:nope.near' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletError);
    expect(messageOf(err)).toBe('tokenOut is not valid');
    // Swaps are kept sealed under the wallet's key: asked while no wallet is unlocked, the popup hears so.
    expect(messageOf(await swaps.get('no-such-swap').catch((e: unknown) => e))).toMatch(/locked/);
    await wallet.create({ password: PASSWORD, source: { kind: 'generate' } });
    const missing = await swaps.get('no-such-swap').catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'id' } });
  });
});

describe('the approval window’s client', () => {
  const DAPP = { url: 'https://dapp.example/', origin: 'https://dapp.example', frameId: 0, tab: { id: 5 } };
  const ask = () =>
    bg.route({ type: 'request', method: METHODS.requestAccounts, params: {}, doc: 'c'.repeat(32) }, DAPP);

  it('shows the waiting request with the browser’s origin, carries out Connect, and rejects all of a site', async () => {
    const created = await wallet.create({ password: PASSWORD, source: { kind: 'generate' } });
    expect(await approvals.current()).toBeNull();
    expect(await ask()).toMatchObject({ ok: 'deferred' });
    const shown = await approvals.current();
    expect(shown).toMatchObject({
      kind: 'connect',
      origin: { origin: 'https://dapp.example', host: 'dapp.example', punycode: false },
    });
    const account = created.status.accounts[0]!.accountId;
    expect(await approvals.resolve({ id: shown!.id, approve: true, accounts: [account] })).toBeNull();
    expect(await approvals.current()).toBeNull();
    expect((await wallet.listSites()).map((s) => s.origin)).toEqual(['https://dapp.example']);

    await wallet.revokeSite('https://dapp.example');
    expect(await ask()).toMatchObject({ ok: 'deferred' });
    expect(await approvals.current()).not.toBeNull();
    await approvals.rejectAll('https://dapp.example');
    expect(await approvals.current()).toBeNull();
  });
});
