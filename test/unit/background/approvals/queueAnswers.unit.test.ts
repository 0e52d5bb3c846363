// Who hears a waiting request's result, and what the queue hands out (docs/security.md, "Per-document
// identity"): a result goes to the asking document alone (its documentId, else its frame), once; Reject
// all ends one origin's requests; an erase ends every one with 4900; the prepared payload is written
// once; list/get/head return copies, never the queue's own state.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ERROR_CODES } from '../../../../src/provider/protocol';
import { queueSetup, request } from './queueFakes';

beforeEach(() => fakeBrowser.reset());

const ok = { ok: true, result: 'signed' } as const;

describe('results go to the asking document', () => {
  it('sends a result to the request’s own tab and document, by documentId when the browser gave one', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example', { frameId: 3, doc: 'doc-a', documentId: 'D-A' }));
    const b = await t.queue.enqueue(request(2, 'https://b.example', { frameId: 4, doc: 'doc-b', documentId: null }));
    await t.queue.finish(b, ok);
    expect(t.tabs.pushed).toEqual([
      {
        tabId: 2,
        message: { type: 'approvalResult', approvalId: b, reply: ok, doc: 'doc-b' },
        options: { frameId: 4 },
      },
    ]);
    await t.queue.finish(a, ok);
    expect(t.tabs.pushed[1]).toEqual({
      tabId: 1,
      message: { type: 'approvalResult', approvalId: a, reply: ok, doc: 'doc-a' },
      options: { documentId: 'D-A' },
    });
  });

  it('answers a request once: finishing it again, or an id never queued, sends nothing', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.finish(a, ok);
    await t.queue.finish(a, ok);
    await t.queue.finish('never-queued', ok);
    expect(t.tabs.answers().map((x) => x.id)).toEqual([a]);
    expect(await t.queue.list()).toHaveLength(1);
  });

  it('a result for a tab that went away is dropped quietly', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    t.tabs.gone.add(1);
    await expect(t.queue.finish(a, ok)).resolves.toBeUndefined();
    expect(await t.queue.list()).toEqual([]);
  });

  it('Reject all ends the requests of that origin with 4001, and only those', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.rejectOrigin('https://a.example');
    expect(t.tabs.answers()).toEqual([
      {
        tabId: 1,
        id: a,
        reply: { ok: false, error: { code: ERROR_CODES.userRejected, message: 'The user rejected the request' } },
      },
    ]);
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    expect(t.windows.open.size).toBe(1);
  });

  it('an erase ends every waiting request with 4900 and its message, and closes the window', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.endAll('The wallet was erased');
    const reply = { ok: false, error: { code: ERROR_CODES.disconnected, message: 'The wallet was erased' } };
    expect(t.tabs.answers()).toEqual([
      { tabId: 1, id: a, reply },
      { tabId: 2, id: b, reply },
    ]);
    expect(await t.queue.list()).toEqual([]);
    expect(t.windows.open.size).toBe(0);
  });
});

describe('a page gone before its request was stored', () => {
  it('drops that request alone: the others keep waiting, in their window', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    t.tabs.gone.add(2);
    await t.queue.enqueue(request(2, 'https://b.example'));
    expect((await t.queue.list()).map((p) => p.id)).toEqual([a]);
    expect(t.windows.open.size).toBe(1);
  });

  it('a tab closed while its page was being asked leaves the request dropped and the call answered', async () => {
    const t = queueSetup();
    // The relay's answer to the probe arrives after the tab's close was handled.
    let answerProbe: (alive: boolean) => void = () => undefined;
    const probing = new Promise<void>((asked) => {
      t.tabs.port.sendMessage = async (_tabId, message) => {
        if (message.type !== 'probe') return true;
        asked();
        return new Promise<boolean>((answer) => {
          answerProbe = answer;
        });
      };
    });
    const enqueueing = t.queue.enqueue(request(1, 'https://a.example'));
    await probing;
    await t.queue.dropTab(1);
    answerProbe(true);
    await expect(enqueueing).resolves.toBeTypeOf('string');
    expect(await t.queue.list()).toEqual([]);
  });
});

describe('the prepared payload is written once', () => {
  it('keeps the first payload of a request and hands it back to a later writer', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    expect(await t.queue.setPreparedOnce(a, { n: 'first' })).toEqual({ n: 'first' });
    const writes = t.storage.counted.writes;
    expect(await t.queue.setPreparedOnce(a, { n: 'second' })).toEqual({ n: 'first' });
    expect(t.storage.counted.writes, 'nothing changed, nothing written').toBe(writes);
    // Another request's payload is its own.
    expect(await t.queue.setPreparedOnce(b, { n: 'b' })).toEqual({ n: 'b' });
    expect((await t.queue.get(a))?.prepared).toEqual({ n: 'first' });
    expect((await t.queue.get(b))?.prepared).toEqual({ n: 'b' });
  });

  it('writes a payload on that request alone', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.setPreparedOnce(b, { n: 'b' });
    expect((await t.queue.get(a))?.prepared).toBeUndefined();
  });

  it('refuses a request that is no longer waiting with an internal error', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.finish(a, ok);
    await expect(t.queue.setPreparedOnce(a, {})).rejects.toEqual(
      expect.objectContaining({ code: ERROR_CODES.internal, message: 'This request is no longer waiting' }),
    );
  });
});

describe('what the queue hands out', () => {
  it('get finds the request by its id, and nothing for an unknown one', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    expect(await t.queue.get(b)).toMatchObject({ id: b, origin: 'https://b.example', tabId: 2 });
    expect(await t.queue.get('unknown')).toBeUndefined();
  });

  it('list, get and head give copies: changing one changes nothing waiting', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const listed = await t.queue.list();
    listed[0]!.origin = 'https://evil.example';
    listed.pop();
    const got = await t.queue.get(a);
    got!.tabId = 99;
    const { first } = await t.queue.head();
    first!.origin = 'https://evil.example';
    expect(await t.queue.list()).toEqual([expect.objectContaining({ id: a, origin: 'https://a.example', tabId: 1 })]);
    expect((await t.queue.head()).first).toMatchObject({ id: a, origin: 'https://a.example' });
  });

  it('head names the first request and every id, and nothing when none waits', async () => {
    const t = queueSetup();
    expect(await t.queue.head()).toEqual({ first: undefined, ids: [] });
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    const head = await t.queue.head();
    expect(head.first?.id).toBe(a);
    expect(head.ids).toEqual([a, b]);
  });
});
