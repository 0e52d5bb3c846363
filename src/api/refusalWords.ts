// The person's words for a refusal (docs/architecture.md, "Words and languages"): a ProviderError may carry a
// phrase of the catalogue in `data.words`; its English `message` is what a dApp and the logs read.
import type { Phrase } from '../core/phrase';

const isPhrase = (v: unknown): v is Phrase =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { key?: unknown }).key === 'string' &&
  Array.isArray((v as { subs?: unknown }).subs);

/** `data.words` of an error's data when it is a phrase, else undefined. */
export const wordsOf = (data: unknown): Phrase | undefined => {
  const words = typeof data === 'object' && data !== null ? (data as { words?: unknown }).words : undefined;
  return isPhrase(words) ? words : undefined;
};
