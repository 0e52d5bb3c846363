/**
 * A quote answer counts only after the wallet checked it (docs/security.md, "Quotes the wallet believes"):
 * 1. its signature is the swap service's key's (the SDK's `verifyQuoteSignature` rule, core quoteSignature),
 *    checked on the answer's JSON as it came;
 * 2. its echoed `quoteRequest` is the request the wallet sent, field by field, read through the wire-name
 *    mapping (./wireNames `fromWire`: `near*` names, `null` as absent). The service may fill in its
 *    defaults (`depositMode: SIMPLE`, `quoteWaitingTimeMs: 0`) for what was not sent, and add its own
 *    platform fee to `appFees` (it does so for a caller it does not take as a partner, which a key the
 *    service refuses also makes; at most the live 500 bps in all, and shown to the user with the quote);
 *    fields the wallet does not know (e.g. `confidentiality`) are not its to judge.
 * The signature covers the deposit address, the amounts and most of the request; the echo check covers
 * what it leaves out or what a key the wallet trusts could still sign for another request.
 */
import {
  OPTIONAL_REQUEST_FIELDS,
  type QuoteSignedParts,
  SIGNED_REQUEST_FIELDS,
  stableStringify,
  verifyQuoteSignature,
  visibleText,
} from '../core';
import { recipientWithMemo } from '../core/destinationMemo';
import { APP_FEES_TOTAL_MAX_BPS } from './limits';
import { fromWire } from './wireNames';

/** Why a quote answer was not believed; nothing of it may be shown or kept. */
export class QuoteRefusedError extends Error {
  constructor(
    readonly reason: 'no-key' | 'signature' | 'echo',
    message: string,
  ) {
    super(message);
  }
}

/** The request as the wallet sent it, in the interface's names (`dry` and the popup's QuoteParams; docs/interface.md). */
/** A quote request in the wallet's names (`QuoteParams` and `dry`). */
export type SentQuote = QuoteBody;

export interface QuoteBody {
  dry: boolean;
  [field: string]: unknown;
}

/**
 * The quote request as the service takes it, in the wallet's names: a `recipientMemo` travels inside the
 * recipient (an XRP X-address), as the service has no memo field (core/destinationMemo).
 */
export function quoteAsSent(body: QuoteBody): QuoteBody {
  const { recipientMemo, ...rest } = body;
  const memo = typeof recipientMemo === 'string' ? recipientMemo : undefined;
  return typeof rest.recipient === 'string' && memo !== undefined
    ? { ...rest, recipient: recipientWithMemo(rest.recipient, memo) }
    : rest;
}

export interface QuoteCheckOptions {
  /** What the refusal meant, ending its message (default: no deposit address was shown or kept). */
  outcome?: string;
}

/** Every field the wallet may send; an echo that sets one the wallet did not send is another request. */
const REQUEST_FIELDS = [...SIGNED_REQUEST_FIELDS, ...OPTIONAL_REQUEST_FIELDS, 'depositMode'];

/** What the service echoes for a field the wallet left out (one-click-sdk-typescript `QuoteRequest`). */
const SERVICE_DEFAULTS: Record<string, unknown> = { depositMode: 'SIMPLE', quoteWaitingTimeMs: 0 };

const OUTCOME = 'it was refused before any deposit address was shown or kept.';

/** A value as the error shows it: short, hidden characters escaped. */
function shown(v: unknown): string {
  if (v === undefined) return 'absent';
  const text = typeof v === 'string' ? v : stableStringify(v);
  return visibleText(text.length > 120 ? `${text.slice(0, 117)}…` : text);
}

const sameValue = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);

function sameField(field: string, sent: unknown, echoed: unknown): boolean {
  if (field === 'deadline' && typeof sent === 'string' && typeof echoed === 'string') {
    // One instant, however the service writes it back (it may add seconds or milliseconds).
    const [a, b] = [Date.parse(sent), Date.parse(echoed)];
    return Number.isFinite(a) && a === b;
  }
  if (sent === undefined)
    return echoed === undefined || (field in SERVICE_DEFAULTS && sameValue(echoed, SERVICE_DEFAULTS[field]));
  return sameValue(sent, echoed);
}

/** The fees the echo adds to those sent, or null when one sent is missing from it. */
function addedFees(sent: unknown, echoed: unknown): unknown[] | null {
  const left = Array.isArray(echoed) ? [...(echoed as unknown[])] : echoed === undefined ? [] : null;
  if (!left) return null;
  for (const fee of Array.isArray(sent) ? (sent as unknown[]) : []) {
    const at = left.findIndex((f) => sameValue(f, fee));
    if (at === -1) return null;
    left.splice(at, 1);
  }
  return left;
}

/** The fees the service added, if they can be its own platform fee: well formed, at most the live limit in all. */
function servicesOwn(added: unknown[]): boolean {
  let total = 0;
  for (const f of added) {
    const { recipient, fee } = (f ?? {}) as { recipient?: unknown; fee?: unknown };
    if (typeof recipient !== 'string' || typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0) return false;
    total += fee;
  }
  return total <= APP_FEES_TOTAL_MAX_BPS;
}

/** Step 2: the echoed request against the one sent; throws naming the first field that differs. */
export function checkQuoteEcho(answer: QuoteSignedParts, request: SentQuote, o: QuoteCheckOptions = {}): void {
  // Compared with the request as the service took it, wherever the request comes from (the call just
  // made, or a record stored with its memo apart): one rule for both.
  const sent = quoteAsSent(request);
  const raw = answer.quoteRequest;
  const refuse = (why: string) =>
    new QuoteRefusedError(
      'echo',
      `The swap service’s quote answers another request than the one sent: ${why}; ${o.outcome ?? OUTCOME}`,
    );
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw refuse('it has no quoteRequest');
  const echo = fromWire(raw) as Record<string, unknown>;
  const fields = new Set<string>([...REQUEST_FIELDS, ...Object.keys(sent).filter((k) => k !== 'appFees')]);
  for (const field of fields) {
    if (!sameField(field, sent[field], echo[field]))
      throw refuse(`its ${field} is ${shown(echo[field])}, not ${shown(sent[field])}`);
  }
  const added = addedFees(sent.appFees, echo.appFees);
  if (!added) throw refuse(`its appFees are ${shown(echo.appFees)}, not ${shown(sent.appFees)}`);
  if (!servicesOwn(added)) throw refuse(`its appFees add ${shown(added)}, more than the service’s own fee may be`);
}

/**
 * Both checks, before anything of the answer is used. `key` is the key the settings give the swap
 * service (`ed25519:<base58>`); none refuses every quote, naming the setting.
 */
export function checkQuoteAnswer(
  answer: QuoteSignedParts,
  sent: SentQuote,
  key: string | null,
  o: QuoteCheckOptions = {},
): void {
  if (!key) throw noQuoteKey();
  if (!verifyQuoteSignature(answer, key)) {
    throw new QuoteRefusedError(
      'signature',
      `The swap service’s quote is not signed by the swap service’s key (${key}); ${o.outcome ?? OUTCOME}`,
    );
  }
  checkQuoteEcho(answer, sent, o);
}

/** No key for the swap service: nothing it quotes can be believed. */
export const noQuoteKey = () =>
  new QuoteRefusedError(
    'no-key',
    'No quote signing key is set for this swap service, so none of its quotes can be checked: enter the key it signs quotes with as “Quote signing key” (quoteSigningKey) in Settings → Advanced → Network.',
  );
