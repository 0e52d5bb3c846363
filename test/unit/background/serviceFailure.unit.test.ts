// Which service failures become 4900 with the service and the setting to change (docs/dapps.md, "Errors").
import { describe, expect, it } from 'vitest';
import { replyForError } from '../../../src/background/errors';
import { HttpError, type ServiceName } from '../../../src/core';
import { OneClickError } from '../../../src/oneclick';

const failed = (service: ServiceName | undefined, kind: HttpError['kind'], status?: number) => {
  const e = new HttpError(kind, status === undefined ? 'The service could not be reached' : `HTTP ${status}`, status);
  if (service) e.service = service;
  return replyForError(e);
};

describe('service failures a setting fixes', () => {
  it('an unreachable service: 4900 naming it and its endpoint, httpStatus null when nothing answered', () => {
    for (const kind of ['network', 'timeout', 'redirect'] as const) {
      const reply = failed('bus', kind);
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 4900, data: { service: 'bus', httpStatus: null, setting: 'endpoints.bus' } },
      });
      expect(!reply.ok && reply.error.message).toMatch(/message bus could not be reached.*endpoints\.bus/);
    }
    expect(failed('ledger', 'http', 503)).toMatchObject({
      error: { code: 4900, data: { service: 'ledger', httpStatus: 503, setting: 'endpoints.ledgerRpc' } },
    });
  });

  it('refused credentials: 4900 naming the credential to set', () => {
    expect(failed('bus', 'http', 401)).toMatchObject({
      error: {
        code: 4900,
        message: expect.stringMatching(/message bus refused.*busApiKey/),
        data: { service: 'bus', httpStatus: 401, setting: 'busApiKey' },
      },
    });
    expect(failed('transactions', 'http', 403)).toMatchObject({
      error: { code: 4900, data: { service: 'transactions', httpStatus: 403, setting: 'jwt' } },
    });
    const swap = new OneClickError('Unauthorized', 401, null);
    swap.service = 'swap';
    expect(replyForError(swap)).toMatchObject({
      error: { code: 4900, data: { service: 'swap', httpStatus: 401, setting: 'jwt' } },
    });
  });

  it('anything else stays what it was: a refusal of the request, or a failure of no named service', () => {
    expect(failed('bus', 'http', 400)).toMatchObject({ error: { code: -32603 } });
    expect(failed('bus', 'parse', 200)).toMatchObject({ error: { code: -32603 } });
    expect(failed(undefined, 'network')).toMatchObject({ error: { code: -32603 } });
    const swap = new OneClickError('Amount is too low', 400, null);
    swap.service = 'swap';
    expect(replyForError(swap)).toMatchObject({ error: { code: -32602 } });
  });
});
