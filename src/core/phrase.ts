/**
 * Words for a person, as data: a message of the catalogue and its substitutions, which the page (or the
 * background, for its own words) turns into text in the person's language with `t` (docs/architecture.md,
 * "Words and languages"). The core names what to say; it never holds the words.
 */
import type { MessageKey, Subs } from './messages';

/** One message of the catalogue with the substitutions its placeholders take, in order. */
export type Phrase = { [K in MessageKey]: { key: K; subs: Subs<K> } }[MessageKey];

export const phrase = <K extends MessageKey>(key: K, ...subs: Subs<K>): Phrase => ({ key, subs }) as Phrase;
