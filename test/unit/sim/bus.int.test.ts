/**
 * The message bus end to end (docs/protocol.md, docs/services.md): quote from the simulated
 * solvers → the user signs a token_diff with the offer's amounts (src/core, the real client path) →
 * publish_intent with the quote hash → OK → get_status PENDING → TX_BROADCASTED → SETTLED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advance,
  balances,
  busCall,
  fund,
  ledgerAnswer,
  type Offer,
  type PublishAnswer,
  postJson,
  type StatusAnswer,
  startTestSim,
  type TestSim,
  TestUser,
} from './harness';

const USDC = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const WNEAR = 'nep141:wrap.near';

let sim: TestSim;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

async function quote(params: Record<string, unknown>) {
  return busCall<(Offer | { type: string; min_amount: string })[] | null>(sim, 'quote', params);
}

function best(offers: (Offer | { type: string })[] | null | undefined, by: 'out' | 'in' = 'out'): Offer {
  const list = (offers ?? []).filter((o): o is Offer => 'quote_hash' in o);
  if (list.length === 0) throw new Error('no offers');
  return list.reduce((a, b) =>
    by === 'out'
      ? BigInt(b.amount_out) > BigInt(a.amount_out)
        ? b
        : a
      : BigInt(b.amount_in) < BigInt(a.amount_in)
        ? b
        : a,
  );
}

async function swap(user: TestUser, offer: Offer) {
  const signed = await user.sign({
    intents: [
      {
        intent: 'token_diff',
        diff: {
          [offer.defuse_asset_identifier_in]: `-${offer.amount_in}`,
          [offer.defuse_asset_identifier_out]: offer.amount_out,
        },
      },
    ],
  });
  return {
    signed,
    res: await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [offer.quote_hash], signed_data: signed }),
  };
}

describe('quote', () => {
  it('several solvers answer an exact-in quote, priced from the token list with their spreads', async () => {
    const res = await quote({
      defuse_asset_identifier_in: USDC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_in: '10000000',
    });
    const offers = res.result as Offer[];
    expect(offers.length).toBeGreaterThanOrEqual(2);
    for (const o of offers) {
      expect(o).toEqual({
        quote_hash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
        defuse_asset_identifier_in: USDC,
        defuse_asset_identifier_out: WNEAR,
        amount_in: '10000000',
        amount_out: expect.stringMatching(/^\d+$/),
        expiration_time: expect.any(String),
      });
      // 10 USDC ≈ 4.33 wNEAR at 2.31 USD, less a spread under 1 %.
      const out = Number(BigInt(o.amount_out) / 10n ** 18n) / 1e6;
      expect(out).toBeGreaterThan(4.28);
      expect(out).toBeLessThan(4.33);
    }
    expect(new Set(offers.map((o) => o.amount_out)).size).toBe(offers.length);
  });

  it('exact-out quotes fix amount_out and ask amount_in', async () => {
    const res = await quote({
      defuse_asset_identifier_in: USDC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_out: '1000000000000000000000000',
    });
    const offer = best(res.result, 'in');
    expect(offer.amount_out).toBe('1000000000000000000000000');
    expect(Number(offer.amount_in)).toBeGreaterThan(2_310_000);
    expect(Number(offer.amount_in)).toBeLessThan(2_340_000);
  });

  it('min_deadline_ms sets expiration_time (default 60 s)', async () => {
    const now = Date.parse((await postJson<{ now: string }>(`${sim.url}/dev/clock/advance`, { ms: 0 })).json.now);
    const dflt = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1000000',
        })
      ).result,
    );
    expect(Date.parse(dflt.expiration_time) - now).toBeGreaterThanOrEqual(59_000);
    expect(Date.parse(dflt.expiration_time) - now).toBeLessThanOrEqual(61_000);
    const short = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1000000',
          min_deadline_ms: 5000,
        })
      ).result,
    );
    expect(Date.parse(short.expiration_time) - now).toBeLessThanOrEqual(6_000);
  });

  it('null when no solver answers: unknown token, blocked pair, wait shorter than the solvers', async () => {
    expect(
      (
        await quote({
          defuse_asset_identifier_in: 'nep141:nothing.near',
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1',
        })
      ).result,
    ).toBeNull();
    await postJson(`${sim.url}/dev/liquidity`, { assetIn: USDC, assetOut: WNEAR, available: false });
    expect(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1000000',
        })
      ).result,
    ).toBeNull();
    await postJson(`${sim.url}/dev/liquidity`, { assetIn: USDC, assetOut: WNEAR, available: true });
    expect(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1000000',
          max_wait_ms: 0,
        })
      ).result,
    ).toBeNull();
  });

  it('too small to price: INSUFFICIENT_AMOUNT with min_amount', async () => {
    const BTC = 'nep141:nbtc.bridge.near';
    // 2 sats are worth plenty of yocto; 1 sat would leave the solver nothing after the 1-pip fee.
    const two = await quote({
      defuse_asset_identifier_in: BTC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_in: '2',
    });
    expect(two.result!.every((o) => 'quote_hash' in o)).toBe(true);
    const one = await quote({
      defuse_asset_identifier_in: BTC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_in: '1',
    });
    expect(one.result![0]).toEqual({ type: 'INSUFFICIENT_AMOUNT', min_amount: '2' });
    const tiny = await quote({
      defuse_asset_identifier_in: WNEAR,
      defuse_asset_identifier_out: 'nep141:nbtc.bridge.near',
      exact_amount_in: '1',
    });
    expect(tiny.result![0]).toEqual({ type: 'INSUFFICIENT_AMOUNT', min_amount: expect.stringMatching(/^\d+$/) });
  });

  it('exactly one of exact_amount_in / exact_amount_out, else -32602', async () => {
    const both = await quote({
      defuse_asset_identifier_in: USDC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_in: '1',
      exact_amount_out: '1',
    });
    expect(both.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('exactly one of exact_amount_in or exact_amount_out'),
    });
    const none = await quote({ defuse_asset_identifier_in: USDC, defuse_asset_identifier_out: WNEAR });
    expect(none.error?.code).toBe(-32602);
    const zero = await quote({
      defuse_asset_identifier_in: USDC,
      defuse_asset_identifier_out: WNEAR,
      exact_amount_in: '0',
    });
    expect(zero.error?.code).toBe(-32602);
  });
});

describe('publish and status', () => {
  it('quote → sign → publish_intent → OK → PENDING → TX_BROADCASTED → SETTLED; balances settle with the fee', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 25_000_000n);
    const offer = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '20000000',
        })
      ).result,
    );
    const { res } = await swap(user, offer);
    expect(res.result).toEqual({ status: 'OK', intent_hash: expect.any(String) });
    const hash = res.result!.intent_hash;
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '5000000', [WNEAR]: offer.amount_out });

    const status = async () => (await busCall<StatusAnswer>(sim, 'get_status', { intent_hash: hash })).result!;
    expect(await status()).toEqual({ intent_hash: hash, status: 'PENDING' });
    await advance(sim, 200); // fast timing: busStepMs = 200
    const broadcast = await status();
    expect(broadcast).toEqual({ intent_hash: hash, status: 'TX_BROADCASTED', data: { hash: expect.any(String) } });
    await advance(sim, 200);
    expect(await status()).toEqual({ intent_hash: hash, status: 'SETTLED', data: { hash: broadcast.data!.hash } });
  });

  it('get_status of an unknown hash is NOT_FOUND_OR_NOT_VALID', async () => {
    const res = await busCall<StatusAnswer>(sim, 'get_status', { intent_hash: '11111111111111111111111111111111' });
    expect(res.result).toEqual({ intent_hash: '11111111111111111111111111111111', status: 'NOT_FOUND_OR_NOT_VALID' });
  });

  it('an expired quote fails with a clear reason and moves nothing', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 5_000_000n);
    const offer = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '5000000',
          min_deadline_ms: 1000,
        })
      ).result,
    );
    await advance(sim, 2000);
    const { res } = await swap(user, offer);
    expect(res.result).toMatchObject({ status: 'FAILED', reason: `quote '${offer.quote_hash}' has expired` });
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '5000000' });
  });

  it('unknown and already used quote hashes fail', async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 10_000_000n);
    const offer = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '5000000',
        })
      ).result,
    );
    const signed = await user.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-5000000', [WNEAR]: offer.amount_out } }],
    });
    const unknown = await busCall<PublishAnswer>(sim, 'publish_intent', {
      quote_hashes: ['NoSuchQuote'],
      signed_data: signed,
    });
    expect(unknown.result).toMatchObject({ status: 'FAILED', reason: "quote 'NoSuchQuote' not found" });
    expect((await swap(user, offer)).res.result?.status).toBe('OK');
    const reused = await swap(user, offer);
    expect(reused.res.result).toMatchObject({
      status: 'FAILED',
      reason: `quote '${offer.quote_hash}' was already used`,
    });
  });

  it("asking more than the offer breaks the invariant: FAILED with the verifier's text", async () => {
    const user = new TestUser(sim);
    await fund(sim, user.accountId, USDC, 5_000_000n);
    const offer = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '5000000',
        })
      ).result,
    );
    const greedy = { ...offer, amount_out: (BigInt(offer.amount_out) + 1n).toString() };
    const { res } = await swap(user, greedy);
    expect(res.result?.status).toBe('FAILED');
    expect(res.result?.reason).toBe(
      `invariant violated: {"error":"unmatched_deltas","unmatched_deltas":{"${WNEAR}":"1"}}`,
    );
  });

  it('publish_intents runs several user intents with the quotes as one batch', async () => {
    const a = new TestUser(sim);
    const b = new TestUser(sim);
    await fund(sim, a.accountId, USDC, 3_000_000n);
    const offer = best(
      (
        await quote({
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '2000000',
        })
      ).result,
    );
    const swapIntent = await a.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-2000000', [WNEAR]: offer.amount_out } }],
    });
    const pay = await a.sign({
      intents: [{ intent: 'transfer', receiver_id: b.accountId, tokens: { [WNEAR]: offer.amount_out } }],
    });
    const res = await busCall<{ status: string; intent_hashes: string[] }>(sim, 'publish_intents', {
      quote_hashes: [offer.quote_hash],
      signed_datas: [swapIntent, pay],
    });
    expect(res.result).toEqual({ status: 'OK', intent_hashes: [expect.any(String), expect.any(String)] });
    expect(await balances(sim, b.accountId)).toEqual({ [WNEAR]: offer.amount_out });
    expect((await ledgerAnswer(sim, 'mt_balance_of', { account_id: a.accountId, token_id: USDC })).value).toBe(
      '1000000',
    );
  });
});

describe('auth and JSON-RPC errors', () => {
  const body = { jsonrpc: '2.0', id: 42, method: 'get_status', params: [{ intent_hash: 'x' }] };

  it('no key or a foreign key: HTTP 401 with JSON-RPC code 401', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'X-API-Key': 'not-a-key' },
      { Authorization: 'Bearer eyJ.forged.key' },
    ];
    for (const headers of refused) {
      const res = await postJson<{ id: number; error: { code: number } }>(sim.urls.bus, body, headers);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 42, error: { code: 401 } });
    }
  });

  it('X-API-Key and Authorization: Bearer both work, with the bus key or the partner JWT', async () => {
    const accepted: Record<string, string>[] = [
      { 'X-API-Key': sim.busApiKey },
      { Authorization: `Bearer ${sim.busApiKey}` },
      { Authorization: `Bearer ${sim.devJwt}` },
    ];
    for (const headers of accepted) {
      const res = await postJson<{ result: unknown }>(sim.urls.bus, body, headers);
      expect(res.status).toBe(200);
      expect(res.json.result).toMatchObject({ status: 'NOT_FOUND_OR_NOT_VALID' });
    }
  });

  const call = (payload: unknown) =>
    postJson<{ id: unknown; error?: { code: number; message: string } }>(sim.urls.bus, payload, {
      'X-API-Key': sim.busApiKey,
    });

  it('-32700 parse error', async () => {
    const res = await call('{"jsonrpc":');
    expect(res.json).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('-32600 invalid request', async () => {
    expect((await call({ id: 1, method: 'quote', params: [{}] })).json).toMatchObject({
      id: 1,
      error: { code: -32600 },
    });
    expect((await call({ jsonrpc: '2.0', id: 2, params: [{}] })).json).toMatchObject({
      id: 2,
      error: { code: -32600 },
    });
    expect((await call(17)).json).toMatchObject({ error: { code: -32600 } });
    expect((await call([])).json).toMatchObject({ error: { code: -32600 } });
  });

  it('-32601 method not found', async () => {
    expect((await call({ jsonrpc: '2.0', id: 3, method: 'subscribe', params: [{}] })).json).toMatchObject({
      id: 3,
      error: { code: -32601 },
    });
  });

  it('-32602 invalid params', async () => {
    expect(
      (await call({ jsonrpc: '2.0', id: 4, method: 'get_status', params: { intent_hash: 'x' } })).json,
    ).toMatchObject({ error: { code: -32602 } });
    expect((await call({ jsonrpc: '2.0', id: 5, method: 'get_status', params: [{}] })).json).toMatchObject({
      error: { code: -32602 },
    });
    expect(
      (
        await call({
          jsonrpc: '2.0',
          id: 6,
          method: 'publish_intent',
          params: [{ quote_hashes: [], signed_data: { standard: 'erc191' } }],
        })
      ).json,
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('signed_data') },
    });
    expect(
      (
        await call({
          jsonrpc: '2.0',
          id: 7,
          method: 'publish_intents',
          params: [{ quote_hashes: 'x', signed_datas: [] }],
        })
      ).json,
    ).toMatchObject({
      error: { code: -32602 },
    });
  });

  it('batches are answered item by item', async () => {
    const res = await postJson<unknown[]>(
      sim.urls.bus,
      [body, { jsonrpc: '2.0', id: 43, method: 'nope', params: [{}] }],
      { 'X-API-Key': sim.busApiKey },
    );
    expect(res.json).toEqual([
      { jsonrpc: '2.0', id: 42, result: { intent_hash: 'x', status: 'NOT_FOUND_OR_NOT_VALID' } },
      { jsonrpc: '2.0', id: 43, error: { code: -32601, message: expect.any(String) } },
    ]);
  });
});
