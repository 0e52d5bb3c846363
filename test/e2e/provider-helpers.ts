// Helpers for the provider end-to-end specs: a fresh profile with a wallet pointed at the
// simulator, page-side calls of window.intentsCompanion that always settle (with a timeout), the
// approval window (arm the wait, then trigger), and the simulator's dev controls.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { verifySignature } from '@near-wallet-selector/core';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { base58, base64 } from '@scure/base';
import type { CreateResult } from '../../src/api/walletApi';
import type { RunningSimulator } from '../../src/sim/server';
import {
  closePageServer,
  type Extension,
  expect,
  launchExtension,
  type PageServer,
  ROOT,
  startPageServer,
} from './fixtures';
import { pointAtSimulator, test, walletCall } from './sim';

export const PASSWORD = 'correct horse battery';
export const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');
export const WNEAR = 'nep141:wrap.near';
export const USDT = 'nep141:usdt.tether-token.near';
export const ONE_WNEAR = '1000000000000000000000000';
export const TEN_WNEAR = '10000000000000000000000000';
/**
 * The host of the test page server's pages (fixtures, startPageServer): as a NEP-413 recipient, the asking
 * site itself, so the window raises no "another site" danger (docs/security.md, "Messages for another site").
 */
export const PAGE_SITE = '127.0.0.1';

export interface WalletSession {
  extension: Extension;
  context: BrowserContext;
  /** The popup, open as a tab: the extension page the wallet API is called from. */
  popup: Page;
  accountId: string;
  publicKey: string;
  close(): Promise<void>;
}

