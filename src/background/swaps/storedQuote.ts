/**
 * The one home for reading a stored swap's quote (the service's answer kept byte for byte as evidence,
 * docs/architecture.md "Where state lives"). Storage is writable by others (docs/security.md, "Who we
 * defend against"), so there are two ways to read it, for two purposes:
 * - `verifiedQuote`: for anything the wallet acts on (paying the swap). The answer's signature is
 *   checked again against the key of the swap service it came from, its echoed request against the
 *   stored request, and the record's own copies of the deposit address and memo against the quote's.
 * - `quoteWords`: the quote's amounts in words for history rows and notices, schema-checked only: they
 *   decide nothing, and a swap that is no longer tracked has no known service to ask the key of.
 * Both parse the stored text through the one reader, src/oneclick/storedAnswer.ts (the popup's too).
 */

import type { QuoteParams, SwapRecordView } from '../../api/swapApi';
import type { QuoteSignedParts } from '../../core';
import {
  checkQuoteAnswer,
  QuoteRefusedError,
  type QuoteResponse,
  readStoredAnswer,
  storedQuoteWords,
} from '../../oneclick';

/** A stored quote that passed every check: the signed quote, and the request it answers. */
export interface VerifiedQuote {
  quote: QuoteResponse['quote'] & { depositAddress: string };
  /** The stored request, proven equal to the signed echo. */
  request: QuoteParams;
}

const OUTCOME = 'it was not used: nothing was signed.';

/** Refuses unless the stored quote of `r` is the service's, signed by `key`, for the stored request and address. */
export function verifiedQuote(r: SwapRecordView, key: string | null): VerifiedQuote {
  const refuse = (why: string) => new QuoteRefusedError('echo', `This swap’s stored quote ${why}; ${OUTCOME}`);
  const read = readStoredAnswer(r.quoteResponseJson);
  if (!read.raw) throw refuse(read.ok ? 'is not a quote answer' : read.why);
  // The signature first: a stored answer changed into another shape is refused as unsigned, as any change is.
  checkQuoteAnswer(read.raw as QuoteSignedParts, { dry: false, ...r.request }, key, { outcome: OUTCOME });
  if (!read.ok) throw refuse(read.why);
  const quote = read.answer.quote;
  const { depositAddress } = quote;
  if (!depositAddress || depositAddress !== r.depositAddress)
    throw refuse(`gives the deposit address ${depositAddress ?? 'none'}, not the ${r.depositAddress} stored with it`);
  if ((quote.depositMemo ?? null) !== r.depositMemo)
    throw refuse('gives another deposit memo than the one stored with it');
  return { quote: { ...quote, depositAddress }, request: r.request };
}

/** The stored quote's amounts for words (history, notices), or null when they cannot be read (src/oneclick/storedAnswer.ts). */
export function quoteWords(r: SwapRecordView): QuoteResponse['quote'] | null {
  return storedQuoteWords(r.quoteResponseJson);
}
