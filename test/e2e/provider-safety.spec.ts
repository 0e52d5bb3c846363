// Provider safety end to end, in real Chromium with the built
// extension against the real simulator: origin spoofing (messages posted straight to the relay,
// fake origin fields, a cross-origin iframe), key-management intents from a page, and 2,000 malformed or
// random requests. One fresh profile for the file. Three page origins from the test page server:
//   A — the attacker page, never connected;  B — a connected dApp;  and A framing B.
import type { Frame, Page } from '@playwright/test';
import { ERROR_CODES, PAGE_CHANNEL, RELAY_CHANNEL } from '../../src/provider/protocol';
import { closePageServer, type PageServer, startPageServer } from './fixtures';
import {
  approvalPages,
  confirm,
  connectDapp,
  errorOf,
  expectClosed,
  fund,
  nonce32,
  ONE_WNEAR,
  openWallet,
  pagesOpenedDuring,
  reject,
  request,
  resultOf,
  type WalletSession,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let w: WalletSession;
let serverA: PageServer;
let serverB: PageServer;
/** A page on origin A (not connected). */
let attacker: Page;
/** A page on origin B (connected in beforeAll). */
let dapp: Page;

const KNOWN_CODES: number[] = Object.values(ERROR_CODES);

interface PostedReply {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/**
 * Posts raw messages with window.postMessage from the page's own script (no provider) and returns the
 * relay-channel answers carrying one of `ids`, as soon as every id in `until` has one. The relay reads
 * posted messages in order and drops bad ones at once, so an answered request posted last is the barrier
 * after which a dropped message can no longer be answered. `waitMs` only bounds a broken run.
 */
function postRaw(
  page: Page | Frame,
  messages: unknown[],
  ids: number[],
  until: number[],
  waitMs = 10_000,
): Promise<PostedReply[]> {
  return page.evaluate(
    async ({ messages, ids, waitMs, until, RELAY }) => {
      const seen: PostedReply[] = [];
      let done = () => {};
      const finished = new Promise<void>((r) => (done = r));
      const listener = (e: MessageEvent) => {
        const d = e.data as { channel?: string; id?: number } | null;
        if (
          d &&
          d.channel === RELAY &&
          typeof d.id === 'number' &&
          ids.includes(d.id) &&
          ('result' in d || 'error' in d)
        )
          seen.push(d as PostedReply);
        if (until.length > 0 && until.every((id) => seen.some((r) => r.id === id))) done();
      };
      window.addEventListener('message', listener);
      for (const m of messages) window.postMessage(m, '*');
      await Promise.race([finished, new Promise((r) => setTimeout(r, waitMs))]);
      window.removeEventListener('message', listener);
      return seen;
    },
    { messages, ids, waitMs, until, RELAY: RELAY_CHANNEL },
  );
}

test.beforeAll(async ({ sim }) => {
  w = await openWallet(sim);
  serverA = await startPageServer();
  serverB = await startPageServer();
  attacker = await w.context.newPage();
  await attacker.goto(`${serverA.origin}/dapp.html`);
  dapp = await w.context.newPage();
  await dapp.goto(`${serverB.origin}/dapp.html`);
  expect(await connectDapp(w.context, dapp)).toEqual([{ accountId: w.accountId, publicKey: w.publicKey }]);
});

test.afterAll(async () => {
  await w?.close();
  await closePageServer(serverA);
  await closePageServer(serverB);
});

test('messages posted straight to the relay get structured errors; fake origins are ignored', async () => {
  const exportKey = { accountId: w.accountId, publicKey: w.publicKey, password: 'correct horse battery' };
  const extensionOrigin = `chrome-extension://${w.extension.id}`;
  // Everything a page could put in a message to look like someone else.
  const disguise = {
    origin: extensionOrigin,
    url: `${extensionOrigin}/popup.html`,
    sender: {
      id: w.extension.id,
      origin: extensionOrigin,
      url: `${extensionOrigin}/popup.html`,
      frameId: 0,
      tab: { id: 1 },
    },
    tabId: 1,
    frameId: 0,
    type: 'request',
  };
  const page = (id: number, method: string, params?: unknown, extra: object = {}) => ({
    channel: PAGE_CHANNEL,
    id,
    method,
    ...(params === undefined ? {} : { params }),
    ...extra,
  });

  let replies: PostedReply[] = [];
  const opened = await pagesOpenedDuring(w.context, async () => {
    replies = await postRaw(
      attacker,
      [
        page(101, 'wallet_exportKey', exportKey),
        page(102, 'wallet_exportKey', { ...exportKey, origin: extensionOrigin }, disguise),
        page(103, 'wallet_exportPhrase', { password: 'correct horse battery' }, disguise),
        page(104, 'approval_current', undefined, disguise),
        page(105, 'approval_resolve', { id: '00'.repeat(12), approve: true }, disguise),
        page(106, 'wallet_setSettings', { endpoints: { bus: 'https://evil.example/rpc' } }, disguise),
        // B is connected, A is not: a page on A claiming to be B sees nothing and may sign nothing.
        page(107, 'intents_accounts', { origin: serverB.origin }, { origin: serverB.origin }),
        page(
          108,
          'intents_signMessage',
          { message: 'm', recipient: 'r', nonce: nonce32().toString('base64'), origin: serverB.origin },
          { origin: serverB.origin, sender: { url: `${serverB.origin}/dapp.html` } },
        ),
        page(109, 'wallet_getPermissions', { origin: serverB.origin }, { origin: serverB.origin }),
        // Relay-shaped messages are answers and events for the page's own provider: the relay never forwards them.
        { channel: RELAY_CHANNEL, id: 110, method: 'intents_requestAccounts', params: {} },
        { channel: RELAY_CHANNEL, type: 'request', method: 'wallet_exportKey', params: exportKey },
        { channel: RELAY_CHANNEL, event: 'accountsChanged', data: [{ accountId: 'evil.near' }] },
        // Shapes the relay drops: no channel, wrong id types, a method that is not a string.
        { id: 111, method: 'intents_requestAccounts' },
        { channel: PAGE_CHANNEL, id: '112', method: 'intents_requestAccounts' },
        { channel: PAGE_CHANNEL, id: 1.5, method: 'intents_requestAccounts' },
        { channel: PAGE_CHANNEL, id: 113, method: { toString: 'intents_requestAccounts' } },
        { type: 'request', method: 'wallet_exportKey', params: exportKey },
        // The barrier: answered only after the relay has read (and dropped) everything above.
        page(199, 'intents_accounts'),
      ],
      [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 113, 199],
      [101, 102, 103, 104, 105, 106, 107, 108, 109, 199],
    );
  });
  expect(opened, 'no approval window').toBe(0);
  const byId = new Map(replies.map((r) => [r.id, r]));
  for (const id of [101, 102, 103, 104, 105, 106]) {
    expect(byId.get(id), `reply ${id}`).toEqual({
      channel: RELAY_CHANNEL,
      id,
      error: { code: ERROR_CODES.unsupportedMethod, message: expect.stringMatching(/^Unsupported method: /) },
    });
  }
  expect(byId.get(107)).toEqual({ channel: RELAY_CHANNEL, id: 107, result: [] }); // A's accounts, not B's
  expect(byId.get(108)).toMatchObject({
    id: 108,
    error: { code: ERROR_CODES.unauthorized, message: expect.stringContaining('not connected') },
  });
  expect(byId.get(109)).toEqual({ channel: RELAY_CHANNEL, id: 109, result: [] });
  for (const id of [110, 111, 113]) expect(byId.has(id), `no reply to dropped message ${id}`).toBe(false);
  expect(byId.get(199)).toEqual({ channel: RELAY_CHANNEL, id: 199, result: [] });
  expect(replies).toHaveLength(10);
  // Nothing changed in the wallet: still unlocked, same bus endpoint, A still not connected.
  const status = await walletCall<{ unlocked: boolean }>(w.popup, 'wallet_status');
  expect(status.unlocked).toBe(true);
  const settings = await walletCall<{ endpoints: { bus: string } }>(w.popup, 'wallet_getSettings');
  expect(settings.endpoints.bus).not.toContain('evil');
  expect(resultOf(await request(attacker, 'intents_accounts'))).toEqual([]);
});

test('the approval window shows the real origin, whatever origin a request claims', async () => {
  const host = new URL(serverA.origin).host;
  // Through the provider, params claiming B's origin (and the extension's).
  {
    const { approval, pending } = await withApproval(w.context, () =>
      request(attacker, 'intents_requestAccounts', {
        origin: serverB.origin,
        url: `${serverB.origin}/`,
        sender: { origin: serverB.origin },
      }),
    );
    await expect(approval.getByTestId('approval-origin')).toHaveText(host);
    await expect(approval.getByTestId('approval-origin')).toHaveAttribute('title', serverA.origin);
    await expect(approval.locator('.req-full-origin')).toHaveText(serverA.origin);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);
  }
  // Posted straight to the relay with fake origin fields around the request.
  {
    let replies: Promise<PostedReply[]> | undefined;
    const { approval } = await withApproval(w.context, async () => {
      replies = postRaw(
        attacker,
        [
          {
            channel: PAGE_CHANNEL,
            id: 201,
            method: 'intents_requestAccounts',
            params: { origin: serverB.origin },
            origin: serverB.origin,
            sender: { url: `${serverB.origin}/`, frameId: 0 },
            tabId: 1,
          },
        ],
        [201],
        [201],
      );
    });
    await expect(approval.getByTestId('approval-origin')).toHaveText(host);
    await expect(approval.getByTestId('approval-origin')).toHaveAttribute('title', serverA.origin);
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await reject(approval);
    await expectClosed(approval);
    expect(await replies!).toEqual([
      {
        channel: RELAY_CHANNEL,
        id: 201,
        error: { code: ERROR_CODES.userRejected, message: 'The user rejected the request' },
      },
    ]);
  }
  expect(resultOf(await request(attacker, 'intents_accounts'))).toEqual([]);
});

test('a cross-origin iframe cannot get a signature (4100), even of a connected origin', async () => {
  const host = await w.context.newPage();
  try {
    // A frames B's page; B is connected as a top-level site.
    await host.goto(`${serverA.origin}/frame-host.html?src=${encodeURIComponent(`${serverB.origin}/dapp.html`)}`);
    const frame = await (await host.locator('#child').elementHandle())!.contentFrame();
    await frame!.waitForFunction(() => 'intentsCompanion' in window);
    expect(new URL(frame!.url()).origin).toBe(serverB.origin);

    const opened = await pagesOpenedDuring(w.context, async () => {
      const message = { message: 'from a frame', recipient: 'r.example', nonce: nonce32().toString('base64') };
      for (const [method, params] of [
        ['intents_signMessage', message],
        [
          'intents_signIntents',
          { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }] },
        ],
        [
          'intents_publishIntents',
          { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }] },
        ],
        ['intents_requestAccounts', {}],
      ] as const) {
        expect(errorOf(await request(frame!, method, params)), method).toEqual({
          code: ERROR_CODES.unauthorized,
          message: 'Only the top frame of a page may ask for signatures',
          isError: true,
        });
      }
      // The frame posting a request into its parent's window: the parent's relay takes only its own window's messages.
      await frame!.evaluate(
        ({ PAGE }) => {
          window.parent.postMessage({ channel: PAGE, id: 301, method: 'intents_requestAccounts', params: {} }, '*');
          window.parent.postMessage({ channel: PAGE, id: 302, method: 'intents_accounts' }, '*');
        },
        { PAGE: PAGE_CHANNEL },
      );
      // Barrier: the parent's own request, posted after the frame's, answered by its relay. Messages to
      // one window are delivered in the order they were posted, so the frame's were handled before it.
      expect(resultOf(await request(host, 'intents_accounts'))).toBeDefined();
      const parentSaw = await host.evaluate(() =>
        (window as unknown as { __relayMessages: { id?: number }[] }).__relayMessages.map((m) => m.id),
      );
      expect(parentSaw).not.toContain(301);
      expect(parentSaw).not.toContain(302);
    });
    expect(opened, 'no approval window').toBe(0);
  } finally {
    await host.close();
  }
});

