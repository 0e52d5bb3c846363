/**
 * `quote` (docs/services.md, "The message bus"): asks every solver, waits at most the bus's time (3000 ms, or
 * less when the client asks with wait_ms/max_wait_ms), returns their offers, `{type:"INSUFFICIENT_AMOUNT",
 * min_amount}` for amounts too small to price, or null when none answered (unknown token, a pair without
 * liquidity — ctx.liquidity —, a solver short of the output token). Each offer's quote_hash is the intent
 * hash of the solver's stored counter-intent; the offer expires after min_deadline_ms.
 */
import { intentHash } from '../../core';
import type { SimContext } from '../context';
import type { VerifierLedger } from '../ledger/ledger';
import { findToken, type SimToken } from '../tokenList';
import { invalidParams } from './jsonrpc';
import { amountInFor, amountOutFor } from './pricing';
import { issueText, quoteParams } from './schemas';
import { counterDiff, type SimSolver, signCounterIntent } from './solvers';
import type { BusState } from './state';

export interface Offer {
  quote_hash: string;
  defuse_asset_identifier_in: string;
  defuse_asset_identifier_out: string;
  amount_in: string;
  amount_out: string;
  expiration_time: string;
}

export interface InsufficientAmount {
  type: 'INSUFFICIENT_AMOUNT';
  min_amount: string;
}

const BUS_WAIT_MS = 3000;
const DEFAULT_MIN_DEADLINE_MS = 60_000;

export async function quote(
  ctx: SimContext,
  ledger: VerifierLedger,
  solvers: readonly SimSolver[],
  state: BusState,
  raw: Record<string, unknown>,
): Promise<(Offer | InsufficientAmount)[] | null> {
  const parsed = quoteParams.safeParse(raw);
  if (!parsed.success) throw invalidParams(issueText(parsed.error));
  const p = parsed.data;
  const waitLimit = Math.min(BUS_WAIT_MS, p.max_wait_ms ?? p.wait_ms ?? BUS_WAIT_MS);
  const latency = ctx.config.timing.solverLatencyMs;
  await ctx.clock.delay(Math.min(latency, waitLimit));
  if (latency > waitLimit) return null; // nobody answered in time

  const tokenIn = findToken(p.defuse_asset_identifier_in);
  const tokenOut = findToken(p.defuse_asset_identifier_out);
  if (!tokenIn || !tokenOut || tokenIn === tokenOut || !ctx.liquidity.has(tokenIn.assetId, tokenOut.assetId))
    return null;

  const expires = new Date(ctx.clock.nowMs() + (p.min_deadline_ms ?? DEFAULT_MIN_DEADLINE_MS));
  const answers: (Offer | InsufficientAmount)[] = [];
  for (const solver of solvers) {
    const amountIn =
      p.exact_amount_in !== undefined
        ? BigInt(p.exact_amount_in)
        : amountInFor(BigInt(p.exact_amount_out!), tokenIn, tokenOut, solver.spreadBps);
    const amountOut =
      p.exact_amount_out !== undefined
        ? BigInt(p.exact_amount_out)
        : amountOutFor(amountIn, tokenIn, tokenOut, solver.spreadBps);
    const diff =
      amountIn > 0n && amountOut > 0n
        ? counterDiff(ledger, { [tokenIn.assetId]: -amountIn, [tokenOut.assetId]: amountOut })
        : null;
    if (!diff) {
      answers.push({
        type: 'INSUFFICIENT_AMOUNT',
        min_amount: minAmountIn(tokenIn, tokenOut, solver.spreadBps).toString(),
      });
      continue;
    }
    // A solver does not offer what it cannot deliver.
    if (ledger.balanceOf(solver.accountId, tokenOut.assetId) < -diff[tokenOut.assetId]!) continue;
    const signed = signCounterIntent(ctx, ledger, solver, diff, expires);
    const quoteHash = intentHash(signed);
    state.quotes[quoteHash] = {
      quoteHash,
      solverId: solver.accountId,
      assetIn: tokenIn.assetId,
      assetOut: tokenOut.assetId,
      amountIn: amountIn.toString(),
      amountOut: amountOut.toString(),
      expiresAtMs: expires.getTime(),
      signed,
    };
    answers.push({
      quote_hash: quoteHash,
      defuse_asset_identifier_in: tokenIn.assetId,
      defuse_asset_identifier_out: tokenOut.assetId,
      amount_in: amountIn.toString(),
      amount_out: amountOut.toString(),
      expiration_time: expires.toISOString(),
    });
  }
  ctx.commit();
  return answers.length > 0 ? answers : null;
}

/** Smallest input worth at least one unit out, and large enough to leave something after the fee. */
function minAmountIn(tokenIn: SimToken, tokenOut: SimToken, spreadBps: number): bigint {
  const forOne = amountInFor(1n, tokenIn, tokenOut, spreadBps);
  return forOne > 1n ? forOne : 2n;
}
