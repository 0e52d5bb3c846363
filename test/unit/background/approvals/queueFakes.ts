// Fakes for the approval queue's ports (docs/architecture.md, "Where state lives"): storage.session
// (WXT's fake, its writes counted), the browser's windows (every call logged, the user's close fired as
// onRemoved) and tabs (each page's relay: it answers the probe while its document is there, and keeps
// what was pushed to it). The clock is the test's own. The queue itself is the real ApprovalQueue.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { NewRequest } from '../../../../src/background/approvals/pending';
import { ApprovalQueue } from '../../../../src/background/approvals/queue';
import { KeyValue, type StorageAreaLike } from '../../../../src/background/kv';
import { RateLimits } from '../../../../src/background/page/rateLimits';
import { StorageProblems } from '../../../../src/background/problems';
import type { BackgroundPush } from '../../../../src/provider/protocol';

export const APPROVE_URL = 'chrome-extension://x/approve.html';

export type WindowCall =
  | { op: 'create'; info: unknown }
  | { op: 'update'; id: number; info: unknown }
  | { op: 'remove'; id: number };

/** The browser's windows: ids handed out, which are open, each call logged. */
export function windowsFake() {
  const open = new Set<number>();
  const calls: WindowCall[] = [];
  let next = 100;
  /** When set, create answers this instead of a new window (a browser that could not make one). */
  const behaviour: { createAnswers?: undefined | 'nothing' } = {};
  return {
    open,
    calls,
    behaviour,
    port: {
      create: async (info: unknown) => {
        calls.push({ op: 'create', info });
        if (behaviour.createAnswers === 'nothing') return undefined;
        const id = next++;
        open.add(id);
        return { id };
      },
      update: async (id: number, info: unknown) => {
        calls.push({ op: 'update', id, info });
        if (!open.has(id)) throw new Error('No window with id');
        return {};
      },
      remove: async (id: number) => {
        calls.push({ op: 'remove', id });
        open.delete(id);
      },
    },
  };
}

export interface Pushed {
  tabId: number;
  message: BackgroundPush;
  options: { frameId?: number; documentId?: string };
}

/** The tabs' relays: a tab in `gone` (closed, or showing another document) does not answer the probe. */
export function tabsFake() {
  const gone = new Set<number>();
  const pushed: Pushed[] = [];
  const probes: number[] = [];
  return {
    gone,
    pushed,
    probes,
    /** The results pushed to pages, in order. */
    answers: () =>
      pushed.flatMap((p) =>
        p.message.type === 'approvalResult'
          ? [{ tabId: p.tabId, id: p.message.approvalId, reply: p.message.reply }]
          : [],
      ),
    port: {
      sendMessage: async (tabId: number, message: BackgroundPush, options: Pushed['options']) => {
        if (message.type === 'probe') {
          probes.push(tabId);
          return !gone.has(tabId);
        }
        if (gone.has(tabId)) throw new Error('Could not establish connection. Receiving end does not exist.');
        pushed.push({ tabId, message, options });
        return true;
      },
    },
  };
}

/** storage.session with its writes counted. */
export function countingArea(area: StorageAreaLike = fakeBrowser.storage.session) {
  const counted = { writes: 0 };
  return {
    counted,
    area: {
      get: (keys) => area.get(keys),
      remove: (keys) => area.remove(keys),
      set: (items) => {
        counted.writes++;
        return area.set(items);
      },
    } satisfies StorageAreaLike,
  };
}

export const request = (tabId: number, origin: string, more: Partial<NewRequest> = {}): NewRequest =>
  ({ kind: 'connect', params: {}, origin, tabId, frameId: 0, doc: null, documentId: null, ...more }) as NewRequest;

/** A queue over fresh fakes, as start.ts wires it; `clock.now` is the test's to move. */
export function queueSetup(options: { area?: StorageAreaLike; problems?: StorageProblems | null } = {}) {
  const storage = countingArea(options.area);
  const windows = windowsFake();
  const tabs = tabsFake();
  const clock = { now: 1_700_000_000_000 };
  const problems = options.problems === undefined ? new StorageProblems() : options.problems;
  const queue = new ApprovalQueue({
    kv: new KeyValue(storage.area),
    windows: windows.port,
    tabs: tabs.port,
    approveUrl: APPROVE_URL,
    now: () => clock.now,
    random: (n) => crypto.getRandomValues(new Uint8Array(n)),
    limits: new RateLimits(new KeyValue(fakeBrowser.storage.session), () => clock.now),
    ...(problems ? { problems } : {}),
  });
  /** The user closes the approval window: the browser removes it, then the queue hears of it. */
  const userCloses = async () => {
    const [id] = [...windows.open];
    if (id === undefined) throw new Error('no window is open');
    windows.open.delete(id);
    await queue.windowClosed(id);
  };
  return { queue, windows, tabs, clock, storage, problems, userCloses };
}
