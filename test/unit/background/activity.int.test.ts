// Activity through the background against the simulator, as the popup asks it (wallet_activity): a send
// from the popup, an intent a site published through the approval window and swaps (a withdrawal reads
// as one) in one list, newest first, the intents followed to SETTLED by Activity's own status refresh;
// the record survives a worker restart, and a damaged one is reported in wallet_status. With the
// transactions API (a JWT): paging through 60 service swaps and intents placed among them, equal times
// included, gives each row once in order, as swap_history and the record list them.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import type { ActivityCursor, ActivityItem, ActivityPage, PublishedIntentView } from '../../../src/api/activity';
import { APPROVAL } from '../../../src/api/approvalApi';
import { type HistoryPage, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { activityOrder, REFRESH_AFTER_MS } from '../../../src/background/activity/merge';
import { PUBLISHED_KEY } from '../../../src/background/activity/published';
import { startBackground } from '../../../src/background/start';
import { amountOf, phrase } from '../../../src/core/phrase';
import { METHODS } from '../../../src/provider/protocol';
import { simulatorPerFile } from '../../support/simulatorPerFile';
import { swapParams } from '../reliability/helpers';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, useSimulator, WNEAR } from './harness';
import { pageSetup } from './pageHarness';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const ALL = [
  'FAILED',
  'INCOMPLETE_DEPOSIT',
  'PENDING_DEPOSIT',
  'KNOWN_DEPOSIT_TX',
  'PROCESSING',
  'REFUNDED',
  'SUCCESS',
] as const;

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const fund = (accountId: string, tokenId: string, amount: bigint) =>
  fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId, amount: amount.toString() }),
  });
const intentOf = (items: ActivityItem[], hash: string) =>
  items.flatMap((i) => (i.type === 'intent' && i.intent.intentHash === hash ? [i.intent] : []))[0];

