/**
 * The approval queue: requests that wait for the user, kept in storage.session so they survive a
 * service-worker restart; bounded per origin, per tab, per site and in all (-32002); rate-limited per
 * site, fairly (-32005, see ../page/rateLimits); one focused approval window; results go back to the
 * asking document as a push, so they arrive even when the worker restarted in between, and never to
 * a document the tab navigated to since (docs/security.md). What a waiting request is: ./pending.ts.
 */
import type { Random } from '../../core';
import { hex, siteOf } from '../../core';
import { phrase } from '../../core/phrase';
import { serial } from '../../core/serial';
import { ERROR_CODES, errorReply, type RuntimeReply } from '../../provider/protocol';
import { CorruptedValueError, Kept, type KeyValue } from '../kv';
import { documentAlive, pushTarget, type TabsPort } from '../page/events';
import type { RateLimits } from '../page/rateLimits';
import type { StorageProblems } from '../problems';
import { ProviderError } from '../providerError';
import { APPROVALS_KEY } from '../tabRecords';
import { EMPTY, type NewRequest, type Pending, type QueueState, stateSchema } from './pending';
import { APPROVAL_WINDOW_SIZE, type WindowsPort } from './window';

export type { TabsPort, WindowsPort };

/** Waiting requests at most: per site (subdomains together), and from all sites. One per origin and per tab. */
export const QUEUE_BOUNDS = { perSite: 3, total: 100 } as const;
/** After the user closed the window on a tab's request, that tab may not open it again for this long. */
export const CLOSED_COOLDOWN_MS = 15_000;

export interface ApprovalQueueDeps {
  kv: KeyValue;
  windows: WindowsPort;
  tabs: TabsPort;
  approveUrl: string;
  now: () => number;
  random: Random;
  limits: RateLimits;
  problems?: StorageProblems;
}

export class ApprovalQueue {
  /** The queue's one lock: items, the window and cooldowns change only under it (one window at a time). */
  private readonly serial = serial();

  constructor(private readonly deps: ApprovalQueueDeps) {}

  /** The queue as stored; this object is its only writer, so it is kept in memory between reads. */
  private readonly stored = new Kept<QueueState>(() => this.load());

  private async load(): Promise<QueueState> {
    try {
      return (await this.deps.kv.read(APPROVALS_KEY, stateSchema)) ?? EMPTY;
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      // Set the damaged queue aside (never overwritten) and start an empty one.
      const raw = (await this.deps.kv.asFound(APPROVALS_KEY)) as unknown;
      await this.deps.kv.write(`${APPROVALS_KEY}.damaged`, raw);
      await this.deps.kv.write(APPROVALS_KEY, EMPTY);
      this.deps.problems?.report(
        'approvals',
        APPROVALS_KEY,
        'Requests that were waiting for approval could not be read (damaged); they were set aside and will not be answered.',
        phrase('storeProblem_approvals'),
      );
      return EMPTY;
    }
  }

  private state(): Promise<QueueState> {
    return this.stored.get();
  }

  /**
   * Read-modify-write under the queue's one lock (core/serial): every decision on the queue's state is
   * made on the state as it is inside the lock, so two changes never lose each other's work. A change
   * that hands back the state it was given changed nothing and writes nothing (the window's every look
   * marks the request it shows).
   */
  private edit<T>(fn: (s: QueueState) => Promise<[QueueState, T]> | [QueueState, T]): Promise<T> {
    return this.serial(async () => {
      const current = await this.state();
      const [next, out] = await fn(current);
      if (next !== current) await this.put(next);
      return out;
    });
  }

  /** Only under the lock. */
  private put(next: QueueState): Promise<void> {
    return this.stored.put(next, (value) => this.deps.kv.write(APPROVALS_KEY, value));
  }

  async list(): Promise<Pending[]> {
    return (await this.state()).items;
  }

  /**
   * The first request (a copy) and the ids of all, without copying the rest: the approval window reads
   * this at each look, and its cost stays the same with 1 or 50 waiting (docs/architecture.md, "Budgets").
   */
  head(): Promise<{ first: Pending | undefined; ids: string[] }> {
    return this.stored.peek((s) => ({
      first: s.items[0] && structuredClone(s.items[0]),
      ids: s.items.map((p) => p.id),
    }));
  }

