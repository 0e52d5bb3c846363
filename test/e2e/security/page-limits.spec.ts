// Red team: pages get nothing for free (docs/security.md, "Pages get nothing for free").
// - A page that is not connected, or a cross-origin frame, asks for intent status, relays a signed
//   intent, reads permissions: each call would spend the user's message-bus API key, or tell the page
//   about the wallet. Refused (4100), and the bus never hears of it.
// - A connected page hammers getIntentStatus and publishIntents {signed}: rate-limited (-32005), and
//   stopping the service worker (which a page can wait for) does not reset the limit.
// - The approval queue is flooded from many subdomains of one site, or by one tab that keeps
//   navigating: bounded (-32002). Subdomains (or several sites) that ask and reload to spend the
//   approval budget cannot silence another site: limits are per site, and the global one never
//   refuses a site under its fair share. Closing the window rejects (4001) and the same tab cannot reopen it
//   at once (-32005).
// Each test has a fresh browser profile: limits are per profile and must not leak between tests.
import type { Frame, Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import type { RunningSimulator } from '../../../src/sim/server';
import { closePageServer, type PageServer, startPageServer } from '../fixtures';
import {
  connectDapp,
  errorOf,
  expectClosed,
  fund,
  ONE_WNEAR,
  type Outcome,
  openWallet,
  request,
  type WalletSession,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { openObserver } from '../reliability-helpers';
import { expect, ledgerSalt, test, walletCall } from '../sim';
import { stopWorker, watchRunningWorker } from '../worker';
import {
  attackerKey,
  attempt,
  fire,
  ledgerState,
  misses,
  originOn,
  pageOutcome,
  payloadFor,
  queuedOrigins,
  type RecordingServer,
  rpcMethods,
  startRecordingProxy,
  waiting,
} from './helpers';

test.describe.configure({ timeout: 90_000 });

interface Setup {
  w: WalletSession;
  pages: PageServer;
  /** The wallet's bus goes through this recording proxy (with the user's API key). */
  bus: RecordingServer;
  close(): Promise<void>;
}

/** A fresh profile whose message bus is reached through a recording proxy that holds the user's key. */
async function setup(sim: RunningSimulator): Promise<Setup> {
  const w = await openWallet(sim);
  const pages = await startPageServer();
  const bus = await startRecordingProxy(sim.url);
  // The endpoint first, then the key for it: a key is bound to the endpoint it was entered for.
  await walletCall(w.popup, WALLET.setSettings, { endpoints: { bus: `${bus.url}/rpc` } });
  await walletCall(w.popup, WALLET.setSettings, { busApiKey: sim.busApiKey });
  return {
    w,
    pages,
    bus,
    close: async () => {
      await w.close();
      await closePageServer(pages);
      await bus.close();
    },
  };
}

async function tab(w: WalletSession, url: string): Promise<Page> {
  const page = await w.context.newPage();
  await page.goto(url);
  return page;
}

/** Counts pages opened in the profile until `stop()`. */
function countPages(w: WalletSession): { count(): number; stop(): void } {
  let n = 0;
  const on = () => n++;
  w.context.on('page', on);
  return { count: () => n, stop: () => w.context.off('page', on) };
}

/** Calls `method` `times` times at once from the page; the outcomes, in order. */
function hammer(page: Page, calls: { method: string; params: unknown }[]): Promise<{ ok: boolean; code?: number }[]> {
  return page.evaluate(async (calls) => {
    const provider = (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } })
      .intentsCompanion;
    const timeout = () =>
      new Promise<{ ok: boolean; code?: number }>((r) => setTimeout(() => r({ ok: false, code: -1 }), 20_000));
    return Promise.all(
      calls.map(({ method, params }) =>
        Promise.race([
          provider.request({ method, params }).then(
            () => ({ ok: true }),
            (e: { code: number }) => ({ ok: false, code: e.code }),
          ),
          timeout(),
        ]),
      ),
    );
  }, calls);
}

const UNKNOWN_HASH = '11111111111111111111111111111111';

/**
 * A connected dApp, an attacker's page (another origin, never connected) and the attacker's page
 * framing the dApp; `run` gets the unconnected top page and the cross-origin frame.
 */
