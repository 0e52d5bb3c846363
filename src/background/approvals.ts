/**
 * The approval queue (issue 5 §4): requests that wait for the user, kept in storage.session so they
 * survive a service-worker restart; one pending request per origin (-32002), a per-origin rate limit
 * (-32005); one focused approval window; results go back to the asking tab as a push, so they arrive
 * even when the worker restarted in between.
 */
import * as z from 'zod/mini';
import type { Random } from '../core';
import { hex } from '../core';
import type { ApprovalKind } from '../provider/approvalApi';
import { ERROR_CODES, errorReply, type BackgroundPush, type RuntimeReply } from '../provider/protocol';
import { CorruptedValueError, type KeyValue } from './kv';
import type { StorageProblems } from './problems';
import { ProviderError } from './providerError';

const KEY = 'approvals';
const RATE_WINDOW_MS = 60_000;
const RATE_MAX = 10;

const pendingSchema = z.object({
  id: z.string(),
  kind: z.enum(['connect', 'signMessage', 'signIntents', 'publishIntents']),
  origin: z.string(),
  tabId: z.number(),
  frameId: z.number(),
  createdAt: z.number(),
  params: z.unknown(),
  /** The exact payload shown and signed (signIntents/publishIntents), once built. */
  prepared: z.optional(z.unknown()),
});
export type Pending = z.output<typeof pendingSchema>;

const stateSchema = z.object({ items: z.array(pendingSchema), windowId: z.nullable(z.number()) });
type QueueState = z.output<typeof stateSchema>;

export interface WindowsPort {
  create(info: { url: string; type: 'popup'; width: number; height: number; focused: boolean }): Promise<{ id?: number | undefined } | undefined>;
  update(windowId: number, info: { focused: boolean }): Promise<unknown>;
  remove(windowId: number): Promise<void>;
}

export interface TabsPort {
  sendMessage(tabId: number, message: BackgroundPush, options: { frameId: number }): Promise<unknown>;
}

export class ApprovalQueue {
  private queue: Promise<unknown> = Promise.resolve();
  private recent = new Map<string, number[]>();
  /** One window at a time: concurrent requests wait for the window the first one is opening. */
  private showing: Promise<void> | null = null;

  constructor(
    private readonly kv: KeyValue,
    private readonly windows: WindowsPort,
    private readonly tabs: TabsPort,
    private readonly approveUrl: string,
    private readonly now: () => number,
    private readonly random: Random,
    private readonly problems?: StorageProblems,
  ) {}

  private async state(): Promise<QueueState> {
    try {
      return (await this.kv.read(KEY, stateSchema)) ?? { items: [], windowId: null };
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      // Set the damaged queue aside (never overwritten) and start an empty one.
      const raw = (await this.kv.readRaw(KEY)) as unknown;
      await this.kv.write(`${KEY}.damaged`, raw);
      await this.kv.write(KEY, { items: [], windowId: null });
      this.problems?.report(KEY, 'Requests that were waiting for approval could not be read (damaged); they were set aside and will not be answered.');
      return { items: [], windowId: null };
    }
  }

  /** Read-modify-write under one lock, so two requests never lose each other's entries. */
  private edit<T>(fn: (s: QueueState) => Promise<[QueueState, T]> | [QueueState, T]): Promise<T> {
    const run = this.queue.then(async () => {
      const [next, out] = await fn(await this.state());
      await this.kv.write(KEY, next);
      return out;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async list(): Promise<Pending[]> {
    return (await this.state()).items;
  }

  async get(id: string): Promise<Pending | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  private rateLimit(origin: string): void {
    const now = this.now();
    const times = (this.recent.get(origin) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
    if (times.length >= RATE_MAX) {
      throw new ProviderError(ERROR_CODES.rateLimited, 'Too many requests from this site; wait a minute and try again');
    }
    times.push(now);
    this.recent.set(origin, times);
  }

  /** Adds a request and shows the window; refuses a second pending request from the same origin. */
  async enqueue(entry: { kind: ApprovalKind; origin: string; tabId: number; frameId: number; params: unknown }): Promise<string> {
    const id = await this.edit((s) => {
      if (s.items.some((p) => p.origin === entry.origin)) {
        throw new ProviderError(ERROR_CODES.requestPending, 'A request from this site is already waiting for the user');
      }
      this.rateLimit(entry.origin);
      const item: Pending = { ...entry, id: hex.encode(this.random(12)), createdAt: this.now() };
      return [{ ...s, items: [...s.items, item] }, item.id];
    });
    await this.showWindow();
    return id;
  }

  async setPrepared(id: string, prepared: unknown): Promise<void> {
    await this.edit((s) => [{ ...s, items: s.items.map((p) => (p.id === id ? { ...p, prepared } : p)) }, undefined]);
  }

  /** Removes the request and sends its result to the tab that asked. */
  async finish(id: string, reply: RuntimeReply): Promise<void> {
    const done = await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.id !== id) }, s.items.find((p) => p.id === id)]);
    if (done) await this.deliver(done, reply);
    await this.afterChange();
  }

  private async deliver(p: Pending, reply: RuntimeReply): Promise<void> {
    try {
      await this.tabs.sendMessage(p.tabId, { type: 'approvalResult', approvalId: p.id, reply }, { frameId: p.frameId });
    } catch {
      // The tab went away: nobody is waiting for this answer any more.
    }
  }

  async rejectOrigin(origin: string): Promise<void> {
    const gone = await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.origin !== origin) }, s.items.filter((p) => p.origin === origin)]);
    for (const p of gone) await this.deliver(p, errorReply(ERROR_CODES.userRejected, 'The user rejected the request'));
    await this.afterChange();
  }

  /** A closed tab's requests are dropped without an answer (there is no one to answer). */
  async dropTab(tabId: number): Promise<void> {
    await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.tabId !== tabId) }, undefined]);
    await this.afterChange();
  }

  /** Closing the approval window rejects the request it showed (4001); others get a new window. */
  async windowClosed(windowId: number): Promise<void> {
    const s = await this.state();
    if (s.windowId !== windowId) return;
    await this.edit((st) => [{ ...st, windowId: null }, undefined]);
    const shown = s.items[0];
    if (shown) await this.finish(shown.id, errorReply(ERROR_CODES.userRejected, 'The user closed the approval window'));
  }

  private async afterChange(): Promise<void> {
    const s = await this.state();
    if (s.items.length === 0 && s.windowId !== null) {
      const windowId = s.windowId;
      await this.edit((st) => [{ ...st, windowId: null }, undefined]);
      await this.windows.remove(windowId).catch(() => undefined);
    } else if (s.items.length > 0 && s.windowId === null) {
      await this.showWindow();
    }
  }

  showWindow(): Promise<void> {
    this.showing ??= this.openOrFocus().finally(() => {
      this.showing = null;
    });
    return this.showing;
  }

  private async openOrFocus(): Promise<void> {
    const s = await this.state();
    if (s.windowId !== null) {
      try {
        await this.windows.update(s.windowId, { focused: true });
        return;
      } catch {
        // The window is gone (closed while the worker was stopped): open a new one.
      }
    }
    const win = await this.windows.create({ url: this.approveUrl, type: 'popup', width: 400, height: 660, focused: true });
    await this.edit((st) => [{ ...st, windowId: win?.id ?? null }, undefined]);
  }
}
