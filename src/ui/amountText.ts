// Amounts a person can read, in one place: token amounts to about six significant digits (never more
// than six decimals), thousands grouped, trailing zeros trimmed, dust as "<0.000001", never rounded
// up and never a non-zero amount shown as 0; USD to the cent ("<$0.01" below it); and what people
// paste into an amount field ("1,000.5", "1.000,5"), read exactly. The exact value stays available for a title
// and for copying (formatUnits). Grouping and the decimal mark are the person's locale's (./numbers.ts).

import { formatUnits, parseUnits } from '../core/amounts';
import type { Phrase } from '../core/phrase';
import { t } from './i18n';
import { numberStyle } from './numbers';
import { said } from './phrase';

const MAX_DECIMALS = 6;
const SIGNIFICANT = 6;

/**
 * What stands for a figure that is not a number: a service's text (an explorer's `amountOutFormatted`, a
 * status's `amountOutUsd`) is shown only as a number the wallet writes itself, never as it came.
 */
export const NOT_A_FIGURE = '—';

/** A decimal string ("10.811655876623") for reading; anything else reads NOT_A_FIGURE. */
export function readableDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return NOT_A_FIGURE;
  const [, sign, wholeRaw, fracRaw = ''] = m;
  const whole = wholeRaw!.replace(/^0+(?=\d)/, '');
  const keep = whole === '0' ? MAX_DECIMALS : Math.max(0, Math.min(MAX_DECIMALS, SIGNIFICANT - whole.length));
  const frac = fracRaw.slice(0, keep).replace(/0+$/, '');
  const { whole: group, decimal } = numberStyle();
  if (whole === '0' && !frac && /[1-9]/.test(fracRaw)) return `${sign}<0${decimal}${'0'.repeat(MAX_DECIMALS - 1)}1`;
  return `${sign}${group(whole)}${frac ? `${decimal}${frac}` : ''}`;
}

/** A decimal string with every digit kept ("0.000132" stays), written with the locale's marks. */
export function exactDecimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const { whole, decimal } = numberStyle();
  return `${m[1]}${whole(m[2]!)}${m[3] ? `${decimal}${m[3]}` : ''}`;
}

/** `amount` smallest units of a token with `decimals`, for reading (see readableDecimal). */
export function readableAmount(amount: bigint, decimals: number): string {
  return readableDecimal(formatUnits(amount, decimals));
}

/**
 * A USD value ("1234.5678", 0.004) as "$1,234.56" or "<$0.01" (in Spanish "1234,56 US$"), cut to the cent
 * from its digits (float arithmetic would make 0.29 read $0.28); not a number: NOT_A_FIGURE.
 */
export function readableUsd(value: string | number): string {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? value.toFixed(6) : '') : value.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return NOT_A_FIGURE;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  const cents = frac.padEnd(2, '0').slice(0, 2);
  if (whole === '0' && cents === '00' && /[1-9]/.test(frac)) return `<${numberStyle().usd('0', '01')}`;
  return numberStyle().usd(whole, cents);
}

/**
 * `typed` (no spaces) as a plain decimal ("1000.5"), whichever marks it was written with: the wallet
 * writes numbers in the person's locale ("1,000.5", "1.000,5"; ./numbers.ts), and people paste both.
 * A decimal mark appears once and after every thousands separator; separators sit between groups of
 * three digits after a first group of one to three that starts with no 0. One mark alone is a decimal
 * mark ("0,5", "12.3456", "0,001") unless it could be either: "1,500" or "1.500" is refused ('ambiguous'),
 * since one reader means 1500 and another 1.5, a thousand times apart. 'marks' for any other use.
 */
function plainDecimal(typed: string): string | 'ambiguous' | 'marks' {
  const marks = typed.replace(/[^.,]/g, '');
  if (!marks) return typed;
  const grouped = (whole: string, sep: string) =>
    new RegExp(`^[1-9]\\d{0,2}(?:\\${sep}\\d{3})+$`).test(whole) ? whole.split(sep).join('') : undefined;
  if (marks.length === 1) {
    const [whole = '', fraction = ''] = typed.split(marks);
    if (fraction.length === 3 && grouped(whole + marks + fraction, marks) !== undefined) return 'ambiguous';
    return `${whole}.${fraction}`;
  }
  const last = marks.at(-1)!;
  const sep = marks[0]!;
  if ([...marks.slice(0, -1)].some((m) => m !== sep)) return 'marks';
  // The same mark throughout: separators only, no decimals ("1,000,000").
  if (last === sep) return grouped(typed, sep) ?? 'marks';
  const at = typed.lastIndexOf(last);
  const whole = grouped(typed.slice(0, at), sep);
  return whole === undefined ? 'marks' : `${whole}.${typed.slice(at + 1)}`;
}

/**
 * What a person typed or pasted into an amount field, as smallest units, read exactly (./plainDecimal
 * above for the marks); an exponent ("1e3") is refused with words that say so, as are marks that could
 * be read two ways and more decimals than the token has.
 */
export function parseAmountInput(
  text: string,
  decimals: number,
  token = t('amount_thisToken'),
): { units: bigint } | { problem: string } {
  const typed = text.trim().replace(/\s+/g, '');
  if (!typed) return { problem: t('amount_enter') };
  if (/[eE]/.test(typed)) return { problem: t('amount_noExponent') };
  const plain = plainDecimal(typed);
  if (plain === 'ambiguous') return { problem: t('amount_ambiguous') };
  if (plain === 'marks') return { problem: t('amount_commas') };
  if (!/^\d*\.?\d*$/.test(plain) || plain === '.') return { problem: t('amount_positive') };
  const fraction = plain.split('.')[1] ?? '';
  if (fraction.length > decimals)
    return { problem: t('amount_tooManyDecimals', token, String(decimals), String(fraction.length)) };
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
    : t('amount_unitsOf', String(amount), assetId);
}

/** Why a token cannot be used for an amount (its decimals are not confirmed), or null when it can. */
export function unusableTokenText(token: (WordedToken & { factsNote: Phrase | null }) | undefined): string | null {
  if (!token || token.decimals !== null) return null;
  return t('amount_unusable', token.factsNote ? said(token.factsNote) : t('amount_decimalsUnconfirmed', token.assetId));
}

/** What a balance row reads as in a list of held tokens: "2.5" with confirmed decimals, else the raw units, flagged. */
export function heldAmountText(
  row: WordedToken & { amount: string; facts: 'confirmed' | 'disputed' | 'unconfirmed' },
): string {
  if (isConfirmed(row)) return readableAmount(BigInt(row.amount), row.decimals);
  return t(row.facts === 'disputed' ? 'amount_unitsDisputed' : 'amount_unitsUnconfirmed', row.amount);
}
