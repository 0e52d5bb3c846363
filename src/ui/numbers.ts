// Numbers in the person's language without losing a digit: the digits stay the exact decimal string (a
// token amount is never a float), and only how they are written is the locale's: its grouping of the whole
// part, its decimal mark, where the dollar sign goes. Intl formats the whole part as a BigInt, exactly.
import { uiLocale } from './i18n';

interface Style {
  /** "12345" → "12,345" / "12.345". */
  whole(digits: string): string;
  decimal: string;
  /** "$1,234.56" / "1234,56 US$": the whole part and the two cents digits. */
  usd(whole: string, cents: string): string;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/**
 * US English without Intl: the first Intl formatter of a page loads the locale's data (about 100 ms in
 * Chromium, docs/architecture.md "Budgets"), which the popup's first screen of balances should not wait for.
 */
const US: Style = { whole: group, decimal: '.', usd: (whole, cents) => `$${group(whole)}.${cents}` };

let style: { locale: string; style: Style } | undefined;

function intlStyle(locale: string): Style {
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return {
    whole: (digits) => whole.format(BigInt(digits)),
    decimal,
    usd: (w, cents) =>
      usd
        .formatToParts(BigInt(w))
        .map((p) => (p.type === 'fraction' ? cents : p.value))
        .join(''),
  };
}

/** How the person's locale writes numbers (made once per page, on first use). */
export function numberStyle(): Style {
  const locale = uiLocale();
  if (style?.locale !== locale) style = { locale, style: /^en(-US)?$/i.test(locale) ? US : intlStyle(locale) };
  return style.style;
}
