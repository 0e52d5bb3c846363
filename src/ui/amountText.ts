// Amounts a person can read, in one place: token amounts to about six significant digits (never more
// than six decimals), thousands grouped, trailing zeros trimmed, dust as "<0.000001", never rounded
// up and never a non-zero amount shown as 0; USD to the cent ("<$0.01" below it); and what people
// paste into an amount field ("1,000.5"), read exactly. The exact value stays available for a title
// and for copying (formatUnits).
import { formatUnits, parseUnits } from '../core/amounts';

const MAX_DECIMALS = 6;
const SIGNIFICANT = 6;

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A decimal string ("10.811655876623") for reading; a string that is not one is returned as it came. */
export function readableDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const [, sign, wholeRaw, fracRaw = ''] = m;
  const whole = wholeRaw!.replace(/^0+(?=\d)/, '');
  const keep = whole === '0' ? MAX_DECIMALS : Math.max(0, Math.min(MAX_DECIMALS, SIGNIFICANT - whole.length));
  const frac = fracRaw.slice(0, keep).replace(/0+$/, '');
  if (whole === '0' && !frac && /[1-9]/.test(fracRaw)) return `${sign}<0.${'0'.repeat(MAX_DECIMALS - 1)}1`;
  return `${sign}${group(whole)}${frac ? `.${frac}` : ''}`;
}

/** `amount` smallest units of a token with `decimals`, for reading (see readableDecimal). */
export function readableAmount(amount: bigint, decimals: number): string {
  return readableDecimal(formatUnits(amount, decimals));
}

/**
 * A USD value ("1234.5678", 0.004) as "$1,234.56" or "<$0.01", cut to the cent from its digits (float
 * arithmetic would make 0.29 read $0.28); not a number: as it came.
 */
export function readableUsd(value: string | number): string {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? value.toFixed(6) : '') : value.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return String(value);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  const cents = frac.padEnd(2, '0').slice(0, 2);
  if (whole === '0' && cents === '00' && /[1-9]/.test(frac)) return '<$0.01';
  return `$${group(whole)}.${cents}`;
}

/**
 * What a person typed or pasted into an amount field, as smallest units. Commas are taken as thousands
 * separators when they group whole digits in threes ("1,000.5"); an exponent ("1e3") is refused with
 * words that say so, as is a comma anywhere else or more decimals than the token has.
 */
export function parseAmountInput(text: string, decimals: number): { units: bigint } | { problem: string } {
  const t = text.trim().replace(/\s+/g, '');
  if (!t) return { problem: 'Enter an amount' };
  if (/[eE]/.test(t)) return { problem: 'Write the amount out in digits (no exponent such as 1e3)' };
  let plain = t;
  if (t.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(t))
      return { problem: 'Use commas only between groups of three digits, and a dot for decimals' };
    plain = t.replace(/,/g, '');
  }
  if (!/^\d*\.?\d*$/.test(plain) || plain === '.') return { problem: 'Enter a positive number like 12.5' };
  const fraction = plain.split('.')[1] ?? '';
  if (fraction.length > decimals)
    return { problem: `This token has ${decimals} decimals; this has ${fraction.length}` };
  return { units: parseUnits(plain, decimals) };
}

/**
 * A token as the popup words its amounts: `decimals` only when a second source confirmed them, else
 * null (docs/security.md, "Token facts"; TokenView and BalanceRow carry this).
 */
export interface WordedToken {
  assetId: string;
  symbol: string;
  decimals: number | null;
}

/** A token whose decimals and symbol can be used for amounts. */
export const isConfirmed = <T extends WordedToken>(t: T | undefined): t is T & { decimals: number } =>
  t !== undefined && t.decimals !== null;

/**
 * `amount` smallest units of `assetId` for reading: "1.5 wNEAR" with the token's confirmed decimals and
 * symbol; otherwise the raw units and the asset id, never worded with the service's decimals alone.
 */
export function tokenAmountText(amount: bigint, assetId: string, token: WordedToken | undefined): string {
  return isConfirmed(token)
    ? `${readableAmount(amount, token.decimals)} ${token.symbol}`
    : `${amount} units of ${assetId}`;
}

/** Why a token cannot be used for an amount (its decimals are not confirmed), or null when it can. */
export function unusableTokenText(token: (WordedToken & { factsNote: string | null }) | undefined): string | null {
  if (!token || token.decimals !== null) return null;
  return `${token.factsNote ?? `The decimals of ${token.assetId} are not confirmed.`} The wallet does not use it for amounts.`;
}

/** What a balance row reads as in a list of held tokens: "2.5" with confirmed decimals, else the raw units, flagged. */
export function heldAmountText(
  row: WordedToken & { amount: string; facts: 'confirmed' | 'disputed' | 'unconfirmed' },
): string {
  if (isConfirmed(row)) return readableAmount(BigInt(row.amount), row.decimals);
  return `${row.amount} units, decimals ${row.facts === 'disputed' ? 'disputed' : 'not confirmed'}`;
}