  async get(id: string): Promise<Pending | undefined> {
    return (await this.list()).find((p) => p.id === id);
  }

  /** Adds a request and shows the window, within the queue's bounds and the rate limits. */
  async enqueue(entry: NewRequest): Promise<string> {
    const item = await this.edit(async (s): Promise<[QueueState, Pending]> => {
      const now = this.deps.now();
      const cooldowns = Object.fromEntries(Object.entries(s.cooldowns).filter(([, until]) => until > now));
      if (cooldowns[String(entry.tabId)] !== undefined) {
        throw new ProviderError(
          ERROR_CODES.rateLimited,
          'The user just closed the approval window on this page; wait a moment before asking again',
        );
      }
      const pendingHere = s.items.some((p) => p.origin === entry.origin || p.tabId === entry.tabId);
      const site = siteOf(entry.origin);
      if (pendingHere || s.items.filter((p) => siteOf(p.origin) === site).length >= QUEUE_BOUNDS.perSite) {
        throw new ProviderError(ERROR_CODES.requestPending, 'A request from this site is already waiting for the user');
      }
      if (s.items.length >= QUEUE_BOUNDS.total) {
        throw new ProviderError(
          ERROR_CODES.requestPending,
          'Too many requests are waiting for the user; try again later',
        );
      }
      // Charged to the site that asked, and never to another: a request the tab's navigation drops
      // later stays on its own site's account (./rateLimits).
      await this.deps.limits.take('approval', site, 'Too many requests from this site; wait a minute and try again');
      const item: Pending = { ...entry, id: hex.encode(this.deps.random(12)), createdAt: now };
      return [{ ...s, cooldowns, items: [...s.items, item] }, item];
    });
    // The page may have gone while its message was on its way (its tab closed or navigated, and the
    // browser's event was handled before the request got here): asked once it is stored, so a page that
    // goes later is caught by dropTab/checkTab, and one already gone never gets a window.
    if (!(await documentAlive(this.deps.tabs, item))) {
      await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.id !== item.id) }, undefined]);
      await this.afterChange();
      return item.id;
    }
    await this.showWindow();
    return item.id;
  }

  /** Stores the request's payload unless one is stored already; returns the stored one (first write wins). */
  async setPreparedOnce(id: string, prepared: unknown): Promise<unknown> {
    return this.edit((s) => {
      const item = s.items.find((p) => p.id === id);
      if (!item) throw new ProviderError(ERROR_CODES.internal, 'This request is no longer waiting');
      if (item.prepared !== undefined) return [s, item.prepared];
      return [{ ...s, items: s.items.map((p) => (p.id === id ? { ...p, prepared } : p)) }, prepared];
    });
  }

  /**
   * Removes the request and sends its result to the tab that asked. `keepWindow`: the window stays
   * open even when nothing else waits, because it is telling the user why the request failed.
   */
  async finish(id: string, reply: RuntimeReply, options: { keepWindow?: boolean } = {}): Promise<void> {
    const done = await this.edit((s) => [
      { ...s, items: s.items.filter((p) => p.id !== id) },
      s.items.find((p) => p.id === id),
    ]);
    if (done) await this.deliver(done, reply);
    if (!options.keepWindow) await this.afterChange();
  }

  private async deliver(p: Pending, reply: RuntimeReply): Promise<void> {
    try {
      await this.deps.tabs.sendMessage(
        p.tabId,
        { type: 'approvalResult', approvalId: p.id, reply, doc: p.doc },
        pushTarget(p),
      );
    } catch {
      // The tab went away: nobody is waiting for this answer any more.
    }
  }

  async rejectOrigin(origin: string): Promise<void> {
    await this.endWhere(
      (p) => p.origin === origin,
      errorReply(ERROR_CODES.userRejected, 'The user rejected the request'),
    );
  }

  /** Every waiting request ends with 4900 and `message` (an erase: the wallet they waited for is gone). */
  endAll(message: string): Promise<void> {
    return this.endWhere(() => true, errorReply(ERROR_CODES.disconnected, message));
  }

  private async endWhere(ends: (p: Pending) => boolean, reply: RuntimeReply): Promise<void> {
    const gone = await this.edit((s) => [{ ...s, items: s.items.filter((p) => !ends(p)) }, s.items.filter(ends)]);
    for (const p of gone) await this.deliver(p, reply);
    await this.afterChange();
  }

  /** A closed tab's requests are dropped without an answer (there is no one to answer). */
  async dropTab(tabId: number): Promise<void> {
    await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.tabId !== tabId) }, undefined]);
    await this.afterChange();
  }

  /** Requests of `tabId` from any document but `doc` are dropped: the tab shows another document now. */
  async dropOtherDocuments(tabId: number, doc: string | null): Promise<void> {
    if (!(await this.list()).some((p) => p.tabId === tabId && p.doc !== doc)) return;
    await this.edit((s) => [{ ...s, items: s.items.filter((p) => p.tabId !== tabId || p.doc === doc) }, undefined]);
    await this.afterChange();
  }

  /** After a tab changed: drops its requests whose document is gone (nobody is left to answer). */
  async checkTab(tabId: number): Promise<void> {
    const mine = (await this.list()).filter((p) => p.tabId === tabId);
    const gone = new Set(
      (await Promise.all(mine.map(async (p) => ((await documentAlive(this.deps.tabs, p)) ? null : p.id)))).filter(
        (id) => id !== null,
      ),
    );
    if (gone.size === 0) return;
    await this.edit((s) => [{ ...s, items: s.items.filter((p) => !gone.has(p.id)) }, undefined]);
    await this.afterChange();
  }

  /**
   * The window showed request `id` (it asked for it and got its view): closing the window now answers
   * that request, and no other that may take the first place before the window looks again.
   */
  async markShown(id: string): Promise<void> {
    await this.edit((s) => [
      s.shownId === id || !s.items.some((p) => p.id === id) ? s : { ...s, shownId: id },
      undefined,
    ]);
  }

  /**
   * Closing the approval window rejects the request it showed (4001), and that tab may not open the
   * window again at once (a page could otherwise reopen it as fast as the user closes it); requests
   * of other tabs get a new window. Decided on the state as it is when the close is handled (under the
   * queue's lock), never on one read before.
   */
  async windowClosed(windowId: number): Promise<void> {
    const shown = await this.edit((s): [QueueState, Pending | undefined] => {
      if (s.windowId !== windowId) return [s, undefined];
      const p = s.items.find((item) => item.id === s.shownId);
      const cooldowns = p ? { ...s.cooldowns, [String(p.tabId)]: this.deps.now() + CLOSED_COOLDOWN_MS } : s.cooldowns;
      return [{ ...s, windowId: null, shownId: null, cooldowns, items: s.items.filter((item) => item !== p) }, p];
    });
    if (shown) await this.deliver(shown, errorReply(ERROR_CODES.userRejected, 'The user closed the approval window'));
    await this.afterChange();
  }

  /**
   * The window follows the queue: closed when nothing waits, opened when something waits and none is
   * open. Read and acted on under the queue's lock, so a request added meanwhile is seen (a decision on
   * an earlier read could close the window a new request was just shown in).
   */
  private afterChange(): Promise<void> {
    return this.serial(async () => {
      const s = await this.state();
      if (s.items.length === 0 && s.windowId !== null) {
        await this.put({ ...s, windowId: null, shownId: null });
        await this.deps.windows.remove(s.windowId).catch(() => undefined);
      } else if (s.items.length > 0 && s.windowId === null) {
        await this.openOrFocus(s);
      }
    });
  }

  /** Opens the window, or brings the open one forward; under the queue's lock like every other change. */
  showWindow(): Promise<void> {
    return this.serial(async () => this.openOrFocus(await this.state()));
  }

  /** Only under the lock: a window closed meanwhile is seen by windowClosed after its id is stored. */
  private async openOrFocus(s: QueueState): Promise<void> {
    if (s.windowId !== null) {
      try {
        await this.deps.windows.update(s.windowId, { focused: true });
        return;
      } catch {
        // The window is gone (closed while the worker was stopped): open a new one.
      }
    }
    const win = await this.deps.windows.create({
      url: this.deps.approveUrl,
      type: 'popup',
      ...APPROVAL_WINDOW_SIZE,
      focused: true,
    });
    // A new window shows the first request when it loads (and says which it shows through markShown).
    await this.put({ ...s, windowId: win?.id ?? null, shownId: s.items[0]?.id ?? null });
  }
}