/** A fresh profile, pointed at the simulator, with a wallet made of one generated key (no UI: onboarding.spec covers it). */
export async function openWallet(sim: RunningSimulator): Promise<WalletSession> {
  const { extension, close } = await launchExtension();
  try {
    const popup = await extension.context.newPage();
    await pointAtSimulator(popup, extension, sim);
    const created = await walletCall<CreateResult>(popup, 'wallet_create', {
      password: PASSWORD,
      source: { kind: 'generate' },
    });
    const account = created.status.accounts[0]!;
    expect(account.accountId).toMatch(/^[0-9a-f]{64}$/);
    return {
      extension,
      context: extension.context,
      popup,
      accountId: account.accountId,
      publicKey: account.publicKeys[0]!,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

export interface DappSession {
  w: WalletSession;
  pages: PageServer;
  /** dapp.html from the test page server, in the wallet's browser: a site that is not connected yet. */
  dapp: Page;
}

/** openWallet() plus a dApp page on 127.0.0.1: the set-up most provider specs start from. */
export async function openDapp(sim: RunningSimulator): Promise<DappSession> {
  const w = await openWallet(sim);
  let pages: PageServer | undefined;
  try {
    pages = await startPageServer();
    const dapp = await w.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    return { w, pages, dapp };
  } catch (e) {
    await w.close();
    await closePageServer(pages);
    throw e;
  }
}

/** openDapp() for one test: runs `use` with the session and closes it afterwards, whatever happened. */
export async function withDapp<T>(sim: RunningSimulator, use: (session: DappSession) => Promise<T>): Promise<T> {
  const session = await openDapp(sim);
  try {
    return await use(session);
  } finally {
    await session.w.close();
    await closePageServer(session.pages);
  }
}

export interface DappFileOptions<X extends object> {
  /** Connect the dApp through the approval window (it must get exactly one account). */
  connect?: boolean;
  /** Fund the wallet's account with this much wNEAR on the simulator (after connecting). */
  fundWnear?: string;
  /** More set-up once the session is open (connected and funded); what it returns is merged into the session. */
  setUp?: (session: DappSession, sim: RunningSimulator) => Promise<X>;
  /** Runs first in afterAll, before the wallet and the page server close; `extra` is empty where setUp never ran. */
  tearDown?: (extra: Partial<X>) => Promise<void>;
}

/**
 * One openDapp() session for a whole spec file: registers the file's beforeAll (open, then connect, fund
 * and setUp as asked) and afterAll (tearDown, then close), and returns the session object, whose fields
 * are set once beforeAll has run (read them in tests and hooks, not at the top of the file).
 */
export function dappForFile<X extends object = object>(options: DappFileOptions<X> = {}): DappSession & X {
  const session = {} as DappSession & X;
  test.beforeAll(async ({ sim }) => {
    Object.assign(session, await openDapp(sim));
    if (options.connect) expect(await connectDapp(session.w.context, session.dapp)).toHaveLength(1);
    if (options.fundWnear !== undefined) await fund(sim, session.w.accountId, WNEAR, options.fundWnear);
    if (options.setUp) Object.assign(session, await options.setUp(session, sim));
  });
  test.afterAll(async () => {
    await options.tearDown?.(session);
    await session.w?.close();
    await closePageServer(session.pages);
  });
  return session;
}

export interface RpcErrorView {
  code: number;
  message: string;
  data?: unknown;
  /** The page saw an Error instance (ProviderRpcError). */
  isError: boolean;
}
export type Outcome = { ok: true; result: unknown } | { ok: false; error: RpcErrorView } | { ok: 'timeout' };

/**
 * Calls `window.intentsCompanion.request` in the page (or frame) and returns how it settled. Never
 * hangs: after `timeoutMs` the outcome is `{ok:'timeout'}`. Params go through page.evaluate, so they
 * are JSON; `nonceBytes` (if set) is turned into a Uint8Array in the page and put at params.nonce.
 */
export function request(
  target: Page | Frame,
  method: string,
  params?: unknown,
  opts: { timeoutMs?: number; nonceBytes?: number[] } = {},
): Promise<Outcome> {
  return target.evaluate(
    async ({ method, params, timeoutMs, nonceBytes }) => {
      const provider = (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } })
        .intentsCompanion;
      const p = params as Record<string, unknown> | undefined;
      if (nonceBytes && p) p.nonce = Uint8Array.from(nonceBytes);
      const call = provider.request(p === undefined ? { method } : { method, params: p }).then(
        (result) => ({ ok: true as const, result }),
        (e: { code: number; message: string; data?: unknown }) => ({
          ok: false as const,
          error: {
            code: e.code,
            message: e.message,
            ...(e.data === undefined ? {} : { data: e.data }),
            isError: e instanceof Error,
          },
        }),
      );
      const timeout = new Promise<{ ok: 'timeout' }>((r) => setTimeout(() => r({ ok: 'timeout' }), timeoutMs));
      return Promise.race([call, timeout]);
    },
    { method, params, timeoutMs: opts.timeoutMs ?? 20_000, nonceBytes: opts.nonceBytes },
  );
}

/** The result of an outcome that must have succeeded. */
export function resultOf<T>(o: Outcome): T {
  expect(o, 'the request succeeded').toMatchObject({ ok: true });
  return (o as { result: T }).result;
}

/** The error of an outcome that must have failed. */
export function errorOf(o: Outcome): RpcErrorView {
  expect(o, 'the request failed with a provider error').toMatchObject({ ok: false });
  return (o as { error: RpcErrorView }).error;
}

/**
 * Arms the wait for the approval window, then triggers the request; resolves once the window is open on
 * approve.html and has rendered a request (or its empty state). `pending` is the page's outcome.
 */
export async function withApproval<T>(
  context: BrowserContext,
  trigger: () => Promise<T>,
): Promise<{ approval: Page; pending: Promise<T> }> {
  const opened = context.waitForEvent('page', { timeout: 10_000 });
  const pending = trigger();
  pending.catch(() => undefined); // the caller awaits it; never an unhandled rejection meanwhile
  const approval = await opened;
  if (process.env.E2E_DEBUG) {
    console.log(`[${Date.now()}] page opened: ${approval.url()}`);
    approval.on('close', () => console.log(`[${Date.now()}] page closed: ${approval.url()}`));
    approval.on('console', (m) => console.log(`[${Date.now()}] approval console: ${m.text()}`));
  }
  await expect
    .poll(() => approval.url(), { message: 'the new page is the approval window', timeout: 10_000 })
    .toMatch(/\/approve\.html/);
  await expect(approval.getByTestId('approval-kind').or(approval.getByTestId('approval-empty'))).toBeVisible({
    timeout: 10_000,
  });
  return { approval, pending };
}

/** Connects `dapp` through the approval window (Connect clicked) and returns the accounts the page got. */
export async function connectDapp(context: BrowserContext, dapp: Page): Promise<unknown> {
  const { approval, pending } = await withApproval(context, () => request(dapp, 'intents_requestAccounts', {}));
  await confirm(approval);
  const accounts = resultOf(await pending);
  await expectClosed(approval);
  return accounts;
}

/** Brings the approval window to the front and clicks Confirm once it is armed (≈ 800 ms visible and focused). */
/** Confirms; `acknowledgeDanger` ticks "I understand" first (value leaving the account needs it). */
export async function confirm(approval: Page, options: { acknowledgeDanger?: boolean } = {}): Promise<void> {
  await approval.bringToFront();
  if (options.acknowledgeDanger) await approval.getByTestId('approval-ack-danger').check();
  const button = approval.getByTestId('approval-confirm');
  await expect(button).toBeEnabled({ timeout: 10_000 });
  await button.click();
}

/** Clicks Reject; the window may close before the click settles (see clickClosing). */
export async function reject(approval: Page): Promise<void> {
  try {
    await approval.getByTestId('approval-reject').click({ noWaitAfter: true });
  } catch (e) {
    if (!approval.isClosed()) throw e;
  }
}

/**
 * Clicks a button whose action closes its own window. The window may close while Playwright is still
 * finishing the click, which it reports as "Target page … has been closed"; that error is the expected
 * outcome only once the page is in fact closed, so it is rethrown otherwise.
 */
export async function clickClosing(page: Page, testId: string): Promise<void> {
  try {
    await page.getByTestId(testId).click({ noWaitAfter: true });
  } catch (e) {
    if (!page.isClosed()) throw e;
  }
  await expectClosed(page);
}

/** The approval window closes itself (or is closed by the background) once nothing waits. */
export async function expectClosed(page: Page, timeout = 5_000): Promise<void> {
  await expect.poll(() => page.isClosed(), { timeout, message: 'the approval window closed' }).toBe(true);
}

/** Pages of the context on approve.html right now. */
export function approvalPages(context: BrowserContext): Page[] {
  return context.pages().filter((p) => p.url().includes('/approve.html'));
}

/**
 * Requests waiting in the extension's approval queue (storage.session `approvals`), read in its own
 * service worker. A request is queued, and written there, before its page is told anything, and only
 * a queued request ever gets an approval window: once the page has its answers, this count says
 * whether a window is coming, with no time to wait.
 */
export async function queuedApprovals(context: BrowserContext): Promise<number> {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  if (!worker) throw new Error('the extension service worker is not running');
  return worker.evaluate(async () => {
    const storage = (
      globalThis as unknown as {
        chrome: {
          storage: { session: { get(k: string): Promise<Record<string, { items?: unknown[] } | undefined>> } };
        };
      }
    ).chrome.storage;
    return (await storage.session.get('approvals')).approvals?.items?.length ?? 0;
  });
}

/** No request waits for approval, so no approval window is open or coming. */
export async function approvalQueueEmpty(context: BrowserContext): Promise<void> {
  expect(await queuedApprovals(context), 'no request waits for approval').toBe(0);
}

/**
 * The approval windows `fn` caused: the pages the context opened while it ran, plus any request it
 * left queued whose window has not shown up yet (see queuedApprovals).
 */
export async function pagesOpenedDuring(context: BrowserContext, fn: () => Promise<void>): Promise<number> {
  let opened = 0;
  const count = () => opened++;
  const before = await queuedApprovals(context);
  context.on('page', count);
  try {
    await fn();
    return opened + Math.max(0, (await queuedApprovals(context)) - before);
  } finally {
    context.off('page', count);
  }
}

export async function fund(sim: RunningSimulator, accountId: string, tokenId: string, amount: string): Promise<void> {
  const res = await fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId, amount }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function balances(sim: RunningSimulator, accountId: string): Promise<Record<string, string>> {
  const res = await fetch(`${sim.url}/dev/balances?accountId=${encodeURIComponent(accountId)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { balances: Record<string, string> }).balances;
}

export interface BusOffer {
  quote_hash: string;
  amount_in: string;
  amount_out: string;
  defuse_asset_identifier_in: string;
  defuse_asset_identifier_out: string;
}

/** A quote from the simulator's message bus, asked directly (not through the extension); the best offer. */
export async function busQuote(sim: RunningSimulator, amountIn = ONE_WNEAR): Promise<BusOffer> {
  const res = await fetch(sim.urls.bus, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-API-Key': sim.busApiKey },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'quote',
      params: [{ defuse_asset_identifier_in: WNEAR, defuse_asset_identifier_out: USDT, exact_amount_in: amountIn }],
    }),
  });
  const body = (await res.json()) as { result?: (BusOffer | { type: string })[] | null; error?: unknown };
  const offers = (body.result ?? []).filter((o): o is BusOffer => 'quote_hash' in o);
  expect(offers.length, `the bus answered offers: ${JSON.stringify(body)}`).toBeGreaterThan(0);
  return offers.sort((a, b) => (BigInt(b.amount_out) > BigInt(a.amount_out) ? 1 : -1))[0]!;
}

/** 32 random bytes. */
export function nonce32(): Buffer {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, name);
}

export interface SignedIntent {
  public_key: string;
  /** ed25519:<base58> */
  signature: string;
  payload: { message: string; nonce: string; recipient: string };
}

/**
 * Whether a signed intent's NEP-413 signature verifies, checked in this (Node) process by an
 * independent implementation (@near-wallet-selector/core's verifySignature, which takes base64).
 */
export function signedIntentVerifies(signed: SignedIntent): boolean {
  return verifySignature({
    publicKey: signed.public_key,
    signature: base64.encode(base58.decode(signed.signature.slice('ed25519:'.length))),
    message: signed.payload.message,
    nonce: Buffer.from(signed.payload.nonce, 'base64'),
    recipient: signed.payload.recipient,
  });
}
