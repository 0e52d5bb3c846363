// The client's schemas against the shapes of docs/services.md: the live service's spellings
// (`near*` names, chain `near`), optionals sent as null or left out, 2025-era answers without
// correlationId. The fixtures are written from the spec text (captures cited there).
import { describe, expect, it } from 'vitest';
import type { HttpDeps } from '../../../src/core';
import {
  anyInputWithdrawalsSchema,
  errorBodySchema,
  fetchTokens,
  normalise,
  quoteResponseSchema,
  statusResponseSchema,
  tokenSchema,
  transactionsSchema,
} from '../../../src/oneclick';

const USDC = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const USDT_ETH = 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near';

/** docs/interface.md, "Capture: a quote, BTC to USDT on Ethereum": the staging BTC → USDT(eth) vector, non-dry, unauthenticated (platform fee injected). */
const liveQuote = () => ({
  correlationId: '3f0b6c1e-9a52-4c55-8d1e-2f7c8a1b9d10',
  timestamp: '2026-09-01T19:00:00.000Z',
  signature: 'ed25519:4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
  quoteRequest: {
    dry: false,
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: 'nep141:btc.omft.near',
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: USDT_ETH,
    amount: '10000',
    refundTo: 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw',
    refundType: 'ORIGIN_CHAIN',
    recipient: '0x76b4c56085ED136a8744D52bE956396624a730E8',
    recipientType: 'DESTINATION_CHAIN',
    deadline: '2026-09-01T22:00:00.000Z',
    referral: null,
    virtualChainRecipient: null,
    virtualChainRefundRecipient: null,
    customRecipientMsg: null,
    appFees: [{ recipient: '5880ad2b0c1fe0f4e2f3f9d4e11a52b3a6d1d1a8c0f1b7c6c7a8e2a0b1c247dd', fee: 25 }],
  },
  quote: {
    amountIn: '10000',
    amountInFormatted: '0.0001',
    amountInUsd: '6.237600000000',
    minAmountIn: '10000',
    amountOut: '5931560',
    amountOutFormatted: '5.93156',
    amountOutUsd: '5.9311',
    minAmountOut: '5872244',
    timeEstimate: 812,
    depositAddress: 'bc1q9x2nq6e0mmr3r9w7y0c4mpl2d7rf7v4j0gq5x3',
    depositMemo: null,
    deadline: '2026-09-04T22:00:00.000Z',
    timeWhenInactive: '2026-09-04T22:00:00.000Z',
    refundFee: '1900',
    withdrawFee: '300000',
    virtualChainRecipient: null,
    virtualChainRefundRecipient: null,
    customRecipientMsg: null,
  },
});

/** docs/interface.md, "Capture: a status with nulls": a PENDING_DEPOSIT status capture (2025-06): no correlationId, empty hashes, amounts null. */
const pendingStatus = () => ({
  quoteResponse: liveQuote(),
  status: 'PENDING_DEPOSIT',
  updatedAt: '2025-06-10T10:00:00.000Z',
  swapDetails: {
    intentHashes: [],
    nearTxHashes: [],
    amountIn: null,
    amountInFormatted: null,
    amountInUsd: null,
    amountOut: null,
    amountOutFormatted: null,
    amountOutUsd: null,
    slippage: null,
    refundedAmount: '0',
    refundedAmountFormatted: '0',
    refundedAmountUsd: '0',
    originChainTxHashes: [],
    destinationChainTxHashes: [],
    depositedAmount: null,
    depositedAmountFormatted: null,
    depositedAmountUsd: null,
    referral: null,
  },
});

