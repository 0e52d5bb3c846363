/**
 * The one reader of a quote answer kept as text (a swap record's `quoteResponseJson`, stored byte for byte
 * as evidence: docs/architecture.md, "Where state lives"). Every reader of a stored quote, in the
 * background and in the popup, goes through here, so a stored answer is never believed in one place and
 * read loosely in another: it is parsed with the same schema as a fresh answer (./schemas, `near` names
 * normalised). Whatever acts on a stored quote (paying a swap) checks its signature and echoed request on
 * top of this (src/background/swaps/storedQuote.ts, with ./quoteCheck; docs/security.md, "Quotes the wallet
 * believes"); words and views read only what passed the schema.
 */
import { type QuoteResponse, quoteResponseSchema } from './schemas';

export type StoredAnswer =
  /** `raw` is the answer as it was signed (the signature covers it), `answer` the same, parsed. */
  | { ok: true; raw: Record<string, unknown>; answer: QuoteResponse }
  /** `why` completes "The stored quote …"; `raw` is there when it was at least an object. */
  | { ok: false; why: string; raw?: Record<string, unknown> };

/** Parses a stored quote answer; never throws. */
export function readStoredAnswer(json: string): StoredAnswer {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, why: 'is not JSON' };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, why: 'is not a quote answer' };
  const parsed = quoteResponseSchema.safeParse(raw);
  const object = raw as Record<string, unknown>;
  if (!parsed.success) return { ok: false, why: 'does not have the shape of a quote', raw: object };
  return { ok: true, raw: object, answer: parsed.data };
}

/** The quote of a stored answer that has the shape of one, or null. For words and views only: it is not verified. */
export function storedQuoteWords(json: string): QuoteResponse['quote'] | null {
  const read = readStoredAnswer(json);
  return read.ok ? read.answer.quote : null;
}
