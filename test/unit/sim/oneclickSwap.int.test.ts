// The swap state machine against the running simulator, on its clock: every swap type's path to
// SUCCESS, REFUNDED (each reason) and INCOMPLETE_DEPOSIT (and the top-up that completes it), deposits
// by ledger transfer for INTENTS, deliveries and refunds on the ledger, deposit/submit, status, and a
// restart from the data file.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { describe, expect, it } from 'vitest';
import {
  buildIntentPayload,
  encodeVersionedNonce,
  generateKeyPair,
  hex,
  implicitAccountId,
  signIntentPayload,
} from '../../../src/core';
import { REFUND_REASONS } from '../../../src/sim/oneclick/model';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { ledgerSalt } from '../../support/ledgerView';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const WNEAR = 'nep141:wrap.near';
const USDC_HOME = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const USDT_ETH = 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near';
const BTC = 'nep141:btc.omft.near';
const XLM = 'nep141:stellar-native.omft.near';
const XRP = 'nep141:xrp.omft.near';
const ONE_NEAR = 10n ** 24n;
const EVM_ADDRESS = '0x76b4c56085ed136a8744d52be956396624a730e8';
const BTC_ADDRESS = 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw';
const STELLAR_ADDRESS = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';

// Long steps so each stage can be looked at between clock moves.
const TIMING = { depositDetectMs: 10_000, confirmMs: 20_000, processMs: 30_000, busStepMs: 200, solverLatencyMs: 5 };
const STAGES = TIMING.depositDetectMs + TIMING.confirmMs + TIMING.processMs;

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { message?: string };
}
interface Quote {
  timestamp: string;
  signature: string;
  quoteRequest: Record<string, unknown>;
  quote: {
    depositAddress: string;
    depositMemo?: string;
    amountIn: string;
    minAmountIn: string;
    amountOut: string;
    minAmountOut: string;
    refundFee: string;
  };
}
interface TxRef {
  hash: string;
  explorerUrl: string;
}
interface Status {
  status: string;
  updatedAt: string;
  quoteResponse: Quote;
  swapDetails: {
    intentHashes: string[];
    homeTxHashes: string[];
    originChainTxHashes: TxRef[];
    destinationChainTxHashes: TxRef[];
    amountIn: string | null;
    amountOut: string | null;
    amountOutFormatted: string | null;
    amountOutUsd: string | null;
    slippage: number | null;
    refundedAmount: string;
    refundedAmountFormatted: string;
    refundReason: string | null;
    depositedAmount: string | null;
    depositedAmountUsd: string | null;
    referral: string | null;
  };
}

const sim = simulatorPerFile({ timing: TIMING });

