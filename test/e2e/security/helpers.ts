// The attacker's toolbox for the red-team suite (test/e2e/security): servers an attacker controls on
// 127.0.0.1 (a recorder, a recording pass-through proxy), a way to try a request through the public
// provider API with a victim who clicks through whatever window appears, the simulator's ledger read
// independently of the extension, and keys of the attacker's own. The threat model is docs/security.md.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { QuoteParams } from '../../../src/api/swapApi';
import {
  base64,
  encodeVersionedNonce,
  formatDeadline,
  formatPublicKey,
  generateKeyPair,
  type IntentPayload,
  implicitAccountId,
  SIM_VERIFIER,
  type SignedIntent,
  signIntentPayload,
  utf8,
} from '../../../src/core';
import type { RunningSimulator } from '../../../src/sim/server';
import type { Extension, PageServer } from '../fixtures';
import { balances, confirm, type Outcome, USDT, WNEAR } from '../provider-helpers';
import { expect, ledgerView, walletCall } from '../sim';

// ---------------------------------------------------------------------------------------------------
// Servers the attacker controls

export interface Recorded {
  method: string;
  /** Path and query, as received. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received so far, in order (CORS preflights included). */
  requests(): Recorded[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** CORS as an attacker's server would answer it: anything from anyone (the Origin and the headers asked for are echoed). */
function openCors(req: Recorded): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-expose-headers': 'location',
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: Server): () => Promise<void> {
  return async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
}

export type Answer = (req: Recorded, res: ServerResponse, cors: Record<string, string>) => void | Promise<void>;

/**
 * A server on 127.0.0.1 that records every request and answers with `answer` (default: 404 with a JSON
 * body). Preflights are answered for everyone.
 */
export async function startRecorder(answer?: Answer): Promise<RecordingServer> {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const r: Recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: flatHeaders(req),
        body: await readBody(req),
      };
      seen.push(r);
      const cors = openCors(r);
      if (r.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      if (answer) return answer(r, res, cors);
      res
        .writeHead(404, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'nothing here' }));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, requests: () => [...seen], close: closer(server) };
}

/**
 * A pass-through proxy to `target` (a base URL, e.g. the simulator's) that records every request: the
 * operator of an RPC endpoint, or anyone on its network path. Requests and answers go through as they are.
 */
export async function startRecordingProxy(target: string): Promise<RecordingServer> {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const r: Recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: flatHeaders(req),
        body: await readBody(req),
      };
      seen.push(r);
      const headers = Object.fromEntries(
        Object.entries(r.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      );
      const answer = await fetch(`${target}${r.path}`, {
        method: r.method,
        headers,
        redirect: 'manual',
        ...(r.body.length > 0 && r.method !== 'GET' && r.method !== 'HEAD' ? { body: r.body } : {}),
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
      });
      res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, requests: () => [...seen], close: closer(server) };
}

/** What a tampering proxy does to one JSON answer: change it in place (the path is the request's, with its query). */
export type Tamper = (path: string, json: Record<string, unknown>, request: Recorded) => void;

export interface TamperingProxy extends RecordingServer {
  /** Every JSON answer of the target as it came, before the tamper, in order, with the path it answered. */
  originals(): { path: string; json: Record<string, unknown> }[];
}

/**
 * A proxy in front of `target` (the simulator) that rewrites the target's answers: an attacker on the
 * network path to a service, or the service's operator. Every request is recorded and forwarded (its
 * credential headers too) with the body `rewriteRequest` gives (default: as it came); each 2xx JSON
 * object answer goes through `tamper` before the extension reads it. CORS is answered for everyone.
 */