/** docs/interface.md, "Capture: a transactions record": an explorer transaction record, live spellings and nulls. */
const liveTransaction = () => ({
  originAsset: 'nep141:zec.omft.near',
  destinationAsset: USDC,
  depositAddress: 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22',
  depositMemo: null,
  depositAddressAndMemo: 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22',
  recipient: 'alice.near',
  status: 'SUCCESS',
  createdAt: '2026-02-27T10:11:12.000Z',
  createdAtTimestamp: 1772187072,
  intentHashes: 'HASH1,HASH2',
  referral: null,
  amountIn: '2388503',
  amountInFormatted: '0.02388503',
  amountInUsd: '1.0012',
  amountOut: '1000000',
  amountOutFormatted: '1',
  amountOutUsd: '0.999997',
  appFees: [],
  nearTxHashes: ['NearTx111'],
  originChainTxHashes: ['zecTx'],
  destinationChainTxHashes: ['NearTx111'],
  refundTo: 't1ZVjVfpcCm7mqNqYQ3VAs8NreDWQt2AB22',
  senders: ['t1Sender'],
  refundReason: null,
  refundFee: null,
  refundFeeFormatted: null,
  depositType: 'ORIGIN_CHAIN',
  recipientType: 'DESTINATION_CHAIN',
  refundType: 'ORIGIN_CHAIN',
});

describe('normalise (docs/services.md, "Wire names"; docs/decisions.md)', () => {
  it('drops nulls and renames near* keys to home*, deeply, leaving the input as it was', () => {
    const input = { a: null, nearTxHashes: ['x'], inner: [{ nearSenderAccount: 'alice.near', nearby: 1, b: null }] };
    const copy = structuredClone(input);
    expect(normalise(input)).toEqual({ homeTxHashes: ['x'], inner: [{ homeSenderAccount: 'alice.near', nearby: 1 }] });
    expect(input).toEqual(copy);
  });
});

describe('quote response (docs/interface.md, "Quote response")', () => {
  it('parses a live non-dry quote: nulls are absent, the injected fee is in the echo', () => {
    const r = quoteResponseSchema.parse(liveQuote());
    expect(r.quote).toMatchObject({
      depositAddress: 'bc1q9x2nq6e0mmr3r9w7y0c4mpl2d7rf7v4j0gq5x3',
      timeEstimate: 812,
      refundFee: '1900',
      withdrawFee: '300000',
    });
    expect('depositMemo' in r.quote && r.quote.depositMemo !== undefined).toBe(false);
    expect(r.quote.virtualChainRecipient).toBeUndefined();
    expect(r.quoteRequest.appFees).toEqual([{ recipient: expect.stringMatching(/^5880/), fee: 25 }]);
    expect(r.signature).toMatch(/^ed25519:/);
  });

  it('parses a dry quote (no address, deadline, memo) and a 2025 answer without correlationId', () => {
    const dry = liveQuote();
    dry.quoteRequest.dry = true;
    const q: Record<string, unknown> = dry.quote;
    delete q.depositAddress;
    delete q.deadline;
    delete q.timeWhenInactive;
    delete q.depositMemo;
    const { correlationId: _absentIn2025, ...old } = dry;
    const r = quoteResponseSchema.parse(old);
    expect(r.quote.depositAddress).toBeUndefined();
    expect(r.correlationId).toBeUndefined();
  });

  it('keeps a memo, EXACT_OUTPUT maxAmountIn and ANY_INPUT chainDepositAddresses (chain near → home)', () => {
    const raw = liveQuote();
    Object.assign(raw.quote, {
      depositMemo: '1111111',
      maxAmountIn: '10100',
      chainDepositAddresses: [
        { blockchain: 'near', address: 'abc.near', memo: null },
        { blockchain: 'stellar', address: 'GA5Z', memo: '42' },
      ],
    });
    const r = quoteResponseSchema.parse(raw);
    expect(r.quote).toMatchObject({ depositMemo: '1111111', maxAmountIn: '10100' });
    expect(r.quote.chainDepositAddresses).toEqual([
      { blockchain: 'home', address: 'abc.near' },
      { blockchain: 'stellar', address: 'GA5Z', memo: '42' },
    ]);
  });

  it('refuses a quote without its signature or with a wrong type', () => {
    const { signature: _removed, ...unsigned } = liveQuote();
    expect(quoteResponseSchema.safeParse(unsigned).success).toBe(false);
    const bad = liveQuote();
    (bad.quote as Record<string, unknown>).timeEstimate = '812';
    expect(quoteResponseSchema.safeParse(bad).success).toBe(false);
  });
});

