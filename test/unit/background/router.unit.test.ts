import { describe, expect, it } from 'vitest';
import { WALLET } from '../../../src/api/walletApi';
import { internalParams } from '../../../src/background/params';
import { type PageHandler, Router, type RouterDeps, type RouteSender } from '../../../src/background/router';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';

const EXT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const tab = { url: 'https://dapp.example/path?q=1', frameId: 0, tab: { id: 1 } };
const popup = { url: `${EXT}/popup.html`, id: 'abcdefghijklmnopabcdefghijklmnop' };

function router(page: [string, PageHandler][] = [[METHODS.accounts, () => []]]) {
  const calls: unknown[] = [];
  const wallet = new Proxy({} as RouterDeps['wallet'], {
    get: (_, method: string) => async (params: unknown) => {
      calls.push([method, params]);
      return { method };
    },
  });
  const r = new Router({ extensionOrigin: EXT, page: new Map(page), wallet });
  return { route: (message: unknown, sender: RouteSender) => r.route(message, sender), calls };
}

describe('background router', () => {
  it('answers a ping', async () => {
    expect(await router().route({ type: 'ping' }, {})).toEqual({ ok: true, result: { ready: true } });
  });

  it("passes the relay's document token and the browser's document id to page handlers", async () => {
    let seen: unknown;
    const { route } = router([
      [
        METHODS.accounts,
        (_, page) => {
          seen = page;
          return [];
        },
      ],
    ]);
    const doc = 'ab'.repeat(16);
    await route(
      { type: 'request', method: METHODS.accounts, doc },
      { ...tab, origin: 'https://dapp.example', documentId: 'D1' },
    );
    expect(seen).toMatchObject({ doc, documentId: 'D1' });
    expect(await route({ type: 'request', method: METHODS.accounts, doc: 'not-a-token' }, tab)).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams },
    });
  });

  it('passes the origin the browser reported to page handlers, not anything the page says', async () => {
    let seen: unknown;
    const { route } = router([
      [
        METHODS.accounts,
        (_, page) => {
          seen = page;
          return [];
        },
      ],
    ]);
    await route({ type: 'request', method: METHODS.accounts, params: { origin: 'https://evil.example' } }, tab);
    expect(seen).toEqual({ origin: 'https://dapp.example', tabId: 1, frameId: 0, doc: null, documentId: null });
  });

  it.each(['intents_doesNotExist', 'constructor', '__proto__', 'toString'])(
    'replies 4200 to the unknown method %s',
    async (method) => {
      const reply = await router().route({ type: 'request', method }, tab);
      expect(reply).toEqual({
        ok: false,
        error: { code: ERROR_CODES.unsupportedMethod, message: expect.stringContaining(method) },
      });
    },
  );

  it('never lets a web page reach the wallet API', async () => {
    const { route, calls } = router();
    const reply = await route(
      { type: 'request', method: WALLET.exportKey, params: { password: 'x', publicKey: 'y' } },
      tab,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: ERROR_CODES.unsupportedMethod } });
    // Even a page that claims to be the extension through a spoofed origin-looking path.
    await route({ type: 'request', method: WALLET.status }, { url: `https://dapp.example/${EXT}/popup.html` });
    expect(calls).toEqual([]);
  });

  it.each(Object.keys(internalParams))(
    'never lets a web page (connected or not, any frame) reach %s',
    async (method) => {
      const { route, calls } = router();
      for (const sender of [tab, { ...tab, origin: 'https://dapp.example', frameId: 3 }]) {
        expect(await route({ type: 'request', method, params: {} }, sender)).toMatchObject({
          ok: false,
          error: { code: ERROR_CODES.unsupportedMethod },
        });
      }
      expect(calls).toEqual([]);
    },
  );

  it('answers the wallet API to the extension pages, with params checked', async () => {
    const { route, calls } = router();
    expect(await route({ type: 'request', method: WALLET.unlock, params: { password: 'pw' } }, popup)).toEqual({
      ok: true,
      result: { method: WALLET.unlock },
    });
    const bad = await route({ type: 'request', method: WALLET.unlock, params: { password: 5 } }, popup);
    expect(bad).toMatchObject({ ok: false, error: { code: ERROR_CODES.invalidParams, data: { field: 'password' } } });
    expect(calls).toEqual([[WALLET.unlock, { password: 'pw' }]]);
  });

  it('refuses page requests without an origin', async () => {
    const reply = await router().route({ type: 'request', method: METHODS.accounts }, { tab: { id: 1 } });
    expect(reply).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
  });

  it.each([
    [null, ''],
    ['ping', ''],
    [{ type: 'nope' }, 'type'],
    [{ type: 'request' }, 'method'],
    [{ type: 'request', method: '' }, 'method'],
    [{ type: 'request', method: 'x'.repeat(65) }, 'method'],
    [{ type: 'ping', extra: 1 }, ''],
  ])('replies -32602 to the malformed message %j', async (message, field) => {
    const reply = await router().route(message, tab);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toBe(ERROR_CODES.invalidParams);
    expect(reply.error.data).toEqual({ field });
  });
});
