// The approval window follows the queue (docs/architecture.md, "Where state lives"; docs/security.md):
// one focused popup of APPROVAL_WINDOW_SIZE opened for the first waiting request, brought forward for
// the next, left where it is while other requests finish, closed when nothing waits (unless it stays to
// say why a request failed). Closing it rejects the request it last showed, and that one alone.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL_WINDOW_SIZE } from '../../../../src/background/approvals/window';
import { ERROR_CODES } from '../../../../src/provider/protocol';
import { APPROVE_URL, queueSetup, request } from './queueFakes';

beforeEach(() => fakeBrowser.reset());

const popup = { url: APPROVE_URL, type: 'popup', ...APPROVAL_WINDOW_SIZE, focused: true };
const ok = { ok: true, result: null } as const;

describe('opening and focusing', () => {
  it('opens one focused popup for the first request and brings it forward for the next', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    expect(t.windows.calls).toEqual([{ op: 'create', info: popup }]);
    const [id] = [...t.windows.open];
    await t.queue.enqueue(request(2, 'https://b.example'));
    expect(t.windows.calls.slice(1)).toEqual([{ op: 'update', id, info: { focused: true } }]);
    expect([...t.windows.open]).toEqual([id]);
  });

  it('opens a new window when the one it knew is gone (closed while the worker was stopped)', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    const [old] = [...t.windows.open];
    t.windows.open.delete(old!);
    await t.queue.enqueue(request(2, 'https://b.example'));
    expect(t.windows.calls.map((c) => c.op)).toEqual(['create', 'update', 'create']);
    expect(t.windows.open.size).toBe(1);
  });

  it('keeps the request when the browser made no window, and tries again for the next one', async () => {
    const t = queueSetup();
    t.windows.behaviour.createAnswers = 'nothing';
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    expect((await t.queue.list()).map((p) => p.id)).toEqual([a]);
    t.windows.behaviour.createAnswers = undefined;
    await t.queue.enqueue(request(2, 'https://b.example'));
    expect(t.windows.calls).toEqual([
      { op: 'create', info: popup },
      { op: 'create', info: popup },
    ]);
    expect(t.windows.open.size).toBe(1);
  });
});

describe('the window follows the queue', () => {
  it('stays where it is while another request waits, and closes after the last one', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    const [id] = [...t.windows.open];
    const before = t.windows.calls.length;
    await t.queue.finish(a, ok);
    expect(t.windows.calls.slice(before), 'the window is left where it is').toEqual([]);
    expect([...t.windows.open]).toEqual([id]);
    await t.queue.finish(b, ok);
    expect(t.windows.calls.slice(before)).toEqual([{ op: 'remove', id }]);
    expect(t.windows.open.size).toBe(0);
  });

  it('stays open after the last request when it is telling the user why that request failed', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const before = t.windows.calls.length;
    await t.queue.finish(
      a,
      { ok: false, error: { code: ERROR_CODES.internal, message: 'refused' } },
      { keepWindow: true },
    );
    expect(t.windows.calls.slice(before)).toEqual([]);
    expect(t.windows.open.size).toBe(1);
    // The user closes it once read: nothing is left to reject, and no new window opens.
    await t.userCloses();
    expect(t.tabs.answers().map((x) => x.id)).toEqual([a]);
    expect(t.windows.calls.slice(before)).toEqual([]);
  });

  it('asks the browser for nothing when a tab with no request goes and no window is open', async () => {
    const t = queueSetup();
    await t.queue.dropTab(7);
    await t.queue.checkTab(7);
    expect(t.windows.calls).toEqual([]);
  });

  it('a closed tab’s request is dropped without an answer, and the window with it', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.dropTab(1);
    expect(await t.queue.list()).toEqual([]);
    expect(t.windows.open.size).toBe(0);
    expect(t.tabs.answers()).toEqual([]);
  });

  it('opens a window again for requests still waiting after the user closed one', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.markShown(a);
    await t.userCloses();
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    expect(t.windows.open.size).toBe(1);
    expect(t.windows.calls.at(-1)).toEqual({ op: 'create', info: popup });
  });
});

describe('the window saying which request it shows', () => {
  it('writes once per change: looking again at the same request writes nothing', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    // A new window shows the first request: saying so again changes nothing.
    let writes = t.storage.counted.writes;
    await t.queue.markShown(a);
    expect(t.storage.counted.writes).toBe(writes);
    await t.queue.markShown(b);
    expect(t.storage.counted.writes).toBe(writes + 1);
    writes = t.storage.counted.writes;
    await t.queue.markShown(b);
    // A request that is not waiting is never marked.
    await t.queue.markShown('not-a-request');
    expect(t.storage.counted.writes).toBe(writes);
    await t.userCloses();
    expect(t.tabs.answers().map((x) => x.id)).toEqual([b]);
  });
});

describe('closing the window answers the request it showed', () => {
  it('rejects the one the window last said it showed, not the first', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.markShown(b);
    await t.userCloses();
    expect(t.tabs.answers().map((x) => x.id)).toEqual([b]);
    expect((await t.queue.list()).map((p) => p.id)).toEqual([a]);
  });

  it('a new window shows the first request: closing it before it reports rejects that one', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.enqueue(request(2, 'https://b.example'));
    await t.userCloses();
    expect(t.tabs.answers().map((x) => x.id)).toEqual([a]);
  });

  it('a late report of a request that already ended changes nothing: the shown one is still rejected', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.markShown(a);
    await t.queue.dropTab(2);
    // The window had b's view on its way; it says so after b's tab closed.
    await t.queue.markShown(b);
    await t.userCloses();
    expect(t.tabs.answers().map((x) => x.id)).toEqual([a]);
    expect(await t.queue.list()).toEqual([]);
  });
});
