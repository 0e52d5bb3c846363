// The background's swaps against the running simulator over HTTP, through the router as the popup
// calls them: quotes, the record stored before the address is shown, the alarm-driven tracker to
// SUCCESS / REFUNDED / INCOMPLETE_DEPOSIT + top-up, restarts, notifications and the badge, the INTENTS
// deposit paid from the vault, errors with backoff, and history merged with the transactions API.
import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type HistoryPage,
  type PaymentPreview,
  type QuoteParams,
  type QuoteView,
  SWAP,
  type SwapRecordView,
  type TokenView,
} from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { BACKLOG_GAP_MS, CHECKS_PER_TICK, recordSchema } from '../../../src/background/swaps/records';
import { pollDelay, SWAP_ALARM } from '../../../src/background/swaps/tracker';
import { memoryVaultStorage } from '../../../src/vault';
import { swapParams } from '../reliability/helpers';
import {
  type Background,
  backgroundEnv,
  call,
  EVENTUALLY,
  ONE_NEAR,
  PASSWORD,
  POPUP,
  STEP_TIMING,
  simulatorWithClock,
  USDT_ETH,
  useSimulator,
  WNEAR,
} from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());
afterEach(() => fetch(`${sim.url}/dev/faults`, { method: 'DELETE' }));

async function dev(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * A background pointed at the simulator, with an unlocked wallet unless `wallet` is false: swap records
 * are sealed under the wallet's data key (docs/security.md, "What storage keeps").
 */
async function background(vaultStorage = memoryVaultStorage(), wallet = true) {
  const bg = startBackground(backgroundEnv(clock, vaultStorage));
  await useSimulator(bg, sim.url, sim.busApiKey);
  if (wallet) await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  return bg;
}

const params = (overrides: Partial<QuoteParams> = {}): QuoteParams => swapParams(clock.now, overrides);

/** Moves both clocks, fires the tracker's alarm as the browser would, and waits for its work. */
async function advance(_bg: Background, ms: number) {
  if (ms) await dev('/dev/clock/advance', { ms });
  await fakeBrowser.alarms.onAlarm.trigger({
    name: SWAP_ALARM,
    scheduledTime: clock.now,
    periodInMinutes: undefined,
  } as never);
}

const get = (bg: Background, id: string) => call<SwapRecordView>(bg, SWAP.get, { id });
/** Notifications raised, as "title: message". */
const notifications = () =>
  Object.values(
    (
      fakeBrowser.notifications as unknown as {
        getAllCreateOptions(): Record<string, { title: string; message: string }>;
      }
    ).getAllCreateOptions(),
  ).map((n) => `${n.title}: ${n.message}`);
const badge = () => fakeBrowser.action.getBadgeText({});
const deposit = (r: SwapRecordView, amount: bigint | string, extra: Record<string, unknown> = {}) =>
  dev('/dev/deposit', {
    depositAddress: r.depositAddress,
    amount: String(amount),
    ...(r.depositMemo ? { memo: r.depositMemo } : {}),
    ...extra,
  });

describe('quotes', () => {
  it('a dry quote flags the fee without a JWT and not with one; bad params are refused with the field', async () => {
    const bg = await background(memoryVaultStorage(), false);
    const free = await call<QuoteView>(bg, SWAP.quote, params());
    expect(free.feeWithoutJwt).toBe(true);
    expect(free.appFees).toHaveLength(1);
    expect(free.quote).toMatchObject({ amountIn: ONE_NEAR.toString(), amountInFormatted: '1' });
    expect(free.quote).not.toHaveProperty('depositAddress');
    // The JWT is used only while a wallet is unlocked (its key seals the JWT, docs/security.md).
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
    const paid = await call<QuoteView>(bg, SWAP.quote, params());
    expect(paid).toMatchObject({ feeWithoutJwt: false, appFees: [] });
    expect(BigInt(paid.quote.amountOut)).toBeGreaterThan(BigInt(free.quote.amountOut));

    await expect(call(bg, SWAP.quote, params({ amount: '0.5' }))).rejects.toMatchObject({
      code: -32602,
      data: { field: 'amount' },
    });
    await expect(call(bg, SWAP.quote, params({ referral: 'MyWallet' }))).rejects.toMatchObject({
      data: { field: 'referral' },
    });
    // The service's own message (docs/services.md, errors), e.g. the minimum amount.
    await expect(call(bg, SWAP.quote, params({ amount: '1' }))).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/try at least \d+/),
      data: { status: 400 },
    });
  });

  // The interface: docs/interface.md.
  it('lists tokens with the interface chain ids', async () => {
    const bg = await background();
    const tokens = await call<TokenView[]>(bg, SWAP.tokens);
    expect(tokens.find((t) => t.assetId === WNEAR)).toMatchObject({
      blockchain: 'home',
      symbol: 'wNEAR',
      decimals: 24,
      contractAddress: 'wrap.near',
    });
    expect(tokens.find((t) => t.assetId === 'nep141:btc.omft.near')?.contractAddress).toBeNull();
  });
});