test('key-management intents from a page are refused (4100) without a window', async () => {
  const other = `ed25519:${'1'.repeat(32)}`; // any well-formed key
  const cases: [string, unknown[], string][] = [
    ['intents_signIntents', [{ intent: 'add_public_key', public_key: w.publicKey }], 'intents.0.intent'],
    ['intents_publishIntents', [{ intent: 'add_public_key', public_key: other }], 'intents.0.intent'],
    ['intents_signIntents', [{ intent: 'remove_public_key', public_key: w.publicKey }], 'intents.0.intent'],
    ['intents_publishIntents', [{ intent: 'set_auth_by_predecessor_id', enabled: false }], 'intents.0.intent'],
    // Hidden behind an ordinary transfer.
    [
      'intents_signIntents',
      [
        { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } },
        { intent: 'add_public_key', public_key: other },
      ],
      'intents.1.intent',
    ],
  ];
  const opened = await pagesOpenedDuring(w.context, async () => {
    for (const [method, intents, field] of cases) {
      const kind = (intents.at(-1) as { intent: string }).intent;
      const e = errorOf(await request(dapp, method, { intents }));
      expect(e, `${method} ${kind}`).toEqual({
        code: ERROR_CODES.unauthorized,
        message: `A web page may not ask for '${kind}'; keys are managed only in the wallet`,
        data: { field },
        isError: true,
      });
    }
  });
  expect(opened, 'no approval window').toBe(0);
  expect(approvalPages(w.context)).toHaveLength(0);
  // The site stays connected and can still ask for an ordinary signature.
  expect(resultOf(await request(dapp, 'intents_accounts'))).toHaveLength(1);
});

