// near-connect discovery end to end: HOT's selector, @hot-labs/near-connect 0.11.4
// (the npm package, bundled for the browser here with the project's esbuild), on a page on 127.0.0.1,
// in real Chromium with the built extension, against the real simulator. The connector gets an
// offline manifest ({wallets: [], version}), so it fetches no wallet list and the only wallet it can
// show is the one our content script injects. One fresh profile for the file; the tests build on each
// other: listed → connect → signMessage → lock and unlock keep near-connect's selection → a transaction and
// unreadable arguments are refused with codes → disconnect from the page → connect again and disconnect from
// the wallet.

import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { verifySignature } from '@near-wallet-selector/core';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { NEAR_WALLET_ID } from '../../src/provider/nearConnect';
import { PROVIDER_NAME } from '../../src/provider/protocol';
import { startPageServer } from './fixtures';
import {
  approvalPages,
  approvalQueueEmpty,
  confirm,
  expectClosed,
  nonce32,
  openWallet,
  PAGE_SITE,
  PASSWORD,
  request,
  resultOf,
  type WalletSession,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const BUNDLE_PATH = '/near-connect.bundle.js';

let w: WalletSession;
let pages: { origin: string; server: Server };
let dapp: Page;
let bundle: string;
/** Every URL the dApp page asked for (to show near-connect stayed offline). */
const requested: string[] = [];

/** @hot-labs/near-connect as one IIFE script defining `window.NearConnect`. */
async function bundleNearConnect(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@hot-labs/near-connect');
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'NearConnect',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** Runs `body` in the page with `connector` (the page's NearConnector) in scope; returns how it settled. */
type Settled<T> = { ok: true; value: T } | { ok: false; message: string; code?: unknown };
function inPage<T>(fn: string): Promise<Settled<T>> {
  return dapp.evaluate(async (src) => {
    try {
      const value = await new Function('connector', `return (async () => { ${src} })()`)(
        (window as unknown as { connector: unknown }).connector,
      );
      return { ok: true as const, value };
    } catch (e) {
      const code = (e as { code?: unknown } | null)?.code;
      return {
        ok: false as const,
        message: e instanceof Error ? e.message : String(e),
        ...(code === undefined ? {} : { code }),
      };
    }
  }, fn) as Promise<Settled<T>>;
}

const events = () =>
  dapp.evaluate(() => (window as unknown as { __nc: { events: { name: string; accounts: unknown }[] } }).__nc.events);

test.beforeAll(async ({ sim }) => {
  bundle = await bundleNearConnect();
  w = await openWallet(sim);
  pages = await startPageServer();
  dapp = await w.context.newPage();
  dapp.on('request', (r) => requested.push(r.url()));
  await dapp.route(`${pages.origin}${BUNDLE_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: bundle }),
  );
  await dapp.goto(`${pages.origin}/near-connect.html`);
});

test.afterAll(async () => {
  await w?.close();
  pages?.server.closeAllConnections();
  await new Promise((r) => pages?.server.close(r));
});

test('the selector lists our injected wallet (offline manifest, mainnet)', async () => {
  const listed = await inPage<{ id: string; name: string; type: string; features: Record<string, boolean> }[]>(`
    await connector.whenManifestLoaded;
    return connector.availableWallets.map((w) => ({ id: w.manifest.id, name: w.manifest.name, type: w.manifest.type, features: w.manifest.features }));
  `);
  expect(listed.ok, JSON.stringify(listed)).toBe(true);
  const wallets = (listed as { value: { id: string; name: string; type: string; features: Record<string, boolean> }[] })
    .value;
  // Offline: nothing from a remote manifest, only the wallet our content script announced.
  expect(wallets.map((x) => x.id)).toEqual([NEAR_WALLET_ID]);
  expect(wallets[0]).toMatchObject({
    name: PROVIDER_NAME,
    type: 'injected',
    features: { signMessage: true, signInWithoutAddKey: true, mainnet: true },
  });
  expect(wallets[0]!.features.signAndSendTransaction).toBeFalsy();
});

test('connect through the selector popup: our wallet → the connect approval → Confirm → the selector reports our account', async () => {
  const account = { accountId: w.accountId, publicKey: w.publicKey };
  // connect() without a wallet id shows near-connect's own "Select wallet" popup.
  await dapp.evaluate(() => {
    const win = window as unknown as {
      connector: { connect(): Promise<{ manifest: { id: string } }> };
      __connect: Promise<unknown>;
    };
    win.__connect = win.connector.connect().then(
      (wallet) => ({ ok: true, id: wallet.manifest.id }),
      (e: Error) => ({ ok: false, message: e.message }),
    );
  });
  const item = dapp.locator(`.hot-connector-popup .connect-item[data-type="${NEAR_WALLET_ID}"]`);
  await expect(item).toBeVisible();
  await expect(item).toContainText(PROVIDER_NAME);
  await expect(item).toContainText('intents-companion.github.io'); // the hostname of manifest.website
  await expect(dapp.locator('.hot-connector-popup .connect-item')).toHaveCount(1);

  const { approval } = await withApproval(w.context, () => item.click());
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
  await expect(approval.getByTestId('approval-origin')).toHaveText(new URL(pages.origin).host);
  await expect(approval.getByTestId(`approval-account-${w.accountId}`)).toBeChecked();
  await confirm(approval);
  expect(await dapp.evaluate(() => (window as unknown as { __connect: Promise<unknown> }).__connect)).toEqual({
    ok: true,
    id: NEAR_WALLET_ID,
  });
  await expectClosed(approval);
  await expect(dapp.locator('.hot-connector-popup .connect-item')).toHaveCount(0); // the selector closed

  // near-connect's own view of the connection: the selected wallet and its accounts.
  const connected = await inPage<{ id: string; accounts: unknown }>(`
    const { wallet, accounts } = await connector.getConnectedWallet();
    return { id: wallet.manifest.id, accounts };
  `);
  expect(connected).toEqual({ ok: true, value: { id: NEAR_WALLET_ID, accounts: [account] } });
  expect(await events()).toContainEqual({ name: 'wallet:signIn', accounts: [account] });
  // The same grant, seen through our provider.
  expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([account]);
});

test('signMessage through near-connect (32 random bytes of nonce): approval → signature that verifies (@near-wallet-selector/core)', async () => {
  const message = 'Sign in through near-connect';
  const recipient = PAGE_SITE; // the page's own site
  const nonce = nonce32();
  const { approval, pending } = await withApproval(w.context, () =>
    dapp.evaluate(
      async ({ message, recipient, nonce }) => {
        const c = (
          window as unknown as { connector: { wallet(): Promise<{ signMessage(p: unknown): Promise<unknown> }> } }
        ).connector;
        const wallet = await c.wallet(); // the connected one
        return wallet.signMessage({ message, recipient, nonce: Uint8Array.from(nonce) }).then(
          (value) => ({ ok: true as const, value }),
          (e: Error) => ({ ok: false as const, message: e.message }),
        );
      },
      { message, recipient, nonce: [...nonce] },
    ),
  );
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signMessage');
  await expect(approval.getByTestId('approval-message')).toHaveText(message);
  await expect(approval.getByTestId('approval-recipient')).toHaveText(recipient);
  await confirm(approval);
  const out = await pending;
  expect(out.ok, JSON.stringify(out)).toBe(true);
  const signed = (out as { value: { accountId: string; publicKey: string; signature: string } }).value;
  expect(signed).toEqual({
    accountId: w.accountId,
    publicKey: w.publicKey,
    signature: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
  });
  // Verified here in Node by another NEP-413 implementation, and bound to the nonce.
  expect(verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce, recipient })).toBe(
    true,
  );
  expect(
    verifySignature({ publicKey: signed.publicKey, signature: signed.signature, message, nonce: nonce32(), recipient }),
  ).toBe(false);
  await expectClosed(approval);
});

test('lock and unlock: near-connect keeps its selection (the account without its key while locked); the wallet’s events say unlock, never sign-out', async () => {
  const account = { accountId: w.accountId, publicKey: w.publicKey };
  // A dApp listening to the wallet object near-connect wraps (InjectedWallet.wallet): near-connect's WalletEvents.
  expect(
    await inPage(`
      const wallet = (await connector.wallet()).wallet;
      window.__heard = [];
      for (const name of ['accountsChanged', 'signedOut']) wallet.on(name, (p) => window.__heard.push({ name, p }));
    `),
  ).toEqual({ ok: true });
  const heard = () => dapp.evaluate(() => (window as unknown as { __heard: { name: string; p: unknown }[] }).__heard);

  await walletCall(w.popup, 'wallet_lock');
  // Locked: the connected wallet is still selected and names the account (no key: it is locked away).
  expect(
    await inPage(
      `const { wallet, accounts } = await connector.getConnectedWallet(); return { id: wallet.manifest.id, accounts };`,
    ),
  ).toEqual({ ok: true, value: { id: NEAR_WALLET_ID, accounts: [{ accountId: w.accountId }] } });
  expect(await inPage('return (await connector.wallet()).manifest.id;')).toEqual({ ok: true, value: NEAR_WALLET_ID });

  await walletCall(w.popup, 'wallet_unlock', { password: PASSWORD });
  await expect.poll(heard).toEqual([{ name: 'accountsChanged', p: { accounts: [account] } }]);
  expect(
    await inPage(
      `const { wallet, accounts } = await connector.getConnectedWallet(); return { id: wallet.manifest.id, accounts };`,
    ),
  ).toEqual({ ok: true, value: { id: NEAR_WALLET_ID, accounts: [account] } });
  // The lock's [] reached the page (the provider's own event) and was a lock, not a sign-out.
  expect((await heard()).map((e) => e.name)).not.toContain('signedOut');
  expect((await events()).map((e) => e.name)).not.toContain('wallet:signOut');
});

test('a NEAR transaction through near-connect rejects with code 4200 and the wallet’s clear message, and opens no window', async () => {
  let opened = 0;
  const count = () => opened++;
  w.context.on('page', count);
  try {
    const clear = `${PROVIDER_NAME} signs intents and messages only, not NEAR transactions`;
    const one = await inPage(`
      const wallet = await connector.wallet();
      return wallet.signAndSendTransaction({ receiverId: 'wrap.near', actions: [{ type: 'Transfer', params: { deposit: '1' } }] });
    `);
    expect(one).toEqual({ ok: false, message: clear, code: 4200 });
    const many = await inPage(`
      const wallet = await connector.wallet();
      return wallet.signAndSendTransactions({ transactions: [{ receiverId: 'wrap.near', actions: [{ type: 'Transfer', params: { deposit: '1' } }] }] });
    `);
    expect(many).toEqual({ ok: false, message: clear, code: 4200 });
    const delegate = await inPage(`
      const wallet = await connector.wallet();
      return wallet.wallet.signDelegateActions({ delegateActions: [] });
    `);
    expect(delegate).toEqual({ ok: false, message: clear, code: 4200 });
    await approvalQueueEmpty(w.context);
    expect(opened).toBe(0);
    expect(approvalPages(w.context)).toHaveLength(0);
  } finally {
    w.context.off('page', count);
  }
});

test('arguments the wallet cannot read reject with -32602, never a bare Error; the provider’s refusals keep their codes', async () => {
  const noParams = await inPage('return (await connector.wallet()).wallet.signMessage();');
  expect(noParams).toMatchObject({ ok: false, code: -32602, message: expect.stringMatching(/^Invalid params/) });
  const noMessage = await inPage('return (await connector.wallet()).wallet.signInAndSignMessage({});');
  expect(noMessage).toMatchObject({ ok: false, code: -32602 });
  // Refused by the background (a nonce that is not 32 bytes): its own code and field.
  const shortNonce = await inPage(`
    const wallet = await connector.wallet();
    return wallet.signMessage({ message: 'hi', recipient: '127.0.0.1', nonce: new Uint8Array(3) });
  `);
  expect(shortNonce).toMatchObject({ ok: false, code: -32602, message: expect.stringContaining('nonce') });
  await approvalQueueEmpty(w.context);
});

test('disconnect through near-connect: intents_accounts is [] for the page and the selector has no wallet', async () => {
  expect(await inPage('await connector.disconnect();')).toEqual({ ok: true });
  expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([]);
  expect(resultOf(await request(dapp, 'wallet_getPermissions'))).toEqual([]);
  expect(await inPage('return await connector.getConnectedWallet();')).toEqual({
    ok: false,
    message: 'No wallet selected',
  });
  expect((await events()).map((e) => e.name)).toContain('wallet:signOut');
});

test('disconnected from the wallet (Settings → Sites): near-connect hears signedOut, drops its selection, and disconnect() still works', async () => {
  // Connect again, by id this time (no selector popup).
  const { approval } = await withApproval(w.context, () =>
    dapp.evaluate(() => {
      const win = window as unknown as {
        connector: { connect(o: unknown): Promise<unknown> };
        __again: Promise<unknown>;
      };
      win.__again = win.connector.connect({ walletId: 'intents-companion' });
    }),
  );
  await confirm(approval);
  await dapp.evaluate(() => (window as unknown as { __again: Promise<unknown> }).__again);
  expect(
    await inPage(`
      const wallet = (await connector.wallet()).wallet;
      window.__out = [];
      wallet.on('signedOut', (p) => window.__out.push(p));
    `),
  ).toEqual({ ok: true });

  await walletCall(w.popup, 'wallet_revokeSite', { origin: pages.origin });
  await expect.poll(() => dapp.evaluate(() => (window as unknown as { __out: unknown[] }).__out)).toEqual([null]);
  expect(await inPage('return await connector.getConnectedWallet();')).toEqual({
    ok: false,
    message: 'No accounts found',
  });
  // The page's own disconnect after the wallet's: signed out already, so it succeeds.
  expect(await inPage("await connector.disconnect((await connector.wallet('intents-companion')));")).toEqual({
    ok: true,
  });
});

test('near-connect stayed offline: the page asked for nothing but 127.0.0.1', () => {
  const origin = pages.origin;
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:'))).toEqual([]);
});
