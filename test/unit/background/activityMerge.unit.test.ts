// Activity's merge (src/background/activity/merge.ts): swaps from a swap source that pages the way the
// transactions API does (n records after a deposit-address cursor, newest first, ties in its own order)
// and the wallet's intents, interleaved at random, equal times included. Property: paging forward with
// the cursors the merge hands out yields every row exactly once, in the one order (newest first, swaps
// before intents at equal times), whatever the page size; going back through the kept cursors gives the
// same pages. Also: which filters reach intents, and the bounded status refresh.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type {
  ActivityCursor,
  ActivityItem,
  ActivityQuery,
  PublishedIntentView,
  PublishedStatus,
} from '../../../src/api/activity';
import type { HistoryItem, HistoryPage, HistoryQuery } from '../../../src/api/swapApi';
import type { IntentStatusView } from '../../../src/api/walletApi';
import { Activity, type ActivityDeps, activityOrder, REFRESH_PER_PAGE } from '../../../src/background/activity/merge';
import { PublishedIntents } from '../../../src/background/activity/published';
import { KeyValue } from '../../../src/background/kv';
import { phrase } from '../../../src/core/phrase';
import { randomInt, seededRandom } from '../../fixtures/random';

const T0 = Date.UTC(2026, 0, 1);

/** The service's pages, as `wallet_activity` answers them. */
function activity(d: ActivityDeps): (q: ActivityQuery) => ReturnType<Activity['page']> {
  const service = new Activity(d);
  return (q) => service.page(q);
}

function swapRow(n: number, at: number): HistoryItem {
  const memo = n % 3 === 0 ? `m${n}` : null;
  return {
    key: memo ? `addr${n}_${memo}` : `addr${n}`,
    depositAddress: `addr${n}`,
    depositMemo: memo,
    createdAt: new Date(at).toISOString(),
    recipient: 'outside.near',
    refundTo: null,
    senders: [],
  } as unknown as HistoryItem;
}

function intentRow(
  n: number,
  at: number,
  status: PublishedStatus = 'SETTLED',
  origin: string | null = null,
): PublishedIntentView {
  return {
    intentHash: `h${n}`,
    accountId: 'alice.near',
    kind: origin ? 'dapp' : 'send',
    origin,
    summary: [phrase('describe_send', '1 wNEAR', 'bob.near')],
    receivers: ['bob.near'],
    createdAt: at,
    status,
    detail: null,
    txHash: null,
    checkedAt: null,
  };
}

/** A swap source with the transactions API's paging: `order` is the service's order (newest first). */
function swapSource(order: HistoryItem[]) {
  const calls: HistoryQuery[] = [];
  const history = async (q: HistoryQuery): Promise<HistoryPage> => {
    calls.push(q);
    const at =
      q.lastDepositAddress === undefined
        ? -1
        : order.findIndex(
            (s) => s.depositAddress === q.lastDepositAddress && (s.depositMemo ?? undefined) === q.lastDepositMemo,
          );
    if (q.lastDepositAddress !== undefined && at === -1) throw new Error(`unknown cursor ${q.lastDepositAddress}`);
    return {
      items: order.slice(at + 1, at + 1 + (q.numberOfTransactions ?? 50)),
      serviceIncluded: true,
      serviceError: null,
    };
  };
  return { history, calls };
}

const fixed = (list: PublishedIntentView[]) => ({
  list: async () => [...list].sort((a, b) => b.createdAt - a.createdAt),
  observe: async (): Promise<PublishedIntentView | undefined> => undefined,
});
const noBus = async (): Promise<IntentStatusView> => {
  throw new Error('no status call expected');
};

/** Every page from the newest, with the cursors that reached them. */
async function pageAll(
  list: (q: ActivityQuery) => Promise<{ items: ActivityItem[]; next: ActivityCursor | null }>,
  n: number,
) {
  const pages: ActivityItem[][] = [];
  const cursors: (ActivityCursor | undefined)[] = [];
  let after: ActivityCursor | undefined;
  for (let guard = 0; guard < 500; guard++) {
    const page = await list({ numberOfTransactions: n, ...(after ? { after } : {}) });
    if (page.items.length === 0) break;
    pages.push(page.items);
    cursors.push(after);
    if (!page.next) break;
    after = page.next;
  }
  return { pages, cursors };
}

