import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, PAGE_CHANNEL, RELAY_CHANNEL, type RuntimeMessage } from '../../../src/provider/protocol';
import { CONTEXT_CHECK_MS, installRelay, type RelayWindow, toWire } from '../../../src/provider/relay';

function fakeWindow(origin = 'http://127.0.0.1:5555') {
  let listener: ((event: MessageEvent) => void) | undefined;
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const win: RelayWindow = {
    location: { origin },
    addEventListener: (_type, fn) => (listener = fn),
    postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }),
  };
  const deliver = (data: unknown, source: unknown = win) => listener!({ data, source } as MessageEvent);
  return { win, posted, deliver };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const DOC = 'ab'.repeat(16);

describe('relay', () => {
  it('forwards a page request and posts the answer back to the same window', async () => {
    const { win, posted, deliver } = fakeWindow();
    const send = vi.fn(async (_m: RuntimeMessage) => ({ ok: true, result: [] }));
    installRelay(win, send, undefined, DOC);
    deliver({ channel: PAGE_CHANNEL, id: 7, method: 'intents_accounts' });
    await flush();
    expect(send).toHaveBeenCalledWith({ type: 'request', method: 'intents_accounts', doc: DOC });
    expect(posted).toEqual([
      { message: { channel: RELAY_CHANNEL, id: 7, result: [] }, targetOrigin: 'http://127.0.0.1:5555' },
    ]);
  });

  it('passes background errors through', async () => {
    const { win, posted, deliver } = fakeWindow();
    const error = { code: ERROR_CODES.unsupportedMethod, message: 'Unsupported method: x' };
    installRelay(win, async () => ({ ok: false, error }));
    deliver({ channel: PAGE_CHANNEL, id: 1, method: 'x', params: { a: 1 } });
    await flush();
    expect(posted[0]?.message).toEqual({ channel: RELAY_CHANNEL, id: 1, error });
  });

  it.each([
    ['throws', async () => Promise.reject(new Error('Could not establish connection'))],
    ['answers nothing', async () => undefined],
  ])('replies 4900 when the background %s', async (_what, send) => {
    const { win, posted, deliver } = fakeWindow();
    installRelay(win, send);
    deliver({ channel: PAGE_CHANNEL, id: 3, method: 'intents_accounts' });
    await flush();
    expect(posted[0]?.message).toMatchObject({
      channel: RELAY_CHANNEL,
      id: 3,
      error: { code: ERROR_CODES.disconnected },
    });
  });

  it.each([
    ['another window', { channel: PAGE_CHANNEL, id: 1, method: 'm' }, {}],
    ['another channel', { channel: 'other', id: 1, method: 'm' }, undefined],
    ['a relay answer', { channel: RELAY_CHANNEL, id: 1, result: 1 }, undefined],
    ['no id', { channel: PAGE_CHANNEL, method: 'm' }, undefined],
    ['a string id', { channel: PAGE_CHANNEL, id: '1', method: 'm' }, undefined],
    ['no method', { channel: PAGE_CHANNEL, id: 1 }, undefined],
    ['a long method', { channel: PAGE_CHANNEL, id: 1, method: 'm'.repeat(65) }, undefined],
    ['not an object', 'hello', undefined],
  ])('ignores a message from %s', async (_what, data, source) => {
    const { win, posted, deliver } = fakeWindow();
    const send = vi.fn(async () => ({ ok: true, result: null }));
    installRelay(win, send);
    deliver(data, source === undefined ? win : source);
    await flush();
    expect(send).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('replies -32602 without calling the background when params are not JSON data', async () => {
    const { win, posted, deliver } = fakeWindow();
    const send = vi.fn(async () => ({ ok: true, result: null }));
    installRelay(win, send);
    deliver({ channel: PAGE_CHANNEL, id: 2, method: 'm', params: { when: new Date(0) } });
    await flush();
    expect(send).not.toHaveBeenCalled();
    expect(posted[0]?.message).toMatchObject({ id: 2, error: { code: ERROR_CODES.invalidParams } });
  });
});

describe('relay: answers reach pages whose origin postMessage cannot name', () => {
  it.each(['file://', 'null'])('a %s page gets its (refusal) answer with target "*"', async (origin) => {
    const { win, posted, deliver } = fakeWindow(origin);
    installRelay(win, async () => ({
      ok: false,
      error: { code: ERROR_CODES.unauthorized, message: 'Only http(s) web pages may use the wallet' },
    }));
    deliver({ channel: PAGE_CHANNEL, id: 5, method: 'intents_requestAccounts' });
    await flush();
    expect(posted).toEqual([
      {
        message: {
          channel: RELAY_CHANNEL,
          id: 5,
          error: { code: ERROR_CODES.unauthorized, message: 'Only http(s) web pages may use the wallet' },
        },
        targetOrigin: '*',
      },
    ]);
  });
});

describe('relay: per-document delivery', () => {
  function withBackground(doc = DOC) {
    const { win, posted, deliver } = fakeWindow();
    let push: ((m: unknown) => boolean | undefined) | undefined;
    const send = vi.fn(async () => ({ ok: 'deferred', approvalId: 'a1' }));
    installRelay(win, send, (fn) => (push = fn), doc);
    return { posted, deliver, send, push: (m: unknown) => push!(m) };
  }

  it('makes a fresh 16-byte token for each document when none is given', async () => {
    const tokens = new Set<unknown>();
    for (let i = 0; i < 3; i++) {
      const { win, deliver } = fakeWindow();
      const send = vi.fn(async (_m: RuntimeMessage) => ({ ok: true, result: [] }));
      installRelay(win, send);
      deliver({ channel: PAGE_CHANNEL, id: 1, method: 'intents_accounts' });
      await flush();
      const sent = send.mock.calls[0]![0];
      expect(sent.type === 'request' && sent.doc).toMatch(/^[0-9a-f]{32}$/);
      tokens.add(sent.type === 'request' ? sent.doc : null);
    }
    expect(tokens.size).toBe(3);
  });

  it('hears events and answers for its own document only', async () => {
    const r = withBackground();
    r.deliver({ channel: PAGE_CHANNEL, id: 4, method: 'intents_signMessage' });
    await flush();
    const other = 'cd'.repeat(16);
    r.push({ type: 'providerEvent', event: 'accountsChanged', data: ['leak'], doc: other });
    r.push({ type: 'providerEvent', event: 'accountsChanged', data: ['leak'], doc: null });
    r.push({ type: 'approvalResult', approvalId: 'a1', reply: { ok: true, result: 'leak' }, doc: other });
    expect(r.posted).toEqual([]);
    r.push({ type: 'providerEvent', event: 'lock', data: null, doc: DOC });
    r.push({ type: 'approvalResult', approvalId: 'a1', reply: { ok: true, result: 'mine' }, doc: DOC });
    expect(r.posted.map((p) => p.message)).toEqual([
      { channel: RELAY_CHANNEL, event: 'lock', data: null },
      { channel: RELAY_CHANNEL, id: 4, result: 'mine' },
    ]);
  });

  it('answers a probe true for its own token and false for any other', () => {
    const r = withBackground();
    expect(r.push({ type: 'probe', doc: DOC })).toBe(true);
    expect(r.push({ type: 'probe', doc: 'cd'.repeat(16) })).toBe(false);
    expect(r.push({ type: 'probe', doc: null })).toBe(false);
  });
});

describe('toWire', () => {
  it('turns bytes into number arrays and drops undefined members', () => {
    expect(
      toWire({
        nonce: new Uint8Array([1, 2]),
        buf: new Uint8Array([3]).buffer,
        skip: undefined,
        list: [undefined, 'a'],
      }),
    ).toEqual({ nonce: [1, 2], buf: [3], list: [null, 'a'] });
  });

  it('keeps a key named __proto__ as data', () => {
    const out = toWire(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });

  it.each([[Number.NaN], [Infinity], [10n], [new Map()], [() => 1]])('rejects %s', (value) => {
    expect(() => toWire({ value })).toThrow();
  });

  it('rejects deep nesting', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(() => toWire(deep)).toThrow(/deep/);
  });
});

describe('relay: the extension goes away while a request waits for the user', () => {
  it('answers 4900 within a check, once; a request answered before that is left alone', async () => {
    vi.useFakeTimers();
    try {
      const { win, posted, deliver } = fakeWindow();
      let alive = true;
      let n = 0;
      const send = vi.fn(async () => ({ ok: 'deferred' as const, approvalId: `ap${++n}` }));
      let push: ((m: unknown) => boolean | undefined) | undefined;
      installRelay(
        win,
        send,
        (fn) => (push = fn),
        DOC,
        () => alive,
      );
      deliver({ channel: PAGE_CHANNEL, id: 1, method: 'intents_signMessage', params: {} });
      deliver({ channel: PAGE_CHANNEL, id: 2, method: 'intents_requestAccounts', params: {} });
      await vi.advanceTimersByTimeAsync(0);
      // The first is answered by the user; the second still waits when the extension is reloaded.
      push!({ type: 'approvalResult', approvalId: 'ap1', doc: DOC, reply: { ok: true, result: 'signed' } });
      expect(posted.map((p) => p.message)).toEqual([{ channel: RELAY_CHANNEL, id: 1, result: 'signed' }]);
      await vi.advanceTimersByTimeAsync(CONTEXT_CHECK_MS * 3);
      expect(posted).toHaveLength(1);
      alive = false;
      await vi.advanceTimersByTimeAsync(CONTEXT_CHECK_MS);
      expect(posted.map((p) => p.message)).toEqual([
        { channel: RELAY_CHANNEL, id: 1, result: 'signed' },
        {
          channel: RELAY_CHANNEL,
          id: 2,
          error: { code: ERROR_CODES.disconnected, message: expect.stringMatching(/reloaded or turned off/) },
        },
      ]);
      await vi.advanceTimersByTimeAsync(CONTEXT_CHECK_MS * 5);
      expect(posted).toHaveLength(2);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