async function strangers(
  sim: RunningSimulator,
  run: (s: Setup, top: Page, frame: Frame) => Promise<void>,
): Promise<void> {
  const s = await setup(sim);
  const attackerSite = await startPageServer();
  try {
    const dapp = await tab(s.w, `${s.pages.origin}/dapp.html`);
    expect(await connectDapp(s.w.context, dapp)).toHaveLength(1);
    const top = await tab(s.w, `${attackerSite.origin}/dapp.html`);
    const host = await tab(
      s.w,
      `${attackerSite.origin}/frame-host.html?src=${encodeURIComponent(`${s.pages.origin}/dapp.html`)}`,
    );
    const frame = (await (await host.locator('#child').elementHandle())!.contentFrame())!;
    await frame.waitForFunction(() => 'intentsCompanion' in window);
    expect(new URL(frame.url()).origin, 'the frame is the connected site').toBe(s.pages.origin);
    await run(s, top, frame);
  } finally {
    await closePageServer(attackerSite);
    await s.close();
  }
}

test("an unconnected page and a cross-origin frame cannot spend the user's bus key: status and relaying get 4100, the bus never hears of them", async ({
  sim,
}) => {
  await strangers(sim, async (s, top, frame) => {
    const before = await ledgerState(sim, s.w.accountId);
    // The attacker's own signed transfer: relayed, it would execute and move its balance.
    const attacker = attackerKey();
    await fund(sim, attacker.accountId, WNEAR, ONE_WNEAR);
    const attackerBefore = await ledgerState(sim, attacker.accountId);
    const signed = attacker.sign(
      payloadFor(
        attacker.accountId,
        [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' } }],
        await ledgerSalt(sim),
      ),
    );

    const pagesOpened = countPages(s.w);
    const outcomes: [string, Outcome][] = [];
    for (const [who, target] of [
      ['unconnected page', top],
      ['cross-origin frame', frame],
    ] as const) {
      outcomes.push([
        `${who}: intents_getIntentStatus`,
        await request(target, 'intents_getIntentStatus', { intentHash: UNKNOWN_HASH }, { timeoutMs: 15_000 }),
      ]);
      outcomes.push([
        `${who}: intents_publishIntents {signed}`,
        await request(target, 'intents_publishIntents', { signed }, { timeoutMs: 15_000 }),
      ]);
    }
    pagesOpened.stop();

    expect(await ledgerState(sim, attacker.accountId), "the attacker's intent was not relayed").toEqual(attackerBefore);
    expect(rpcMethods(s.bus.requests()), 'nothing reached the bus with the user key').toEqual([]);
    expect(misses(outcomes, ERROR_CODES.unauthorized), 'calls not refused with 4100').toEqual([]);
    expect(pagesOpened.count(), 'no window').toBe(0);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  });
});

test('an unconnected page and a framed connected site get 4100 for revoking and disconnecting; wallet_getPermissions tells each only its own grant', async ({
  sim,
}) => {
  await strangers(sim, async (s, top, frame) => {
    const before = await ledgerState(sim, s.w.accountId);
    const outcomes: [string, Outcome][] = [];
    for (const [who, target] of [
      ['unconnected page', top],
      ['cross-origin frame', frame],
    ] as const) {
      for (const [method, params] of [
        ['wallet_getPermissions', undefined],
        ['wallet_revokePermissions', [{ intents_accounts: {} }]],
        ['intents_disconnect', {}],
      ] as const) {
        outcomes.push([`${who}: ${method}`, await request(target, method, params, { timeoutMs: 15_000 })]);
      }
    }
    for (const [what, o] of outcomes) {
      // EIP-2255: a stranger's own permissions are none. The framed connected site reads its own grant,
      // as it may with intents_accounts; the stranger around it cannot read into a cross-origin frame.
      if (what === 'unconnected page: wallet_getPermissions') expect(o, what).toEqual({ ok: true, result: [] });
      else if (what.endsWith('wallet_getPermissions'))
        expect(o, what).toMatchObject({ ok: true, result: [{ invoker: s.pages.origin }] });
      else expect(o, what).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
    }
    // The connected site was not disconnected by its frame's stranger.
    expect((await walletCall<{ origin: string }[]>(s.w.popup, WALLET.listSites)).map((x) => x.origin)).toEqual([
      s.pages.origin,
    ]);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  });
});

/** Hammers from a connected page, then stops the worker and tries once more. */
async function hammerAndRestart(
  s: Setup,
  dapp: Page,
  calls: { method: string; params: unknown }[],
  next: { method: string; params: unknown },
) {
  const outcomes = await hammer(dapp, calls);
  const { cdp, sw } = await watchRunningWorker(s.w.popup, s.w.extension);
  try {
    await stopWorker(cdp, sw);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  const afterStop = await request(dapp, next.method, next.params, { timeoutMs: 15_000 });
  return { outcomes, afterStop };
}

test('a connected page hammering intents_getIntentStatus is rate-limited (-32005), also after a worker stop', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    const dapp = await tab(s.w, `${s.pages.origin}/dapp.html`);
    expect(await connectDapp(s.w.context, dapp)).toHaveLength(1);
    const call = { method: 'intents_getIntentStatus', params: { intentHash: UNKNOWN_HASH } };
    const { outcomes, afterStop } = await hammerAndRestart(
      s,
      dapp,
      Array.from({ length: 150 }, () => call),
      call,
    );
    const answered = outcomes.filter((o) => o.ok).length;
    const refused = outcomes.filter((o) => !o.ok);
    test.info().annotations.push({
      type: 'hammer',
      description: `${answered} answered, ${refused.length} refused; the bus saw ${rpcMethods(s.bus.requests()).length} calls`,
    });

    expect(refused.length, 'some calls were refused').toBeGreaterThan(0);
    expect(new Set(refused.map((o) => o.code)), 'refused as rate-limited').toEqual(new Set([ERROR_CODES.rateLimited]));
    expect(errorOf(afterStop).code, 'the limit holds after a worker stop').toBe(ERROR_CODES.rateLimited);
    expect(
      rpcMethods(s.bus.requests()).filter((m) => m === 'get_status').length,
      'only answered calls reached the bus',
    ).toBeLessThanOrEqual(answered);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

test('a connected page relaying signed intents (publishIntents {signed}) is rate-limited (-32005), also after a worker stop', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    const dapp = await tab(s.w, `${s.pages.origin}/dapp.html`);
    expect(await connectDapp(s.w.context, dapp)).toHaveLength(1);
    // Valid intents signed by a key that is not the wallet's: the page only wants the relay.
    const attacker = attackerKey();
    await fund(sim, attacker.accountId, WNEAR, '1000');
    const salt = await ledgerSalt(sim);
    const signedCall = () => ({
      method: 'intents_publishIntents',
      params: {
        signed: attacker.sign(
          payloadFor(
            attacker.accountId,
            [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' } }],
            salt,
          ),
        ),
      },
    });
    const { outcomes, afterStop } = await hammerAndRestart(
      s,
      dapp,
      Array.from({ length: 150 }, signedCall),
      signedCall(),
    );
    const relayed = outcomes.filter((o) => o.ok).length;
    const refused = outcomes.filter((o) => !o.ok);
    test.info().annotations.push({ type: 'hammer', description: `${relayed} relayed, ${refused.length} refused` });

    expect(refused.length, 'some relays were refused').toBeGreaterThan(0);
    expect(new Set(refused.map((o) => o.code)), 'refused as rate-limited').toEqual(new Set([ERROR_CODES.rateLimited]));
    expect(errorOf(afterStop).code, 'the limit holds after a worker stop').toBe(ERROR_CODES.rateLimited);
    expect(
      rpcMethods(s.bus.requests()).filter((m) => m.startsWith('publish_intent')).length,
      'only relayed intents reached the bus',
    ).toBeLessThanOrEqual(relayed);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

test('the queue is bounded per site: connect requests from many subdomains of one site get -32002 beyond a few', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    const N = 8;
    const tabs: Page[] = [];
    for (let i = 0; i < N; i++) tabs.push(await tab(s.w, `${originOn(s.pages, `s${i}.flood.localhost`)}/dapp.html`));
    for (const t of tabs) await fire(t, 'intents_requestAccounts', {});
    // Every request is either waiting in the queue or already answered.
    const answered = async () => (await Promise.all(tabs.map(pageOutcome))).filter((o) => o !== null);
    await expect
      .poll(async () => (await answered()).length + (await waiting(s.w.popup)), {
        message: 'every request queued or answered',
        timeout: 15_000,
      })
      .toBe(N);

    const queued = await waiting(s.w.popup);
    test.info().annotations.push({ type: 'queue', description: `${queued} waiting of ${N}` });
    expect(queued, 'at most a few requests of one site wait').toBeLessThanOrEqual(3);
    for (const o of await answered())
      expect(o).toMatchObject({ ok: false, error: { code: ERROR_CODES.requestPending } });
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

test('one tab navigating from site to site cannot pile up requests: at most one waits for it', async ({ sim }) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    const observer = await openObserver(s.w.extension);
    const page = await s.w.context.newPage();
    const hosts = ['127.0.0.1', 'localhost', 'one.localhost', 'two.localhost', 'three.localhost', 'four.localhost'];
    for (const host of hosts) {
      const origin = originOn(s.pages, host);
      await page.goto(`${origin}/dapp.html`);
      await fire(page, 'intents_requestAccounts', {});
      // The wallet has it (queued) or answered it before the tab moves on.
      await expect
        .poll(async () => (await queuedOrigins(observer)).includes(origin) || (await pageOutcome(page)) !== null, {
          message: `${host}'s request reached the wallet`,
        })
        .toBe(true);
    }
    await expect.poll(() => waiting(s.w.popup), { message: 'requests waiting for one tab' }).toBeLessThanOrEqual(1);
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

test('closing the approval window rejects (4001), and the same tab cannot reopen it at once (-32005)', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const before = await ledgerState(sim, s.w.accountId);
    const dapp = await tab(s.w, `${s.pages.origin}/dapp.html`);
    const { approval, pending } = await withApproval(s.w.context, () => request(dapp, 'intents_requestAccounts', {}));
    await approval.close();
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);

    // Straight away, the same tab asks again (the victim closes whatever appears).
    const again = await attempt(s.w.context, () => request(dapp, 'intents_requestAccounts', {}), 'close');
    expect(again.windows, 'no window reopened').toBe(0);
    expect(again.outcome).toMatchObject({ ok: false, error: { code: ERROR_CODES.rateLimited } });
    expect(await ledgerState(sim, s.w.accountId)).toEqual(before);
  } finally {
    await s.close();
  }
});

/**
 * Each host's tab asks for a window, and reloads once the wallet has the request (the reload drops
 * it), `rounds` times; the outcomes of the requests that were answered at once (refusals).
 */
async function askAndReload(s: Setup, observer: Page, hosts: string[], rounds: number): Promise<number[]> {
  const tabs = await Promise.all(
    hosts.map(async (host) => ({
      origin: originOn(s.pages, host),
      page: await tab(s.w, `${originOn(s.pages, host)}/dapp.html`),
    })),
  );
  const refused: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const t of tabs) {
      await fire(t.page, 'intents_requestAccounts', {});
      await expect
        .poll(async () => (await queuedOrigins(observer)).includes(t.origin) || (await pageOutcome(t.page)) !== null, {
          message: `${t.origin}'s request reached the wallet`,
        })
        .toBe(true);
      const answered = await pageOutcome(t.page);
      if (answered && !answered.ok) refused.push(answered.error!.code);
      await t.page.reload();
    }
  }
  return refused;
}

/** Another site (127.0.0.1) asks: it must get its window, whoever spent what before. */
async function anotherSiteGetsItsWindow(s: Setup, observer: Page): Promise<void> {
  // The reloads dropped every request of the flood: nothing waits before the victim's.
  await expect.poll(() => queuedOrigins(observer), { message: 'the dropped requests left the queue' }).toEqual([]);
  const victim = await tab(s.w, `${s.pages.origin}/dapp.html`);
  const { outcome, windows } = await attempt(
    s.w.context,
    () => request(victim, 'intents_requestAccounts', {}, { timeoutMs: 20_000 }),
    'confirm',
  );
  expect(outcome, 'another site was not silenced').toMatchObject({ ok: true });
  expect(windows, 'its window opened').toBe(1);
}

test('three subdomains of one site each ask and reload ten times: the site is limited as one, and another site still gets its window', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const observer = await openObserver(s.w.extension);
    const refused = await askAndReload(
      s,
      observer,
      ['a.flood.localhost', 'b.flood.localhost', 'c.flood.localhost'],
      10,
    );
    test.info().annotations.push({ type: 'refused', description: JSON.stringify(refused) });
    await anotherSiteGetsItsWindow(s, observer);
    // Ten windows a minute for the site, its subdomains together: the other twenty are refused.
    expect(
      refused.filter((c) => c === ERROR_CODES.rateLimited).length,
      'the site was limited as one',
    ).toBeGreaterThanOrEqual(20);
  } finally {
    await s.close();
  }
});

test('three sites each ask and reload ten times (the global budget spent): another site under its fair share still gets its window', async ({
  sim,
}) => {
  const s = await setup(sim);
  try {
    const observer = await openObserver(s.w.extension);
    const refused = await askAndReload(s, observer, ['one.localhost', 'two.localhost', 'three.localhost'], 10);
    test.info().annotations.push({ type: 'refused', description: JSON.stringify(refused) });
    await anotherSiteGetsItsWindow(s, observer);
  } finally {
    await s.close();
  }
});