describe('Activity', () => {
  it('lists a send, a site’s intent and swaps newest first, and follows the intents to SETTLED', async () => {
    // The background's clock starts at the simulator's and never stands still: every reading is 1 ms
    // later than the one before, so the rows have an order of their own; `ahead` moves it on by hand.
    const start = sim.clock.nowMs();
    let ticks = 0;
    let ahead = 0;
    const t = await pageSetup(sim, {
      get now() {
        return start + ahead + ticks++;
      },
    });
    await t.connect();
    await fund(t.accountId, WNEAR, 3n * ONE_NEAR);
    const withdrawal = await call<SwapRecordView>(
      t.bg,
      SWAP.start,
      swapParams(Date.now(), {
        originAsset: USDC_ETH,
        destinationAsset: USDC_ETH,
        amount: '5000000',
        depositType: 'INTENTS',
        refundType: 'INTENTS',
        refundTo: t.accountId,
        recipient: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      }),
    );
    const swap = await call<SwapRecordView>(t.bg, SWAP.start, swapParams(Date.now()));

    const pending = await t.page(METHODS.publishIntents, {
      intents: [{ intent: 'transfer', receiver_id: 'carol.near', tokens: { [WNEAR]: ONE_NEAR.toString() } }],
    });
    const view = await t.current();
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    const published = await t.answerOf(pending);
    if (published.ok !== true) throw new Error('not published');
    const dappHash = (published.result as { intentHash: string }).intentHash;

    const { reviewed } = await call<{ reviewed: string }>(t.bg, WALLET.previewSend, {
      receiverId: 'dave.near',
      tokenId: WNEAR,
      amount: ONE_NEAR.toString(),
    });
    const sent = await call<{ intentHash: string }>(t.bg, WALLET.send, { reviewed, acknowledgeDanger: true });

    const page = await call<ActivityPage>(t.bg, WALLET.activity, {});
    expect(page.items.map((i) => i.key)).toEqual([
      `intent:${sent.intentHash}`,
      `intent:${dappHash}`,
      swap.depositAddress,
      withdrawal.depositAddress,
    ]);
    expect(intentOf(page.items, sent.intentHash)).toMatchObject({
      kind: 'send',
      origin: null,
      accountId: t.accountId,
      summary: [phrase('describe_send', amountOf('1', 'wNEAR'), 'dave.near')],
      receivers: ['dave.near'],
    });
    expect(intentOf(page.items, dappHash)).toMatchObject({
      kind: 'dapp',
      origin: 'https://dapp.example',
      summary: [phrase('describe_send', amountOf('1', 'wNEAR'), 'carol.near')],
      receivers: ['carol.near'],
    });
    const [swapRow, withdrawRow] = page.items.slice(2).map((i) => (i.type === 'swap' ? i.swap : null));
    expect(swapRow).toMatchObject({ localId: swap.id, flow: 'swap' });
    expect(withdrawRow).toMatchObject({
      localId: withdrawal.id,
      flow: 'withdraw',
      recipient: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(page.next).toEqual({
      at: withdrawal.createdAt,
      key: withdrawal.depositAddress,
      swap: { address: withdrawal.depositAddress, memo: withdrawal.depositMemo },
    });

    // Nobody asks the bus but Activity itself: opening it again brings the statuses along. Before the
    // bus's clock moves, the intents are still PENDING; two bus steps later they are SETTLED, seen once
    // Activity's refresh is due again on the background's clock.
    const statuses = async () => {
      const again = await call<ActivityPage>(t.bg, WALLET.activity, {});
      return [intentOf(again.items, sent.intentHash)?.status, intentOf(again.items, dappHash)?.status];
    };
    ahead += REFRESH_AFTER_MS;
    expect(await statuses()).toEqual(['PENDING', 'PENDING']);
    sim.clock.advance(2 * sim.sim.ctx.config.timing.busStepMs);
    // Activity gives the bus REFRESH_WAIT_MS of real time per page and shows the kept status when it is
    // slower (src/background/activity/merge.ts): a machine too busy to answer in time gets another look.
    let seen: unknown[];
    let looks = 0;
    do {
      ahead += REFRESH_AFTER_MS;
      seen = await statuses();
    } while (++looks < 5 && seen.some((s) => s !== 'SETTLED'));
    expect(seen).toEqual(['SETTLED', 'SETTLED']);
    const settled = await call<ActivityPage>(t.bg, WALLET.activity, { search: sent.intentHash });
    expect(settled.items).toHaveLength(1);
    expect(intentOf(settled.items, sent.intentHash)?.txHash).toEqual(expect.any(String));

    // A restarted worker (the same vault, its unlocked session in storage.session) reads the record back;
    // the swap-only filter leaves the intents out.
    const restarted = startBackground({ ...backgroundEnv({ now: Date.now() }), vaultStorage: t.env.vaultStorage });
    const after = await call<ActivityPage>(restarted, WALLET.activity, {});
    expect(after.items.map((i) => i.key)).toEqual(page.items.map((i) => i.key));
    const swapsOnly = await call<ActivityPage>(restarted, WALLET.activity, { toChainId: 'eth' });
    expect(swapsOnly.intentsHidden).toBe(true);
    expect(swapsOnly.items.every((i) => i.type === 'swap')).toBe(true);
  });

  it('a damaged record is reported in wallet_status and the rest of Activity still answers', async () => {
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await bg.local.write(PUBLISHED_KEY, [{ intentHash: 1 }]);
    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(Date.now()));
    const page = await call<ActivityPage>(bg, WALLET.activity, {});
    expect(page.items.map((i) => i.key)).toEqual([r.depositAddress]);
    const status = await call<WalletStatus>(bg, WALLET.status);
    expect(status.storeProblems).toEqual([
      {
        store: 'activity',
        message: expect.stringMatching(/Activity’s record of sends and site intents/),
        words: { key: 'storeProblem_activity', subs: ['1'] },
      },
    ]);
    expect(await bg.local.read(`${PUBLISHED_KEY}.damaged`, z.unknown())).toEqual([{ intentHash: 1 }]);
  });

  it('with the transactions API: pages through service swaps and intents among them, each row once, in order', async () => {
    await fetch(`${sim.url}/dev/seed-swaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 60, testEvery: 0 }),
    });
    const bg = startBackground(backgroundEnv({ now: Date.now() }));
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
    const swaps = (await call<HistoryPage>(bg, SWAP.history, { numberOfTransactions: 1000, statuses: [...ALL] })).items;
    expect(swaps.length).toBeGreaterThanOrEqual(60);
    // Intents at the very times of some swaps and between others, written as the record keeps them.
    const times = swaps.map((s) => Date.parse(s.createdAt));
    const intents: PublishedIntentView[] = times.flatMap((at, k) =>
      k % 4 === 0
        ? [at, at - 30_000].map((when, j) => ({
            intentHash: `seeded${k}x${j}`,
            accountId: 'alice.near',
            kind: 'dapp' as const,
            origin: 'https://dapp.example',
            summary: [phrase('describe_give', '1 wNEAR')],
            receivers: [],
            createdAt: when,
            status: 'SETTLED' as const,
            detail: null,
            txHash: null,
            checkedAt: when,
          }))
        : [],
    );
    await bg.local.write(
      PUBLISHED_KEY,
      [...intents].sort((a, b) => b.createdAt - a.createdAt),
    );
    const expected = [
      ...swaps.map((s): ActivityItem => ({ type: 'swap', key: s.key, at: Date.parse(s.createdAt), swap: s })),
      ...intents.map(
        (i): ActivityItem => ({ type: 'intent', key: `intent:${i.intentHash}`, at: i.createdAt, intent: i }),
      ),
    ].sort(activityOrder);

    const got: string[] = [];
    let after: ActivityCursor | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const page: ActivityPage = await call<ActivityPage>(bg, WALLET.activity, {
        numberOfTransactions: 7,
        statuses: [...ALL],
        // The seeded intents are another account's (alice.near): every account's are listed.
        allAccounts: true,
        ...(after ? { after } : {}),
      });
      expect(page).toMatchObject({ serviceIncluded: true, serviceError: null });
      if (page.items.length === 0) break;
      got.push(...page.items.map((i) => i.key));
      after = page.next;
    }
    expect(got).toEqual(expected.map((i) => i.key));
  });
});
