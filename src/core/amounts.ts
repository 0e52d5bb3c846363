/**
 * Amounts are decimal strings of integers in the token's smallest unit (u128 for balances, i128 for
 * token_diff entries, docs/protocol.md, "The intent payload"). Never floats: a float loses precision past 2^53.
 */
import { ProtocolError } from './errors';

export const U128_MAX = (1n << 128n) - 1n;
export const I128_MAX = (1n << 127n) - 1n;
export const I128_MIN = -(1n << 127n);

const UINT_RE = /^(0|[1-9]\d*)$/;
const INT_RE = /^-?(0|[1-9]\d*)$/;

export function isU128String(text: string): boolean {
  return UINT_RE.test(text) && BigInt(text) <= U128_MAX;
}

export function isI128String(text: string): boolean {
  if (!INT_RE.test(text) || text === '-0') return false;
  const n = BigInt(text);
  return n >= I128_MIN && n <= I128_MAX;
}

export function parseU128(text: string, field?: string): bigint {
  if (!isU128String(text)) throw new ProtocolError(`'${text}' is not a u128 decimal string`, field);
  return BigInt(text);
}

export function parseI128(text: string, field?: string): bigint {
  if (!isI128String(text)) throw new ProtocolError(`'${text}' is not an i128 decimal string`, field);
  return BigInt(text);
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new ProtocolError(`decimals must be an integer from 0 to 255, got ${decimals}`, 'decimals');
  }
}

/**
 * "1.5" with 6 decimals → 1500000n. Rejects signs, exponents, separators and more fraction digits
 * than the token has (rounding someone's amount silently is how money goes missing).
 */
export function parseUnits(text: string, decimals: number): bigint {
  assertDecimals(decimals);
  const t = text.trim();
  const m = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/.exec(t);
  if (!m) throw new ProtocolError(`'${text}' is not a decimal amount`, 'amount');
  const whole = m[1] ?? '0';
  const frac = m[2] ?? m[3] ?? '';
  if (frac.length > decimals) {
    throw new ProtocolError(`'${text}' has more than ${decimals} decimal places`, 'amount');
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** 1500000n with 6 decimals → "1.5". Exact; trailing zeros trimmed. Negative values keep their sign. */
export function formatUnits(amount: bigint, decimals: number): string {
  assertDecimals(decimals);
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A finite non-negative JS number (as APIs send prices) → exact decimal digits and scale. */
function decimalOf(value: number | string): { digits: bigint; scale: number } {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new ProtocolError(`'${value}' is not a non-negative decimal`, 'price');
  const frac = m[2] ?? '';
  return { digits: BigInt((m[1] ?? '0') + frac), scale: frac.length };
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new ProtocolError(`'${n}' is not a non-negative finite number`, 'price');
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Small or huge numbers print in exponent form; toFixed gives the plain digits for prices we see.
  return n < 1 ? n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : BigInt(Math.round(n)).toString();
}

/**
 * USD value of `amount` smallest units at `price` USD per whole token, rounded half-up to
 * `fractionDigits` (default 2). Exact bigint arithmetic.
 */
export function usdValue(amount: bigint, decimals: number, price: number | string, fractionDigits = 2): string {
  assertDecimals(decimals);
  const p = decimalOf(price);
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  // value = abs * p.digits / 10^(decimals + p.scale), scaled to fractionDigits.
  const num = abs * p.digits * 10n ** BigInt(fractionDigits);
  const den = 10n ** BigInt(decimals + p.scale);
  const rounded = (num * 2n + den) / (2n * den);
  const text = formatFixed(rounded, fractionDigits);
  return negative && rounded !== 0n ? `-${text}` : text;
}

function formatFixed(scaled: bigint, fractionDigits: number): string {
  if (fractionDigits === 0) return scaled.toString();
  const base = 10n ** BigInt(fractionDigits);
  return `${scaled / base}.${(scaled % base).toString().padStart(fractionDigits, '0')}`;
}