async function call<T = Record<string, unknown>>(
  s: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

const nowOf = (s: RunningSimulator) => s.sim.ctx.clock.nowMs();

async function quote(overrides: Record<string, unknown> = {}, s = sim): Promise<Quote> {
  const body = {
    dry: false,
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: 'ORIGIN_CHAIN',
    destinationAsset: USDC_HOME,
    amount: ONE_NEAR.toString(),
    refundTo: 'alice.near',
    refundType: 'ORIGIN_CHAIN',
    recipient: 'bob.near',
    recipientType: 'DESTINATION_CHAIN',
    deadline: new Date(nowOf(s) + 3600_000).toISOString(),
    ...overrides,
  };
  const a = await call<Quote>(s, 'POST', '/v0/quote', body, { authorization: `Bearer ${s.devJwt}` });
  if (a.status !== 200) throw new Error(`quote: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}

async function deposit(q: Quote, amount: bigint | string, extra: Record<string, unknown> = {}, s = sim) {
  const a = await call<{ txHash: string }>(s, 'POST', '/dev/deposit', {
    depositAddress: q.quote.depositAddress,
    amount: String(amount),
    ...(q.quote.depositMemo && { memo: q.quote.depositMemo }),
    ...extra,
  });
  if (a.status !== 200) throw new Error(`deposit: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body.txHash;
}

async function advance(ms: number, s = sim) {
  const a = await call(s, 'POST', '/dev/clock/advance', { ms });
  expect(a.status).toBe(200);
}

async function status(q: Quote, s = sim): Promise<Status> {
  const memo = q.quote.depositMemo ? `&depositMemo=${q.quote.depositMemo}` : '';
  const a = await call<Status>(s, 'GET', `/v0/status?depositAddress=${q.quote.depositAddress}${memo}`);
  expect(a.status).toBe(200);
  return a.body;
}

async function balance(accountId: string, tokenId: string): Promise<bigint> {
  const a = await call<{ balances: Record<string, string> }>(sim, 'GET', `/dev/balances?accountId=${accountId}`);
  return BigInt(a.body.balances[tokenId] ?? '0');
}

async function withPriceShift<T>(bps: number, fn: () => Promise<T>): Promise<T> {
  await call(sim, 'POST', '/dev/price-shift', { bps });
  try {
    return await fn();
  } finally {
    await call(sim, 'POST', '/dev/price-shift', { bps: 0 });
  }
}

/** A ledger user who funds an account and transfers with a signed intent through the message bus. */
async function transferOnLedger(
  to: string,
  tokenId: string,
  amount: bigint,
): Promise<{ from: string; intentHash: string }> {
  const key = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
  const from = implicitAccountId(key.publicKey);
  expect((await call(sim, 'POST', '/dev/fund', { accountId: from, tokenId, amount: amount.toString() })).status).toBe(
    200,
  );
  const salt = await ledgerSalt(sim);
  const deadline = new Date(nowOf(sim) + 60_000);
  const payload = buildIntentPayload({
    signerId: from,
    verifyingContract: 'intents.sim',
    deadline,
    nonce: encodeVersionedNonce({ salt: hex.decode(salt), deadline, random15: new Uint8Array(randomBytes(15)) }),
    intents: [{ intent: 'transfer', receiver_id: to, tokens: { [tokenId]: amount.toString() } }],
  });
  const signed = signIntentPayload(key.secretSeed, payload, 'nep413');
  const res = await call<{ result: { status: string; intent_hash: string; reason?: string } }>(
    sim,
    'POST',
    '/rpc',
    { jsonrpc: '2.0', id: 'dontcare', method: 'publish_intent', params: [{ quote_hashes: [], signed_data: signed }] },
    { 'X-API-Key': sim.busApiKey },
  );
  expect(res.body.result, JSON.stringify(res.body)).toMatchObject({ status: 'OK' });
  return { from, intentHash: res.body.result.intent_hash };
}

describe('EXACT_INPUT', () => {
  it('walks PENDING_DEPOSIT → KNOWN_DEPOSIT_TX → PROCESSING → SUCCESS on the clock, filling swapDetails', async () => {
    const q = await quote({ referral: 'mywallet' });
    expect((await status(q)).status).toBe('PENDING_DEPOSIT');
    const tx = await deposit(q, q.quote.amountIn, { sender: 'alice.near' });
    let s = await status(q);
    expect(s.status).toBe('PENDING_DEPOSIT');
    expect(s.swapDetails).toMatchObject({
      depositedAmount: null,
      amountIn: null,
      amountOut: null,
      slippage: null,
      refundedAmount: '0',
      refundReason: null,
      referral: 'mywallet',
    });

    await advance(TIMING.depositDetectMs);
    s = await status(q);
    expect(s.status).toBe('KNOWN_DEPOSIT_TX');
    expect(s.swapDetails.originChainTxHashes).toEqual([{ hash: tx, explorerUrl: `https://nearblocks.io/txns/${tx}` }]);
    expect(s.swapDetails).toMatchObject({ depositedAmount: q.quote.amountIn, depositedAmountUsd: '2.3100' });

    await advance(TIMING.confirmMs);
    s = await status(q);
    expect(s.status).toBe('PROCESSING');
    expect(s.swapDetails.intentHashes).toHaveLength(1);

    await advance(TIMING.processMs);
    s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails).toMatchObject({
      amountIn: q.quote.amountIn,
      amountOut: q.quote.amountOut,
      slippage: 0,
      refundedAmount: '0',
      refundReason: null,
    });
    expect(s.swapDetails.homeTxHashes.length).toBeGreaterThan(0);
    expect(s.swapDetails.destinationChainTxHashes).toHaveLength(1);
    expect(s.swapDetails.destinationChainTxHashes[0]!.explorerUrl).toMatch(/^https:\/\/nearblocks\.io\/txns\//);
    expect(verifyQuoteSignature(s.quoteResponse as never, sim.quotePublicKey)).toBe(true);
  });

  it('a single big clock jump gives the same end state, timed at the due moments', async () => {
    const q = await quote();
    await deposit(q, q.quote.amountIn);
    const depositedAt = nowOf(sim);
    await advance(10 * STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    // Executed at deposit + the three stages, not at the clock's now.
    expect(Math.abs(Date.parse(s.updatedAt) - (depositedAt + STAGES))).toBeLessThan(1000);
  });

  it('delivers to a destination chain with that chain’s tx hash and explorer', async () => {
    const q = await quote({ destinationAsset: USDC_ETH, recipient: EVM_ADDRESS });
    await deposit(q, q.quote.amountIn);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.destinationChainTxHashes[0]!.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s.swapDetails.destinationChainTxHashes[0]!.explorerUrl).toMatch(/^https:\/\/etherscan\.io\/tx\/0x/);
    expect(s.swapDetails.homeTxHashes.length).toBeGreaterThanOrEqual(2);
  });

  it('an XRP X-address recipient: the echo keeps it, the delivery goes to its classic address with its destination tag', async () => {
    // xrpl.js ripple-address-codec vectors: r9cZA1… with tag 1, and with no tag.
    const tagged = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
    const q = await quote({ destinationAsset: XRP, recipient: tagged });
    expect(q.quoteRequest.recipient).toBe(tagged);
    await deposit(q, q.quote.amountIn);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.quoteResponse.quoteRequest.recipient).toBe(tagged);
    const d = await call<{
      deliveries: {
        chain: string;
        address: string;
        destinationTag: string | null;
        bridgeMemo: string;
        txHash: string;
      }[];
    }>(sim, 'GET', `/dev/deliveries?depositAddress=${q.quote.depositAddress}`);
    expect(d.body.deliveries).toEqual([
      expect.objectContaining({
        chain: 'xrp',
        address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
        destinationTag: '1',
        bridgeMemo: 'WITHDRAW_TO:r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59:1',
        txHash: s.swapDetails.destinationChainTxHashes[0]!.hash,
      }),
    ]);
    const plain = await quote({ destinationAsset: XRP, recipient: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ' });
    await deposit(plain, plain.quote.amountIn);
    await advance(STAGES);
    const p = await call<{ deliveries: { destinationTag: string | null; bridgeMemo: string }[] }>(
      sim,
      'GET',
      `/dev/deliveries?depositAddress=${plain.quote.depositAddress}`,
    );
    expect(p.body.deliveries).toEqual([
      expect.objectContaining({ destinationTag: null, bridgeMemo: 'WITHDRAW_TO:r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59' }),
    ]);
    // A testnet X-address is not an address of the XRP Ledger mainnet.
    const testnet = await call(
      sim,
      'POST',
      '/v0/quote',
      { ...q.quoteRequest, dry: true, recipient: 'T7oKJ3q7s94kDH6tpkBowhetT1JKfcfdSCmAXbS75iATyLD' },
      { authorization: `Bearer ${sim.devJwt}` },
    );
    expect(testnet).toMatchObject({ status: 400, body: { message: 'recipient is not valid' } });
  });

  it('refunds the excess after the swap', async () => {
    const q = await quote();
    const excess = ONE_NEAR / 2n;
    await deposit(q, ONE_NEAR + excess);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails).toMatchObject({
      amountIn: ONE_NEAR.toString(),
      refundedAmount: excess.toString(),
      refundedAmountFormatted: '0.5',
      refundReason: null,
      depositedAmount: (ONE_NEAR + excess).toString(),
    });
  });

  it('a short deposit is INCOMPLETE_DEPOSIT; a top-up before the deadline completes it', async () => {
    const q = await quote();
    await deposit(q, ONE_NEAR / 4n);
    await advance(TIMING.depositDetectMs + TIMING.confirmMs);
    let s = await status(q);
    expect(s.status).toBe('INCOMPLETE_DEPOSIT');
    expect(s.swapDetails.depositedAmount).toBe((ONE_NEAR / 4n).toString());
    await advance(TIMING.processMs); // nothing happens while short
    expect((await status(q)).status).toBe('INCOMPLETE_DEPOSIT');
    await deposit(q, (ONE_NEAR * 3n) / 4n);
    await advance(TIMING.depositDetectMs + TIMING.confirmMs);
    s = await status(q);
    expect(s.status).toBe('PROCESSING');
    await advance(TIMING.processMs);
    s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.originChainTxHashes).toHaveLength(2);
    expect(s.swapDetails.amountIn).toBe(ONE_NEAR.toString());
  });

  it('a short deposit is refunded at the deadline (PARTIAL_DEPOSIT), on the origin chain less the refund fee', async () => {
    const q = await quote({
      originAsset: BTC,
      refundTo: BTC_ADDRESS,
      amount: '100000',
      deadline: new Date(nowOf(sim) + 600_000).toISOString(),
    });
    const fee = BigInt(q.quote.refundFee);
    expect(fee).toBeGreaterThan(0n);
    await deposit(q, 40_000n);
    await advance(TIMING.depositDetectMs + TIMING.confirmMs);
    expect((await status(q)).status).toBe('INCOMPLETE_DEPOSIT');
    await advance(600_000);
    const s = await status(q);
    expect(s.status).toBe('REFUNDED');
    expect(s.swapDetails).toMatchObject({
      refundReason: 'PARTIAL_DEPOSIT',
      refundedAmount: (40_000n - fee).toString(),
    });
    // Deposit and refund on bitcoin, both linked to the explorer.
    expect(s.swapDetails.originChainTxHashes).toHaveLength(2);
    for (const t of s.swapDetails.originChainTxHashes) expect(t.explorerUrl).toBe(`https://mempool.space/tx/${t.hash}`);
    expect(Date.parse(s.updatedAt)).toBe(Date.parse(String(q.quoteRequest.deadline)));
  });

  it('a deposit that arrives after the deadline short is refunded at once', async () => {
    const q = await quote({ deadline: new Date(nowOf(sim) + 20_000).toISOString() });
    await deposit(q, ONE_NEAR / 2n);
    await advance(STAGES);
    const s = await status(q);
    expect(s).toMatchObject({
      status: 'REFUNDED',
      swapDetails: { refundReason: 'PARTIAL_DEPOSIT', refundedAmount: (ONE_NEAR / 2n).toString() },
    });
  });

  it('a deposit after SUCCESS is refunded and the status stays', async () => {
    const q = await quote();
    await deposit(q, ONE_NEAR);
    await advance(STAGES);
    await deposit(q, 5n * 10n ** 23n);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.refundedAmount).toBe((5n * 10n ** 23n).toString());
  });
});

