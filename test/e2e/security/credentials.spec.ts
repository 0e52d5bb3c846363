// Red team: the user's credentials (the swap service's JWT, the message bus's API key) must not
// follow endpoints to other hosts (docs/security.md, "Credentials"). The attacker gets an endpoint
// changed (or runs a redirecting server where the user pointed it) and waits for the credential to
// arrive; or it reads storage.local, which content scripts can read
// (https://developer.chrome.com/docs/extensions/reference/api/storage#storage-areas). Credentials
// are bound to the origin they were entered for and cleared when it changes, saved only for https
// (or http on this computer), never sent through a redirect
// (https://fetch.spec.whatwg.org/#concept-request-redirect-mode), and never stored in plain text.
// The attacker's servers are recorders on 127.0.0.1 that keep every request's headers.
import type { Page } from '@playwright/test';
import type { QuoteParams } from '../../../src/api/swapApi';
import { type SettingsView, WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import { closePageServer, type PageServer, startPageServer } from '../fixtures';
import { connectDapp, ONE_WNEAR, openWallet, request, USDT, type WalletSession, WNEAR } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { ledgerState, type Recorded, type RecordingServer, realRequests, startRecorder, storageLocal } from './helpers';

test.describe.configure({ timeout: 90_000 });

interface Setup {
  w: WalletSession;
  pages: PageServer;
  dapp: Page;
  close(): Promise<void>;
}

/** A fresh profile pointed at the simulator with both credentials set, and a connected dApp. */
async function setup(sim: RunningSimulator): Promise<Setup> {
  const w = await openWallet(sim); // sets the bus key for the simulator's bus
  await walletCall(w.popup, WALLET.setSettings, { jwt: sim.devJwt });
  const pages = await startPageServer();
  const dapp = await w.context.newPage();
  await dapp.goto(`${pages.origin}/dapp.html`);
  expect(await connectDapp(w.context, dapp)).toHaveLength(1);
  return {
    w,
    pages,
    dapp,
    close: async () => {
      await w.close();
      await closePageServer(pages);
    },
  };
}

const settings = (w: WalletSession) => walletCall<SettingsView>(w.popup, WALLET.getSettings);

/** A quote request the swap service would take (WNEAR → USDT on the ledger). */
function quoteParams(accountId: string): QuoteParams {
  return {
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: USDT,
    amount: ONE_WNEAR,
    refundTo: accountId,
    refundType: 'ORIGIN_CHAIN',
    recipient: accountId,
    recipientType: 'DESTINATION_CHAIN',
    deadline: new Date(Date.now() + 3600_000).toISOString(),
  };
}

/** Makes the wallet call every credentialed service once: a quote and the history (JWT), an intent status (bus key). */
async function useEveryService(s: Setup): Promise<void> {
  await walletCall(s.w.popup, 'swap_quote', quoteParams(s.w.accountId)).catch(() => undefined);
  await walletCall(s.w.popup, 'swap_history', {}).catch(() => undefined);
  await request(
    s.dapp,
    'intents_getIntentStatus',
    { intentHash: '11111111111111111111111111111111' },
    { timeoutMs: 20_000 },
  );
}

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'];
/** The credential headers a server received (name: value), preflights left out. */
function credentialsSeen(records: Recorded[]): string[] {
  return realRequests(records).flatMap((r) =>
    CREDENTIAL_HEADERS.filter((h) => r.headers[h] !== undefined).map(
      (h) => `${r.method} ${r.path} ${h}: ${r.headers[h]}`,
    ),
  );
}

test('moving an endpoint to another origin clears its credential, and the new host never receives it', async ({
  sim,
}) => {
  const s = await setup(sim);
  const attacker = await startRecorder();
  try {
    const before = await ledgerState(sim, s.w.accountId);
    expect(await settings(s.w)).toMatchObject({ hasJwt: true, hasBusApiKey: true });
    // With a quote signing key, so that a quote is asked of the new host too.
    await walletCall(s.w.popup, WALLET.setSettings, {
      endpoints: { swap: attacker.url, transactions: `${attacker.url}/api/v0`, bus: `${attacker.url}/rpc` },
      quoteSigningKey: sim.quotePublicKey,
    });
    await useEveryService(s);

    expect(realRequests(attacker.requests()).length, 'the wallet did call the new endpoints').toBeGreaterThan(0);
    expect(credentialsSeen(attacker.requests()), 'credentials the new host received').toEqual([]);
    expect(await settings(s.w), 'the wallet says no credential is set').toMatchObject({
      hasJwt: false,
      hasBusApiKey: false,
    });
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await attacker.close();
    await s.close();
  }
});

test('a credential for a plain-http remote host is refused (https is accepted)', async ({ sim }) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    // The swap service and transactions API on plain http, off this computer.
    await walletCall(s.w.popup, WALLET.setSettings, {
      endpoints: { swap: 'http://example.com', transactions: 'http://example.com/api/v0' },
    });
    const jwt = await walletCall(s.w.popup, WALLET.setSettings, {
      jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.attacker-reads-this',
    }).then(
      () => 'saved',
      (e: Error) => e.message,
    );
    // The message bus too.
    await walletCall(s.w.popup, WALLET.setSettings, { endpoints: { bus: 'http://example.com/rpc' } });
    const busKey = await walletCall(s.w.popup, WALLET.setSettings, { busApiKey: 'bus-key-attacker-reads-this' }).then(
      () => 'saved',
      (e: Error) => e.message,
    );
    expect(jwt, 'the JWT for http://example.com').not.toBe('saved');
    expect(busKey, 'the bus key for http://example.com').not.toBe('saved');
    expect(await settings(s.w)).toMatchObject({ hasJwt: false, hasBusApiKey: false });

    // The same over https is fine.
    await walletCall(s.w.popup, WALLET.setSettings, {
      endpoints: {
        swap: 'https://example.com',
        transactions: 'https://example.com/api/v0',
        bus: 'https://example.com/rpc',
      },
    });
    await walletCall(s.w.popup, WALLET.setSettings, {
      jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.fine',
      busApiKey: 'bus-key-fine',
    });
    expect(await settings(s.w)).toMatchObject({ hasJwt: true, hasBusApiKey: true });
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

test('a redirect from the endpoint never carries a credential to its target', async ({ sim }) => {
  const s = await setup(sim);
  let target: RecordingServer | undefined;
  let redirector: RecordingServer | undefined;
  try {
    const before = await ledgerState(sim, s.w.accountId);
    target = await startRecorder();
    const to = target.url;
    // The endpoint the user entered answers every call with a 302 to another server.
    redirector = await startRecorder(
      (req, res, cors) => void res.writeHead(302, { ...cors, location: `${to}${req.path}` }).end(),
    );
    await walletCall(s.w.popup, WALLET.setSettings, {
      endpoints: { swap: redirector.url, transactions: `${redirector.url}/api/v0`, bus: `${redirector.url}/rpc` },
      quoteSigningKey: sim.quotePublicKey,
    });
    // Entered for the redirecting endpoint (loopback http is allowed).
    await walletCall(s.w.popup, WALLET.setSettings, { jwt: sim.devJwt, busApiKey: sim.busApiKey });
    expect(await settings(s.w)).toMatchObject({ hasJwt: true, hasBusApiKey: true });
    await useEveryService(s);

    expect(
      credentialsSeen(redirector.requests()).length,
      'the credentials went to the endpoint they were entered for',
    ).toBeGreaterThan(0);
    expect(credentialsSeen(target.requests()), 'credentials the redirect target received').toEqual([]);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await redirector?.close();
    await target?.close();
    await s.close();
  }
});

test('storage.local never holds a credential in plain text', async ({ sim }) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    expect(await settings(s.w)).toMatchObject({ hasJwt: true, hasBusApiKey: true });
    const stored = await storageLocal(s.w.extension, s.w.popup);
    expect(stored.length, 'storage.local was read').toBeGreaterThan(2);
    expect(stored.includes(sim.devJwt), 'the JWT in plain text').toBe(false);
    expect(stored.includes(sim.busApiKey), 'the bus key in plain text').toBe(false);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});
