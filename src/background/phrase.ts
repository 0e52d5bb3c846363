// A phrase of the core (src/core/phrase.ts) in the browser's language, for words the background writes
// itself (a request's block reason, its refusals, notifications).
import type { MessageKey } from '../core/messages';
import { amountOf, type Sub, sayWith } from '../core/phrase';
import { readTokenAmount } from '../core/tokens';
import { t, uiLocale } from './i18n';

/** The browser language's decimal mark ("," in Spanish): an amount in its words reads as its readers read numbers. */
const decimalMark = (): string =>
  new Intl.NumberFormat(uiLocale()).formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';

export const said = sayWith(
  (key: MessageKey, subs: string[]) => (t as (key: MessageKey, ...subs: string[]) => string)(key, ...subs),
  (plain) => plain.replace('.', decimalMark()),
);

/** A swap's stored amount to send ("2.5 wNEAR", or "7 units of …"), as an Amount where it is one. */
export function storedAmount(text: string): Sub {
  const read = readTokenAmount(text);
  return read && 'decimal' in read ? amountOf(read.decimal, read.symbol) : text;
}