describe('EXACT_OUTPUT', () => {
  it('swaps what the exact output needs and refunds the unused buffer', async () => {
    const q = await quote({ swapType: 'EXACT_OUTPUT', amount: '2000000', slippageTolerance: 200 });
    await deposit(q, q.quote.amountIn);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.amountOut).toBe('2000000');
    expect(s.swapDetails.amountIn).toBe(q.quote.minAmountIn);
    expect(s.swapDetails.refundedAmount).toBe((BigInt(q.quote.amountIn) - BigInt(q.quote.minAmountIn)).toString());
  });

  it('minAmountIn is enough; below it the deposit waits, then is refunded at the deadline', async () => {
    const ok = await quote({ swapType: 'EXACT_OUTPUT', amount: '2000000' });
    await deposit(ok, ok.quote.minAmountIn);
    const short = await quote({
      swapType: 'EXACT_OUTPUT',
      amount: '2000000',
      deadline: new Date(nowOf(sim) + 300_000).toISOString(),
    });
    const shortBy = BigInt(short.quote.minAmountIn) - 1n;
    await deposit(short, shortBy);
    await advance(STAGES);
    expect((await status(ok)).swapDetails).toMatchObject({ amountOut: '2000000', refundedAmount: '0' });
    expect((await status(short)).status).toBe('INCOMPLETE_DEPOSIT');
    await advance(300_000);
    expect(await status(short)).toMatchObject({
      status: 'REFUNDED',
      swapDetails: { refundReason: 'PARTIAL_DEPOSIT', refundedAmount: shortBy.toString() },
    });
  });

  it('a price move within the slippage uses more of the buffer (slippage reported); beyond it, refunds', async () => {
    await withPriceShift(-50, async () => {
      const q = await quote({ swapType: 'EXACT_OUTPUT', amount: '2000000', slippageTolerance: 100 });
      await deposit(q, q.quote.amountIn);
      await advance(STAGES);
      const s = await status(q);
      expect(s.status).toBe('SUCCESS');
      expect(BigInt(s.swapDetails.amountIn!)).toBeGreaterThan(BigInt(q.quote.minAmountIn));
      expect(s.swapDetails.slippage).toBeGreaterThanOrEqual(49);
    });
    await withPriceShift(-300, async () => {
      const q = await quote({ swapType: 'EXACT_OUTPUT', amount: '2000000', slippageTolerance: 100 });
      await deposit(q, q.quote.amountIn);
      await advance(STAGES);
      expect(await status(q)).toMatchObject({
        status: 'REFUNDED',
        swapDetails: { refundReason: 'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT', refundedAmount: q.quote.amountIn },
      });
    });
  });
});