test('risk gates in the window: forbidden blocks Confirm; danger needs the acknowledgement', async ({ sim }) => {
  // The account holds what it gives, so the verifier's check after Confirm passes.
  await fund(sim, w.accountId, WNEAR, ONE_WNEAR);
  // Forbidden: a transfer to the signer itself (the verifier refuses it) — Confirm never arms.
  {
    const intents = [{ intent: 'transfer', receiver_id: w.accountId, tokens: { [WNEAR]: ONE_WNEAR } }];
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_signIntents', { intents }),
    );
    await expect(approval.locator('[data-testid="approval-finding"][data-code="transfer_to_self"]')).toHaveAttribute(
      'data-level',
      'forbidden',
    );
    await expect(approval.getByTestId('approval-blocked')).toContainText(
      'The verifier refuses a transfer to the signer itself.',
    );
    // The window says why Confirm is off: the block, not the short delay (which comes after it in order).
    await expect(approval.getByTestId('approval-confirm-hint')).toHaveText('This request cannot be approved.');
    await expect(approval.getByTestId('approval-confirm')).toBeDisabled();
    await expect(approval.getByTestId('approval-ack-danger')).toHaveCount(0);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);
  }
  // Danger: a token_diff that only gives — Confirm arms only once the risk is acknowledged.
  {
    const intents = [{ intent: 'token_diff', diff: { [WNEAR]: `-${ONE_WNEAR}` } }];
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_signIntents', { intents }),
    );
    await expect(
      approval.locator('[data-testid="approval-finding"][data-code="gives_without_receiving"]'),
    ).toHaveAttribute('data-level', 'danger');
    await expect(approval.getByTestId('approval-blocked')).toHaveCount(0);
    await expect(approval.getByTestId('approval-confirm-hint')).toHaveText('Tick “I understand the risk” to continue.');
    await expect(approval.getByTestId('approval-confirm')).toBeDisabled();
    await approval.getByTestId('approval-ack-danger').check();
    await confirm(approval);
    const out = resultOf<{ payload: { intents: unknown[] } }>(await pending);
    expect(out.payload.intents).toEqual(intents);
    await expectClosed(approval);
  }
  // A "message" addressed to the verifier may be an intent in disguise: refused before any window.
  {
    const opened = await pagesOpenedDuring(w.context, async () => {
      const e = errorOf(
        await request(dapp, 'intents_signMessage', {
          message: '{"intents":[]}',
          recipient: 'intents.near',
          nonce: nonce32().toString('base64'),
        }),
      );
      expect(e).toMatchObject({ code: ERROR_CODES.invalidParams, data: { field: 'recipient' } });
    });
    expect(opened).toBe(0);
  }
});