describe('paging swaps and intents together', () => {
  it('every row once, in order, for any interleaving and page size (200 random cases)', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed);
      const int = (max: number) => randomInt(random, max);
      // Few distinct times, so that swaps tie with swaps and with intents.
      const times = Array.from({ length: 1 + int(12) }, () => T0 + int(40) * 1000);
      const swaps = Array.from({ length: int(25) }, (_, i) => swapRow(i, times[int(times.length)]!));
      // The service's order: newest first, equal times in an order of its own.
      const order = swaps
        .map((s) => [s, int(1000)] as const)
        .sort((a, b) => Date.parse(b[0].createdAt) - Date.parse(a[0].createdAt) || a[1] - b[1])
        .map(([s]) => s);
      const intents = Array.from({ length: int(25) }, (_, i) => intentRow(i, times[int(times.length)]!));
      const n = 1 + int(8);

      const expected = [
        ...order.map((s): ActivityItem => ({ type: 'swap', key: s.key, at: Date.parse(s.createdAt), swap: s })),
        ...intents.map(
          (i): ActivityItem => ({ type: 'intent', key: `intent:${i.intentHash}`, at: i.createdAt, intent: i }),
        ),
      ].sort(activityOrder);
      const list = activity({
        history: swapSource(order).history,
        published: fixed(intents),
        status: noBus,
        now: () => T0,
        selectedAccount: async () => null,
      });
      const { pages, cursors } = await pageAll(list, n);
      const got = pages.flat().map((i) => i.key);
      expect(got, `seed ${seed}, page size ${n}`).toEqual(expected.map((i) => i.key));
      expect(
        pages.slice(0, -1).every((p) => p.length === n),
        `seed ${seed}: only the last page is short`,
      ).toBe(true);
      // Newer: the kept cursor of a page gives that very page again.
      for (let p = pages.length - 1; p >= 0; p--) {
        const again = await list({ numberOfTransactions: n, ...(cursors[p] ? { after: cursors[p] } : {}) });
        expect(
          again.items.map((i) => i.key),
          `seed ${seed}, page ${p}`,
        ).toEqual(pages[p]!.map((i) => i.key));
      }
    }
  });

  it('asks the swap source with the last swap shown as its cursor, also past pages of intents only', async () => {
    const order = [swapRow(1, T0 + 9000), swapRow(2, T0 + 1000)];
    const intents = [8, 7, 6, 5, 4].map((k) => intentRow(k, T0 + k * 1000));
    const source = swapSource(order);
    const list = activity({
      history: source.history,
      published: fixed(intents),
      status: noBus,
      now: () => T0,
      selectedAccount: async () => null,
    });
    const { pages } = await pageAll(list, 2);
    expect(pages.map((p) => p.map((i) => i.key))).toEqual([
      ['addr1', 'intent:h8'],
      ['intent:h7', 'intent:h6'],
      ['intent:h5', 'intent:h4'],
      ['addr2'],
    ]);
    expect(source.calls.map((q) => q.lastDepositAddress ?? null)).toEqual([null, 'addr1', 'addr1', 'addr1', 'addr2']);
  });
});

describe('filters', () => {
  const intents = [
    intentRow(1, T0 + 1000, 'SETTLED'),
    intentRow(2, T0 + 2000, 'PENDING', 'https://app.example'),
    intentRow(3, T0 + 3000, 'NOT_FOUND_OR_NOT_VALID'),
    intentRow(4, T0 + 4000, 'FAILED'),
  ].map((i) => ({ ...i, checkedAt: T0 + 10_000 }));
  const list = activity({
    history: swapSource([]).history,
    published: fixed(intents),
    status: noBus,
    now: () => T0 + 10_000,
    selectedAccount: async () => null,
  });
  const hashes = async (q: ActivityQuery) => {
    const page = await list(q);
    return {
      hashes: page.items.map((i) => (i.type === 'intent' ? i.intent.intentHash : i.key)),
      hidden: page.intentsHidden,
    };
  };

  it('status counts an intent as the swap status it resembles', async () => {
    expect(await hashes({ statuses: ['SUCCESS'] })).toEqual({ hashes: ['h1'], hidden: false });
    expect(await hashes({ statuses: ['FAILED'] })).toEqual({ hashes: ['h4', 'h3'], hidden: false });
    expect(await hashes({ statuses: ['PROCESSING', 'REFUNDED'] })).toEqual({ hashes: ['h2'], hidden: false });
    expect(await hashes({ statuses: ['REFUNDED'] })).toEqual({ hashes: [], hidden: false });
  });

  it('search finds an intent by hash, account or site; the time window applies', async () => {
    expect((await hashes({ search: 'H3' })).hashes).toEqual(['h3']);
    expect((await hashes({ search: 'app.example' })).hashes).toEqual(['h2']);
    expect((await hashes({ search: 'https://app.example' })).hashes).toEqual(['h2']);
    expect((await hashes({ search: 'alice.near' })).hashes).toEqual(['h4', 'h3', 'h2', 'h1']);
    expect((await hashes({ search: 'bob.near' })).hashes).toEqual([]);
    expect(
      (
        await hashes({
          startTimestamp: new Date(T0 + 1000).toISOString(),
          endTimestamp: new Date(T0 + 4000).toISOString(),
        })
      ).hashes,
    ).toEqual(['h3', 'h2']);
  });

  it('a swap-only filter lists swaps alone, and says so', async () => {
    for (const q of [
      { fromChainId: 'eth' },
      { toTokenId: 'nep141:wrap.near' },
      { minUsdPrice: 0 },
      { referral: 'x' },
      { affiliate: 'y' },
    ] as ActivityQuery[]) {
      expect(await hashes(q)).toEqual({ hashes: [], hidden: true });
    }
    expect(await hashes({ showTestTxs: true })).toMatchObject({ hidden: false });
  });
});