describe('FLEX_INPUT', () => {
  it('converts any deposit from minAmountIn up, the output in proportion', async () => {
    const q = await quote({ swapType: 'FLEX_INPUT', slippageTolerance: 100 });
    const part = BigInt(q.quote.minAmountIn) + 1n;
    await deposit(q, part);
    await advance(STAGES);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.amountIn).toBe(part.toString());
    expect(BigInt(s.swapDetails.amountOut!)).toBeLessThan(BigInt(q.quote.amountOut));
    expect(s.swapDetails.refundedAmount).toBe('0');
  });

  it('deposits above the amount are all converted', async () => {
    const q = await quote({ swapType: 'FLEX_INPUT' });
    await deposit(q, 2n * ONE_NEAR);
    await advance(STAGES);
    const s = await status(q);
    expect(s.swapDetails).toMatchObject({ amountIn: (2n * ONE_NEAR).toString(), refundedAmount: '0' });
    expect(BigInt(s.swapDetails.amountOut!)).toBeGreaterThan(BigInt(q.quote.amountOut));
  });

  it('below minAmountIn: INCOMPLETE_DEPOSIT, refunded at the deadline', async () => {
    const q = await quote({ swapType: 'FLEX_INPUT', deadline: new Date(nowOf(sim) + 120_000).toISOString() });
    await deposit(q, BigInt(q.quote.minAmountIn) - 1n);
    await advance(STAGES);
    expect((await status(q)).status).toBe('INCOMPLETE_DEPOSIT');
    await advance(120_000);
    expect(await status(q)).toMatchObject({ status: 'REFUNDED', swapDetails: { refundReason: 'PARTIAL_DEPOSIT' } });
  });

  it('a small deposit whose output cannot be withdrawn is refunded (AMOUNT_LESS_THAN_MIN_WITHDRAWABLE)', async () => {
    // ~$1.05 in; eth withdrawals need $1; with 5% slippage the lower bound is ~$0.99 out.
    const q = await quote({
      swapType: 'FLEX_INPUT',
      slippageTolerance: 500,
      destinationAsset: USDC_ETH,
      recipient: EVM_ADDRESS,
      amount: (455n * 10n ** 21n).toString(),
    });
    await deposit(q, q.quote.minAmountIn);
    await advance(STAGES);
    expect(await status(q)).toMatchObject({
      status: 'REFUNDED',
      swapDetails: { refundReason: 'AMOUNT_LESS_THAN_MIN_WITHDRAWABLE', refundedAmount: q.quote.minAmountIn },
    });
  });
});

