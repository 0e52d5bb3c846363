// A phrase of the core (src/core/phrase.ts) in the browser's language, for words the background writes
// itself (a request's block reason, its refusals).
import { isList, type Sub } from '../core/phrase';
import { t } from './i18n';

export const said = (p: Sub): string =>
  typeof p === 'string'
    ? p
    : isList(p)
      ? p.map(said).join(', ')
      : (t as (key: string, ...subs: string[]) => string)(p.key, ...p.subs.map(said));
