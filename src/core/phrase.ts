/**
 * Words for a person, as data: a message of the catalogue and its substitutions, which the page (or the
 * background, for its own words) turns into text in the person's language with `t` (docs/architecture.md,
 * "Words and languages"). The core names what to say; it never holds the words.
 */
import type { MessageKey, Subs } from './messages';

/**
 * One message of the catalogue with the substitutions its placeholders take, in order. `phrase` checks the
 * pair where it is made; the type itself is not a union of every key's pair, which a catalogue of a thousand
 * keys makes too large for the compiler to compare.
 */
export interface Phrase {
  key: MessageKey;
  subs: readonly Sub[];
}

/**
 * What fills a placeholder: text that is data (an amount, an account id, a symbol), a phrase of its own
 * (an amount of a token whose decimals are unconfirmed is worded "… units of …" in the person's language),
 * or a list of these, written one after another with commas ("-1 wNEAR, +2.5 USDT").
 */
export type Sub = string | Phrase | Amount | readonly Sub[];

/**
 * A number for a person to read: a plain decimal ("1.005", "-2", a dot and no grouping) and what it counts
 * ("wNEAR"), written with the reader's decimal mark where the phrase is written. A decimal inside plain
 * text would read a thousand times too high where the dot groups thousands ("1.005" in Spanish).
 */
export interface Amount {
  decimal: string;
  unit?: string;
}

export const isList = (s: Sub): s is readonly Sub[] => Array.isArray(s);
export const isAmount = (s: Sub): s is Amount => typeof s === 'object' && !Array.isArray(s) && 'decimal' in s;
export const amountOf = (decimal: string, unit?: string): Amount =>
  unit === undefined ? { decimal } : { decimal, unit };

/**
 * The one rule for writing a phrase out, given the catalogue's lookup of one place (the pages' `t`, the
 * background's): a list is its parts joined with commas, a phrase inside a phrase is written first, an
 * amount with `decimal`, the writer's decimal mark (the pages': the person's; the background's: a dot).
 */
export function sayWith(
  text: (key: MessageKey, subs: string[]) => string,
  decimal: (plain: string) => string = (plain) => plain,
): (p: Sub) => string {
  const say = (p: Sub): string =>
    typeof p === 'string'
      ? p
      : isList(p)
        ? p.map(say).join(', ')
        : isAmount(p)
          ? `${decimal(p.decimal)}${p.unit === undefined ? '' : ` ${p.unit}`}`
          : text(p.key, p.subs.map(say));
  return say;
}

export const phrase = <K extends MessageKey>(key: K, ...subs: Subs<K, Sub>): Phrase => ({ key, subs });
