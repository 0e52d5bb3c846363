/**
 * `POST /v0/quote`: validates a quote request as the live service does (its messages where known),
 * prices it per swap type, signs it (docs/services.md, "The swap service") and, for a non-dry quote, opens
 * the swap record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hex, isValidAccountId, signQuote, utf8 } from '../../core';
import type { SimContext } from '../context';
import { correlationId as newCorrelationId } from '../http';
import { findToken } from '../tokenList';
import { isAddressOnChain, isEvmAddress } from './addresses';
import { type ChainInfo, chainInfo } from './chains';
import { deriveDepositTarget } from './depositAddress';
import {
  ANY_ASSET,
  type AppFee,
  emptyOutcome,
  type QuoteBody,
  type QuoteRequestEcho,
  type QuoteResponse,
  type SwapRecord,
  swapKey,
} from './model';
import { centiBps, formatted, lessBps, marketOut, unitsForUsd, usd } from './pricing';
import { bridgeMinimum, netOf, type Priced, price, withdrawFeeOf } from './quotePrice';
import { type QuoteRequestInput, quoteRequestSchema, zodMessage } from './schemas';
import type { SwapStore } from './swapStore';

/** Fee charged when no partner JWT is sent (docs/services.md, "Credentials and auth headers": 0.2%). */
export const PLATFORM_FEE_BPS = 20;
/** `quote.deadline` / `timeWhenInactive`: the request deadline plus 72 h (2026 captures of the live service). */
const INACTIVE_AFTER_DEADLINE_MS = 72 * 3600_000;

export class QuoteError extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The platform fee account: live captures show a 64-hex implicit account `5880ad2b…47dd`;
 * the middle is not published, so ours is filled from the simulator's seed.
 */
export function platformFeeRecipient(seed: string): string {
  const middle = hex.encode(sha256(utf8.encode(`${seed}/platform-fee`))).slice(0, 52);
  return `5880ad2b${middle}47dd`;
}

/** Test transactions (hidden from the transactions API unless `showTestTxs`). */
export function isTestSwap(request: Pick<QuoteRequestEcho, 'referral' | 'recipient' | 'refundTo'>): boolean {
  const referral = request.referral ?? '';
  const testAccount = (a: string) => a.endsWith('.testnet');
  return /^test([-_.]|$)/.test(referral) || testAccount(request.recipient) || testAccount(request.refundTo);
}

function recipientValid(req: QuoteRequestInput, outChain: ChainInfo | undefined): boolean {
  if (req.recipientType === 'INTENTS') return isValidAccountId(req.recipient);
  return outChain !== undefined && isAddressOnChain(outChain, req.recipient);
}

function refundValid(req: QuoteRequestInput, inChain: ChainInfo | undefined): boolean {
  if (req.refundType === 'INTENTS') return isValidAccountId(req.refundTo);
  return inChain !== undefined && isAddressOnChain(inChain, req.refundTo);
}

export interface QuoteDeps {
  ctx: SimContext;
  swaps: SwapStore;
}

export interface QuoteCaller {
  partner: string | null;
}

