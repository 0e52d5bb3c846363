/**
 * Exact price arithmetic for quotes and settlement (bigint, never floats on amounts): conversion at
 * the token list's prices with a market-maker spread, basis points, formatted and USD strings.
 */
import { formatUnits, usdValue } from '../../core';
import type { SimToken } from '../tokenList';

/** Market makers' spread on the swap service's quotes, basis points. */
export const SPREAD_BPS = 10n;
const BPS = 10_000n;
/** Basis points are sent as JSON numbers (maybe fractional); we compute in hundredths of a bps. */
const CENTI = 100n;

interface Decimal {
  digits: bigint;
  scale: number;
}

function decimalOf(n: number): Decimal {
  let text = String(n);
  if (/e/i.test(text)) text = n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  const [whole = '0', frac = ''] = text.split('.');
  return { digits: BigInt(whole + frac), scale: frac.length };
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return a === 0n ? 0n : (a + b - 1n) / b;
}

/** Basis points (a JSON number, maybe fractional) as hundredths of a basis point. */
export function centiBps(bps: number): bigint {
  return BigInt(Math.round(bps * 100));
}

/** amount × (10000 − bps) / 10000, floored. */
export function lessBps(amount: bigint, centi: bigint): bigint {
  const keep = BPS * CENTI - centi;
  return keep <= 0n ? 0n : (amount * keep) / (BPS * CENTI);
}

/** amount × (10000 + bps) / 10000, rounded up. */
export function moreBps(amount: bigint, centi: bigint): bigint {
  return ceilDiv(amount * (BPS * CENTI + centi), BPS * CENTI);
}

/** amount × 10000 / (10000 − bps), rounded up: the input that leaves `amount` after losing bps. */
export function grossUpBps(amount: bigint, centi: bigint): bigint {
  const keep = BPS * CENTI - centi;
  return ceilDiv(amount * BPS * CENTI, keep);
}

/** Raw conversion at list prices, no spread: out units of `to` worth `amount` units of `from`. */
function convert(amount: bigint, from: SimToken, to: SimToken, roundUp: boolean): bigint {
  const pf = decimalOf(from.price);
  const pt = decimalOf(to.price);
  const num = amount * pf.digits * 10n ** BigInt(pt.scale + to.decimals);
  const den = pt.digits * 10n ** BigInt(pf.scale + from.decimals);
  return roundUp ? ceilDiv(num, den) : num / den;
}

/** What a market maker pays in `to` for `amountIn` of `from` (spread taken), moved by `shiftBps`. */
export function marketOut(amountIn: bigint, from: SimToken, to: SimToken, shiftBps = 0): bigint {
  const out = (convert(amountIn, from, to, false) * (BPS - SPREAD_BPS)) / BPS;
  return (out * (BPS + BigInt(shiftBps))) / BPS;
}

/** What a market maker wants in `from` to pay `amountOut` of `to` (spread taken), moved by `shiftBps`. */
export function marketIn(amountOut: bigint, from: SimToken, to: SimToken, shiftBps = 0): bigint {
  const raw = ceilDiv(convert(amountOut, to, from, true) * BPS, BPS - SPREAD_BPS);
  return ceilDiv(raw * BPS, BPS + BigInt(shiftBps));
}

/** Smallest units of `token` worth `usd` dollars, rounded up. */
export function unitsForUsd(usd: number, token: SimToken): bigint {
  if (usd <= 0) return 0n;
  const u = decimalOf(usd);
  const p = decimalOf(token.price);
  return ceilDiv(u.digits * 10n ** BigInt(token.decimals + p.scale), p.digits * 10n ** BigInt(u.scale));
}

export function formatted(amount: bigint, token: SimToken | undefined): string {
  return token ? formatUnits(amount, token.decimals) : amount.toString();
}

/** USD with 4 decimals, as the live service prints (e.g. "6.2376"). */
export function usd(amount: bigint, token: SimToken | undefined): string {
  return token ? usdValue(amount, token.decimals, token.price, 4) : '0';
}

export function usdNumber(amount: bigint, token: SimToken | undefined): number {
  return Number(usd(amount, token));
}
