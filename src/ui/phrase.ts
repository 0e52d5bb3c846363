// A phrase the core or the background chose (src/core/phrase.ts), in the person's language.
import type { MessageKey } from '../core/messages';
import { type Phrase, sayWith } from '../core/phrase';
import { t } from './i18n';
import { numberStyle } from './numbers';

/**
 * The phrase's text; a key this catalogue lacks reads as nothing, which `said` never shows as such. An
 * amount takes the person's decimal mark, every digit kept and none grouped (so nothing reads as thousands).
 */
export const said = sayWith(
  (key: MessageKey, subs: string[]) => (t as (key: MessageKey, ...subs: string[]) => string)(key, ...subs),
  (plain) => plain.replace('.', numberStyle().decimal),
);

/** The phrase's text, or null for no phrase (a field with no problem). */
export const saidIf = (p: Phrase | null): string | null => (p ? said(p) : null);
