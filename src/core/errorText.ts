/**
 * The one way anything thrown becomes text: `errorText` for a message to people, a log line or a reason
 * kept with a record; and, for a service that failed, the messages of the plain sentence a main screen shows
 * instead of the service's own words (docs/glossary.md, "When a service fails"), which the page writes in the
 * person's language (src/ui/call.ts). The service's words, its HTTP status or its JSON never reach a main
 * screen; they may sit under "Details".
 */

import { type Phrase, phrase } from './phrase';

/**
 * Anything thrown as text: an Error's message, a thrown string as it is, anything else as `String()`
 * gives it, or `fallback` when there is one and there would be no useful text (an empty message, a thrown
 * object).
 */
export function errorText(e: unknown, fallback?: string): string {
  if (e instanceof Error) return e.message || (fallback ?? e.message);
  if (typeof e === 'string') return e || (fallback ?? e);
  return fallback ?? String(e);
}

/**
 * What a service failure says about itself, as the background learns it (core/http.ts's HttpError) and
 * hands it on to the popup (as the reply's `data`). `failure`: the HttpError's kind (`timeout`, `network`, `http`, `parse`,
 * `redirect`, `aborted`), `rpc` for a JSON-RPC error answer, or absent when unknown.
 */
export interface FailureFacts {
  failure?: string | undefined;
  httpStatus?: number | null | undefined;
  /** `swap`, `transactions`, `bus` or `ledger` (core/http.ts ServiceName), when known. */
  service?: string | null | undefined;
}

/** The `failure` kinds a service failure carries (core/http.ts HttpErrorKind, and `rpc`): how one is told from other refusals. */
export const FAILURE_KINDS: readonly string[] = ['timeout', 'network', 'http', 'parse', 'redirect', 'aborted', 'rpc'];

/**
 * How a failure reads to a person: `timeout` (no answer in time), `busy` (429, asked too often),
 * `server` (5xx or an answer that could not be read: the service's side), `offline` (nothing answered),
 * `refused` (the service said no to this request: 4xx, a redirect, an RPC error), `unknown`.
 */
export type FailureClass = 'timeout' | 'busy' | 'server' | 'offline' | 'refused' | 'unknown';

export function failureClass(f: FailureFacts): FailureClass {
  const status = f.httpStatus ?? null;
  if (f.failure === 'timeout' || status === 504 || status === 408) return 'timeout';
  if (f.failure === 'network') return 'offline';
  if (status === 429) return 'busy';
  if ((status !== null && status >= 500) || f.failure === 'parse') return 'server';
  if ((status !== null && status >= 400) || f.failure === 'redirect' || f.failure === 'rpc') return 'refused';
  return 'unknown';
}

/** The facts of a thrown HttpError (or anything shaped like one: `kind`, `status`, `service`). */
export function failureFacts(e: unknown): FailureFacts {
  if (typeof e !== 'object' || e === null) return {};
  const { kind, status, service } = e as { kind?: unknown; status?: unknown; service?: unknown };
  return {
    ...(typeof kind === 'string' && { failure: kind }),
    ...(typeof status === 'number' && { httpStatus: status }),
    ...(typeof service === 'string' && { service }),
  };
}

/** What a main screen was doing when the service failed. */
export type FailedTask =
  | 'balances'
  | 'quote'
  | 'tokens'
  | 'activity'
  | 'history'
  | 'address'
  | 'deposits'
  | 'review'
  | 'track'
  | 'send'
  | 'pay'
  | 'withdraw'
  | 'swap'
  | 'keys';

/**
 * After a failed send or payment the answer may have been lost after the work was done (the request
 * reached the network, its answer did not come back): Activity tells which. Nothing else moves funds
 * (starting a swap or a withdrawal only asks the swap service for where to pay).
 */
const MOVES_FUNDS = new Set<FailedTask>(['send', 'pay']);

/** The service in the glossary's words: the swap service, or the network for the message bus and the ledger. */
function who(service: string | null | undefined, task: FailedTask): FailureWords['who'] {
  if (service === 'swap' || service === 'transactions') return 'failureWho_swap';
  if (service === 'bus' || service === 'ledger') return 'failureWho_network';
  return task === 'quote' || task === 'tokens' || task === 'swap' || task === 'history' || task === 'track'
    ? 'failureWho_swap'
    : 'failureWho_service';
}

/**
 * The sentence for a person, as messages of the catalogue (core does not read the browser's i18n: the page
 * writes it, src/ui/call.ts): what did not happen (`task`), who failed and how (`cause`, which takes `who`),
 * and what it means for their funds (`after`).
 */
export interface FailureWords {
  task: `failureTask_${FailedTask}`;
  who: 'failureWho_swap' | 'failureWho_network' | 'failureWho_service';
  cause: `failureCause_${FailureClass | 'credentials'}`;
  after: 'failureAfter_safe' | 'failureAfter_checkActivity';
}

export function failureWords(task: FailedTask, f: FailureFacts): FailureWords {
  const credentials = f.httpStatus === 401 || f.httpStatus === 403;
  return {
    task: `failureTask_${task}`,
    who: who(f.service, task),
    cause: `failureCause_${credentials ? 'credentials' : failureClass(f)}`,
    after: MOVES_FUNDS.has(task) ? 'failureAfter_checkActivity' : 'failureAfter_safe',
  };
}

/** The same sentence as a phrase (src/core/phrase.ts), for words carried to the page as data. */
export function failurePhrase(task: FailedTask, f: FailureFacts): Phrase {
  const w = failureWords(task, f);
  return phrase(w.cause, phrase(w.task), phrase(w.who), phrase(w.after));
}