test('2,000 malformed or random requests: a structured error for each, no window, the worker stays healthy', async () => {
  test.setTimeout(90_000);
  let summary:
    | {
        total: number;
        errors: number;
        results: number;
        timeouts: number;
        bad: unknown[];
        codes: Record<string, number>;
        ms: number;
      }
    | undefined;
  const opened = await pagesOpenedDuring(w.context, async () => {
    summary = await attacker.evaluate(
      async ({ accountId, extId }) => {
        // A small seeded PRNG (mulberry32): the run is the same every time.
        let seed = 0x5eed1234;
        const rnd = () => {
          seed = (seed + 0x6d2b79f5) | 0;
          let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
          t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
        const int = (n: number) => Math.floor(rnd() * n);
        const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
        const ALPHABETS = [
          'abcdefghijklmnopqrstuvwxyz_',
          'ABCxyz019_-.:/$',
          'äöü€漢字🙂\u0000\u202e\ud800',
          ' \t\n\r"\'\\<>{}',
        ];
        const str = (max: number) => {
          const a = pick(ALPHABETS);
          let s = '';
          for (let i = 0, n = int(max + 1); i < n; i++) s += a[int(a.length)];
          return s;
        };
        // Methods whose answer does not depend on params never prompt and succeed (intents_accounts,
        // intents_disconnect, wallet_getPermissions, and wallet_revokePermissions for any non-empty array of
        // objects) or always prompt (intents_requestAccounts): left out.
        const PAGE_METHODS = [
          'intents_signMessage',
          'intents_signIntents',
          'intents_publishIntents',
          'intents_getIntentStatus',
        ];
        const INTERNAL = [
          'wallet_exportKey',
          'wallet_exportPhrase',
          'wallet_status',
          'wallet_lock',
          'wallet_create',
          'wallet_setSettings',
          'wallet_revokeSite',
          'approval_current',
          'approval_resolve',
          'approval_rejectAll',
        ];
        const ODD = [
          '__proto__',
          'constructor',
          'hasOwnProperty',
          'toString',
          'valueOf',
          'prototype',
          'then',
          ' intents_accounts',
          'INTENTS_ACCOUNTS',
          'intents_accounts\u0000',
          'eth_requestAccounts',
          'near_signMessage',
        ];
        const method = () => {
          const r = rnd();
          if (r < 0.35) return pick(PAGE_METHODS);
          if (r < 0.5) return pick(INTERNAL);
          if (r < 0.6) return pick(ODD);
          if (r < 0.65) return 'm'.repeat(64); // the longest method name the relay takes
          return str(1 + int(63)) || 'x';
        };
        const circular = () => {
          const o: Record<string, unknown> = { a: 1 };
          o.self = o;
          return o;
        };
        const deep = (n: number): unknown => (n === 0 ? 'bottom' : { d: deep(n - 1) });
        const leaf = (): unknown =>
          pick<() => unknown>([
            () => null,
            () => undefined,
            () => true,
            () => int(1e9) - 5e8,
            () => rnd() * 1e308,
            () => NaN,
            () => Infinity,
            () => -0,
            () => str(40),
            () => str(2000),
            () => 'x'.repeat(64 * 1024 + 1), // one past signMessage's message limit
            () => 'y'.repeat(1024 * 1024), // 1 MiB
            () => 10n ** 30n,
            () => new Date(),
            () => /re/g,
            () => new Map([[1, 2]]),
            () => new Set([1]),
            () => new Uint8Array(int(64)),
            () => new ArrayBuffer(int(40)),
            () => new Blob(['b']),
            () => () => 1, // not cloneable
            () => Symbol('s'), // not cloneable
            () => document.body, // not cloneable
            () => new WeakMap(), // not cloneable
            () => circular(),
            () => deep(40),
            () => accountId,
            () => `chrome-extension://${extId}`,
          ])();
        const value = (depth: number): unknown => {
          const r = rnd();
          if (depth > 3 || r < 0.45) return leaf();
          if (r < 0.65) return Array.from({ length: int(5) }, () => value(depth + 1));
          const o: Record<string, unknown> = {};
          const keys = [
            'message',
            'recipient',
            'nonce',
            'intents',
            'signed',
            'quoteHashes',
            'deadline',
            'signerId',
            'accountId',
            'standard',
            'callbackUrl',
            'origin',
            'password',
            '__proto__',
            'constructor',
            'intent',
            'diff',
            'tokens',
          ];
          for (let i = 0, n = int(6); i < n; i++)
            Object.defineProperty(o, rnd() < 0.8 ? pick(keys) : str(12), {
              value: value(depth + 1),
              enumerable: true,
              configurable: true,
              writable: true,
            });
          return o;
        };
        // Near misses of real params, each wrong in one place.
        const nearMiss = (): unknown =>
          pick<() => unknown>([
            () => ({ message: 'm', recipient: 'r', nonce: btoa('x'.repeat(31)) }),
            () => ({ message: 'm', recipient: 'r', nonce: Array(33).fill(1) }),
            () => ({ message: 'm', recipient: 'r', nonce: Array(32).fill(256) }),
            () => ({ message: 'm', recipient: '', nonce: Array(32).fill(1) }),
            () => ({ message: 'x'.repeat(64 * 1024 + 1), recipient: 'r', nonce: Array(32).fill(1) }),
            () => ({ message: 7, recipient: 'r', nonce: Array(32).fill(1) }),
            () => ({ intents: Array(101).fill({ intent: 'transfer' }) }),
            () => ({ intents: [], standard: 'erc191' }),
            () => ({ intents: [], deadline: 'x'.repeat(65) }),
            () => ({ intents: [], signerId: 'NOT AN ACCOUNT' }),
            () => ({ intents: [], quoteHashes: Array(33).fill('q') }),
            () => ({ intents: [{ intent: 'add_public_key', public_key: `ed25519:${'1'.repeat(32)}` }] }),
            () => ({ signed: { standard: 'nep413', payload: {}, public_key: 'x', signature: 'y' } }),
            () => ({ signed: 'not a signed intent' }),
            () => ({ intentHash: '' }),
            () => ({ intentHash: 'h'.repeat(129) }),
            () => ({}),
            () => [],
            () => [{}],
          ])();
        const params = () => {
          const r = rnd();
          if (r < 0.1) return undefined;
          if (r < 0.45) return nearMiss();
          return value(0);
        };

        const TOTAL = 2000;
        const BATCH = 200;
        const provider = (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } })
          .intentsCompanion;
        const out = {
          total: 0,
          errors: 0,
          results: 0,
          timeouts: 0,
          bad: [] as unknown[],
          codes: {} as Record<string, number>,
          ms: 0,
        };
        const t0 = performance.now();
        for (let start = 0; start < TOTAL; start += BATCH) {
          const batch = Array.from({ length: BATCH }, () => {
            const m = method();
            const p = params();
            // getIntentStatus with a real-looking hash would be answered by the bus (a result): keep it malformed.
            const safe =
              m === 'intents_getIntentStatus' &&
              typeof p === 'object' &&
              p !== null &&
              typeof (p as { intentHash?: unknown }).intentHash === 'string' &&
              (p as { intentHash: string }).intentHash.length > 0 &&
              (p as { intentHash: string }).intentHash.length <= 128
                ? { intentHash: 5 }
                : p;
            let call: Promise<unknown>;
            try {
              call = provider.request(safe === undefined ? { method: m } : { method: m, params: safe });
            } catch (e) {
              call = Promise.reject({ thrown: String(e) });
            }
            const timeout = new Promise((r) => setTimeout(() => r('timeout'), 15_000));
            return Promise.race([
              call.then(
                (result) => ({ kind: 'result', m, result }),
                (e: { code?: unknown; message?: unknown }) => ({ kind: 'error', m, e, isError: e instanceof Error }),
              ),
              timeout.then(() => ({ kind: 'timeout', m })),
            ]);
          });
          for (const r of (await Promise.all(batch)) as {
            kind: string;
            m: string;
            result?: unknown;
            e?: { code?: unknown; message?: unknown };
            isError?: boolean;
          }[]) {
            out.total++;
            if (r.kind === 'timeout') {
              out.timeouts++;
              out.bad.push({ timeout: r.m });
            } else if (r.kind === 'result') {
              out.results++;
              out.bad.push({ result: r.m, value: JSON.stringify(r.result)?.slice(0, 200) });
            } else {
              out.errors++;
              const { code, message } = r.e ?? {};
              if (!Number.isInteger(code) || typeof message !== 'string' || message.length === 0 || !r.isError)
                out.bad.push({ m: r.m, code, message });
              out.codes[String(code)] = (out.codes[String(code)] ?? 0) + 1;
            }
          }
        }
        out.ms = Math.round(performance.now() - t0);
        return out;
      },
      { accountId: w.accountId, extId: w.extension.id },
    );
  });
  const s = summary!;
  test.info().annotations.push({
    type: 'fuzz',
    description: `${s.total} requests in ${s.ms} ms; codes ${JSON.stringify(s.codes)}`,
  });
  expect(s.bad, 'every request got a structured {code, message} error').toEqual([]);
  expect(s).toMatchObject({ total: 2000, errors: 2000, results: 0, timeouts: 0 });
  for (const code of Object.keys(s.codes))
    expect(KNOWN_CODES, `code ${code} is one of the table's`).toContain(Number(code));
  expect(opened, 'no approval window (nor any page) opened').toBe(0);

  // The worker still answers, for both origins, and still prompts for a real request.
  expect(resultOf(await request(attacker, 'intents_accounts'))).toEqual([]);
  expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([
    { accountId: w.accountId, publicKey: w.publicKey },
  ]);
  expect((await walletCall<{ unlocked: boolean }>(w.popup, 'wallet_status')).unlocked).toBe(true);
  const { approval, pending } = await withApproval(w.context, () =>
    request(dapp, 'intents_signMessage', {
      message: 'still here',
      recipient: 'r.example',
      nonce: nonce32().toString('base64'),
    }),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText('still here');
  await reject(approval);
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
});

// Regression: an over-long method name is refused by the page provider before it is posted.
test('a method name longer than 64 characters gets a structured error', async () => {
  const o = await request(attacker, 'x'.repeat(65), undefined, { timeoutMs: 3_000 });
  expect(errorOf(o).code).toBe(ERROR_CODES.invalidParams);
});

// Regression: params over the browser's 64 MiB message limit get -32602 instead of silence.
test('params over the 64 MiB runtime-message limit get a structured error', async () => {
  const o = await attacker.evaluate(async () => {
    const provider = (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } })
      .intentsCompanion;
    const call = provider
      .request({ method: 'intents_signMessage', params: { message: 'a'.repeat(70 * 1024 * 1024) } })
      .then(
        () => 'result',
        (e: { code: number }) => e.code,
      );
    return Promise.race([call, new Promise((r) => setTimeout(() => r('timeout'), 5_000))]);
  });
  expect(o).toBe(ERROR_CODES.invalidParams);
});