describe('swap_start: the evidence first', () => {
  it('stores the whole signed quote response, request, address and memo before answering; alarm and badge set', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    // Sealed at rest (nothing of it in the clear), and opened it is exactly what was answered.
    const sealed = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(sealed).toMatch(/"sealed":1/);
    expect(sealed).not.toContain(r.depositAddress);
    expect(await bg.local.read(`swap:${r.id}`, recordSchema)).toEqual(r);
    expect(r).toMatchObject({
      status: 'PENDING_DEPOSIT',
      amountToSend: '1 wNEAR',
      depositMemo: null,
      paidIntentHash: null,
      lastError: null,
    });
    expect(r.statusHistory).toEqual([{ status: 'PENDING_DEPOSIT', at: r.createdAt }]);
    const raw = JSON.parse(r.quoteResponseJson) as Parameters<typeof verifyQuoteSignature>[0];
    expect(raw.quote.depositAddress).toBe(r.depositAddress);
    expect(verifyQuoteSignature(raw, sim.quotePublicKey)).toBe(true);
    expect(r.deadline).toBe(raw.quote.deadline);
    const due = (await fakeBrowser.alarms.get(SWAP_ALARM))!.scheduledTime - r.createdAt;
    expect(due).toBeGreaterThanOrEqual(5_000);
    expect(due).toBeLessThan(5_500);
    expect(await badge()).toBe('1');
    expect((await call<SwapRecordView[]>(bg, SWAP.list)).map((s) => s.id)).toEqual([r.id]);
  });

  it('a memo chain: the memo is kept with the address', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(
      bg,
      SWAP.start,
      params({
        originAsset: 'nep141:stellar-native.omft.near',
        amount: '100000000',
        refundTo: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
        depositMode: 'MEMO',
      }),
    );
    expect(r.depositMemo).toMatch(/^\d+$/);
    expect(JSON.parse(r.quoteResponseJson).quote.depositMemo).toBe(r.depositMemo);
  });

  it('a storage write failure is an error and no address is shown', async () => {
    const env = backgroundEnv(clock);
    let failing = false;
    const area = fakeBrowser.storage.local;
    env.storage.local = {
      get: (k) => area.get(k),
      remove: (k) => area.remove(k),
      set: async (items) => {
        // Every private record (the swap's among them) is stored sealed under a `p.` name.
        if (failing && Object.keys(items).some((k) => k.startsWith('p.')))
          throw new Error('QUOTA_BYTES quota exceeded');
        return area.set(items);
      },
    };
    const bg = startBackground(env);
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    failing = true;
    const reply = await bg.route({ type: 'request', method: SWAP.start, params: params() }, POPUP);
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).not.toMatch(/depositAddress/);
    failing = false;
    expect(await call(bg, SWAP.list)).toEqual([]);
  });

  it('unknown swap ids are refused', async () => {
    const bg = await background();
    await expect(call(bg, SWAP.get, { id: 'nope' })).rejects.toMatchObject({
      code: -32602,
      message: 'There is no such swap',
    });
  });
});

