/**
 * Solver prices from the token list (tokenList.ts prices in USD per whole token), exact bigint maths:
 * exact-in pays floor(value × (1 − spread)); exact-out asks ceil(value × (1 + spread)).
 */
import type { SimToken } from '../tokenList';

interface Rational {
  num: bigint;
  den: bigint;
}

const BPS = 10_000n;

/** A price as an exact fraction of its decimal digits (0.999997 → 999997 / 10^6). */
export function priceOf(token: SimToken): Rational {
  const text = Number.isInteger(token.price) ? String(token.price) : token.price.toFixed(12).replace(/0+$/, '');
  const [whole = '0', frac = ''] = text.split('.');
  return { num: BigInt(whole + frac), den: 10n ** BigInt(frac.length) };
}

/** Output for an exact input, after the solver's spread (floor). */
export function amountOutFor(amountIn: bigint, tokenIn: SimToken, tokenOut: SimToken, spreadBps: number): bigint {
  const pIn = priceOf(tokenIn);
  const pOut = priceOf(tokenOut);
  const num = amountIn * pIn.num * pOut.den * 10n ** BigInt(tokenOut.decimals) * (BPS - BigInt(spreadBps));
  const den = pIn.den * pOut.num * 10n ** BigInt(tokenIn.decimals) * BPS;
  return num / den;
}

/** Input asked for an exact output, after the solver's spread (ceil). */
export function amountInFor(amountOut: bigint, tokenIn: SimToken, tokenOut: SimToken, spreadBps: number): bigint {
  const pIn = priceOf(tokenIn);
  const pOut = priceOf(tokenOut);
  const num = amountOut * pOut.num * pIn.den * 10n ** BigInt(tokenIn.decimals) * (BPS + BigInt(spreadBps));
  const den = pOut.den * pIn.num * 10n ** BigInt(tokenOut.decimals) * BPS;
  return (num + den - 1n) / den;
}

/** `usd` dollars' worth of a token in its smallest unit. */
export function unitsWorth(usd: number, token: SimToken): bigint {
  const p = priceOf(token);
  return (BigInt(usd) * 10n ** BigInt(token.decimals) * p.den) / p.num;
}