describe('refunds at execution', () => {
  it('NO_LIQUIDITY when the pair has none at execution', async () => {
    const q = await quote();
    await call(sim, 'POST', '/dev/liquidity', { assetIn: WNEAR, assetOut: USDC_HOME, available: false });
    try {
      await deposit(q, ONE_NEAR);
      await advance(STAGES);
      expect(await status(q)).toMatchObject({
        status: 'REFUNDED',
        swapDetails: { refundReason: 'NO_LIQUIDITY', refundedAmount: ONE_NEAR.toString(), amountOut: null },
      });
    } finally {
      await call(sim, 'POST', '/dev/liquidity', { assetIn: WNEAR, assetOut: USDC_HOME, available: true });
    }
  });

  it('AMOUNT_LESS_THAN_MIN_AMOUNT_OUT when the price moved beyond the slippage; within it, SUCCESS with the slippage', async () => {
    await withPriceShift(-200, async () => {
      const q = await quote({ slippageTolerance: 100 });
      await deposit(q, ONE_NEAR);
      await advance(STAGES);
      expect(await status(q)).toMatchObject({
        status: 'REFUNDED',
        swapDetails: { refundReason: 'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT' },
      });
    });
    await withPriceShift(-50, async () => {
      const q = await quote({ slippageTolerance: 100, swapType: 'FLEX_INPUT' });
      await deposit(q, ONE_NEAR);
      await advance(STAGES);
      const s = await status(q);
      expect(s.status).toBe('SUCCESS');
      expect(s.swapDetails.slippage).toBe(50);
    });
  });

  it.each(REFUND_REASONS.filter((r) => r !== 'PARTIAL_DEPOSIT'))('a forced %s refund', async (reason) => {
    const q = await quote();
    expect(
      (await call(sim, 'POST', '/dev/swap-outcome', { depositAddress: q.quote.depositAddress, outcome: reason }))
        .status,
    ).toBe(200);
    await deposit(q, ONE_NEAR);
    await advance(STAGES);
    expect(await status(q)).toMatchObject({
      status: 'REFUNDED',
      swapDetails: { refundReason: reason, refundedAmount: ONE_NEAR.toString() },
    });
  });

  it('a forced FAILED', async () => {
    const q = await quote();
    await call(sim, 'POST', '/dev/swap-outcome', { depositAddress: q.quote.depositAddress, outcome: 'FAILED' });
    await deposit(q, ONE_NEAR);
    await advance(STAGES);
    expect(await status(q)).toMatchObject({
      status: 'FAILED',
      swapDetails: { refundedAmount: '0', refundReason: null },
    });
  });
});

