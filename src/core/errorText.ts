/**
 * The one way anything thrown becomes text: `errorText` for a message to people, a log line or a reason
 * kept with a record; and, for a service that failed, the plain sentence a main screen shows instead of the
 * service's own words (docs/glossary.md, "When a service fails"). The service's words, its HTTP status or
 * its JSON never reach a main screen; they may sit under "Details".
 */

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
  | 'swap';

const TASK: Record<FailedTask, string> = {
  balances: 'Your balances could not be read.',
  quote: 'No quote.',
  tokens: 'The token list could not be loaded.',
  activity: 'Your activity could not be loaded.',
  history: 'Swaps from other devices could not be listed; those started here are.',
  address: 'The address could not be fetched.',
  deposits: 'The deposits could not be checked.',
  review: 'The review could not be prepared.',
  track: 'The last check of this swap failed; checking goes on.',
  send: 'Sending did not finish.',
  pay: 'Paying did not finish.',
  withdraw: 'The withdrawal could not be prepared.',
  swap: 'The swap could not be started.',
};

/**
 * After a failed send or payment the answer may have been lost after the work was done (the request
 * reached the network, its answer did not come back): Activity tells which. Nothing else moves funds
 * (starting a swap or a withdrawal only asks the swap service for where to pay).
 */
const MOVES_FUNDS = new Set<FailedTask>(['send', 'pay']);

/** The service in the glossary's words: the swap service, or the network for the message bus and the ledger. */
function who(service: string | null | undefined, task: FailedTask): string {
  if (service === 'swap' || service === 'transactions') return 'The swap service';
  if (service === 'bus' || service === 'ledger') return 'The network';
  return task === 'quote' || task === 'tokens' || task === 'swap' || task === 'history' || task === 'track'
    ? 'The swap service'
    : 'The service';
}

const CAUSE: Record<FailureClass, string> = {
  timeout: 'did not answer in time.',
  offline: 'could not be reached. Check your internet connection.',
  busy: 'is busy. Wait a moment.',
  server: 'had a problem on its side.',
  refused: 'refused the request.',
  unknown: 'did not answer as expected.',
};

/** The sentence for a person: what did not happen, who failed and how, and what it means for their funds. */
export function failureSentence(task: FailedTask, f: FailureFacts): string {
  const after = MOVES_FUNDS.has(task) ? 'Check Activity before you try again.' : 'Your funds are safe.';
  const credentials = f.httpStatus === 401 || f.httpStatus === 403;
  const cause = credentials
    ? 'did not accept the wallet’s credentials (see Settings → Advanced).'
    : CAUSE[failureClass(f)];
  return `${TASK[task]} ${who(f.service, task)} ${cause} ${after}`;
}
