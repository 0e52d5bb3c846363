// The one place the UI unwraps the background's replies (`{ok, result}` or `{ok: false, error}`): the typed
// clients ./wallet.ts, ./swaps.ts and ./approve/client.ts call through `callBackground`, and the answer
// ./early.ts asked for before the first screen goes through `unwrap`. A refusal is thrown as a WalletError.
import type { ProviderErrorShape, RuntimeReply } from '../provider/protocol';
import { askBackground } from './messaging';

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
