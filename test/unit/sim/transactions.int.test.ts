// GET /api/v0/transactions against the running simulator: auth, every query parameter and its rules,
// paging both ways (and the deprecated joined cursor), filters, the live explorer's repeated statuses,
// and the record's required fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_AFFILIATE } from '../../../src/sim/oneclick/seed';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { findToken } from '../../../src/sim/tokenList';

interface Tx {
  originAsset: string;
  destinationAsset: string;
  depositAddress: string;
  depositMemo: string | null;
  depositAddressAndMemo: string;
  recipient: string;
  status: string;
  createdAt: string;
  createdAtTimestamp: number;
  intentHashes: string | null;
  referral: string | null;
  amountIn: string;
  amountInFormatted: string;
  amountInUsd: string;
  amountOut: string;
  amountOutFormatted: string;
  amountOutUsd: string;
  appFees: { fee: number; recipient: string }[];
  homeTxHashes: string[];
  originChainTxHashes: string[];
  destinationChainTxHashes: string[];
  refundTo: string;
  senders: string[];
  refundFeeFormatted: string | null;
  refundReason?: string | null;
  refundFee?: string | null;
}

const ALL = 'FAILED,INCOMPLETE_DEPOSIT,PENDING_DEPOSIT,PROCESSING,REFUNDED,SUCCESS';
const SEEDED = 140;
const TEST_EVERY = 7;

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
  const res = await fetch(`${sim.url}/dev/seed-swaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: SEEDED, testEvery: TEST_EVERY }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await sim.close();
});

async function get(query: string, headers: Record<string, string> = { authorization: `Bearer ${sim.devJwt}` }) {
  const res = await fetch(`${sim.url}/api/v0/transactions${query ? `?${query}` : ''}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function list(query: string): Promise<Tx[]> {
  const a = await get(query);
  if (a.status !== 200) throw new Error(`transactions: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body as Tx[];
}

const everything = () => list(`numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`);

describe('auth', () => {
  it('needs the partner JWT (Bearer or X-API-Key); the bus key or nothing is 401', async () => {
    expect((await get('', {})).status).toBe(401);
    expect((await get('', {})).body).toMatchObject({ message: 'Unauthorized - API key or JWT token is invalid' });
    expect((await get('', { authorization: `Bearer ${sim.busApiKey}` })).status).toBe(401);
    expect((await get('', { authorization: 'Bearer x.y.z' })).status).toBe(401);
    expect((await get('', { 'x-api-key': sim.devJwt })).status).toBe(200);
  });
});

describe('records', () => {
  // The interface: docs/interface.md.
  it('carry every required field of the interface with its type', async () => {
    const all = await everything();
    expect(all).toHaveLength(SEEDED);
    for (const t of all) {
      for (const f of [
        'originAsset',
        'destinationAsset',
        'depositAddress',
        'depositAddressAndMemo',
        'recipient',
        'status',
        'createdAt',
        'amountInFormatted',
        'amountOutFormatted',
        'amountIn',
        'amountInUsd',
        'amountOut',
        'amountOutUsd',
        'refundTo',
      ] as const) {
        expect(typeof t[f], f).toBe('string');
      }
      expect(typeof t.createdAtTimestamp).toBe('number');
      expect(t.createdAtTimestamp).toBe(Math.floor(Date.parse(t.createdAt) / 1000));
      for (const f of ['homeTxHashes', 'originChainTxHashes', 'destinationChainTxHashes', 'senders'] as const) {
        expect(Array.isArray(t[f])).toBe(true);
        for (const h of t[f]) expect(typeof h).toBe('string');
      }
      expect(Array.isArray(t.appFees)).toBe(true);
      for (const f of [
        'depositMemo',
        'intentHashes',
        'referral',
        'refundFeeFormatted',
        'refundReason',
        'refundFee',
      ] as const) {
        expect(t[f] === null || typeof t[f] === 'string', f).toBe(true);
      }
      expect(t.depositAddressAndMemo).toBe(t.depositMemo ? `${t.depositAddress}_${t.depositMemo}` : t.depositAddress);
      if (t.status === 'REFUNDED') expect(t.refundReason).toEqual(expect.any(String));
    }
    // Memo chains appear with their memo.
    expect(all.some((t) => t.depositMemo !== null)).toBe(true);
  });

  it('are newest first', async () => {
    const all = await everything();
    for (let i = 1; i < all.length; i++)
      expect(Date.parse(all[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(all[i]!.createdAt));
  });
});

describe('page size', () => {
  it('defaults to 50, allows 1–1000, refuses others', async () => {
    expect(await list(`showTestTxs=true&statuses=${ALL}`)).toHaveLength(50);
    expect(await list('numberOfTransactions=1')).toHaveLength(1);
    for (const bad of ['0', '1001', '-1', 'abc', '2.5']) {
      const a = await get(`numberOfTransactions=${bad}`);
      expect(a.status, bad).toBe(400);
      expect((a.body as { message: string }).message).toMatch(/^numberOfTransactions must/);
    }
  });
});

describe('statuses and test transactions', () => {
  it('by default FAILED, PROCESSING, REFUNDED and SUCCESS without test transactions', async () => {
    const all = await everything();
    const visible = await list('numberOfTransactions=1000');
    const expected = all.filter(
      (t) => ['FAILED', 'PROCESSING', 'REFUNDED', 'SUCCESS'].includes(t.status) && t.referral !== 'test-seed',
    );
    expect(visible.map((t) => t.depositAddressAndMemo)).toEqual(expected.map((t) => t.depositAddressAndMemo));
  });

  it('statuses narrows; unknown statuses are refused', async () => {
    const pend = await list('numberOfTransactions=1000&statuses=PENDING_DEPOSIT,INCOMPLETE_DEPOSIT');
    expect(pend.length).toBeGreaterThan(0);
    expect(new Set(pend.map((t) => t.status))).toEqual(new Set(['PENDING_DEPOSIT', 'INCOMPLETE_DEPOSIT']));
    const a = await get('statuses=SUCCESS,KNOWN_DEPOSIT_TX');
    expect(a.status).toBe(400);
    expect((a.body as { message: string }).message).toMatch(/^statuses must be a comma-separated list of FAILED/);
  });

  it('statuses as the live explorer passes several values, the parameter repeated, lists the same rows; other parameters come once', async () => {
    const comma = await list('numberOfTransactions=1000&statuses=PENDING_DEPOSIT,INCOMPLETE_DEPOSIT');
    const repeated = await list('numberOfTransactions=1000&statuses=PENDING_DEPOSIT&statuses=INCOMPLETE_DEPOSIT');
    expect(repeated.map((t) => t.depositAddressAndMemo)).toEqual(comma.map((t) => t.depositAddressAndMemo));
    expect((await get('statuses=SUCCESS&statuses=KNOWN_DEPOSIT_TX')).status).toBe(400);
    const twice = await get('direction=next&direction=prev');
    expect(twice.status).toBe(400);
    expect((twice.body as { message: string }).message).toBe('direction must be given once');
  });

  it('showTestTxs=true adds the test transactions', async () => {
    const without = await list(`numberOfTransactions=1000&statuses=${ALL}`);
    const withTests = await everything();
    expect(withTests.length - without.length).toBe(Math.floor(SEEDED / TEST_EVERY));
    expect(without.some((t) => t.referral === 'test-seed')).toBe(false);
    expect((await get('showTestTxs=maybe')).status).toBe(400);
  });
});

describe('paging', () => {
  it('next (older) pages tile the list; prev (newer) walks back', async () => {
    const q = `numberOfTransactions=30&showTestTxs=true&statuses=${ALL}`;
    const all = await everything();
    const pages: Tx[][] = [];
    let page = await list(q);
    while (page.length > 0) {
      pages.push(page);
      const last = page[page.length - 1]!;
      page = await list(
        `${q}&lastDepositAddress=${encodeURIComponent(last.depositAddress)}${last.depositMemo ? `&lastDepositMemo=${last.depositMemo}` : ''}`,
      );
    }
    expect(pages.flat().map((t) => t.depositAddressAndMemo)).toEqual(all.map((t) => t.depositAddressAndMemo));
    expect(pages.map((p) => p.length)).toEqual([30, 30, 30, 30, 20]);

    // From the first item of page 3, prev gives page 2.
    const first3 = pages[2]![0]!;
    const prev = await list(
      `${q}&direction=prev&lastDepositAddress=${encodeURIComponent(first3.depositAddress)}${first3.depositMemo ? `&lastDepositMemo=${first3.depositMemo}` : ''}`,
    );
    expect(prev.map((t) => t.depositAddressAndMemo)).toEqual(pages[1]!.map((t) => t.depositAddressAndMemo));
    // From the newest, there is nothing newer.
    expect(
      await list(
        `${q}&direction=prev&lastDepositAddress=${encodeURIComponent(all[0]!.depositAddress)}${all[0]!.depositMemo ? `&lastDepositMemo=${all[0]!.depositMemo}` : ''}`,
      ),
    ).toEqual([]);
  });

  it('the deprecated lastDepositAddressAndMemo works like the pair', async () => {
    const q = `numberOfTransactions=10&showTestTxs=true&statuses=${ALL}`;
    const all = await everything();
    const memoItem = all.find((t, i) => t.depositMemo && i < all.length - 10)!;
    const byPair = await list(
      `${q}&lastDepositAddress=${memoItem.depositAddress}&lastDepositMemo=${memoItem.depositMemo}`,
    );
    const byJoined = await list(`${q}&lastDepositAddressAndMemo=${encodeURIComponent(memoItem.depositAddressAndMemo)}`);
    expect(byJoined).toEqual(byPair);
    expect(byPair).toHaveLength(10);
  });

  it('paging with filters skips what does not match', async () => {
    const q = `numberOfTransactions=5&statuses=SUCCESS`;
    const first = await list(q);
    const second = await list(
      `${q}&lastDepositAddress=${encodeURIComponent(first[4]!.depositAddress)}${first[4]!.depositMemo ? `&lastDepositMemo=${first[4]!.depositMemo}` : ''}`,
    );
    expect([...first, ...second].every((t) => t.status === 'SUCCESS')).toBe(true);
    const all = await list('numberOfTransactions=10&statuses=SUCCESS');
    expect([...first, ...second]).toEqual(all);
  });

  it('an unknown cursor and a bad direction are refused', async () => {
    expect((await get('lastDepositAddress=0xnothing')).status).toBe(400);
    expect((await get('direction=up')).status).toBe(400);
  });
});

describe('filters', () => {
  it('search finds by deposit address, recipient, sender and tx hash', async () => {
    const all = await everything();
    const t = all.find((x) => x.status === 'SUCCESS' && x.destinationChainTxHashes.length > 0)!;
    const q = `numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`;
    for (const needle of [
      t.depositAddress,
      t.recipient,
      t.senders[0]!,
      t.originChainTxHashes[0]!,
      t.destinationChainTxHashes[0]!,
      t.homeTxHashes[0]!,
    ]) {
      const found = await list(`${q}&search=${encodeURIComponent(needle)}`);
      expect(
        found.map((x) => x.depositAddressAndMemo),
        needle,
      ).toContain(t.depositAddressAndMemo);
      expect(found.length).toBeLessThanOrEqual(2);
    }
    expect(await list(`${q}&search=nothing-like-this`)).toEqual([]);
  });

  it('depositMemo narrows to one memo', async () => {
    const all = await everything();
    const t = all.find((x) => x.depositMemo)!;
    const found = await list(
      `showTestTxs=true&statuses=${ALL}&search=${encodeURIComponent(t.depositAddress)}&depositMemo=${t.depositMemo}`,
    );
    expect(found.map((x) => x.depositAddressAndMemo)).toEqual([t.depositAddressAndMemo]);
  });

  it('chain filters, and a token filter overrides the chain filter of its side', async () => {
    const all = await everything();
    const q = `numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`;
    const fromBtc = await list(`${q}&fromChainId=btc`);
    expect(fromBtc.length).toBeGreaterThan(0);
    expect(fromBtc.every((t) => findToken(t.originAsset)!.blockchain === 'btc')).toBe(true);
    expect(fromBtc).toHaveLength(all.filter((t) => findToken(t.originAsset)!.blockchain === 'btc').length);
    const toHome = await list(`${q}&toChainId=home`);
    expect(toHome.every((t) => findToken(t.destinationAsset)!.blockchain === 'home')).toBe(true);
    // `near` is read as `home` (docs/services.md, "Wire names").
    expect(await list(`${q}&toChainId=near`)).toEqual(toHome);
    const token = 'nep141:wrap.near';
    const byToken = await list(`${q}&fromTokenId=${token}&fromChainId=btc`);
    expect(byToken.length).toBeGreaterThan(0);
    expect(byToken.every((t) => t.originAsset === token)).toBe(true);
    const toToken = all.find((t) => t.destinationAsset)!.destinationAsset;
    const byToToken = await list(`${q}&toTokenId=${encodeURIComponent(toToken)}&toChainId=sol`);
    expect(byToToken.every((t) => t.destinationAsset === toToken)).toBe(true);
    expect(byToToken.length).toBe(all.filter((t) => t.destinationAsset === toToken).length);
    expect((await get('fromChainId=mars')).status).toBe(400);
  });

  it('referral and affiliate (an app fee recipient)', async () => {
    const q = `numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`;
    const a = await list(`${q}&referral=wallet-a`);
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((t) => t.referral === 'wallet-a')).toBe(true);
    const aff = await list(`${q}&affiliate=${SEED_AFFILIATE}`);
    expect(aff.length).toBeGreaterThan(0);
    expect(aff.every((t) => t.appFees.some((f) => f.recipient === SEED_AFFILIATE))).toBe(true);
    expect(await list(`${q}&affiliate=nobody.near`)).toEqual([]);
  });

  it('USD bounds apply to both input and output', async () => {
    const q = `numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`;
    const min = await list(`${q}&minUsdPrice=500`);
    expect(min.length).toBeGreaterThan(0);
    expect(min.every((t) => Number(t.amountInUsd) >= 500 && Number(t.amountOutUsd) >= 500)).toBe(true);
    const max = await list(`${q}&maxUsdPrice=100`);
    expect(max.length).toBeGreaterThan(0);
    expect(max.every((t) => Number(t.amountInUsd) <= 100 && Number(t.amountOutUsd) <= 100)).toBe(true);
    expect((await get('minUsdPrice=-1')).status).toBe(400);
  });

  it('time bounds are non-inclusive, in ISO and Unix forms', async () => {
    const all = await everything();
    const pivot = all[40]!;
    const q = `numberOfTransactions=1000&showTestTxs=true&statuses=${ALL}`;
    const after = await list(`${q}&startTimestamp=${pivot.createdAt}`);
    expect(after.map((t) => t.depositAddressAndMemo)).toEqual(all.slice(0, 40).map((t) => t.depositAddressAndMemo));
    const before = await list(`${q}&endTimestamp=${pivot.createdAt}`);
    expect(before).toHaveLength(all.length - 41);
    const window = await list(`${q}&startTimestamp=${all[45]!.createdAt}&endTimestamp=${pivot.createdAt}`);
    expect(window).toHaveLength(4);
    // Seeded swaps are a minute apart: Unix seconds bounds behave the same.
    const unixAfter = await list(`${q}&startTimestampUnix=${pivot.createdAtTimestamp}`);
    expect(unixAfter).toHaveLength(40);
    const unixBefore = await list(`${q}&endTimestampUnix=${pivot.createdAtTimestamp}`);
    expect(unixBefore).toHaveLength(all.length - 41);
    expect((await get('startTimestamp=yesterday')).status).toBe(400);
  });

  it('a real swap shows up once it has moved past PENDING_DEPOSIT', async () => {
    const body = {
      dry: false,
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: 'nep141:wrap.near',
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: 'nep141:usdt.tether-token.near',
      amount: '1000000000000000000000000',
      refundTo: 'alice.near',
      refundType: 'ORIGIN_CHAIN',
      recipient: 'bob.near',
      recipientType: 'DESTINATION_CHAIN',
      deadline: new Date(sim.sim.ctx.clock.nowMs() + 3600_000).toISOString(),
      referral: 'live-one',
    };
    const res = await fetch(`${sim.url}/v0/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const q = (await res.json()) as { quote: { depositAddress: string; amountIn: string } };
    expect(await list('referral=live-one')).toEqual([]);
    expect(await list('referral=live-one&statuses=PENDING_DEPOSIT')).toHaveLength(1);
    await fetch(`${sim.url}/dev/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ depositAddress: q.quote.depositAddress, amount: q.quote.amountIn, sender: 'alice.near' }),
    });
    await fetch(`${sim.url}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 10_000 }),
    });
    const [t] = await list('referral=live-one');
    expect(t).toMatchObject({
      status: 'SUCCESS',
      senders: ['alice.near'],
      referral: 'live-one',
      depositAddress: q.quote.depositAddress,
    });
    // The unauthenticated quote paid the platform fee: it is in appFees.
    expect(t!.appFees).toEqual([{ fee: 20, recipient: expect.stringMatching(/^5880ad2b/) }]);
    expect(t!.intentHashes).toEqual(expect.any(String));
    // Newest first: the real swap heads the list.
    expect((await list('numberOfTransactions=1'))[0]!.depositAddress).toBe(q.quote.depositAddress);
  });
});