describe('tracker', () => {
  it(`checks at most ${CHECKS_PER_TICK} swaps per alarm, the longest waiting first, and takes up the rest ${BACKLOG_GAP_MS} ms later`, async () => {
    const env = backgroundEnv(clock);
    const asked: string[] = [];
    env.fetch = (url, init) => {
      if (String(url).includes('/v0/status')) asked.push(new URL(String(url)).searchParams.get('depositAddress')!);
      return fetch(url, init);
    };
    const bg = startBackground(env);
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const started: SwapRecordView[] = [];
    for (let i = 0; i < CHECKS_PER_TICK + 5; i++) {
      started.push(await call<SwapRecordView>(bg, SWAP.start, params()));
      await dev('/dev/clock/advance', { ms: 10 });
    }
    // The simulator's clock is real time plus an offset: the alarm is set at the tick, between these two readings.
    const before = clock.now;
    await advance(bg, 10_000);
    expect(asked).toEqual(started.slice(0, CHECKS_PER_TICK).map((r) => r.depositAddress));
    const scheduled = (await fakeBrowser.alarms.get(SWAP_ALARM))!.scheduledTime;
    expect(scheduled).toBeGreaterThanOrEqual(before + 10_000 + BACKLOG_GAP_MS);
    expect(scheduled).toBeLessThanOrEqual(clock.now + BACKLOG_GAP_MS);
    asked.length = 0;
    await advance(bg, BACKLOG_GAP_MS);
    expect(asked).toEqual(started.slice(CHECKS_PER_TICK).map((r) => r.depositAddress));
  });

  it('follows a swap to SUCCESS on its alarm, records each status with its time, notifies, clears the badge', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await deposit(r, ONE_NEAR);
    await advance(bg, STEP_TIMING.depositDetectMs);
    expect((await get(bg, r.id)).status).toBe('KNOWN_DEPOSIT_TX');
    await advance(bg, STEP_TIMING.confirmMs);
    expect((await get(bg, r.id)).status).toBe('PROCESSING');
    expect(notifications()).toEqual([]);
    await advance(bg, STEP_TIMING.processMs);
    const done = await get(bg, r.id);
    expect(done.status).toBe('SUCCESS');
    expect(done.statusHistory.map((h) => h.status)).toEqual([
      'PENDING_DEPOSIT',
      'KNOWN_DEPOSIT_TX',
      'PROCESSING',
      'SUCCESS',
    ]);
    expect(done.statusHistory.map((h) => h.at)).toEqual([...done.statusHistory.map((h) => h.at)].sort((a, b) => a - b));
    expect(done.swapDetails).toMatchObject({ amountIn: ONE_NEAR.toString(), refundedAmount: '0' });
    expect(done.checkedAt).toBe(done.statusHistory[3]!.at);
    expect(notifications()).toEqual([
      `Swap complete: ${done.swapDetails?.amountOutFormatted} USDC delivered to bob.near`,
    ]);
    expect(await badge()).toBe('');
    expect(await fakeBrowser.alarms.get(SWAP_ALARM)).toBeUndefined();
    // Terminal: no more checks, no second notification.
    await advance(bg, 60_000);
    expect((await get(bg, r.id)).checkedAt).toBe(done.checkedAt);
    expect(notifications()).toHaveLength(1);
  });

  it('a refund is reported with the amount, the refund address and the reason in plain words', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await dev('/dev/swap-outcome', { depositAddress: r.depositAddress, outcome: 'NO_LIQUIDITY' });
    await deposit(r, ONE_NEAR);
    await advance(bg, STEP_TIMING.depositDetectMs + STEP_TIMING.confirmMs + STEP_TIMING.processMs);
    const done = await get(bg, r.id);
    expect(done.status).toBe('REFUNDED');
    expect(done.swapDetails?.refundReason).toBe('NO_LIQUIDITY');
    expect(notifications()).toEqual(['Swap refunded: 1 wNEAR returned to alice.near (no liquidity)']);
    expect(await badge()).toBe('');
  });

  it('FAILED is terminal and reported honestly', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await dev('/dev/swap-outcome', { depositAddress: r.depositAddress, outcome: 'FAILED' });
    await deposit(r, ONE_NEAR);
    await advance(bg, STEP_TIMING.depositDetectMs + STEP_TIMING.confirmMs + STEP_TIMING.processMs);
    expect((await get(bg, r.id)).status).toBe('FAILED');
    expect(notifications()[0]).toMatch(/^Swap failed: the service could not complete the 1 wNEAR swap/);
  });

  it('INCOMPLETE_DEPOSIT keeps being tracked; a top-up completes it', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await deposit(r, ONE_NEAR / 2n);
    await advance(bg, STEP_TIMING.depositDetectMs + STEP_TIMING.confirmMs);
    expect((await get(bg, r.id)).status).toBe('INCOMPLETE_DEPOSIT');
    expect(await badge()).toBe('1');
    expect(await fakeBrowser.alarms.get(SWAP_ALARM)).toBeDefined();
    expect(notifications()).toEqual([]);
    await deposit(r, ONE_NEAR / 2n, { txHash: 'TopUpTx1111' });
    await advance(bg, STEP_TIMING.depositDetectMs + STEP_TIMING.confirmMs);
    await advance(bg, STEP_TIMING.processMs);
    const done = await get(bg, r.id);
    expect(done.statusHistory.map((h) => h.status)).toEqual([
      'PENDING_DEPOSIT',
      'INCOMPLETE_DEPOSIT',
      'PROCESSING',
      'SUCCESS',
    ]);
    expect(await badge()).toBe('');
  });

  it('submitting the deposit hash reports it at once and restarts the fast checks', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await dev('/dev/clock/advance', { ms: 600_000 });
    const after = await call<SwapRecordView>(bg, SWAP.submitDeposit, {
      id: r.id,
      txHash: 'UserTxHash111',
      homeSenderAccount: 'alice.near',
    });
    expect(after.status).toBe('KNOWN_DEPOSIT_TX');
    expect(after.swapDetails?.originChainTxHashes.map((t) => t.hash)).toEqual(['UserTxHash111']);
    expect((await fakeBrowser.alarms.get(SWAP_ALARM))?.scheduledTime).toBe(after.checkedAt! + 5_000);
  });

  it('keeps tracking through service errors with backoff (lastError), then recovers', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await dev('/dev/faults', { kind: '500', count: 100, pathPrefix: '/v0/status' });
    await advance(bg, 5_000);
    let s = await get(bg, r.id);
    expect(s.lastError).toMatch(/Internal server error/);
    const first = (await fakeBrowser.alarms.get(SWAP_ALARM))!.scheduledTime - s.checkedAt!;
    await advance(bg, first);
    s = await get(bg, r.id);
    const second = (await fakeBrowser.alarms.get(SWAP_ALARM))!.scheduledTime - s.checkedAt!;
    expect(second).toBeGreaterThan(first);
    await fetch(`${sim.url}/dev/faults`, { method: 'DELETE' });
    await advance(bg, second);
    s = await get(bg, r.id);
    expect(s).toMatchObject({ lastError: null, status: 'PENDING_DEPOSIT' });
    expect(await badge()).toBe('1');
  });

  it('keeps asking the swap service the swap was made on after the user switches endpoints', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await call(bg, WALLET.setSettings, { endpoints: { swap: 'http://127.0.0.1:9' } });
    await deposit(r, ONE_NEAR);
    await advance(bg, STEP_TIMING.depositDetectMs);
    expect(await get(bg, r.id)).toMatchObject({ status: 'KNOWN_DEPOSIT_TX', lastError: null });
  });

  it('polls every 5 s for two minutes after a change, then slower up to 60 s; errors back off', () => {
    expect([0, 60_000, 119_999].map((a) => pollDelay(a, 0))).toEqual([5_000, 5_000, 5_000]);
    expect(pollDelay(300_000, 0)).toBe(30_000);
    expect(pollDelay(3_600_000, 0)).toBe(60_000);
    expect([1, 2, 3, 6].map((n) => pollDelay(0, n))).toEqual([10_000, 20_000, 40_000, 60_000]);
  });

  it('an unfunded swap past its deadline stops being tracked', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await advance(bg, Date.parse(r.deadline!) - clock.now + 1_000);
    expect((await get(bg, r.id)).status).toBe('PENDING_DEPOSIT');
    expect(await badge()).toBe('');
    expect(await fakeBrowser.alarms.get(SWAP_ALARM)).toBeUndefined();
  });

  it('survives a worker restart and a browser restart (state in storage.local)', async () => {
    const vaultStorage = memoryVaultStorage();
    const first = await background(vaultStorage);
    const r = await call<SwapRecordView>(first, SWAP.start, params());
    await deposit(r, ONE_NEAR);
    await advance(first, STEP_TIMING.depositDetectMs);

    // Worker restart: a new background on the same storage; the old one is gone.
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    const second = startBackground(backgroundEnv(clock, vaultStorage));
    await second.tracking;
    expect(await badge()).toBe('1');
    await advance(second, STEP_TIMING.confirmMs);
    expect((await get(second, r.id)).status).toBe('PROCESSING');

    // Browser restart: alarms, badge and session storage are gone; storage.local is not.
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    await fakeBrowser.alarms.clearAll();
    await fakeBrowser.action.setBadgeText({ text: '' });
    await fakeBrowser.storage.session.clear();
    const third = startBackground(backgroundEnv(clock, vaultStorage));
    await third.tracking;
    // Locked after the restart: the sealed records wait for the unlock, which takes the checks up at once.
    expect(await fakeBrowser.alarms.get(SWAP_ALARM)).toBeUndefined();
    await call(third, WALLET.unlock, { password: PASSWORD });
    await expect.poll(() => fakeBrowser.alarms.get(SWAP_ALARM), EVENTUALLY).toBeDefined();
    expect(await badge()).toBe('1');
    await advance(third, STEP_TIMING.processMs);
    const done = await get(third, r.id);
    expect(done.statusHistory.map((h) => h.status)).toEqual([
      'PENDING_DEPOSIT',
      'KNOWN_DEPOSIT_TX',
      'PROCESSING',
      'SUCCESS',
    ]);
    expect(notifications()).toHaveLength(1);
  });
});

