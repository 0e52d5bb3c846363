// The official 1Click SDK as a real client of the running simulator (docs/services.md): tokens,
// quotes of every swap type with their signatures verified by the SDK, deposit submit, status, 404.

import {
  ApiError,
  GetExecutionStatusResponse,
  OneClickService,
  OpenAPI,
  QuoteRequest,
  type QuoteResponse,
  verifyQuoteSignature,
} from '@defuse-protocol/one-click-sdk-typescript';
import { beforeEach, describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const WNEAR = 'nep141:wrap.near';
const USDC_HOME = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const BTC = 'nep141:btc.omft.near';
const PRODUCTION_KEY = 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc';

const sim = simulatorPerFile();
beforeEach(() => {
  OpenAPI.BASE = sim.url;
  OpenAPI.TOKEN = sim.devJwt;
  OpenAPI.HEADERS = undefined;
});

function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    dry: false,
    swapType: QuoteRequest.swapType.EXACT_INPUT,
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: QuoteRequest.depositType.ORIGIN_CHAIN,
    destinationAsset: USDC_HOME,
    amount: '1000000000000000000000000',
    refundTo: 'alice.near',
    refundType: QuoteRequest.refundType.ORIGIN_CHAIN,
    recipient: 'bob.near',
    recipientType: QuoteRequest.recipientType.DESTINATION_CHAIN,
    deadline: new Date(sim.sim.ctx.clock.nowMs() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('SDK: tokens', () => {
  it('lists tokens shaped like the live list', async () => {
    const tokens = await OneClickService.getTokens();
    expect(tokens.length).toBeGreaterThan(20);
    for (const t of tokens) {
      expect(typeof t.assetId).toBe('string');
      expect(typeof t.decimals).toBe('number');
      expect(typeof t.price).toBe('number');
      expect(Number.isFinite(Date.parse(t.priceUpdatedAt))).toBe(true);
      expect(t.contractAddress === null || typeof t.contractAddress === 'string').toBe(true);
    }
    expect(tokens.find((t) => t.assetId === WNEAR)).toMatchObject({
      blockchain: 'home',
      symbol: 'wNEAR',
      decimals: 24,
    });
    expect(tokens.find((t) => t.assetId === BTC)).toMatchObject({ blockchain: 'btc', contractAddress: null });
  });
});

describe('SDK: quotes of every swap type, signatures verified by verifyQuoteSignature', () => {
  const cases: [string, Partial<QuoteRequest>][] = [
    ['EXACT_INPUT', {}],
    ['EXACT_OUTPUT', { swapType: QuoteRequest.swapType.EXACT_OUTPUT, amount: '2000000' }],
    ['FLEX_INPUT', { swapType: QuoteRequest.swapType.FLEX_INPUT }],
    [
      'ANY_INPUT',
      {
        swapType: QuoteRequest.swapType.ANY_INPUT,
        originAsset: '1cs:any',
        amount: '0',
        slippageTolerance: 0,
        depositType: QuoteRequest.depositType.INTENTS,
        refundType: QuoteRequest.refundType.INTENTS,
        recipient: '0x1ddA60d784483FBB54304c68830d42A706327C6d',
        destinationAsset: 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near',
        referral: 'fees',
        quoteWaitingTimeMs: 10000,
      },
    ],
    [
      'cross-chain BTC → USDC(eth) with a referral and app fee',
      {
        originAsset: BTC,
        destinationAsset: USDC_ETH,
        amount: '100000',
        refundTo: 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw',
        recipient: '0x76b4c56085ed136a8744d52be956396624a730e8',
        referral: 'mywallet',
        appFees: [{ recipient: 'fees.near', fee: 30 }],
      },
    ],
    ['dry', { dry: true }],
  ];
  it.each(cases)('%s', async (_name, overrides) => {
    const q = await OneClickService.getQuote(request(overrides));
    expect(verifyQuoteSignature(q, sim.quotePublicKey)).toBe(true);
    // Not the production key, and any change breaks it.
    expect(verifyQuoteSignature(q, PRODUCTION_KEY)).toBe(false);
    expect(
      verifyQuoteSignature({ ...q, quote: { ...q.quote, amountOut: `${q.quote.amountOut}1` } }, sim.quotePublicKey),
    ).toBe(false);
    expect(verifyQuoteSignature({ ...q, timestamp: new Date(0).toISOString() }, sim.quotePublicKey)).toBe(false);
    expect(q.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    if (q.quoteRequest.dry) {
      expect(q.quote.depositAddress).toBeUndefined();
      expect(q.quote.deadline).toBeUndefined();
      expect(q.quote.timeWhenInactive).toBeUndefined();
    } else {
      expect(q.quote.depositAddress).toBeTruthy();
      expect(q.quote.deadline).toBeTruthy();
      expect(q.quote.timeWhenInactive).toBeTruthy();
    }
  });

  it('EXACT_OUTPUT carries minAmountIn < amountIn = maxAmountIn and the exact amountOut', async () => {
    const q = (await OneClickService.getQuote(
      request({ swapType: QuoteRequest.swapType.EXACT_OUTPUT, amount: '2000000' }),
    )) as QuoteResponse & {
      quote: { maxAmountIn?: string };
    };
    expect(q.quote.amountOut).toBe('2000000');
    expect(q.quote.minAmountOut).toBe('2000000');
    expect(BigInt(q.quote.minAmountIn)).toBeLessThan(BigInt(q.quote.amountIn));
    expect(q.quote.maxAmountIn).toBe(q.quote.amountIn);
  });

  it('a withdrawal to another chain carries withdrawFee, taken out of amountOut and covered by the signature', async () => {
    const out = { destinationAsset: USDC_ETH, recipient: '0x000000000000000000000000000000000000dEaD' };
    const q = await OneClickService.getQuote(request(out));
    const fee = q.quote.withdrawFee;
    expect(fee).toMatch(/^[1-9]\d*$/);
    expect(verifyQuoteSignature(q, sim.quotePublicKey)).toBe(true);
    expect(
      verifyQuoteSignature(
        { ...q, quote: { ...q.quote, withdrawFee: (BigInt(fee!) + 1n).toString() } },
        sim.quotePublicKey,
      ),
    ).toBe(false);
    expect(verifyQuoteSignature({ ...q, quote: { ...q.quote, withdrawFee: undefined } }, sim.quotePublicKey)).toBe(
      false,
    );
    // Credited inside the ledger instead: no withdrawal, no fee, and the same swap yields exactly the fee more.
    const home = await OneClickService.getQuote(
      request({ ...out, recipient: 'bob.near', recipientType: QuoteRequest.recipientType.INTENTS }),
    );
    expect(home.quote.withdrawFee).toBe('0');
    expect(BigInt(home.quote.amountOut) - BigInt(q.quote.amountOut)).toBe(BigInt(fee!));
    // EXACT_OUTPUT still delivers the amount asked for; the input pays the fee.
    const exact = await OneClickService.getQuote(
      request({ ...out, swapType: QuoteRequest.swapType.EXACT_OUTPUT, amount: '2000000' }),
    );
    expect(exact.quote.amountOut).toBe('2000000');
    expect(verifyQuoteSignature(exact, sim.quotePublicKey)).toBe(true);
  });

  it('without a token the 0.2% platform fee appears in the echoed appFees', async () => {
    OpenAPI.TOKEN = undefined;
    const q = await OneClickService.getQuote(request());
    expect(q.quoteRequest.appFees).toEqual([
      { recipient: expect.stringMatching(/^5880ad2b[0-9a-f]{52}47dd$/), fee: 20 },
    ]);
    expect(verifyQuoteSignature(q, sim.quotePublicKey)).toBe(true);
  });

  it('X-API-Key alone is accepted as the partner key (no platform fee)', async () => {
    OpenAPI.TOKEN = undefined;
    OpenAPI.HEADERS = { 'x-api-key': sim.devJwt };
    const q = await OneClickService.getQuote(request());
    expect(q.quoteRequest.appFees).toBeUndefined();
  });
});

describe('SDK: deposit submit and status', () => {
  it('submits a deposit hash and reads the status, whose quote still verifies', async () => {
    const q = await OneClickService.getQuote(request());
    const address = q.quote.depositAddress!;
    const pending = await OneClickService.getExecutionStatus(address);
    expect(pending.status).toBe(GetExecutionStatusResponse.status.PENDING_DEPOSIT);
    expect(pending.swapDetails).toMatchObject({
      intentHashes: [],
      originChainTxHashes: [],
      destinationChainTxHashes: [],
    });
    expect(verifyQuoteSignature(pending.quoteResponse, sim.quotePublicKey)).toBe(true);

    const submitted = await OneClickService.submitDepositTx({ txHash: 'FakeNearTxHash111', depositAddress: address });
    expect(submitted.status).toBe(GetExecutionStatusResponse.status.KNOWN_DEPOSIT_TX);
    expect(submitted.quoteResponse.quote.depositAddress).toBe(address);
    expect(submitted.swapDetails.originChainTxHashes.map((t) => t.hash)).toEqual(['FakeNearTxHash111']);
    const status = await OneClickService.getExecutionStatus(address, q.quote.depositMemo);
    expect(status.status).toBe('KNOWN_DEPOSIT_TX');
    expect(Number.isFinite(Date.parse(status.updatedAt))).toBe(true);
    expect(status.correlationId).not.toBe(q.correlationId);
  });

  it('runs a swap to SUCCESS as seen through the SDK', async () => {
    const q = await OneClickService.getQuote(request());
    const address = q.quote.depositAddress!;
    const res = await fetch(`${sim.url}/dev/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ depositAddress: address, amount: q.quote.amountIn, txHash: 'DepositTx1' }),
    });
    expect(res.status).toBe(200);
    await OneClickService.submitDepositTx({
      txHash: 'DepositTx1',
      depositAddress: address,
      nearSenderAccount: 'alice.near',
    });
    await fetch(`${sim.url}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 60_000 }),
    });
    const done = await OneClickService.getExecutionStatus(address);
    expect(done.status).toBe('SUCCESS');
    expect(done.swapDetails.amountOut).toBe(q.quote.amountOut);
    expect((done.swapDetails as unknown as { homeTxHashes: string[] }).homeTxHashes.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown deposit address', async () => {
    const err = await apiError(OneClickService.getExecutionStatus('0xunknown'));
    expect(err.status).toBe(404);
    expect(err.body).toMatchObject({ message: 'Deposit address not found' });
    const submit = await apiError(OneClickService.submitDepositTx({ txHash: 'x', depositAddress: '0xunknown' }));
    expect(submit.status).toBe(404);
  });

  it('gives 400 with the live message through the SDK', async () => {
    const err = await apiError(OneClickService.getQuote(request({ originAsset: 'nep141:nope.near' })));
    expect(err.status).toBe(400);
    expect(err.body).toMatchObject({
      message: 'tokenIn is not valid',
      correlationId: expect.any(String),
      timestamp: expect.any(String),
    });
  });

  it('refuses ANY_INPUT without a partner JWT (401)', async () => {
    OpenAPI.TOKEN = undefined;
    const err = await apiError(
      OneClickService.getQuote(
        request({
          swapType: QuoteRequest.swapType.ANY_INPUT,
          originAsset: '1cs:any',
          amount: '0',
          depositType: QuoteRequest.depositType.INTENTS,
          refundType: QuoteRequest.refundType.INTENTS,
        }),
      ),
    );
    expect(err.status).toBe(401);
  });
});

describe('SDK: ANY_INPUT withdrawals (GET /v0/any-input/withdrawals)', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const anyInput = (recipient: string) =>
    request({
      swapType: QuoteRequest.swapType.ANY_INPUT,
      slippageTolerance: 0,
      originAsset: '1cs:any',
      amount: '0',
      depositType: QuoteRequest.depositType.INTENTS,
      refundType: QuoteRequest.refundType.INTENTS,
      refundTo: recipient,
      recipient,
      recipientType: QuoteRequest.recipientType.INTENTS,
    });
  /** A pool paid out twice: two deposits of about $1,150 each, each converted and withdrawn. */
  async function paidTwice(recipient: string) {
    const q = await OneClickService.getQuote(anyInput(recipient));
    const address = q.quote.depositAddress!;
    for (const tx of ['AnyTx1', 'AnyTx2']) {
      expect(
        (
          await post('/dev/deposit', {
            depositAddress: address,
            amount: (500n * 10n ** 24n).toString(),
            assetId: WNEAR,
            txHash: tx,
          })
        ).status,
      ).toBe(200);
      expect((await post('/dev/clock/advance', { ms: 10 * 60_000 })).status).toBe(200);
    }
    return address;
  }

  it('lists the payouts in the SDK model shape, newest first, paged, from a time, and never ends the swap', async () => {
    const address = await paidTwice('anysdk.near');
    const all = await OneClickService.getAnyInputQuoteWithdrawals(address);
    expect(all).toMatchObject({ asset: USDC_HOME, recipient: 'anysdk.near', affiliateRecipient: expect.any(String) });
    const list = all.withdrawals as unknown as {
      status: string;
      amountOut: string;
      amountOutFormatted: string;
      timestamp: string;
      hash: string;
    }[];
    expect(list).toHaveLength(2);
    for (const w of list) {
      expect(w).toMatchObject({
        status: 'SUCCESS',
        amountOut: expect.stringMatching(/^[1-9]\d*$/),
        withdrawFee: '0',
        hash: expect.any(String),
      });
      expect(Object.keys(w).sort()).toEqual([
        'amountOut',
        'amountOutFormatted',
        'amountOutUsd',
        'hash',
        'status',
        'timestamp',
        'withdrawFee',
        'withdrawFeeFormatted',
        'withdrawFeeUsd',
      ]);
    }
    expect(Date.parse(list[0]!.timestamp)).toBeGreaterThan(Date.parse(list[1]!.timestamp));
    const paid = list.reduce((n, w) => n + BigInt(w.amountOut), 0n);
    const balances = (await (await fetch(`${sim.url}/dev/balances?accountId=anysdk.near`)).json()) as {
      balances: Record<string, string>;
    };
    expect(BigInt(balances.balances[USDC_HOME] ?? '0')).toBe(paid);
    expect((await OneClickService.getExecutionStatus(address)).status).toBe('PROCESSING');

    const asc = (await OneClickService.getAnyInputQuoteWithdrawals(address, undefined, undefined, 1, 50, 'asc'))
      .withdrawals as unknown as typeof list;
    expect(asc.map((w) => w.hash)).toEqual([...list].reverse().map((w) => w.hash));
    const second = (await OneClickService.getAnyInputQuoteWithdrawals(address, undefined, undefined, 2, 1, 'desc'))
      .withdrawals as unknown as typeof list;
    expect(second.map((w) => w.hash)).toEqual([list[1]!.hash]);
    const since = (await OneClickService.getAnyInputQuoteWithdrawals(address, undefined, list[0]!.timestamp))
      .withdrawals as unknown as typeof list;
    expect(since.map((w) => w.hash)).toEqual([list[0]!.hash]);
  });

  it('401 without the partner key, 404 for an unknown address, 400 for a quote of another type or a bad page', async () => {
    const address = await paidTwice('anysdk2.near');
    OpenAPI.TOKEN = undefined;
    expect((await apiError(OneClickService.getAnyInputQuoteWithdrawals(address))).status).toBe(401);
    OpenAPI.TOKEN = sim.devJwt;
    expect((await apiError(OneClickService.getAnyInputQuoteWithdrawals('0xunknown'))).status).toBe(404);
    const exact = await OneClickService.getQuote(request());
    const other = await apiError(OneClickService.getAnyInputQuoteWithdrawals(exact.quote.depositAddress!));
    expect(other.status).toBe(400);
    const tooMany = await apiError(OneClickService.getAnyInputQuoteWithdrawals(address, undefined, undefined, 1, 51));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: 'limit must not be greater than 50' });
  });
});
