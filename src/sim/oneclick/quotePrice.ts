/**
 * What a simulated quote takes and gives, per swap type (docs/services.md, "The swap service"): the
 * amounts with fees and slippage, the withdrawal fee, and the smallest input the bridges move. The
 * request is checked before (./quote.ts).
 */

import type { SimToken } from '../tokenList';
import type { ChainInfo } from './chains';
import { centiBps, grossUpBps, lessBps, marketIn, marketOut, moreBps, unitsForUsd } from './pricing';
import type { QuoteRequestInput } from './schemas';

export interface Priced {
  amountIn: bigint;
  minAmountIn: bigint;
  maxAmountIn?: bigint;
  amountOut: bigint;
  minAmountOut: bigint;
}

/**
 * Per swap type (docs/services.md, "The swap service": swap types; fees per the 1Click docs' fee config).
 * `withdrawFee` (destination units) is already taken out of amountOut; an EXACT_OUTPUT quote still
 * delivers `amount`, so the input pays for it.
 */
export function price(
  req: Pick<QuoteRequestInput, 'amount' | 'slippageTolerance' | 'swapType'>,
  tokenIn: SimToken,
  tokenOut: SimToken,
  feeBps: number,
  withdrawFee = 0n,
): Priced {
  const amount = BigInt(req.amount);
  const slip = centiBps(req.slippageTolerance);
  const fee = centiBps(feeBps);
  switch (req.swapType) {
    case 'EXACT_OUTPUT': {
      // Fee raises the input; amountIn carries the slippage buffer above minAmountIn (docs/services.md, "The
      // swap service").
      const minAmountIn = moreBps(marketIn(amount + withdrawFee, tokenIn, tokenOut), fee);
      const amountIn = grossUpBps(minAmountIn, slip);
      return { amountIn, minAmountIn, maxAmountIn: amountIn, amountOut: amount, minAmountOut: amount };
    }
    case 'FLEX_INPUT': {
      const amountOut = netOf(marketOut(lessBps(amount, fee), tokenIn, tokenOut), withdrawFee);
      // The lower bound is the slippage plus 1% (docs/services.md, "The swap service": FLEX_INPUT).
      return {
        amountIn: amount,
        minAmountIn: lessBps(amount, slip + 10_000n),
        amountOut,
        minAmountOut: lessBps(amountOut, slip),
      };
    }
    default: {
      const amountOut = netOf(marketOut(lessBps(amount, fee), tokenIn, tokenOut), withdrawFee);
      return { amountIn: amount, minAmountIn: amount, amountOut, minAmountOut: lessBps(amountOut, slip) };
    }
  }
}

export const netOf = (gross: bigint, withdrawFee: bigint) => (gross > withdrawFee ? gross - withdrawFee : 0n);

/**
 * `quote.withdrawFee`, destination units: what sending the output out to its chain costs (one transfer
 * there, priced like a refund on that chain). "0" when nothing leaves the home ledger: an INTENTS
 * recipient or a home-ledger token is credited inside the verifier, no bridge withdrawal is made.
 */
export function withdrawFeeOf(
  req: Pick<QuoteRequestInput, 'recipientType'>,
  outChain: ChainInfo,
  tokenOut: SimToken,
): bigint {
  return req.recipientType === 'DESTINATION_CHAIN' && outChain.id !== 'home'
    ? unitsForUsd(outChain.refundFeeUsd, tokenOut)
    : 0n;
}

/** The smallest input the bridges move for this route, in origin units (0: no bridge involved). */
export function bridgeMinimum(
  req: QuoteRequestInput,
  inChain: ChainInfo,
  outChain: ChainInfo,
  tokenIn: SimToken,
  tokenOut: SimToken,
  feeBps: number,
  withdrawFee: bigint,
): bigint {
  const usdMin = Math.max(
    req.depositType === 'ORIGIN_CHAIN' ? inChain.bridgeMinUsd : 0,
    req.recipientType === 'DESTINATION_CHAIN' ? outChain.bridgeMinUsd : 0,
  );
  // At least enough that something comes out after the withdrawal fee.
  const oneUnitOut = moreBps(marketIn(1n + withdrawFee, tokenIn, tokenOut), centiBps(feeBps));
  const byUsd = unitsForUsd(usdMin, tokenIn);
  // biome-ignore lint/complexity/useMathMinMax: bigints; Math.max takes numbers only
  return byUsd > oneUnitOut ? byUsd : oneUnitOut;
}