describe('the ledger side: INTENTS deposits, deliveries and refunds', () => {
  it('a ledger transfer to the deposit account is the deposit; an INTENTS recipient is credited on the ledger', async () => {
    const recipient = `r${Date.now()}.near`;
    const q = await quote({
      depositType: 'INTENTS',
      recipientType: 'INTENTS',
      recipient,
      refundType: 'INTENTS',
      refundTo: 'alice.near',
    });
    expect(q.quote.depositAddress).toMatch(/^[0-9a-f]{64}$/);
    const { from, intentHash } = await transferOnLedger(q.quote.depositAddress, WNEAR, ONE_NEAR);
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(ONE_NEAR);
    await advance(TIMING.depositDetectMs);
    let s = await status(q);
    expect(s.status).toBe('KNOWN_DEPOSIT_TX');
    expect(s.swapDetails.intentHashes).toContain(intentHash);
    expect(s.swapDetails.originChainTxHashes[0]!.explorerUrl).toMatch(/^https:\/\/nearblocks\.io\/txns\//);
    await advance(TIMING.confirmMs + TIMING.processMs);
    s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(await balance(recipient, USDC_HOME)).toBe(BigInt(q.quote.amountOut));
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(0n);
    expect(s.swapDetails.destinationChainTxHashes).toEqual([]);
    const tx = await call<Record<string, unknown>[]>(sim, 'GET', `/api/v0/transactions?search=${from}`, undefined, {
      authorization: `Bearer ${sim.devJwt}`,
    });
    expect(tx.body.map((t) => t.depositAddress)).toEqual([q.quote.depositAddress]);
  });

  it('a ledger transfer of another token is not a deposit', async () => {
    const q = await quote({ depositType: 'INTENTS' });
    await transferOnLedger(q.quote.depositAddress, USDC_HOME, 1_000_000n);
    await advance(STAGES);
    expect((await status(q)).status).toBe('PENDING_DEPOSIT');
  });

  it('refundType INTENTS refunds on the ledger (from an INTENTS deposit account)', async () => {
    const refundTo = `refund${Date.now()}.near`;
    const q = await quote({
      depositType: 'INTENTS',
      refundType: 'INTENTS',
      refundTo,
      deadline: new Date(nowOf(sim) + 120_000).toISOString(),
    });
    await transferOnLedger(q.quote.depositAddress, WNEAR, ONE_NEAR / 2n);
    await advance(STAGES + 120_000);
    expect(await status(q)).toMatchObject({
      status: 'REFUNDED',
      swapDetails: { refundReason: 'PARTIAL_DEPOSIT', refundedAmount: (ONE_NEAR / 2n).toString() },
    });
    expect(await balance(refundTo, WNEAR)).toBe(ONE_NEAR / 2n);
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(0n);
  });

  it('refundType INTENTS for an origin-chain deposit credits the origin asset on the ledger; excess too', async () => {
    const refundTo = `btcrefund${Date.now()}.near`;
    const q = await quote({ originAsset: BTC, amount: '100000', refundType: 'INTENTS', refundTo });
    expect(q.quote.refundFee).toBe('0');
    await deposit(q, 150_000n);
    await advance(STAGES);
    expect(await status(q)).toMatchObject({ status: 'SUCCESS', swapDetails: { refundedAmount: '50000' } });
    expect(await balance(refundTo, BTC)).toBe(50_000n);
  });

  it('/dev/deposit into an INTENTS deposit account credits it on the ledger first', async () => {
    const q = await quote({ depositType: 'INTENTS' });
    await deposit(q, ONE_NEAR);
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(ONE_NEAR);
    await advance(STAGES);
    expect((await status(q)).status).toBe('SUCCESS');
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(0n);
  });
});

describe('deposit/submit', () => {
  it('with a known deposit’s hash, detection happens at once', async () => {
    const q = await quote();
    const tx = await deposit(q, ONE_NEAR);
    const a = await call<Status>(sim, 'POST', '/v0/deposit/submit', {
      txHash: tx,
      depositAddress: q.quote.depositAddress,
      homeSenderAccount: 'alice.near',
    });
    expect(a.status).toBe(200);
    expect(a.body.status).toBe('KNOWN_DEPOSIT_TX');
    await advance(TIMING.confirmMs);
    expect((await status(q)).status).toBe('PROCESSING');
  });

  it('with an unknown hash, KNOWN_DEPOSIT_TX is reported; the deposit with that hash later counts at once', async () => {
    const q = await quote();
    const a = await call<Status>(sim, 'POST', '/v0/deposit/submit', {
      txHash: 'UserTx42',
      depositAddress: q.quote.depositAddress,
      nearSenderAccount: 'carol.near',
    });
    expect(a.body.status).toBe('KNOWN_DEPOSIT_TX');
    expect(a.body.swapDetails.originChainTxHashes.map((t) => t.hash)).toEqual(['UserTx42']);
    await advance(STAGES);
    expect((await status(q)).status).toBe('KNOWN_DEPOSIT_TX'); // no funds came
    await deposit(q, ONE_NEAR, { txHash: 'UserTx42' });
    await advance(TIMING.confirmMs);
    expect((await status(q)).status).toBe('PROCESSING');
    await advance(TIMING.processMs);
    const s = await status(q);
    expect(s.status).toBe('SUCCESS');
    expect(s.swapDetails.originChainTxHashes.map((t) => t.hash)).toEqual(['UserTx42']);
  });

  it('validates its body and answers 404 for unknown addresses', async () => {
    expect((await call(sim, 'POST', '/v0/deposit/submit', { depositAddress: 'x' })).body.message).toBe(
      'txHash must be a string',
    );
    expect((await call(sim, 'POST', '/v0/deposit/submit', { txHash: 'x', depositAddress: 'nope' })).status).toBe(404);
    expect((await call(sim, 'GET', '/v0/status')).body.message).toBe('depositAddress must be a string');
    const nf = await call(sim, 'GET', '/v0/status?depositAddress=nope');
    expect(nf).toMatchObject({ status: 404, body: { message: 'Deposit address not found' } });
  });
});

describe('memo deposits', () => {
  it('swaps sharing a stellar address are told apart by memo', async () => {
    const a = await quote({ originAsset: XLM, refundTo: STELLAR_ADDRESS, amount: '100000000', depositMode: 'MEMO' });
    const b = await quote({ originAsset: XLM, refundTo: STELLAR_ADDRESS, amount: '100000000', depositMode: 'MEMO' });
    expect(a.quote.depositAddress).toBe(b.quote.depositAddress);
    expect((await call(sim, 'GET', `/v0/status?depositAddress=${a.quote.depositAddress}`)).status).toBe(404);
    await deposit(a, a.quote.amountIn);
    await advance(STAGES);
    expect((await status(a)).status).toBe('SUCCESS');
    expect((await status(b)).status).toBe('PENDING_DEPOSIT');
    const submit = await call<Status>(sim, 'POST', '/v0/deposit/submit', {
      txHash: 'abc',
      depositAddress: b.quote.depositAddress,
      memo: b.quote.depositMemo,
    });
    expect(submit.body.status).toBe('KNOWN_DEPOSIT_TX');
  });
});

describe('ANY_INPUT', () => {
  it('collects deposits of any token, converts them, and withdraws the pool at $1,000 without ending', async () => {
    const recipient = `pool${Date.now()}.near`;
    const q = await quote({
      swapType: 'ANY_INPUT',
      originAsset: '1cs:any',
      amount: '0',
      slippageTolerance: 0,
      depositType: 'INTENTS',
      refundType: 'INTENTS',
      destinationAsset: USDT_ETH,
      recipientType: 'INTENTS',
      recipient,
    });
    expect(
      (await call(sim, 'POST', '/dev/deposit', { depositAddress: q.quote.depositAddress, amount: '1' })).status,
    ).toBe(400);
    await deposit(q, 10n * ONE_NEAR, { assetId: WNEAR });
    await transferOnLedger(q.quote.depositAddress, USDC_HOME, 5_000_000n);
    await advance(STAGES);
    let s = await status(q);
    expect(s.status).toBe('PROCESSING');
    const after1 = BigInt(s.swapDetails.amountOut!);
    expect(after1).toBeGreaterThan(25_000_000n);
    expect(await balance(recipient, USDT_ETH)).toBe(0n);
    await deposit(q, 500n * ONE_NEAR, { assetId: WNEAR });
    await advance(STAGES);
    s = await status(q);
    expect(s.status).toBe('PROCESSING');
    expect(await balance(recipient, USDT_ETH)).toBe(BigInt(s.swapDetails.amountOut!));
    expect(await balance(q.quote.depositAddress, WNEAR)).toBe(0n);
  });
});

describe('dev deposit errors', () => {
  it('404 for an unknown address, 400 for the wrong asset or a bad amount', async () => {
    expect((await call(sim, 'POST', '/dev/deposit', { depositAddress: 'nope', amount: '1' })).status).toBe(404);
    const q = await quote();
    expect(
      (
        await call(sim, 'POST', '/dev/deposit', {
          depositAddress: q.quote.depositAddress,
          amount: '1',
          assetId: USDC_HOME,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(sim, 'POST', '/dev/deposit', { depositAddress: q.quote.depositAddress, amount: '0' })).status,
    ).toBe(400);
    expect(
      (await call(sim, 'POST', '/dev/deposit', { depositAddress: q.quote.depositAddress, amount: '1', extra: true }))
        .status,
    ).toBe(400);
  });

  it('the same tx hash twice is one deposit', async () => {
    const q = await quote();
    await deposit(q, ONE_NEAR / 2n, { txHash: 'same' });
    await deposit(q, ONE_NEAR / 2n, { txHash: 'same' });
    await advance(STAGES);
    expect((await status(q)).status).toBe('INCOMPLETE_DEPOSIT');
  });
});

describe('restart with a data file', () => {
  it('keeps every swap, and swaps in flight carry on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oneclick-restart-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startSimulator({ port: 0, clock: 'manual', timing: TIMING, dataFile });
      const pending = await quote({}, first);
      const done = await quote({ referral: 'keep' }, first);
      const inFlight = await quote({ swapType: 'FLEX_INPUT' }, first);
      await deposit(done, ONE_NEAR, {}, first);
      await advance(STAGES, first);
      await deposit(inFlight, ONE_NEAR, {}, first);
      await advance(TIMING.depositDetectMs + TIMING.confirmMs, first);
      expect((await call(first, 'POST', '/dev/seed-swaps', { count: 30 })).status).toBe(200);
      const before = await Promise.all([pending, done, inFlight].map((q) => status(q, first)));
      const txBefore = await call<unknown[]>(
        first,
        'GET',
        '/api/v0/transactions?numberOfTransactions=1000&showTestTxs=true&statuses=FAILED,INCOMPLETE_DEPOSIT,PENDING_DEPOSIT,PROCESSING,REFUNDED,SUCCESS',
        undefined,
        { authorization: `Bearer ${first.devJwt}` },
      );
      await first.close();

      const second = await startSimulator({ port: 0, clock: 'manual', timing: TIMING, dataFile });
      try {
        const after = await Promise.all([pending, done, inFlight].map((q) => status(q, second)));
        expect(after.map((s) => s.status)).toEqual(['PENDING_DEPOSIT', 'SUCCESS', 'PROCESSING']);
        for (let i = 0; i < 3; i++) {
          expect({ ...after[i]!.swapDetails }).toEqual(before[i]!.swapDetails);
          expect(after[i]!.updatedAt).toBe(before[i]!.updatedAt);
          expect(verifyQuoteSignature(after[i]!.quoteResponse as never, second.quotePublicKey)).toBe(true);
        }
        const txAfter = await call<unknown[]>(
          second,
          'GET',
          '/api/v0/transactions?numberOfTransactions=1000&showTestTxs=true&statuses=FAILED,INCOMPLETE_DEPOSIT,PENDING_DEPOSIT,PROCESSING,REFUNDED,SUCCESS',
          undefined,
          { authorization: `Bearer ${second.devJwt}` },
        );
        expect(txAfter.body).toEqual(txBefore.body);
        expect(txAfter.body).toHaveLength(33);
        await advance(TIMING.processMs, second);
        expect((await status(inFlight, second)).status).toBe('SUCCESS');
        await deposit(pending, ONE_NEAR, {}, second);
        await advance(STAGES, second);
        expect((await status(pending, second)).status).toBe('SUCCESS');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
