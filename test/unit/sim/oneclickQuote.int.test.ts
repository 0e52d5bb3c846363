// POST /v0/quote against the running simulator: validation and its live messages, per-chain address
// formats, swap type amounts, fees, deposit addresses and memos, and GET /v0/tokens.

import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { addressFromBytes, isAddressOf } from '../../../src/sim/oneclick/addresses';
import { chainInfo } from '../../../src/sim/oneclick/chains';
import { SIM_TOKENS } from '../../../src/sim/tokenList';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const WNEAR = 'nep141:wrap.near';
const USDC_HOME = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const BTC = 'nep141:btc.omft.near';
const XLM = 'nep141:stellar-native.omft.near';
const XRP = 'nep141:xrp.omft.near';

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
}
interface Quote {
  correlationId: string;
  timestamp: string;
  signature: string;
  quoteRequest: Record<string, unknown> & { appFees?: { recipient: string; fee: number }[] };
  quote: Record<string, string | number | undefined> & {
    depositAddress?: string;
    depositMemo?: string;
    amountIn: string;
    amountOut: string;
    minAmountIn: string;
    minAmountOut: string;
    timeEstimate: number;
    refundFee: string;
  };
}

const sim = simulatorPerFile();

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const auth = () => ({ authorization: `Bearer ${sim.devJwt}` });
const deadline = (ms = 30 * 60_000) => new Date(sim.sim.ctx.clock.nowMs() + ms).toISOString();

function req(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    dry: false,
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: USDC_HOME,
    amount: '1000000000000000000000000',
    refundTo: 'alice.near',
    refundType: 'ORIGIN_CHAIN',
    recipient: 'bob.near',
    recipientType: 'DESTINATION_CHAIN',
    deadline: deadline(),
    ...overrides,
  };
}