/** Validates, prices and signs; persists the swap of a non-dry quote (the caller commits). */
export function makeQuote(deps: QuoteDeps, body: Record<string, unknown>, caller: QuoteCaller): QuoteResponse {
  const { ctx } = deps;
  const parsed = quoteRequestSchema.safeParse(body);
  if (!parsed.success) throw new QuoteError(400, zodMessage(parsed.error));
  const req = parsed.data;
  const anyInput = req.swapType === 'ANY_INPUT';
  if (anyInput && !caller.partner) {
    // Fee aggregation is for authorized partners only (docs fee-config: a JWT is required).
    throw new QuoteError(401, 'Unauthorized - ANY_INPUT quotes require a partner JWT');
  }

  const tokenIn = anyInput ? undefined : findToken(req.originAsset);
  if (anyInput ? req.originAsset !== ANY_ASSET : !tokenIn) throw new QuoteError(400, 'tokenIn is not valid');
  const tokenOut = findToken(req.destinationAsset);
  if (!tokenOut) throw new QuoteError(400, 'tokenOut is not valid');
  const now = ctx.clock.nowMs();
  if (Date.parse(req.deadline) <= now) throw new QuoteError(400, 'deadline must be in the future');

  const inChain =
    req.depositType === 'INTENTS' ? chainInfo('home') : tokenIn ? chainInfo(tokenIn.blockchain) : undefined;
  const outChain = chainInfo(tokenOut.blockchain);
  if (anyInput && req.depositType !== 'INTENTS') throw new QuoteError(400, 'depositType must be INTENTS for ANY_INPUT');
  if (anyInput && req.refundType !== 'INTENTS') throw new QuoteError(400, 'refundType must be INTENTS for ANY_INPUT');
  if (!inChain || !outChain) throw new QuoteError(400, 'Failed to get quote');

  const mode = req.depositMode ?? 'SIMPLE';
  if (!inChain.depositModes.includes(mode)) {
    throw new QuoteError(
      400,
      `depositMode ${mode} is not supported for ${req.depositType === 'INTENTS' ? 'INTENTS deposits' : `${inChain.id} deposits`}; use ${inChain.depositModes.join(' or ')}`,
    );
  }
  if (!recipientValid(req, outChain)) throw new QuoteError(400, 'recipient is not valid');
  // The refund of an ORIGIN_CHAIN refund goes to the origin asset's chain, even for INTENTS deposits.
  const refundChain = tokenIn ? chainInfo(tokenIn.blockchain) : undefined;
  if (!refundValid(req, refundChain)) throw new QuoteError(400, 'refundTo is not valid');
  for (const [i, fee] of (req.appFees ?? []).entries()) {
    // Fee recipients are intents accounts (named, implicit or EVM-style implicit).
    if (!isValidAccountId(fee.recipient)) throw new QuoteError(400, `appFees.${i}.recipient is not valid`);
  }
  for (const field of ['virtualChainRecipient', 'virtualChainRefundRecipient'] as const) {
    const value = req[field];
    if (value !== undefined && !isEvmAddress(value)) throw new QuoteError(400, `${field} is not valid`);
  }

  const appFees: AppFee[] = [...(req.appFees ?? [])];
  if (!caller.partner) appFees.push({ recipient: platformFeeRecipient(ctx.config.seed), fee: PLATFORM_FEE_BPS });
  const feeBps = appFees.reduce((n, f) => n + f.fee, 0);
  if (!anyInput && req.swapType === 'EXACT_OUTPUT' && req.slippageTolerance >= 10_000) {
    throw new QuoteError(400, 'slippageTolerance must be less than 10000 for EXACT_OUTPUT');
  }
  if (tokenIn && !ctx.liquidity.has(req.originAsset, req.destinationAsset))
    throw new QuoteError(400, 'No liquidity available');

  let priced: Priced = { amountIn: 0n, minAmountIn: 0n, amountOut: 0n, minAmountOut: 0n };
  // ANY_INPUT quotes price nothing up front (each deposit is swapped as it comes): no fee to take out.
  const withdrawFee = tokenIn ? withdrawFeeOf(req, outChain, tokenOut) : 0n;
  if (tokenIn) {
    const minimum = bridgeMinimum(req, inChain, outChain, tokenIn, tokenOut, feeBps, withdrawFee);
    priced = price(req, tokenIn, tokenOut, feeBps, withdrawFee);
    if ((req.swapType === 'EXACT_OUTPUT' ? priced.minAmountIn : priced.amountIn) < minimum) {
      const tryAtLeast =
        req.swapType === 'EXACT_OUTPUT'
          ? netOf(marketOut(lessBps(minimum, centiBps(feeBps)), tokenIn, tokenOut), withdrawFee) + 1n
          : minimum;
      throw new QuoteError(400, `Amount is too low for bridge, try at least ${tryAtLeast}`);
    }
    if (priced.amountOut <= 0n || priced.minAmountOut <= 0n) throw new QuoteError(400, 'Failed to get quote');
  }

  const timestamp = new Date(now).toISOString();
  const correlationId = newCorrelationId();
  const quoteRequest: QuoteRequestEcho = {
    dry: req.dry,
    swapType: req.swapType,
    slippageTolerance: req.slippageTolerance,
    originAsset: req.originAsset,
    depositType: req.depositType,
    destinationAsset: req.destinationAsset,
    amount: req.amount,
    refundTo: req.refundTo,
    refundType: req.refundType,
    recipient: req.recipient,
    recipientType: req.recipientType,
    deadline: req.deadline,
    depositMode: mode,
    ...(req.connectedWallets !== undefined && { connectedWallets: req.connectedWallets }),
    ...(req.sessionId !== undefined && { sessionId: req.sessionId }),
    ...(req.virtualChainRecipient !== undefined && { virtualChainRecipient: req.virtualChainRecipient }),
    ...(req.virtualChainRefundRecipient !== undefined && {
      virtualChainRefundRecipient: req.virtualChainRefundRecipient,
    }),
    ...(req.customRecipientMsg !== undefined && { customRecipientMsg: req.customRecipientMsg }),
    ...(req.referral !== undefined && { referral: req.referral }),
    ...(req.quoteWaitingTimeMs !== undefined && { quoteWaitingTimeMs: req.quoteWaitingTimeMs }),
    ...(appFees.length > 0 && { appFees }),
  };

  const destinationSeconds =
    req.recipientType === 'DESTINATION_CHAIN' && outChain.id !== 'home' ? Math.ceil(outChain.timeEstimateSec / 2) : 0;
  const refundFee =
    tokenIn && req.refundType === 'ORIGIN_CHAIN' ? unitsForUsd(refundChain?.refundFeeUsd ?? 0, tokenIn) : 0n;
  const quote: QuoteBody = {
    amountIn: priced.amountIn.toString(),
    amountInFormatted: formatted(priced.amountIn, tokenIn),
    amountInUsd: usd(priced.amountIn, tokenIn),
    minAmountIn: priced.minAmountIn.toString(),
    ...(priced.maxAmountIn !== undefined && { maxAmountIn: priced.maxAmountIn.toString() }),
    amountOut: priced.amountOut.toString(),
    amountOutFormatted: formatted(priced.amountOut, tokenOut),
    amountOutUsd: usd(priced.amountOut, tokenOut),
    minAmountOut: priced.minAmountOut.toString(),
    timeEstimate: inChain.timeEstimateSec + destinationSeconds,
    refundFee: refundFee.toString(),
    withdrawFee: withdrawFee.toString(),
  };
  if (!req.dry) {
    const target = deriveDepositTarget(
      ctx,
      inChain,
      req.depositType === 'INTENTS',
      mode,
      timestamp,
      correlationId,
      (a, m) => deps.swaps.has(a, m),
    );
    const inactiveAt = new Date(Date.parse(req.deadline) + INACTIVE_AFTER_DEADLINE_MS).toISOString();
    quote.depositAddress = target.depositAddress;
    if (target.depositMemo !== undefined) quote.depositMemo = target.depositMemo;
    quote.deadline = inactiveAt;
    quote.timeWhenInactive = inactiveAt;
  }
  if (req.virtualChainRecipient !== undefined) quote.virtualChainRecipient = req.virtualChainRecipient;
  if (req.virtualChainRefundRecipient !== undefined)
    quote.virtualChainRefundRecipient = req.virtualChainRefundRecipient;
  if (req.customRecipientMsg !== undefined) quote.customRecipientMsg = req.customRecipientMsg;

  const unsigned = { timestamp, quoteRequest, quote };
  const response: QuoteResponse = {
    correlationId,
    timestamp,
    signature: signQuote(unsigned, ctx.quoteSigner.secretSeed),
    quoteRequest,
    quote,
  };
  if (!req.dry) deps.swaps.add(openSwap(deps, response, caller.partner, now));
  return response;
}

function openSwap(deps: QuoteDeps, response: QuoteResponse, partner: string | null, now: number): SwapRecord {
  return {
    key: swapKey(response.quote.depositAddress!, response.quote.depositMemo),
    seq: deps.swaps.nextSeq(),
    createdAtMs: now,
    updatedAtMs: now,
    quoteResponse: response,
    partner,
    test: isTestSwap(response.quoteRequest),
    seeded: false,
    status: 'PENDING_DEPOSIT',
    deposits: [],
    claimedTxHashes: [],
    senders: [],
    processAtMs: null,
    forcedOutcome: null,
    outcome: emptyOutcome(),
    pool: response.quoteRequest.swapType === 'ANY_INPUT' ? { pending: '0', total: '0', withdrawn: '0' } : null,
  };
}