describe('status refresh', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks the bus about at most a few unfinished intents per page, newest first, not again right away', async () => {
    let clock = T0;
    const published = new PublishedIntents({
      local: new KeyValue(fakeBrowser.storage.local),
      tokens: async () => new Map(),
      now: () => clock,
    });
    for (let k = 1; k <= 8; k++) {
      clock += 1000;
      await published.add({
        intentHash: `h${k}`,
        accountId: 'alice.near',
        kind: 'send',
        origin: null,
        intents: [],
        status: k === 8 ? 'FAILED' : 'PENDING',
      });
    }
    const asked: string[] = [];
    const status = async (hash: string): Promise<IntentStatusView> => {
      asked.push(hash);
      return { intent_hash: hash, status: hash === 'h7' ? 'SETTLED' : 'TX_BROADCASTED' };
    };
    const list = activity({
      history: swapSource([]).history,
      published,
      status,
      now: () => clock,
      selectedAccount: async () => null,
    });

    const first = await list({});
    expect(asked).toEqual(['h7', 'h6', 'h5']);
    expect(REFRESH_PER_PAGE).toBe(3);
    // The page shows what the bus said, and the record keeps it.
    expect(first.items.slice(0, 4).map((i) => (i.type === 'intent' ? i.intent.status : null))).toEqual([
      'FAILED',
      'SETTLED',
      'TX_BROADCASTED',
      'TX_BROADCASTED',
    ]);
    expect((await published.list()).find((i) => i.intentHash === 'h6')?.status).toBe('TX_BROADCASTED');

    // Opened again at once: the next unfinished ones; h6 and h5 were asked a moment ago.
    asked.length = 0;
    await list({});
    expect(asked).toEqual(['h4', 'h3', 'h2']);
    // Later: the newest unfinished again.
    clock += 5000;
    asked.length = 0;
    await list({});
    expect(asked).toEqual(['h6', 'h5', 'h4']);
  });

  it('a bus that does not answer leaves the page as it is', async () => {
    const intents = [intentRow(1, T0, 'PENDING')];
    const list = activity({
      history: swapSource([]).history,
      published: fixed(intents),
      status: () => Promise.reject(new Error('down')),
      now: () => T0,
      selectedAccount: async () => null,
    });
    expect((await list({})).items.map((i) => (i.type === 'intent' ? i.intent.status : null))).toEqual(['PENDING']);
  });
});

describe('swaps by account', () => {
  const deps = (selected: string | null, items: HistoryItem[]): ActivityDeps => ({
    history: async () => ({ items, serviceIncluded: true, serviceError: null }),
    published: { list: async () => [], observe: async () => null as never },
    status: async () => ({ status: 'PENDING' }) as IntentStatusView,
    now: () => T0,
    selectedAccount: async () => selected,
    ownAccounts: () => ['alice.near', 'bob.near'],
  });
  const row = (n: number, named: { recipient?: string; refundTo?: string; sender?: string }) => ({
    ...swapRow(n, T0 - n * 1000),
    recipient: named.recipient ?? 'outside.near',
    refundTo: named.refundTo ?? null,
    senders: named.sender ? [named.sender] : [],
  });
  const items = [
    row(1, { recipient: 'alice.near' }),
    row(2, { refundTo: 'bob.near' }),
    row(3, {}),
    row(4, { sender: 'bob.near', recipient: 'alice.near' }),
    row(5, { sender: 'bob.near' }),
  ];
  const listed = async (selected: string | null, q: ActivityQuery = {}) =>
    (await activity(deps(selected, items))(q)).items.map((i) => (i.type === 'swap' ? i.swap.depositAddress : ''));

  it('lists the swaps that name the selected account, and those that name none of the wallet’s', async () => {
    expect(await listed('alice.near')).toEqual(['addr1', 'addr3', 'addr4']);
    expect(await listed('bob.near')).toEqual(['addr2', 'addr3', 'addr4', 'addr5']);
  });

  it('lists every swap for all accounts, or when no account is chosen', async () => {
    const all = ['addr1', 'addr2', 'addr3', 'addr4', 'addr5'];
    expect(await listed('alice.near', { allAccounts: true })).toEqual(all);
    expect(await listed(null)).toEqual(all);
  });
});

describe('receive requests nothing was sent to', () => {
  it('are not listed until a deposit is seen; other swaps waiting for theirs are', async () => {
    const rows = [
      { ...swapRow(1, T0 - 1000), flow: 'receive', status: 'PENDING_DEPOSIT' },
      { ...swapRow(2, T0 - 2000), flow: 'receive', status: 'PROCESSING' },
      { ...swapRow(4, T0 - 4000), flow: 'swap', status: 'PENDING_DEPOSIT' },
    ] as HistoryItem[];
    const page = await activity({
      history: async () => ({ items: rows, serviceIncluded: true, serviceError: null }),
      published: { list: async () => [], observe: async () => null as never },
      status: async () => ({ status: 'PENDING' }) as IntentStatusView,
      now: () => T0,
      selectedAccount: async () => null,
    })({});
    expect(page.items.map((i) => (i.type === 'swap' ? i.swap.depositAddress : ''))).toEqual(['addr2', 'addr4']);
  });
});
