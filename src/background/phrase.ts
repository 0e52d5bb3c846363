// A phrase of the core (src/core/phrase.ts) in the browser's language, for words the background writes
// itself (a request's block reason, its refusals).
import type { MessageKey } from '../core/messages';
import { sayWith } from '../core/phrase';
import { t } from './i18n';

export const said = sayWith((key: MessageKey, subs: string[]) =>
  (t as (key: MessageKey, ...subs: string[]) => string)(key, ...subs),
);