async function quote(
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = auth(),
): Promise<Quote> {
  const a = await call('POST', '/v0/quote', req(overrides), headers);
  if (a.status !== 200) throw new Error(`quote failed: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body as unknown as Quote;
}

async function quoteError(
  overrides: Record<string, unknown>,
  headers: Record<string, string> = auth(),
): Promise<Answer> {
  return call('POST', '/v0/quote', req(overrides), headers);
}

function expectError(a: Answer, status: number, message: string | RegExp) {
  expect(a.status).toBe(status);
  expect(a.body.message).toMatch(
    typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message,
  );
  expect(a.body.correlationId).toEqual(expect.any(String));
  expect(Number.isFinite(Date.parse(String(a.body.timestamp)))).toBe(true);
}

/** A valid address of each chain family, made by the simulator's own generator. */
const bytes = hex.decode('11'.repeat(32));
const validOn = (chain: string) => {
  const family = chainInfo(chain)!.family;
  return family === 'home' ? 'someone.near' : addressFromBytes(family, bytes);
};

describe('GET /v0/tokens', () => {
  it('lists every simulator token with priceUpdatedAt', async () => {
    const res = await fetch(`${sim.url}/v0/tokens`);
    const tokens = (await res.json()) as Record<string, unknown>[];
    expect(tokens).toHaveLength(SIM_TOKENS.length);
    for (const t of tokens)
      expect(Object.keys(t).sort()).toEqual([
        'assetId',
        'blockchain',
        'contractAddress',
        'decimals',
        'price',
        'priceUpdatedAt',
        'symbol',
      ]);
  });
});

describe('request validation', () => {
  it('refuses a body that is not a JSON object', async () => {
    expectError(await call('POST', '/v0/quote', '{nope'), 400, 'Body is not valid JSON');
    expectError(await call('POST', '/v0/quote', '[1]'), 400, 'Body must be a JSON object');
    const res = await fetch(`${sim.url}/v0/quote`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  it.each([
    [{ dry: undefined }, 'dry must be a boolean value'],
    [{ dry: 'yes' }, 'dry must be a boolean value'],
    [
      { swapType: 'EXACT' },
      'swapType must be one of the following values: EXACT_INPUT, EXACT_OUTPUT, FLEX_INPUT, ANY_INPUT',
    ],
    [{ slippageTolerance: -1 }, 'slippageTolerance must not be less than 0'],
    [{ slippageTolerance: 10_001 }, 'slippageTolerance must not be greater than 10000'],
    [{ slippageTolerance: '100' }, 'slippageTolerance must be a number conforming to the specified constraints'],
    [{ amount: '0.01' }, 'amount must be an integer string in the smallest unit of the token'],
    [{ amount: 5 }, 'amount must be a string'],
    [{ depositType: 'CONFIDENTIAL_INTENTS' }, 'depositType must be one of the following values: ORIGIN_CHAIN, INTENTS'],
    [{ refundType: 'X' }, 'refundType must be one of the following values: ORIGIN_CHAIN, INTENTS'],
    [{ recipientType: 'X' }, 'recipientType must be one of the following values: DESTINATION_CHAIN, INTENTS'],
    [{ deadline: 'tomorrow' }, 'deadline must be a valid ISO 8601 date string'],
    [{ depositMode: 'FAST' }, 'depositMode must be one of the following values: SIMPLE, MEMO'],
    [{ referral: 'MyWallet' }, 'referral must be lowercase'],
    [{ quoteWaitingTimeMs: -5 }, 'quoteWaitingTimeMs must not be less than 0'],
    [{ connectedWallets: [1] }, 'each value in connectedWallets must be a string'],
    [{ appFees: [{ recipient: 'fees.near', fee: 501 }] }, 'appFees.0.fee must not be greater than 500'],
    [{ appFees: [{ recipient: 'fees.near', fee: 1.5 }] }, 'appFees.0.fee must be an integer number'],
    [{ appFees: [{ recipient: 'Not Valid', fee: 10 }] }, 'appFees.0.recipient is not valid'],
    [{ originAsset: 'nep141:unknown.near' }, 'tokenIn is not valid'],
    [{ originAsset: '1cs:any' }, 'tokenIn is not valid'],
    [{ destinationAsset: 'nep141:unknown.near' }, 'tokenOut is not valid'],
    [{ deadline: new Date(Date.now() - 60_000).toISOString() }, 'deadline must be in the future'],
    [{ virtualChainRecipient: 'bob.near' }, 'virtualChainRecipient is not valid'],
    [{ virtualChainRefundRecipient: '0x123' }, 'virtualChainRefundRecipient is not valid'],
    [
      { swapType: 'EXACT_OUTPUT', amount: '1000000', slippageTolerance: 10_000 },
      'slippageTolerance must be less than 10000 for EXACT_OUTPUT',
    ],
  ])('%j → %s', async (overrides, message) => {
    expectError(await quoteError(overrides), 400, message);
  });

  it('accepts null for optional fields and omitted type fields (defaults)', async () => {
    const q = await quote({
      referral: null,
      appFees: null,
      depositType: undefined,
      refundType: undefined,
      recipientType: undefined,
    });
    expect(q.quoteRequest).toMatchObject({
      depositType: 'ORIGIN_CHAIN',
      refundType: 'ORIGIN_CHAIN',
      recipientType: 'DESTINATION_CHAIN',
      depositMode: 'SIMPLE',
    });
    expect(q.quoteRequest).not.toHaveProperty('referral');
  });

  // The interface: docs/interface.md.
  it('echoes every optional field of the interface', async () => {
    const extra = {
      connectedWallets: ['alice.near'],
      sessionId: 's-1',
      virtualChainRecipient: '0x76b4c56085ed136a8744d52be956396624a730e8',
      virtualChainRefundRecipient: '0x76b4c56085ed136a8744d52be956396624a730e8',
      customRecipientMsg: '{"action":"x"}',
      referral: 'mywallet',
      quoteWaitingTimeMs: 0,
      appFees: [{ recipient: 'fees.near', fee: 50 }],
    };
    const q = await quote(extra);
    expect(q.quoteRequest).toMatchObject(extra);
    expect(q.quote).toMatchObject({
      virtualChainRecipient: extra.virtualChainRecipient,
      virtualChainRefundRecipient: extra.virtualChainRefundRecipient,
      customRecipientMsg: extra.customRecipientMsg,
    });
  });
});

describe('recipient and refund address formats', () => {
  const chains = [...new Set(SIM_TOKENS.map((t) => t.blockchain))];
  const tokenOn = (chain: string) => SIM_TOKENS.find((t) => t.blockchain === chain)!;
  const dry = { dry: true };

  it.each(chains)('recipient on %s: its own format passes, another chain’s fails', async (chain) => {
    const token = tokenOn(chain);
    const ok = await quoteError({
      ...dry,
      destinationAsset: token.assetId,
      recipient: validOn(chain),
      amount: '100000000000000000000000000',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // (a bech32 btc address is also a well-formed home account id, so home is checked against sol)
    const other = chain === 'sol' ? 'btc' : 'sol';
    expectError(
      await quoteError({
        ...dry,
        destinationAsset: token.assetId,
        recipient: validOn(other),
        amount: '100000000000000000000000000',
      }),
      400,
      'recipient is not valid',
    );
  });

  it.each(chains.filter((c) => c !== 'home'))(
    'refundTo on %s: its own format passes, a home account fails',
    async (chain) => {
      const token = tokenOn(chain);
      const amount = (10n ** BigInt(token.decimals) * 10_000n) / BigInt(Math.max(1, Math.floor(token.price)));
      const mode = chainInfo(chain)!.depositModes[0];
      const ok = await quoteError({
        ...dry,
        depositMode: mode,
        originAsset: token.assetId,
        refundTo: validOn(chain),
        amount: amount.toString(),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expectError(
        await quoteError({
          ...dry,
          depositMode: mode,
          originAsset: token.assetId,
          refundTo: 'alice.near',
          amount: amount.toString(),
        }),
        400,
        'refundTo is not valid',
      );
    },
  );

  it.each([
    ['btc', 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw', true],
    ['btc', 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnx', false],
    ['btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['btc', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['zec', 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22', true],
    ['zec', 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB23', false],
    ['eth', '0x76b4c56085ed136a8744d52be956396624a730e8', true],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false],
    ['eth', '0x76b4c56085ed136a8744d52be956396624a730e', false],
    ['sol', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', true],
    ['sol', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vEPj', false],
    ['sol', '0PjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', false],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', false],
    ['xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', true],
    ['xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj', false],
    ['ton', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', true],
    ['ton', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M', false],
    ['ton', '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8', true],
    ['sui', `0x${'ab'.repeat(32)}`, true],
    ['sui', '0xab', false],
    ['aptos', '0x1', true],
    ['home', 'alice.near', true],
    ['home', `${'a'.repeat(64)}`, true],
    ['home', 'Alice.near', false],
    ['doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', true],
    ['doge', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', false],
    ['ltc', 'ltc1qg82lkkqa9qs8mzdyv9f2f4a0ykcnckfv3ty0k8', false],
    ['cardano', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', true],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', true],
    ['stellar', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVM', false],
  ])('%s %s valid=%s', (chain, address, valid) => {
    expect(isAddressOf(chainInfo(chain)!.family, address)).toBe(valid);
  });

  it('INTENTS recipient and refund must be home account ids', async () => {
    expect(
      (await quoteError({ ...dry, recipientType: 'INTENTS', recipient: 'bob.near', destinationAsset: USDC_ETH }))
        .status,
    ).toBe(200);
    expectError(
      await quoteError({
        ...dry,
        recipientType: 'INTENTS',
        recipient: '0x76b4c56085ED136a8744D52bE956396624a730E8',
        destinationAsset: USDC_ETH,
      }),
      400,
      'recipient is not valid',
    );
    expectError(
      await quoteError({
        ...dry,
        refundType: 'INTENTS',
        refundTo: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
        originAsset: BTC,
        amount: '100000',
      }),
      400,
      'refundTo is not valid',
    );
    expect(
      (await quoteError({ ...dry, refundType: 'INTENTS', refundTo: 'alice.near', originAsset: BTC, amount: '100000' }))
        .status,
    ).toBe(200);
  });
});

describe('amounts per swap type', () => {
  it('EXACT_INPUT: amountIn is the amount, minAmountOut is amountOut less the slippage', async () => {
    const q = await quote({ slippageTolerance: 200 });
    expect(q.quote.amountIn).toBe('1000000000000000000000000');
    expect(q.quote.minAmountIn).toBe(q.quote.amountIn);
    expect(BigInt(q.quote.minAmountOut)).toBe((BigInt(q.quote.amountOut) * 9800n) / 10000n);
    // 1 wNEAR at $2.31 → about 2.31 USDC less a 0.1% spread.
    expect(Number(q.quote.amountOut) / 1e6).toBeCloseTo(2.3077, 3);
    expect(q.quote).toMatchObject({
      amountInFormatted: '1',
      amountInUsd: '2.3100',
      amountOutFormatted: expect.stringMatching(/^2\.30/),
    });
  });

  it('EXACT_OUTPUT: amountOut is exact, amountIn carries the slippage buffer over minAmountIn', async () => {
    const q = await quote({ swapType: 'EXACT_OUTPUT', amount: '2000000', slippageTolerance: 200 });
    expect(q.quote.amountOut).toBe('2000000');
    expect(q.quote.minAmountOut).toBe('2000000');
    const ratio = Number(q.quote.amountIn) / Number(q.quote.minAmountIn);
    expect(ratio).toBeCloseTo(1 / 0.98, 6);
    expect(q.quote.maxAmountIn).toBe(q.quote.amountIn);
  });

  it('FLEX_INPUT: minAmountIn is the slippage plus 1% below the amount', async () => {
    const q = await quote({ swapType: 'FLEX_INPUT', slippageTolerance: 100 });
    expect(BigInt(q.quote.minAmountIn)).toBe((10n ** 24n * 9800n) / 10000n);
    expect(BigInt(q.quote.minAmountOut)).toBe((BigInt(q.quote.amountOut) * 9900n) / 10000n);
  });

  it('ANY_INPUT needs a partner JWT; with it the quote is zero-amount with an intents deposit account', async () => {
    const any = {
      swapType: 'ANY_INPUT',
      originAsset: '1cs:any',
      amount: '0',
      slippageTolerance: 0,
      depositType: 'INTENTS',
      refundType: 'INTENTS',
      refundTo: 'me.near',
      recipientType: 'INTENTS',
      recipient: 'me.near',
    };
    expectError(await quoteError(any, {}), 401, /ANY_INPUT/);
    const q = await quote(any);
    expect(q.quote).toMatchObject({ amountIn: '0', amountOut: '0', minAmountOut: '0' });
    expect(q.quote.depositAddress).toMatch(/^[0-9a-f]{64}$/);
    expectError(
      await quoteError({ ...any, depositType: 'ORIGIN_CHAIN' }),
      400,
      'depositType must be INTENTS for ANY_INPUT',
    );
    expectError(
      await quoteError({ ...any, refundType: 'ORIGIN_CHAIN' }),
      400,
      'refundType must be INTENTS for ANY_INPUT',
    );
  });

  it('without a JWT the 0.2% platform fee is added and charged', async () => {
    const paid = await quote({}, {});
    const free = await quote();
    expect(paid.quoteRequest.appFees).toEqual([
      { recipient: expect.stringMatching(/^5880ad2b[0-9a-f]{52}47dd$/), fee: 20 },
    ]);
    expect(free.quoteRequest.appFees).toBeUndefined();
    const ratio = Number(paid.quote.amountOut) / Number(free.quote.amountOut);
    expect(ratio).toBeCloseTo(0.998, 4);
    // An invalid token counts as none.
    const bad = await quote({}, { authorization: 'Bearer not.a.jwt' });
    expect(bad.quoteRequest.appFees).toHaveLength(1);
  });

  it('app fees are taken from the input, and stack with the platform fee', async () => {
    const q = await quote({ appFees: [{ recipient: 'fees.near', fee: 100 }] }, {});
    expect(q.quoteRequest.appFees).toHaveLength(2);
    const free = await quote();
    expect(Number(q.quote.amountOut) / Number(free.quote.amountOut)).toBeCloseTo(0.988, 3);
  });

  it('"Amount is too low for bridge, try at least N"; N works', async () => {
    const base = { originAsset: BTC, destinationAsset: USDC_ETH, refundTo: validOn('btc'), recipient: validOn('eth') };
    const low = await quoteError({ ...base, amount: '100' });
    expectError(low, 400, /^Amount is too low for bridge, try at least \d+$/);
    const n = /(\d+)$/.exec(low.body.message!)![1]!;
    expect((await quoteError({ ...base, amount: n })).status).toBe(200);
    expect((await quoteError({ ...base, amount: (BigInt(n) - 1n).toString() })).status).toBe(400);
    // EXACT_OUTPUT names the output amount to ask for.
    const lowOut = await quoteError({ ...base, swapType: 'EXACT_OUTPUT', amount: '10' });
    const m = /(\d+)$/.exec(lowOut.body.message!)![1]!;
    expect((await quoteError({ ...base, swapType: 'EXACT_OUTPUT', amount: m })).status).toBe(200);
    // A zero amount on the ledger alone is too low as well.
    expectError(await quoteError({ amount: '0' }), 400, /^Amount is too low for bridge, try at least \d+$/);
  });

  it('"No liquidity available" for a blocked pair', async () => {
    await call('POST', '/dev/liquidity', { assetIn: WNEAR, assetOut: USDC_HOME, available: false });
    try {
      expectError(await quoteError({}), 400, 'No liquidity available');
    } finally {
      await call('POST', '/dev/liquidity', { assetIn: WNEAR, assetOut: USDC_HOME, available: true });
    }
    expect((await quoteError({})).status).toBe(200);
  });
});

describe('deposit addresses, memos, times and fees', () => {
  it('dry quotes have no deposit address, deadline or timeWhenInactive and open no swap', async () => {
    const q = await quote({ dry: true });
    expect(q.quote).not.toHaveProperty('depositAddress');
    expect(q.quote).not.toHaveProperty('deadline');
    expect(q.quote).not.toHaveProperty('timeWhenInactive');
    expect(q.quote.timeEstimate).toEqual(expect.any(Number));
  });

  it.each(
    SIM_TOKENS.filter((t) => !['ton', 'stellar'].includes(t.blockchain)).map((t) => [t.blockchain, t.assetId] as const),
  )('a %s origin gets an address of that chain (%s)', async (chain, assetId) => {
    const token = SIM_TOKENS.find((t) => t.assetId === assetId)!;
    const amount = (10n ** BigInt(token.decimals) * 1000n) / BigInt(Math.max(1, Math.floor(token.price)));
    const q = await quote({ originAsset: assetId, refundTo: validOn(chain), amount: amount.toString() });
    expect(isAddressOf(chainInfo(chain)!.family, q.quote.depositAddress!), q.quote.depositAddress).toBe(true);
    if (chain === 'home') expect(q.quote.depositAddress).toMatch(/^[0-9a-f]{64}$/);
    expect(q.quote.depositMemo).toBeUndefined();
  });

  it('INTENTS deposits get a 64-hex implicit account; two quotes never share one', async () => {
    const a = await quote({ originAsset: BTC, depositType: 'INTENTS', refundTo: validOn('btc'), amount: '100000' });
    const b = await quote({ originAsset: BTC, depositType: 'INTENTS', refundTo: validOn('btc'), amount: '100000' });
    expect(a.quote.depositAddress).toMatch(/^[0-9a-f]{64}$/);
    expect(a.quote.depositAddress).not.toBe(b.quote.depositAddress);
    expect(a.quote.timeEstimate).toBeLessThan(
      (await quote({ originAsset: BTC, refundTo: validOn('btc'), amount: '100000' })).quote.timeEstimate,
    );
  });

  it('MEMO mode: stellar needs it, xrp allows both, eth and INTENTS refuse it', async () => {
    const xlm = { originAsset: XLM, refundTo: validOn('stellar'), amount: '1000000000' };
    expectError(await quoteError(xlm), 400, /^depositMode SIMPLE is not supported for stellar deposits/);
    const s1 = await quote({ ...xlm, depositMode: 'MEMO' });
    const s2 = await quote({ ...xlm, depositMode: 'MEMO' });
    expect(s1.quote.depositAddress).toMatch(/^G[A-Z2-7]{55}$/);
    expect(s1.quote.depositAddress).toBe(s2.quote.depositAddress);
    expect(s1.quote.depositMemo).toMatch(/^\d{7,10}$/);
    expect(s1.quote.depositMemo).not.toBe(s2.quote.depositMemo);
    const ton = await quote({
      originAsset: 'nep245:v2_1.omni.hot.tg:1117_',
      refundTo: validOn('ton'),
      amount: '1000000000',
      depositMode: 'MEMO',
    });
    expect(isAddressOf('ton', ton.quote.depositAddress!)).toBe(true);
    expect(ton.quote.depositMemo).toMatch(/^\d+$/);
    const xrp = { originAsset: XRP, refundTo: validOn('xrp'), amount: '10000000' };
    expect((await quote(xrp)).quote.depositMemo).toBeUndefined();
    expect((await quote({ ...xrp, depositMode: 'MEMO' })).quote.depositMemo).toMatch(/^\d+$/);
    expectError(
      await quoteError({ depositMode: 'MEMO', originAsset: USDC_ETH, refundTo: validOn('eth'), amount: '10000000' }),
      400,
      /^depositMode MEMO is not supported for eth deposits/,
    );
    expectError(
      await quoteError({ depositMode: 'MEMO', depositType: 'INTENTS' }),
      400,
      /^depositMode MEMO is not supported for INTENTS deposits/,
    );
  });

  it('timeEstimate is in seconds per origin chain; refundFee is charged for origin-chain refunds only', async () => {
    const btc = await quote({ originAsset: BTC, refundTo: validOn('btc'), amount: '100000' });
    const home = await quote();
    expect(btc.quote.timeEstimate).toBeGreaterThan(600);
    expect(home.quote.timeEstimate).toBeLessThan(60);
    expect(BigInt(btc.quote.refundFee)).toBeGreaterThan(0n);
    expect(home.quote.refundFee).toBe('0');
    const intentsRefund = await quote({
      originAsset: BTC,
      refundType: 'INTENTS',
      refundTo: 'alice.near',
      amount: '100000',
    });
    expect(intentsRefund.quote.refundFee).toBe('0');
  });

  it('quote deadline and timeWhenInactive are the request deadline plus 72 h; timestamp is the sim clock', async () => {
    const d = deadline(3600_000);
    const q = await quote({ deadline: d });
    expect(Date.parse(String(q.quote.deadline)) - Date.parse(d)).toBe(72 * 3600_000);
    expect(q.quote.timeWhenInactive).toBe(q.quote.deadline);
    expect(Math.abs(Date.parse(q.timestamp) - sim.sim.ctx.clock.nowMs())).toBeLessThan(5000);
  });

  it('persists the swap before answering: its status is readable at once', async () => {
    const q = await quote();
    const st = await call('GET', `/v0/status?depositAddress=${q.quote.depositAddress}`);
    expect(st.status).toBe(200);
    expect(st.body.status).toBe('PENDING_DEPOSIT');
  });
});
