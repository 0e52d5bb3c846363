// The approval queue's state under interleavings: a storage write held open (as a slow storage.session
// can), so another request's work runs between a decision and the write that acts on it. Every waiting
// request keeps a window, and closing the window rejects only the request it showed.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { NewRequest } from '../../../../src/background/approvals/pending';
import { ApprovalQueue } from '../../../../src/background/approvals/queue';
import { KeyValue, type StorageAreaLike } from '../../../../src/background/kv';
import { RateLimits } from '../../../../src/background/page/rateLimits';
import type { RuntimeReply } from '../../../../src/provider/protocol';

/** A storage area whose next writes can be held until released (in the order they came). */
function gatedArea(area: StorageAreaLike) {
  const held: (() => void)[] = [];
  let holding = false;
  const arrived = new Set<() => void>();
  let reading: Promise<unknown> = Promise.resolve();
  return {
    area: {
      get: (keys) => {
        const read = area.get(keys);
        reading = Promise.all([reading, read]);
        return read;
      },
      remove: (keys) => area.remove(keys),
      set: async (items) => {
        if (holding) {
          await new Promise<void>((release) => {
            held.push(release);
            for (const wake of [...arrived]) wake();
          });
        }
        await area.set(items);
      },
    } satisfies StorageAreaLike,
    hold: () => {
      holding = true;
    },
    /** Waits until `n` writes are held. */
    held: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (held.length < n) return;
          arrived.delete(check);
          resolve();
        };
        arrived.add(check);
        check();
      }),
    /** Waits for every read started so far (what a handler read before a held write lands). */
    readsDone: async () => {
      await reading;
    },
    /** Releases the oldest held write (later writes keep waiting while holding is on). */
    releaseOne: () => held.shift()?.(),
    releaseAll: () => {
      holding = false;
      for (const release of held.splice(0)) release();
    },
  };
}

/** A browser's windows: ids handed out, which are open, and onRemoved fired as the user closes one. */
function windowsFake() {
  const open = new Set<number>();
  let next = 100;
  const removed = new Set<(id: number) => void>();
  return {
    open,
    port: {
      create: async () => {
        const id = next++;
        open.add(id);
        return { id };
      },
      update: async (id: number) => {
        if (!open.has(id)) throw new Error('No window with id');
        return {};
      },
      remove: async (id: number) => {
        open.delete(id);
      },
    },
    onRemoved: (listener: (id: number) => void) => removed.add(listener),
    /** The user closes the window: the browser removes it, then tells the listeners. */
    userCloses: (id: number) => {
      open.delete(id);
      for (const l of removed) l(id);
    },
  };
}

const request = (tabId: number, origin: string): NewRequest => ({
  kind: 'connect',
  params: {},
  origin,
  tabId,
  frameId: 0,
  doc: null,
  documentId: null,
});

let clock = 1_000_000;
function setup() {
  const gate = gatedArea(fakeBrowser.storage.session);
  const windows = windowsFake();
  const answers: { tabId: number; id: string; reply: RuntimeReply }[] = [];
  /** Tabs whose page is there (the relay answers the probe); every tab is, until the test closes it. */
  const closedTabs = new Set<number>();
  const queue = new ApprovalQueue({
    kv: new KeyValue(gate.area),
    windows: windows.port,
    tabs: {
      sendMessage: async (tabId, message) => {
        if (message.type === 'probe') return !closedTabs.has(tabId);
        if (message.type === 'approvalResult') answers.push({ tabId, id: message.approvalId, reply: message.reply });
        return true;
      },
    },
    approveUrl: 'chrome-extension://x/approve.html',
    now: () => clock,
    random: (n) => crypto.getRandomValues(new Uint8Array(n)),
    limits: new RateLimits(new KeyValue(fakeBrowser.storage.session), () => clock),
  });
  // As start.ts wires it; the test awaits the queue's own work through `closing`.
  let closing: Promise<void> = Promise.resolve();
  windows.onRemoved((id) => {
    closing = queue.windowClosed(id);
  });
  return { gate, windows, answers, queue, closedTabs, closed: () => closing };
}

/** Every waiting request has an open window to be answered in; with none waiting, no window is left open. */
async function expectWindowForEachWaiting(t: ReturnType<typeof setup>) {
  const waiting = await t.queue.list();
  if (waiting.length > 0) expect([...t.windows.open], 'a waiting request has an open window').toHaveLength(1);
  else expect([...t.windows.open]).toEqual([]);
}

beforeEach(() => {
  fakeBrowser.reset();
  clock += 60_000;
});

describe('the approval queue under interleavings', () => {
  it('a request that arrives while the last one finishes keeps its window (afterChange read then edited)', async () => {
    const t = setup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    expect(t.windows.open.size).toBe(1);
    t.gate.hold();
    // A is answered: its removal is being written when B arrives.
    const finishing = t.queue.finish(a, { ok: true, result: null });
    await t.gate.held(1);
    const enqueueing = t.queue.enqueue(request(2, 'https://b.example'));
    t.gate.releaseOne(); // A's removal lands; B's addition is held behind it
    await t.gate.held(1);
    t.gate.releaseAll();
    const b = await enqueueing;
    await finishing;
    await t.closed();
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    await expectWindowForEachWaiting(t);
  });

  it('a window closed while its id is being stored still answers its request (windowClosed read then edited)', async () => {
    const t = setup();
    t.gate.hold();
    const enqueueing = t.queue.enqueue(request(1, 'https://a.example'));
    await t.gate.held(1); // the request itself
    t.gate.releaseOne();
    await t.gate.held(1); // the window's id
    const [windowId] = [...t.windows.open];
    t.windows.userCloses(windowId!);
    await t.gate.readsDone(); // whatever the close handler reads now, it reads before the id is stored
    t.gate.releaseAll();
    const a = await enqueueing;
    await t.closed();
    // The window the user closed was showing A: A is rejected, and nothing waits without a window.
    expect(t.answers.map((x) => x.id)).toEqual([a]);
    expect(t.answers[0]!.reply).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(await t.queue.list()).toEqual([]);
    await expectWindowForEachWaiting(t);
  });

  it('closing the window rejects the request it showed, never one that took its place unseen', async () => {
    const t = setup();
    const a = await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    await t.queue.markShown(a);
    // A's tab closes: B is first now, but the window has not looked again.
    await t.queue.dropTab(1);
    const [windowId] = [...t.windows.open];
    t.windows.userCloses(windowId!);
    await t.closed();
    expect(t.answers, 'B was never shown: it is not rejected').toEqual([]);
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    await expectWindowForEachWaiting(t);
    // B's tab may ask again later: no cooldown was charged to it.
    await t.queue.markShown(b);
    const [again] = [...t.windows.open];
    t.windows.userCloses(again!);
    await t.closed();
    expect(t.answers.map((x) => x.id)).toEqual([b]);
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).resolves.toBeTypeOf('string');
  });

  // Found by the model-based test (test/unit/reliability/model.int.test.ts), shrunk to
  // [Together(CloseTab(3), PageAsks(tab 3, connect))]: the tab closed while its request was on its way in.
  it('a request that reaches the queue after its tab closed does not wait for nobody (tab closed mid-request)', async () => {
    const t = setup();
    // The page's message was on its way when the tab closed: the browser's onRemoved is handled first.
    t.closedTabs.add(3);
    await t.queue.dropTab(3);
    await t.queue.enqueue(request(3, 'https://a.example'));
    expect(await t.queue.list(), 'nothing waits for a closed tab').toEqual([]);
    await expectWindowForEachWaiting(t);
  });
});