describe('status and deposit-submit response (docs/services.md)', () => {
  it('parses a live PENDING_DEPOSIT capture: nearTxHashes → homeTxHashes, null amounts absent', () => {
    const r = statusResponseSchema.parse(pendingStatus());
    expect(r.status).toBe('PENDING_DEPOSIT');
    expect(r.correlationId).toBeUndefined();
    expect(r.swapDetails).toEqual({
      intentHashes: [],
      homeTxHashes: [],
      originChainTxHashes: [],
      destinationChainTxHashes: [],
      refundedAmount: '0',
      refundedAmountFormatted: '0',
      refundedAmountUsd: '0',
    });
    expect(r.quoteResponse.quote.amountIn).toBe('10000');
  });

  it('parses a REFUNDED capture (explorerUrl "") and a SUCCESS with settled amounts (homeTxHashes spelling)', () => {
    const refunded = pendingStatus();
    Object.assign(refunded, { status: 'REFUNDED', correlationId: 'c-1' });
    Object.assign(refunded.swapDetails, {
      originChainTxHashes: [{ hash: 'btcTx', explorerUrl: '' }],
      refundedAmount: '8100',
      refundedAmountFormatted: '0.000081',
      refundedAmountUsd: '5.05',
      refundReason: 'PARTIAL_DEPOSIT',
    });
    const r = statusResponseSchema.parse(refunded);
    expect(r.swapDetails).toMatchObject({
      refundReason: 'PARTIAL_DEPOSIT',
      originChainTxHashes: [{ hash: 'btcTx', explorerUrl: '' }],
    });

    const success = pendingStatus();
    const { nearTxHashes, ...details } = success.swapDetails;
    expect(nearTxHashes).toEqual([]);
    const s = statusResponseSchema.parse({
      ...success,
      status: 'SUCCESS',
      swapDetails: {
        ...details,
        homeTxHashes: ['H1'],
        amountOut: '5931560',
        amountOutFormatted: '5.93156',
        slippage: 0,
        destinationChainTxHashes: [{ hash: '0xabc', explorerUrl: 'https://etherscan.io/tx/0xabc' }],
      },
    });
    expect(s.swapDetails).toMatchObject({ homeTxHashes: ['H1'], amountOutFormatted: '5.93156', slippage: 0 });
  });

  it('refuses an unknown status', () => {
    expect(statusResponseSchema.safeParse({ ...pendingStatus(), status: 'EXPIRED' }).success).toBe(false);
  });
});

describe('transactions API records (docs/interface.md, "Transaction record")', () => {
  it('parses live records: nearTxHashes → homeTxHashes, nulls absent, extra fields ignored', () => {
    const [t] = transactionsSchema.parse([liveTransaction()]);
    expect(t).toMatchObject({
      homeTxHashes: ['NearTx111'],
      intentHashes: 'HASH1,HASH2',
      senders: ['t1Sender'],
      createdAtTimestamp: 1772187072,
    });
    expect(t!.depositMemo).toBeUndefined();
    expect(t!.refundReason).toBeUndefined();
    expect(t).not.toHaveProperty('nearTxHashes');
  });

  it('accepts the spelling of docs/interface.md and a record without the optional refund fields', () => {
    const { nearTxHashes, refundReason, refundFee, ...rest } = liveTransaction();
    expect([nearTxHashes, refundReason, refundFee]).toEqual([['NearTx111'], null, null]);
    expect(transactionsSchema.parse([{ ...rest, homeTxHashes: [], depositMemo: '7' }])[0]).toMatchObject({
      depositMemo: '7',
      homeTxHashes: [],
    });
  });
});

