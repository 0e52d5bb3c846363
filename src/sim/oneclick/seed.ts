/**
 * `POST /dev/seed-swaps {count, testEvery?}`: many finished and pending swaps at once, one a minute
 * back from now, across pairs, statuses, referrals, an affiliate and test transactions, so history
 * screens and the transactions API can be tried without running real swaps. Seeded swaps are frozen.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { base58, signQuote, utf8 } from '../../core';
import type { SimContext } from '../context';
import { correlationId as newCorrelationId } from '../http';
import { SIM_TOKENS, type SimToken } from '../tokenList';
import { addressFromBytes, txHashFromBytes } from './addresses';
import { type ChainInfo, chainInfo, explorerUrl } from './chains';
import { deriveDepositTarget } from './depositAddress';
import {
  emptyOutcome,
  type QuoteRequestEcho,
  REFUND_REASONS,
  type SwapRecord,
  type SwapStatus,
  swapKey,
} from './model';
import { formatted, unitsForUsd, usd } from './pricing';
import { isTestSwap } from './quote';
import { price } from './quotePrice';
import type { SwapStore } from './swapStore';

const STATUS_CYCLE: readonly SwapStatus[] = [
  'SUCCESS',
  'SUCCESS',
  'REFUNDED',
  'SUCCESS',
  'FAILED',
  'SUCCESS',
  'PROCESSING',
  'PENDING_DEPOSIT',
  'SUCCESS',
  'INCOMPLETE_DEPOSIT',
];
const REFERRALS = ['wallet-a', 'wallet-b', undefined] as const;
export const SEED_AFFILIATE = 'affiliate.near';

function addressOn(chain: ChainInfo, label: string, seed: string): string {
  const h = sha256(utf8.encode(`${seed}/seed-address/${label}`));
  return chain.family === 'home'
    ? `seed-${base58.encode(h.slice(0, 4)).toLowerCase()}.near`
    : addressFromBytes(chain.family, h);
}

export function seedSwaps(ctx: SimContext, swaps: SwapStore, count: number, testEvery: number): number {
  const now = ctx.clock.nowMs();
  const tokens = SIM_TOKENS.filter((t) => chainInfo(t.blockchain));
  const hash = (chain: ChainInfo) => txHashFromBytes(chain.txShape, ctx.random(64));
  for (let i = 0; i < count; i++) {
    const tokenIn: SimToken = tokens[i % tokens.length]!;
    let tokenOut: SimToken = tokens[(i * 7 + 3) % tokens.length]!;
    if (tokenOut.assetId === tokenIn.assetId) tokenOut = tokens[(i * 7 + 4) % tokens.length]!;
    const inChain = chainInfo(tokenIn.blockchain)!;
    const outChain = chainInfo(tokenOut.blockchain)!;
    const home = chainInfo('home')!;
    const createdAtMs = now - (count - i) * 60_000;
    const timestamp = new Date(createdAtMs).toISOString();
    const test = testEvery > 0 && i % testEvery === testEvery - 1;
    const referral = test ? 'test-seed' : REFERRALS[i % REFERRALS.length];
    const refundTo = addressOn(inChain, `refund/${i}`, ctx.config.seed);
    const amount = unitsForUsd(10 + (i % 50) * 20, tokenIn);
    const request: QuoteRequestEcho = {
      dry: false,
      swapType: i % 5 === 4 ? 'FLEX_INPUT' : 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: tokenIn.assetId,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: tokenOut.assetId,
      amount: amount.toString(),
      refundTo,
      refundType: 'ORIGIN_CHAIN',
      recipient: addressOn(outChain, `recipient/${i}`, ctx.config.seed),
      recipientType: 'DESTINATION_CHAIN',
      deadline: new Date(createdAtMs + 3600_000).toISOString(),
      depositMode: inChain.depositModes[0] ?? 'SIMPLE',
      ...(referral !== undefined && { referral }),
      ...(i % 4 === 0 && { appFees: [{ recipient: SEED_AFFILIATE, fee: 25 }] }),
    };
    const fee = (request.appFees ?? []).reduce((n, f) => n + f.fee, 0);
    const priced = price(request, tokenIn, tokenOut, fee);
    const correlationId = newCorrelationId();
    const target = deriveDepositTarget(
      ctx,
      inChain,
      false,
      request.depositMode ?? 'SIMPLE',
      timestamp,
      correlationId,
      (a, m) => swaps.has(a, m),
    );
    const quote = {
      amountIn: priced.amountIn.toString(),
      amountInFormatted: formatted(priced.amountIn, tokenIn),
      amountInUsd: usd(priced.amountIn, tokenIn),
      minAmountIn: priced.minAmountIn.toString(),
      amountOut: priced.amountOut.toString(),
      amountOutFormatted: formatted(priced.amountOut, tokenOut),
      amountOutUsd: usd(priced.amountOut, tokenOut),
      minAmountOut: priced.minAmountOut.toString(),
      timeEstimate: inChain.timeEstimateSec,
      refundFee: unitsForUsd(inChain.refundFeeUsd, tokenIn).toString(),
      depositAddress: target.depositAddress,
      ...(target.depositMemo !== undefined && { depositMemo: target.depositMemo }),
      deadline: new Date(createdAtMs + 75 * 3600_000).toISOString(),
      timeWhenInactive: new Date(createdAtMs + 75 * 3600_000).toISOString(),
    };
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!;
    const outcome = emptyOutcome();
    const deposited = status !== 'PENDING_DEPOSIT';
    if (deposited)
      outcome.originChainTxHashes.push(((h) => ({ hash: h, explorerUrl: explorerUrl(inChain, h) }))(hash(inChain)));
    if (status !== 'PENDING_DEPOSIT' && status !== 'INCOMPLETE_DEPOSIT') {
      outcome.intentHashes.push(base58.encode(ctx.random(32)));
      outcome.homeTxHashes.push(hash(home));
    }
    if (status === 'SUCCESS') {
      outcome.amountIn = quote.amountIn;
      outcome.amountOut = quote.amountOut;
      outcome.slippage = 0;
      outcome.homeTxHashes.push(hash(home));
      outcome.destinationChainTxHashes.push(
        ((h) => ({ hash: h, explorerUrl: explorerUrl(outChain, h) }))(hash(outChain)),
      );
    }
    if (status === 'REFUNDED') {
      const refundFee = BigInt(quote.refundFee);
      outcome.refundedAmount = (priced.amountIn > refundFee ? priced.amountIn - refundFee : 0n).toString();
      outcome.refundFee = (priced.amountIn > refundFee ? refundFee : priced.amountIn).toString();
      outcome.refundReason = REFUND_REASONS[i % REFUND_REASONS.length]!;
    }
    const swap: SwapRecord = {
      key: swapKey(target.depositAddress, target.depositMemo),
      seq: swaps.nextSeq(),
      createdAtMs,
      updatedAtMs: createdAtMs + 60_000,
      quoteResponse: {
        correlationId,
        timestamp,
        signature: signQuote({ timestamp, quoteRequest: request, quote }, ctx.quoteSigner.secretSeed),
        quoteRequest: request,
        quote,
      },
      partner: null,
      test: test || isTestSwap(request),
      seeded: true,
      status,
      deposits: [],
      claimedTxHashes: [],
      senders: deposited ? [refundTo] : [],
      processAtMs: null,
      forcedOutcome: null,
      outcome,
      pool: null,
    };
    swaps.add(swap);
  }
  return count;
}
