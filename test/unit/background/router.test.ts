import { describe, expect, it } from 'vitest';
import { route } from '../../../src/background/router';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';

const tab = { url: 'https://dapp.example/', origin: 'https://dapp.example', frameId: 0, tab: { id: 1 } };

describe('background router', () => {
  it('answers a ping', async () => {
    expect(await route({ type: 'ping' }, {})).toEqual({ ok: true, result: { ready: true } });
  });

  it('answers intents_accounts with no accounts for an origin that was never granted', async () => {
    expect(await route({ type: 'request', method: METHODS.accounts }, tab)).toEqual({ ok: true, result: [] });
  });

  it.each(['intents_doesNotExist', 'constructor', '__proto__', 'toString'])(
    'replies 4200 to the unknown method %s',
    async (method) => {
      const reply = await route({ type: 'request', method }, tab);
      expect(reply).toEqual({ ok: false, error: { code: ERROR_CODES.unsupportedMethod, message: expect.stringContaining(method) } });
    },
  );

  it.each([
    [null, ''],
    ['ping', ''],
    [{ type: 'nope' }, 'type'],
    [{ type: 'request' }, 'method'],
    [{ type: 'request', method: '' }, 'method'],
    [{ type: 'request', method: 'x'.repeat(65) }, 'method'],
    [{ type: 'ping', extra: 1 }, ''],
  ])('replies -32602 to the malformed message %j', async (message, field) => {
    const reply = await route(message, tab);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe(ERROR_CODES.invalidParams);
    expect(reply.error.data).toEqual({ field });
  });
});