export async function startTamperingProxy(
  target: string,
  tamper: Tamper,
  rewriteRequest?: (req: Recorded) => string,
): Promise<TamperingProxy> {
  const originals: { path: string; json: Record<string, unknown> }[] = [];
  const server = await startRecorder(async (req, res, cors) => {
    const body = rewriteRequest ? rewriteRequest(req) : req.body;
    const answer = await fetch(`${target}${req.path}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'x-api-key'].includes(k)),
      ),
      ...(body.length > 0 && req.method !== 'GET' ? { body } : {}),
    });
    let text = await answer.text();
    if (answer.ok) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      // An array (the token list) is handed over as it is: a tamper that wants one checks Array.isArray.
      if (json && typeof json === 'object') {
        const object = json as Record<string, unknown>;
        originals.push({ path: req.path, json: structuredClone(object) });
        tamper(req.path, object, req);
        text = JSON.stringify(object);
      }
    }
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(text);
  });
  return { ...server, originals: () => [...originals] };
}

/**
 * Starts keeping every state of `page`'s document (its HTML, attributes included) from now on, mutation by
 * mutation, so a test can ask afterwards whether some text was ever on screen, even for a moment.
 */
export async function recordDom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __domStates?: string[] };
    w.__domStates = [document.documentElement.outerHTML];
    new MutationObserver(() => w.__domStates!.push(document.documentElement.outerHTML)).observe(
      document.documentElement,
      {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      },
    );
  });
}

/** Whether `text` was in the document in any state recorded since `recordDom` (the current one included). */
export function domEverHeld(page: Page, text: string): Promise<boolean> {
  return page.evaluate((t) => {
    const states = (window as unknown as { __domStates?: string[] }).__domStates;
    if (!states) throw new Error('recordDom was not started on this page');
    return [...states, document.documentElement.outerHTML].some((html) => html.includes(t));
  }, text);
}

/** Requests that are not CORS preflights. */
export const realRequests = (records: Recorded[]) => records.filter((r) => r.method !== 'OPTIONS');

/** JSON-RPC method names of the requests (e.g. `get_status`, `query`). */
export function rpcMethods(records: Recorded[]): string[] {
  return realRequests(records).flatMap((r) => {
    try {
      const m = (JSON.parse(r.body) as { method?: unknown }).method;
      return typeof m === 'string' ? [m] : [];
    } catch {
      return [];
    }
  });
}

/** A signed intent as it travels (`{standard, payload, public_key, signature}`). */
export interface CapturedSignature {
  standard?: unknown;
  payload?: unknown;
  public_key?: unknown;
  signature: string;
}

/**
 * Every signature found in the recorded bodies: any object with a string `signature`, looked for in
 * the JSON bodies and inside ledger-RPC `args_base64` (where `simulate_intents` carries its signed
 * intents). A body that is not JSON but mentions a signature counts too.
 */
export function signaturesIn(records: Recorded[]): CapturedSignature[] {
  const found: CapturedSignature[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (typeof o.signature === 'string') found.push(o as unknown as CapturedSignature);
    for (const [k, x] of Object.entries(o)) {
      if (k === 'args_base64' && typeof x === 'string') {
        try {
          visit(JSON.parse(utf8.decode(base64.decode(x))));
        } catch {
          if (/signature/i.test(x)) found.push({ signature: x });
        }
      } else visit(x);
    }
  };
  for (const r of realRequests(records)) {
    try {
      visit(JSON.parse(r.body));
    } catch {
      if (/signature/i.test(r.body)) found.push({ signature: r.body });
    }
  }
  return found;
}

/** Whether a captured signature is over a payload of `accountId` (its NEP-413 message or raw payload names it). */
export function isForAccount(s: CapturedSignature, accountId: string): boolean {
  return JSON.stringify(s.payload ?? s.signature).includes(accountId);
}

/** `http://<host>:<port of the page server>`: the page server answers any host that resolves to 127.0.0.1 (Chromium resolves *.localhost there). */
export function originOn(pages: PageServer, host: string): string {
  return `http://${host}:${new URL(pages.origin).port}`;
}

// ---------------------------------------------------------------------------------------------------
// The simulator, asked directly (never through the extension)

/** What the ledger holds for an account: balances and registered keys. */
export interface LedgerState {
  balances: Record<string, string>;
  keys: string[];
}

export async function ledgerState(sim: RunningSimulator, accountId: string): Promise<LedgerState> {
  return {
    balances: await balances(sim, accountId),
    keys: (await ledgerView<string[]>(sim, 'public_keys_of', { account_id: accountId })).sort(),
  };
}

/** Publishes a signed intent on the simulator's message bus with the bus key, as anyone holding a signature could. */
export async function publishOnBus(sim: RunningSimulator, signed: unknown): Promise<unknown> {
  const res = await fetch(sim.urls.bus, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-API-Key': sim.busApiKey },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'publish_intent',
      params: [{ signed_data: signed, quote_hashes: [] }],
    }),
  });
  return res.json();
}

// ---------------------------------------------------------------------------------------------------
// The attacker's own keys

export interface AttackerKey {
  seed: Uint8Array;
  /** ed25519:<base58> */
  publicKey: string;
  /** The implicit account of the key. */
  accountId: string;
  /** Signs a payload with this key (nep413 by default). */
  sign(payload: IntentPayload): SignedIntent;
}

export function attackerKey(): AttackerKey {
  const pair = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
  return {
    seed: pair.secretSeed,
    publicKey: formatPublicKey(pair.publicKey),
    accountId: implicitAccountId(pair.publicKey),
    sign: (payload) => signIntentPayload(pair.secretSeed, payload),
  };
}

/** A payload the attacker builds by hand: five minutes, a fresh versioned nonce under `salt`, for the simulator's verifier. */
export function payloadFor(
  signerId: string,
  intents: IntentPayload['intents'],
  salt: string,
  verifyingContract = SIM_VERIFIER,
): IntentPayload {
  const deadline = new Date(Date.now() + 5 * 60_000);
  const nonce = encodeVersionedNonce({
    salt: Uint8Array.from(Buffer.from(salt, 'hex')),
    deadline,
    random15: new Uint8Array(randomBytes(15)),
  });
  return {
    signer_id: signerId,
    verifying_contract: verifyingContract,
    deadline: formatDeadline(deadline),
    nonce,
    intents,
  };
}

// ---------------------------------------------------------------------------------------------------
// Trying a request as the attacker, with a victim in front of the window

/** What the user does if a window appears: the victim an attacker hopes for clicks through every warning. */
export type Victim = 'confirm' | 'reject' | 'close';

export interface Attempt {
  outcome: Outcome;
  /** Pages (approval windows) that opened while the request was tried. */
  windows: number;
}

/**
 * Runs `trigger` (a page request) and, if an approval window opens for it, plays the victim: ticks
 * every "I understand the risk" and confirms, rejects, or closes the window. Returns how the page's
 * request settled and how many windows opened. A request refused without a window settles by itself,
 * so no grace period is needed.
 */
export async function attempt(
  context: BrowserContext,
  trigger: () => Promise<Outcome>,
  victim: Victim,
): Promise<Attempt> {
  let windows = 0;
  let onPage: (p: Page) => void = () => undefined;
  const firstPage = new Promise<Page>((resolve) => {
    onPage = (p: Page) => {
      windows++;
      resolve(p);
    };
  });
  context.on('page', onPage);
  try {
    // request() always settles (its own timeout), so this race always ends.
    const pending = trigger();
    const first = await Promise.race([pending.then(() => null), firstPage]);
    if (first) {
      await expect
        .poll(() => first.url(), { message: 'the new page is the approval window', timeout: 10_000 })
        .toMatch(/\/approve\.html/);
      await playVictim(first, victim);
    }
    return { outcome: await pending, windows };
  } finally {
    context.off('page', onPage);
  }
}

/** The victim's answer in an open approval window. */
export async function playVictim(approval: Page, victim: Victim): Promise<void> {
  await expect(approval.getByTestId('approval-kind').or(approval.getByTestId('approval-empty'))).toBeVisible({
    timeout: 10_000,
  });
  if (victim === 'close' || (await approval.getByTestId('approval-empty').isVisible())) return approval.close();
  // Blocked (a forbidden finding): there is no Confirm to click, even for a willing victim.
  if (victim === 'reject' || (await approval.getByTestId('approval-blocked').isVisible()))
    return approval.getByTestId('approval-reject').click();
  const ack = approval.getByTestId('approval-ack-danger');
  if (await ack.isVisible()) await ack.check();
  await confirm(approval);
}

/**
 * The outcomes that do not have the expected error code, as readable lines: asserting the list is
 * empty reports every miss at once instead of stopping at the first.
 */
export function misses(outcomes: readonly (readonly [string, Outcome])[], code: number): string[] {
  return outcomes
    .filter(([, o]) => !(o.ok === false && o.error.code === code))
    .map(([what, o]) => `${what}: ${JSON.stringify(o)}`);
}

/** Fires a request in the page without waiting; `pageOutcome` reads how it settled (null while pending). */
export async function fire(page: Page, method: string, params?: unknown): Promise<void> {
  await page.evaluate(
    ({ method, params }) => {
      const w = window as unknown as { __rt?: unknown; intentsCompanion: { request(a: unknown): Promise<unknown> } };
      w.__rt = null;
      w.intentsCompanion.request(params === undefined ? { method } : { method, params }).then(
        (result) => (w.__rt = { ok: true, result }),
        (e: { code: number; message: string; data?: unknown }) =>
          (w.__rt = { ok: false, error: { code: e.code, message: e.message, data: e.data } }),
      );
    },
    { method, params },
  );
}

export function pageOutcome(
  page: Page,
): Promise<{ ok: boolean; result?: unknown; error?: { code: number; message: string; data?: unknown } } | null> {
  return page.evaluate(() => (window as unknown as { __rt?: never }).__rt ?? null);
}

/**
 * Every window message posted to the page before this call has been dispatched when it returns
 * (messages are delivered in order): a barrier for "the relay would have passed it on by now".
 */
export async function flushMessages(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const token = `flush-${Math.random()}`;
        const on = (e: MessageEvent) => {
          if (e.data !== token) return;
          window.removeEventListener('message', on);
          resolve();
        };
        window.addEventListener('message', on);
        window.postMessage(token, '*');
      }),
  );
}

