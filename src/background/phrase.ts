// A phrase of the core (src/core/phrase.ts) in the browser's language, for words the background writes
// itself (a request's block reason, its refusals).
import type { Phrase } from '../core/phrase';
import { t } from './i18n';

export const said = (p: Phrase): string => (t as (key: string, ...subs: string[]) => string)(p.key, ...p.subs);
