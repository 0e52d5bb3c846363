// The one place the UI unwraps the background's replies (`{ok, result}` or `{ok: false, error}`): the typed
// clients ./wallet.ts, ./swaps.ts and ./approve/client.ts call through `callBackground`, and the answer
// ./early.ts asked for before the first screen goes through `unwrap`. A refusal is thrown as a WalletError;
// `troubleOf` words one for a main screen (core/errorText.ts), in the catalogue's words (./i18n.ts).

import { wordsOf } from '../api/refusalWords';
import { errorText, FAILURE_KINDS, type FailedTask, type FailureFacts, failureWords } from '../core/errorText';
import type { ProviderErrorShape, RuntimeReply } from '../provider/protocol';
import { t } from './i18n';
import { askBackground } from './messaging';
import { said } from './phrase';

/** The background's refusal, its message written for people. */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly code: number;
  readonly data: unknown;
  constructor(error: ProviderErrorShape) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

/**
 * The background's refusal in the person's words: the phrase its error carries in `data.words`
 * (src/api/refusalWords.ts), null when it carries none (its English message is then all there is).
 */
export function refusalWords(e: unknown): string | null {
  if (!(e instanceof WalletError)) return null;
  const words = wordsOf(e.data);
  return (words && said(words)) || null;
}

/** The result of a reply, or its error thrown as a WalletError. */
export async function unwrap(answer: Promise<RuntimeReply>): Promise<unknown> {
  const reply = await answer;
  if (!reply.ok) throw new WalletError(reply.error);
  return reply.result;
}

/** Asks the background one method (with `params`, when given) and unwraps its reply. */
export function callBackground(method: string, params?: unknown): Promise<unknown> {
  return unwrap(
    askBackground(params === undefined ? { type: 'request', method } : { type: 'request', method, params }),
  );
}

/**
 * How a refusal says a service failed (the background's `data`: `failure`, `httpStatus` or the swap
 * service's `status`, `service`; src/background/errors.ts), or null when it is the wallet's own refusal,
 * written for people.
 */
export function serviceFailureOf(e: unknown): FailureFacts | null {
  if (!(e instanceof WalletError) || typeof e.data !== 'object' || e.data === null) return null;
  const { failure, httpStatus, status, service } = e.data as Record<string, unknown>;
  if (typeof failure !== 'string' || !FAILURE_KINDS.includes(failure)) return null;
  const code = typeof httpStatus === 'number' ? httpStatus : typeof status === 'number' ? status : null;
  return { failure, httpStatus: code, service: typeof service === 'string' ? service : null };
}

/** What a main screen shows for a failure: a sentence for people, and the error's own words for "Details". */
export interface Trouble {
  text: string;
  details: string | null;
}

/** The plain sentence for a service failure of `task`, in the person's language. */
export function failureSentence(task: FailedTask, facts: FailureFacts): string {
  const words = failureWords(task, facts);
  return t(words.cause, t(words.task), t(words.who), t(words.after));
}

/** A failure of `task`: a service failure in plain words (its own words as details); the wallet's own refusal as it is. */
export function troubleOf(task: FailedTask, e: unknown): Trouble {
  const facts = serviceFailureOf(e);
  if (!facts) return { text: refusalWords(e) ?? errorText(e, t('call_somethingWrong')), details: null };
  return { text: failureSentence(task, facts), details: errorText(e) };
}

/** A service failure the background reported in an answer (balances, Activity's history) rather than threw. */
export function reportedTrouble(task: FailedTask, text: string, facts: FailureFacts | undefined): Trouble {
  return { text: failureSentence(task, facts ?? {}), details: text };
}