/** Provider events the dApp page (dapp.html) recorded with intentsCompanion.on. */
export function eventsOf(page: Page): Promise<{ name: string; data: unknown }[]> {
  return page.evaluate(() => (window as unknown as { __events: { name: string; data: unknown }[] }).__events);
}

/** How many requests wait in the approval queue (the wallet's own view of it), 0 when none. */
export async function waiting(popup: Page): Promise<number> {
  const view = await walletCall<{ waiting: number } | null>(popup, 'approval_current');
  return view?.waiting ?? 0;
}

/** The origins of the requests queued in storage.session right now (read from an extension page; never wakes the worker). */
export function queuedOrigins(observer: Page): Promise<string[]> {
  return observer.evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>> } } };
      }
    ).chrome;
    const q = (await chrome.storage.session.get('approvals')).approvals as { items?: { origin: string }[] } | undefined;
    return (q?.items ?? []).map((i) => i.origin);
  });
}

/** Everything in chrome.storage.local, as the extension's service worker reads it. */
export async function storageLocal(extension: Extension, popup: Page): Promise<string> {
  await walletCall(popup, 'wallet_status'); // the worker is running
  const read = async () => {
    const chrome = (
      globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).chrome;
    return JSON.stringify(await chrome.storage.local.get(null));
  };
  // Newest first: a worker stopped earlier may still be listed.
  const workers = extension.context
    .serviceWorkers()
    .filter((w: Worker) => w.url().startsWith(`chrome-extension://${extension.id}/`));
  for (const worker of workers.reverse()) {
    const text = await worker.evaluate(read).catch(() => null);
    if (text !== null) return text;
  }
  throw new Error('no running service worker of the extension answered');
}

