import { describe, expect, it } from 'vitest';
import {
  errorText,
  FAILURE_KINDS,
  type FailedTask,
  type FailureClass,
  type FailureFacts,
  failureClass,
  failureFacts,
  failurePhrase,
  failureWords,
} from '../../../src/core/errorText';
import { HttpError } from '../../../src/core/http';
import { failureSentence } from '../../../src/ui/call';

describe('errorText: anything thrown, as text', () => {
  it.each<[string, unknown, string, string]>([
    ['an Error', new TypeError('bad input'), 'bad input', 'bad input'],
    ['an Error without a message', new Error(''), '', 'fallback'],
    ['a string', 'plain words', 'plain words', 'plain words'],
    ['an empty string', '', '', 'fallback'],
    ['a number', 42, '42', 'fallback'],
    ['null', null, 'null', 'fallback'],
    ['an object', { message: 'not an Error' }, '[object Object]', 'fallback'],
  ])('%s', (_what, thrown, plain, withFallback) => {
    expect(errorText(thrown)).toBe(plain);
    expect(errorText(thrown, 'fallback')).toBe(withFallback);
  });
});

describe('failureClass: how a service failure reads to a person', () => {
  it.each<[string, FailureFacts, FailureClass]>([
    ['no answer in time', { failure: 'timeout', httpStatus: null }, 'timeout'],
    ['a gateway timeout', { failure: 'http', httpStatus: 504 }, 'timeout'],
    ['408 (request timeout)', { failure: 'http', httpStatus: 408 }, 'timeout'],
    ['a 3xx status that is no failure kind', { failure: 'http', httpStatus: 302 }, 'unknown'],
    ['a 2xx status alone', { httpStatus: 200 }, 'unknown'],
    ['429', { failure: 'http', httpStatus: 429 }, 'busy'],
    ['500', { failure: 'http', httpStatus: 500 }, 'server'],
    ['503', { failure: 'http', httpStatus: 503 }, 'server'],
    ['an answer that is not JSON', { failure: 'parse', httpStatus: 200 }, 'server'],
    ['network down', { failure: 'network', httpStatus: null }, 'offline'],
    ['400 (a request refused)', { failure: 'http', httpStatus: 400 }, 'refused'],
    ['401', { failure: 'http', httpStatus: 401 }, 'refused'],
    ['a redirect', { failure: 'redirect', httpStatus: 302 }, 'refused'],
    ['a JSON-RPC error', { failure: 'rpc' }, 'refused'],
    ['cancelled', { failure: 'aborted' }, 'unknown'],
    ['nothing known', {}, 'unknown'],
  ])('%s', (_what, facts, cls) => {
    expect(failureClass(facts)).toBe(cls);
  });

  it('reads the facts of an HttpError', () => {
    const e = Object.assign(new HttpError('http', 'Internal server error', 500), { service: 'ledger' as const });
    expect(failureFacts(e)).toEqual({ failure: 'http', httpStatus: 500, service: 'ledger' });
    expect(failureFacts(new HttpError('timeout', 'No answer within 10 ms'))).toEqual({ failure: 'timeout' });
    expect(failureFacts('a string')).toEqual({});
  });

  it('keeps only the facts of the right type, and nothing of null or a primitive', () => {
    expect(failureFacts(null)).toStrictEqual({});
    expect(failureFacts(undefined)).toStrictEqual({});
    expect(failureFacts(404)).toStrictEqual({});
    expect(failureFacts({})).toStrictEqual({});
    expect(failureFacts({ kind: 5, status: '500', service: 1 })).toStrictEqual({});
    expect(failureFacts({ kind: 'rpc', status: 0, service: '' })).toStrictEqual({
      failure: 'rpc',
      httpStatus: 0,
      service: '',
    });
  });
});