describe('INTENTS deposit paid from the vault', () => {
  it('signs and publishes a transfer of amountIn to the deposit account and reaches SUCCESS', async () => {
    const bg = await background();
    const accountId = (await call<{ selectedAccountId: string }>(bg, WALLET.status)).selectedAccountId;
    const origin = await call<SwapRecordView>(bg, SWAP.start, params());
    await expect(call(bg, SWAP.previewPayment, { id: origin.id })).rejects.toThrow(/origin chain/);
    await expect(call(bg, SWAP.payFromIntents, { id: origin.id, reviewed: 'none' })).rejects.toThrow(/origin chain/);

    await dev('/dev/fund', { accountId, tokenId: WNEAR, amount: (2n * ONE_NEAR).toString() });
    const r = await call<SwapRecordView>(
      bg,
      SWAP.start,
      params({
        depositType: 'INTENTS',
        refundType: 'INTENTS',
        refundTo: accountId,
        recipientType: 'INTENTS',
        recipient: accountId,
        destinationAsset: USDT_ETH,
      }),
    );
    const { reviewed } = await call<PaymentPreview>(bg, SWAP.previewPayment, { id: r.id });
    const paid = await call<SwapRecordView>(bg, SWAP.payFromIntents, { id: r.id, reviewed, acknowledgeDanger: true });
    expect(paid.paidIntentHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    // The review names the payload its signature carries.
    expect(paid.paidIntentHash).toBe(reviewed);
    await expect(call(bg, SWAP.payFromIntents, { id: r.id, reviewed, acknowledgeDanger: true })).rejects.toThrow(
      /already paid/,
    );

    await advance(bg, STEP_TIMING.busStepMs * 3);
    const balances = (await (await fetch(`${sim.url}/dev/balances?accountId=${accountId}`)).json()) as {
      balances: Record<string, string>;
    };
    expect(balances.balances[WNEAR]).toBe(ONE_NEAR.toString());
    await advance(bg, STEP_TIMING.depositDetectMs);
    await advance(bg, STEP_TIMING.confirmMs);
    await advance(bg, STEP_TIMING.processMs);
    const done = await get(bg, r.id);
    expect(done.status).toBe('SUCCESS');
    expect(done.swapDetails?.intentHashes.length).toBeGreaterThan(0);
    expect(notifications()[0]).toMatch(/^Swap complete: [\d.]+ USDT delivered to [0-9a-f]{6}…[0-9a-f]{4}$/);
  });
});

describe('history', () => {
  it('without a JWT: local swaps only', async () => {
    const bg = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    const page = await call<HistoryPage>(bg, SWAP.history, {});
    expect(page).toMatchObject({ serviceIncluded: false, serviceError: null });
    expect(page.items).toEqual([
      expect.objectContaining({
        key: r.depositAddress,
        source: 'local',
        localId: r.id,
        status: 'PENDING_DEPOSIT',
        amountInFormatted: '1',
        recipient: 'bob.near',
      }),
    ]);
  });

  it('without a JWT: pages both ways through local swaps, each once, in time order, reading only the page', async () => {
    const bg = await background();
    const started: SwapRecordView[] = [];
    for (let i = 0; i < 40; i++) {
      started.push(
        await call<SwapRecordView>(bg, SWAP.start, params({ recipient: i % 4 === 0 ? 'carol.near' : 'bob.near' })),
      );
      await dev('/dev/clock/advance', { ms: 1_000 });
    }
    const newestFirst = [...started].reverse().map((r) => r.id);
    const gets: string[][] = [];
    const area = fakeBrowser.storage.local;
    const realGet = area.get;
    const get = area.get.bind(area) as (keys: string | string[]) => Promise<Record<string, unknown>>;
    area.get = ((keys: string | string[]) => {
      gets.push([keys].flat());
      return get(keys);
    }) as unknown as typeof area.get;
    try {
      const first = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 7 });
      expect(first.items.map((i) => i.localId)).toEqual(newestFirst.slice(0, 7));
      // The first page read the index and the records next to its end, not all 40.
      expect(new Set(gets.flat().filter((k) => k.startsWith('swap:'))).size).toBeLessThan(40);

      const pages = [first.items];
      for (;;) {
        const last = pages.at(-1)!.at(-1)!;
        const page = await call<HistoryPage>(bg, SWAP.history, {
          numberOfTransactions: 7,
          lastDepositAddress: last.depositAddress,
        });
        if (page.items.length === 0) break;
        pages.push(page.items);
      }
      expect(pages.flat().map((i) => i.localId)).toEqual(newestFirst);
      for (let p = pages.length - 2; p >= 0; p--) {
        const back = await call<HistoryPage>(bg, SWAP.history, {
          numberOfTransactions: 7,
          direction: 'prev',
          lastDepositAddress: pages[p + 1]![0]!.depositAddress,
        });
        expect(back.items.map((i) => i.key)).toEqual(pages[p]!.map((i) => i.key));
      }
      // Filters apply while paging: every fourth swap went to carol.
      const carol = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 4, search: 'carol.near' });
      expect(carol.items.map((i) => i.localId)).toEqual(
        started
          .filter((_, i) => i % 4 === 0)
          .reverse()
          .slice(0, 4)
          .map((r) => r.id),
      );
    } finally {
      area.get = realGet;
    }
  });

  it('a swap of this wallet the explorer names another recipient for: its own request’s recipient and assets are shown', async () => {
    const env = backgroundEnv(clock, memoryVaultStorage());
    const inner = env.fetch;
    env.fetch = async (url, init) => {
      const answer = await inner(url, init);
      if (!String(url).includes('/transactions?')) return answer;
      const rows = JSON.parse(await answer.text()) as Record<string, unknown>[];
      for (const row of rows) Object.assign(row, { recipient: 'mallory.near', refundTo: 'mallory.near' });
      return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const bg = startBackground(env);
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
    const swap = await call<SwapRecordView>(bg, SWAP.start, params());
    const page = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 5 });
    const row = page.items.find((i) => i.localId === swap.id)!;
    expect(row.source).toBe('both');
    expect([row.recipient, row.refundTo]).toEqual([swap.request.recipient, swap.request.refundTo]);
    expect([row.originAsset, row.destinationAsset]).toEqual([swap.request.originAsset, swap.request.destinationAsset]);
  });

  it('merges with the transactions API, de-duplicates, passes filters, pages both ways', async () => {
    await dev('/dev/seed-swaps', { count: 120 });
    const bg = await background();
    await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
    const mine: SwapRecordView[] = [];
    for (let i = 0; i < 3; i++) {
      mine.push(await call<SwapRecordView>(bg, SWAP.start, params()));
      await dev('/dev/clock/advance', { ms: 1_000 });
    }
    const all = [
      'FAILED',
      'INCOMPLETE_DEPOSIT',
      'PENDING_DEPOSIT',
      'KNOWN_DEPOSIT_TX',
      'PROCESSING',
      'REFUNDED',
      'SUCCESS',
    ] as const;

    const first = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 10, statuses: [...all] });
    expect(first).toMatchObject({ serviceIncluded: true, serviceError: null });
    expect(first.items.slice(0, 3).map((i) => [i.localId, i.source])).toEqual(
      [...mine].reverse().map((m) => [m.id, 'both']),
    );
    expect(new Set(first.items.map((i) => i.key)).size).toBe(10);

    // Forward to the end, then back: the same pages, no key twice.
    const pages = [first.items];
    for (;;) {
      const last = pages.at(-1)!.at(-1)!;
      const page = await call<HistoryPage>(bg, SWAP.history, {
        numberOfTransactions: 10,
        statuses: [...all],
        lastDepositAddress: last.depositAddress,
        ...(last.depositMemo ? { lastDepositMemo: last.depositMemo } : {}),
      });
      if (page.items.length === 0) break;
      pages.push(page.items);
    }
    const keys = pages.flat().map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    const res = await fetch(
      `${sim.urls.transactions}/transactions?numberOfTransactions=1000&statuses=FAILED,INCOMPLETE_DEPOSIT,PENDING_DEPOSIT,PROCESSING,REFUNDED,SUCCESS`,
      {
        headers: { authorization: `Bearer ${sim.devJwt}` },
      },
    );
    const everything = (await res.json()) as { depositAddress: string; depositMemo: string | null }[];
    expect(everything.length).toBeGreaterThan(100);
    expect([...keys].sort()).toEqual(
      everything.map((t) => (t.depositMemo ? `${t.depositAddress}_${t.depositMemo}` : t.depositAddress)).sort(),
    );
    const times = pages.flat().map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (let p = pages.length - 2; p >= 0; p--) {
      const top = pages[p + 1]![0]!;
      const back = await call<HistoryPage>(bg, SWAP.history, {
        numberOfTransactions: 10,
        statuses: [...all],
        direction: 'prev',
        lastDepositAddress: top.depositAddress,
        ...(top.depositMemo ? { lastDepositMemo: top.depositMemo } : {}),
      });
      expect(back.items.map((i) => i.key)).toEqual(pages[p]!.map((i) => i.key));
    }

    // No status chosen: the API's default would leave pending swaps out, so every status is asked for
    // and this wallet's pending swaps come from the API as well as from local storage.
    const byDefault = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 5 });
    expect(byDefault.items.slice(0, 3).map((i) => [i.source, i.status])).toEqual([
      ['both', 'PENDING_DEPOSIT'],
      ['both', 'PENDING_DEPOSIT'],
      ['both', 'PENDING_DEPOSIT'],
    ]);
    // Filters reach the API and apply to local swaps.
    const success = await call<HistoryPage>(bg, SWAP.history, { statuses: ['SUCCESS'], numberOfTransactions: 50 });
    expect(success.items.length).toBeGreaterThan(0);
    expect(success.items.every((i) => i.status === 'SUCCESS' && i.source === 'service')).toBe(true);
    const found = await call<HistoryPage>(bg, SWAP.history, { search: mine[0]!.depositAddress, statuses: [...all] });
    expect(found.items.map((i) => [i.localId, i.source])).toEqual([[mine[0]!.id, 'both']]);
    const referral = await call<HistoryPage>(bg, SWAP.history, { referral: 'wallet-a', numberOfTransactions: 100 });
    expect(referral.items.length).toBeGreaterThan(0);
    expect(referral.items.every((i) => i.referral === 'wallet-a')).toBe(true);
    const toEth = await call<HistoryPage>(bg, SWAP.history, {
      toChainId: 'eth',
      minUsdPrice: 1,
      numberOfTransactions: 100,
    });
    expect(toEth.items.every((i) => i.destinationAsset.includes('eth') && Number(i.amountOutUsd) >= 1)).toBe(true);
    const early = await call<HistoryPage>(bg, SWAP.history, {
      endTimestamp: new Date(mine[0]!.createdAt - 500).toISOString(),
      statuses: [...all],
      numberOfTransactions: 5,
    });
    expect(early.items.some((i) => i.localId)).toBe(false);
  });

  it('when the transactions API fails, local swaps still come back with the error', async () => {
    const bg = await background();
    await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
    const r = await call<SwapRecordView>(bg, SWAP.start, params());
    await dev('/dev/faults', { kind: '500', count: 10, pathPrefix: '/api/v0/transactions' });
    const page = await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 5 });
    expect(page.serviceError).toMatch(/Internal server error/);
    expect(page.serviceIncluded).toBe(false);
    expect(page.items.map((i) => i.localId)).toEqual([r.id]);
  });
});
