// A phrase the core or the background chose (src/core/phrase.ts), in the person's language.
import type { MessageKey } from '../core/messages';
import { type Phrase, sayWith } from '../core/phrase';
import { t } from './i18n';

/** The phrase's text; a key this catalogue lacks reads as nothing, which `said` never shows as such. */
export const said = sayWith((key: MessageKey, subs: string[]) =>
  (t as (key: MessageKey, ...subs: string[]) => string)(key, ...subs),
);

/** The phrase's text, or null for no phrase (a field with no problem). */
export const saidIf = (p: Phrase | null): string | null => (p ? said(p) : null);
