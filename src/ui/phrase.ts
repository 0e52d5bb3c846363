// A phrase the core or the background chose (src/core/phrase.ts), in the person's language.
import { isList, type Phrase, type Sub } from '../core/phrase';
import { t } from './i18n';

/** The phrase's text; a key this catalogue lacks reads as nothing, which `said` never shows as such. */
export const said = (p: Sub): string =>
  typeof p === 'string'
    ? p
    : isList(p)
      ? p.map(said).join(', ')
      : (t as (key: string, ...subs: string[]) => string)(p.key, ...p.subs.map(said));

/** The phrase's text, or null for no phrase (a field with no problem). */
export const saidIf = (p: Phrase | null): string | null => (p ? said(p) : null);
