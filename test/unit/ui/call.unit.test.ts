// A service failure from where the background meets it (an HttpError, a OneClickError, an RpcError) through
// the reply it sends (src/background/errors.ts) to what a main screen shows (src/ui/call.ts troubleOf): the
// plain sentence, with the service's own words only as details; the wallet's own refusals keep their words.
import { describe, expect, it } from 'vitest';
import { replyForError } from '../../../src/background/errors';
import { ProviderError } from '../../../src/background/providerError';
import { RpcError } from '../../../src/bus';
import { HttpError, ProtocolError, type ServiceName } from '../../../src/core';
import { OneClickError } from '../../../src/oneclick';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { serviceFailureOf, troubleOf, WalletError } from '../../../src/ui/call';

/** What the popup holds after the background answered `error`: the WalletError `unwrap` throws. */
function thrownInPopup(error: unknown): WalletError {
  const reply = replyForError(error);
  if (reply.ok) throw new Error('an error reply was expected');
  return new WalletError(reply.error);
}

const failed = (kind: HttpError['kind'], message: string, status: number | undefined, service: ServiceName) =>
  Object.assign(new HttpError(kind, message, status), { service });
const swap500 = Object.assign(new OneClickError('Internal server error (injected fault)', 500, null), {
  service: 'swap' as const,
});

describe('troubleOf: a service failure as a main screen shows it', () => {
  it.each<[string, unknown, string]>([
    [
      'timeout',
      failed('timeout', 'No answer within 10000 ms', undefined, 'swap'),
      'No quote. The swap service did not answer in time. Your funds are safe.',
    ],
    [
      '429',
      Object.assign(new OneClickError('Too many requests (injected fault)', 429, null), { service: 'swap' as const }),
      'No quote. The swap service is busy. Wait a moment. Your funds are safe.',
    ],
    ['5xx', swap500, 'No quote. The swap service had a problem on its side. Your funds are safe.'],
    [
      '5xx of the ledger',
      failed('http', 'Internal server error', 500, 'ledger'),
      'No quote. The network had a problem on its side. Your funds are safe.',
    ],
    [
      'a gateway that gave up',
      failed('http', 'Bad gateway', 502, 'swap'),
      'No quote. The swap service had a problem on its side. Your funds are safe.',
    ],
    [
      'network down',
      failed('network', 'The service could not be reached', undefined, 'swap'),
      'No quote. The swap service could not be reached. Check your internet connection. Your funds are safe.',
    ],
    [
      'refused by the service',
      Object.assign(new OneClickError('tokenIn is not supported', 400, { message: 'tokenIn is not supported' }), {
        service: 'swap' as const,
      }),
      'No quote. The swap service refused the request. Your funds are safe.',
    ],
    [
      'credentials refused',
      failed('http', 'Unauthorized', 401, 'swap'),
      'No quote. The swap service did not accept the wallet’s credentials (see Settings → Advanced). Your funds are safe.',
    ],
    [
      'a JSON-RPC error',
      new RpcError(-32000, 'Server error: {"code":-32000}'),
      'No quote. The swap service refused the request. Your funds are safe.',
    ],
  ])('%s', (_what, error, sentence) => {
    const thrown = thrownInPopup(error);
    expect(serviceFailureOf(thrown)).not.toBeNull();
    const trouble = troubleOf('quote', thrown);
    expect(trouble.text).toBe(sentence);
    // The service's words stay reachable, under Details, and nowhere in the sentence.
    expect(trouble.details).toBe(thrown.message);
    expect(trouble.text).not.toContain(errorWords(error));
  });

  it('keeps the raw server text, status and JSON out of the sentence', () => {
    const trouble = troubleOf('balances', thrownInPopup(swap500));
    expect(trouble.text).not.toMatch(/injected|Internal server error|500|\{/);
    expect(trouble.details).toContain('Internal server error (injected fault)');
  });

  it('leaves the wallet’s own refusals in their words (validation, unknown)', () => {
    const invalid = thrownInPopup(new ProtocolError('Enter an amount above zero', 'amount'));
    expect(serviceFailureOf(invalid)).toBeNull();
    expect(troubleOf('quote', invalid)).toEqual({ text: invalid.message, details: null });
    expect(invalid.message).toContain('Enter an amount above zero');
    const unknown = thrownInPopup(new Error('a bug'));
    expect(troubleOf('quote', unknown)).toEqual({ text: 'Internal error', details: null });
    expect(troubleOf('quote', new TypeError('Failed to fetch'))).toEqual({ text: 'Failed to fetch', details: null });
    // The bus's own reason for refusing an intent is free text: one that reads like a failure kind stays a refusal.
    const refused = thrownInPopup(
      new ProviderError(ERROR_CODES.internal, 'The transfer was refused: timeout', { reason: 'timeout' }),
    );
    expect(troubleOf('send', refused)).toEqual({ text: 'The transfer was refused: timeout', details: null });
  });
});

function errorWords(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