describe('tokens and error bodies', () => {
  it('tokens: chain near → home, contractAddress null or absent', () => {
    const base = {
      assetId: 'nep141:wrap.near',
      decimals: 24,
      symbol: 'wNEAR',
      price: 1.4335e-8,
      priceUpdatedAt: '2025-05-06T19:41:35.221Z',
    };
    expect(tokenSchema.parse({ ...base, blockchain: 'near', contractAddress: 'wrap.near' }).blockchain).toBe('home');
    expect(tokenSchema.parse({ ...base, blockchain: 'eth', contractAddress: null }).contractAddress).toBeNull();
    expect(tokenSchema.parse({ ...base, blockchain: 'btc' }).contractAddress).toBeUndefined();
    // A negative price is no price: valuing it would throw and hide every balance on Home.
    expect(tokenSchema.safeParse({ ...base, blockchain: 'btc', price: -1 }).success).toBe(false);
  });

  it('tokens: an asset listed twice with different decimals is dropped (the amount field and the review would read it differently); an exact repeat is kept once', async () => {
    const wnear = {
      assetId: 'nep141:wrap.near',
      decimals: 24,
      blockchain: 'near',
      symbol: 'wNEAR',
      price: 2,
      priceUpdatedAt: '2025-05-06T19:41:35.221Z',
    };
    const usdc = { ...wnear, assetId: USDC, decimals: 6, symbol: 'USDC', price: 1 };
    const list = [usdc, wnear, { ...usdc, decimals: 9 }, wnear];
    const deps: HttpDeps = {
      fetch: async () => ({ status: 200, headers: new Headers(), text: async () => JSON.stringify(list) }),
      sleep: async () => undefined,
    };
    expect((await fetchTokens(deps, 'https://service.example')).map((t) => t.assetId)).toEqual(['nep141:wrap.near']);
  });

  it('error bodies (docs/services.md, errors): message with correlationId and timestamp, or message alone (404 with statusCode)', () => {
    expect(
      errorBodySchema.parse({
        message: 'Amount is too low for bridge, try at least 132000',
        correlationId: 'c',
        timestamp: '2026-01-01T00:00:00Z',
      }),
    ).toMatchObject({
      message: 'Amount is too low for bridge, try at least 132000',
      correlationId: 'c',
    });
    expect(errorBodySchema.parse({ message: 'Deposit address not found', statusCode: 404 })).toEqual({
      message: 'Deposit address not found',
    });
  });
});

describe('ANY_INPUT withdrawals (GetAnyInputQuoteWithdrawals)', () => {
  const paid = {
    status: 'SUCCESS',
    amountOutFormatted: '1153.86',
    amountOutUsd: '1153.86',
    amountOut: '1153860000',
    withdrawFeeFormatted: '0.5',
    withdrawFee: '500000',
    withdrawFeeUsd: '0.5',
    timestamp: '2026-09-01T19:00:00.000Z',
    hash: '0xabc',
  };
  const top = { asset: USDT_ETH, recipient: 'pool.near', affiliateRecipient: 'partner.near' };
  it('reads the docs example (an array), the model (one object) and null or absent as a list', () => {
    expect(
      anyInputWithdrawalsSchema
        .parse({ ...top, withdrawals: [paid, { ...paid, status: 'FAILED', hash: '0xdef' }] })
        .withdrawals.map((w) => w.status),
    ).toEqual(['SUCCESS', 'FAILED']);
    expect(anyInputWithdrawalsSchema.parse({ ...top, withdrawals: paid }).withdrawals).toEqual([paid]);
    expect(anyInputWithdrawalsSchema.parse({ ...top, withdrawals: null }).withdrawals).toEqual([]);
    expect(anyInputWithdrawalsSchema.parse(top).withdrawals).toEqual([]);
  });
  it('refuses a status outside the model and a payout without its amount', () => {
    expect(anyInputWithdrawalsSchema.safeParse({ ...top, withdrawals: [{ ...paid, status: 'PENDING' }] }).success).toBe(
      false,
    );
    const { amountOut: _dropped, ...noAmount } = paid;
    expect(anyInputWithdrawalsSchema.safeParse({ ...top, withdrawals: [noAmount] }).success).toBe(false);
  });
});