/** Rewrites one value of chrome.storage.local in the service worker, as anything that can write that area could. */
export async function editStorageLocal(
  extension: Extension,
  popup: Page,
  key: string,
  edit: (value: unknown) => unknown,
): Promise<void> {
  const before = (JSON.parse(await storageLocal(extension, popup)) as Record<string, unknown>)[key];
  const after = edit(structuredClone(before));
  const workers = extension.context
    .serviceWorkers()
    .filter((w: Worker) => w.url().startsWith(`chrome-extension://${extension.id}/`));
  for (const worker of workers.reverse()) {
    const done = await worker
      .evaluate(
        async ([k, v]) => {
          const chrome = (
            globalThis as unknown as {
              chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };
            }
          ).chrome;
          await chrome.storage.local.set({ [k]: v });
          return true;
        },
        [key, after] as const,
      )
      .catch(() => false);
    if (done) return;
  }
  throw new Error('no running service worker of the extension answered');
}

// ---------------------------------------------------------------------------------------------------
// The approval window's risk gate

/**
 * The window holds Confirm back behind the danger acknowledgement: `findings` (a locator of the danger
 * findings expected) is visible, Confirm is off until "I understand the risk" is ticked, and on after.
 * Leaves the window with the box ticked (the caller rejects).
 */
export async function expectDangerGate(
  approval: Page,
  findings = approval.locator('[data-testid="approval-finding"][data-level="danger"]'),
): Promise<void> {
  await expect(findings.first(), 'a danger finding is shown').toBeVisible();
  await approval.bringToFront();
  const button = approval.getByTestId('approval-confirm');
  const ack = approval.getByTestId('approval-ack-danger');
  await expect(ack, 'the window asks for "I understand the risk"').toBeVisible();
  await expect(approval.getByTestId('approval-confirm-hint')).toContainText('I understand the risk');
  await expect(button).toBeDisabled();
  await ack.check();
  await expect(button).toBeEnabled({ timeout: 10_000 });
}

// ---------------------------------------------------------------------------------------------------
// Swaps

/** The quote request of a wNEAR → USDT swap paid from, refunded to and delivered to `accountId`'s intents account; an hour to run. */
export const intentsSwap = (
  accountId: string,
  amount: string,
  swapType: QuoteParams['swapType'] = 'EXACT_INPUT',
): QuoteParams => ({
  swapType,
  slippageTolerance: 100,
  originAsset: WNEAR,
  depositType: 'INTENTS',
  destinationAsset: USDT,
  amount,
  refundTo: accountId,
  refundType: 'INTENTS',
  recipient: accountId,
  recipientType: 'INTENTS',
  deadline: new Date(Date.now() + 3600_000).toISOString(),
});