describe('failureWords: the messages of the sentence, chosen without the browser', () => {
  it('names the task, who failed, how, and what it means for funds', () => {
    expect(failureWords('send', { failure: 'http', httpStatus: 500, service: 'bus' })).toEqual({
      task: 'failureTask_send',
      who: 'failureWho_network',
      cause: 'failureCause_server',
      after: 'failureAfter_checkActivity',
    });
    expect(failureWords('quote', { failure: 'http', httpStatus: 403 })).toEqual({
      task: 'failureTask_quote',
      who: 'failureWho_swap',
      cause: 'failureCause_credentials',
      after: 'failureAfter_safe',
    });
  });
});

describe('failureWords: who failed', () => {
  it('names the swap service for its own services whatever the task, the network for the bus and ledger', () => {
    for (const service of ['swap', 'transactions']) {
      expect(failureWords('balances', { service }).who).toBe('failureWho_swap');
    }
    for (const service of ['bus', 'ledger']) expect(failureWords('quote', { service }).who).toBe('failureWho_network');
  });

  it('without a service, names the swap service for its tasks and "the service" for the rest', () => {
    const swapTasks: FailedTask[] = ['quote', 'tokens', 'swap', 'history', 'track'];
    for (const task of swapTasks) expect(failureWords(task, {}).who, task).toBe('failureWho_swap');
    const others: FailedTask[] = ['balances', 'activity', 'address', 'deposits', 'review', 'send', 'pay', 'withdraw'];
    for (const task of others) expect(failureWords(task, { service: null }).who, task).toBe('failureWho_service');
  });

  it('failurePhrase carries the same messages as a phrase: the cause, filled with task, who and after', () => {
    expect(failurePhrase('pay', { failure: 'timeout', service: 'bus' })).toEqual({
      key: 'failureCause_timeout',
      subs: [
        { key: 'failureTask_pay', subs: [] },
        { key: 'failureWho_network', subs: [] },
        { key: 'failureAfter_checkActivity', subs: [] },
      ],
    });
  });
});

// Written by the page (src/ui/call.ts) from those messages: here the English catalogue (test/support).
describe('failureSentence: the plain words a main screen shows', () => {
  it.each<[FailedTask, FailureFacts, string]>([
    [
      'quote',
      { failure: 'timeout', service: 'swap' },
      'No quote. The swap service did not answer in time. Your funds are safe.',
    ],
    [
      'balances',
      { failure: 'http', httpStatus: 503, service: 'ledger' },
      'Your balances could not be read. The network had a problem on its side. Your funds are safe.',
    ],
    [
      'activity',
      { failure: 'network', service: 'transactions' },
      'Your activity could not be loaded. The swap service could not be reached. Check your internet connection. Your funds are safe.',
    ],
    [
      'tokens',
      { failure: 'http', httpStatus: 429 },
      'The token list could not be loaded. The swap service is busy. Wait a moment. Your funds are safe.',
    ],
    [
      'send',
      { failure: 'http', httpStatus: 500, service: 'bus' },
      'Sending did not finish. The network had a problem on its side. Check Activity before you try again.',
    ],
    [
      'quote',
      { failure: 'http', httpStatus: 401, service: 'swap' },
      'No quote. The swap service did not accept the wallet’s credentials (see Settings → Advanced). Your funds are safe.',
    ],
    ['address', {}, 'The address could not be fetched. The service did not answer as expected. Your funds are safe.'],
  ])('%s %j', (task, facts, sentence) => {
    expect(failureSentence(task, facts)).toBe(sentence);
  });

  it('never carries a status code, JSON or the service’s words', () => {
    const tasks: FailedTask[] = ['balances', 'quote', 'tokens', 'activity', 'history', 'address', 'deposits', 'review'];
    for (const task of tasks)
      for (const httpStatus of [null, 400, 401, 403, 404, 429, 500, 502, 503, 504])
        for (const failure of FAILURE_KINDS) {
          const text = failureSentence(task, { failure, httpStatus, service: 'swap' });
          expect(text).not.toMatch(/\d{3}|[{}]|HTTP|http|error/i);
          expect(text).toMatch(/Your funds are safe\.$/);
        }
  });
});
