/**
 * Nothing left behind on the clipboard (docs/security.md, "Nothing left behind: the clipboard"): a secret
 * a page of the wallet copied is cleared CLIPBOARD_CLEAR_SECONDS later, and at once when that page goes
 * away (the popup closes: its port disconnects). The background owns the timer because the popup may be
 * gone before it fires. The pending clear is the alarm itself, so it outlives a worker stop; the secret is
 * never sent here, and nothing is kept to compare with (reading the clipboard would need `clipboardRead`),
 * so the clear is unconditional unless a page of the wallet said it replaced the secret.
 */
import { CLIPBOARD_CLEAR_SECONDS, CLIPBOARD_PORT, type GuardNews, guardRequestOf } from '../../api/clipboard';
import { serial } from '../../core/serial';
import { originOf } from '../origin';

export const CLIPBOARD_ALARM = 'clipboard-clear';
/**
 * How long a worker that starts with a clear pending waits for a page to hold the guard again. A page
 * that holds it connects again the moment its port drops, which is what starts the worker; a page that
 * closed in that moment never will, and then the clear is done now rather than by the timer.
 */
export const CLIPBOARD_REJOIN_MS = 2_000;
/**
 * How long a clear the browser refused waits before it is tried once more: an offscreen document still
 * closing from the clear before, or one not yet answering, refuses once and then clears.
 */
export const CLIPBOARD_RETRY_MS = 500;

/** The part of `browser.alarms` the guard uses. */
export interface GuardAlarms {
  create(name: string, info: { delayInMinutes: number }): Promise<void>;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ scheduledTime: number } | undefined>;
}

interface Listeners<T extends unknown[]> {
  addListener(fn: (...args: T) => void): void;
}

/** The part of a `runtime.Port` the guard uses. */
export interface GuardPort {
  name: string;
  sender?: { url?: string; origin?: string } | undefined;
  postMessage(message: GuardNews): void;
  disconnect(): void;
  onMessage: Listeners<[unknown]>;
  onDisconnect: Listeners<[unknown]>;
}

export interface ClipboardGuardDeps {
  alarms: GuardAlarms;
  /** Writes an empty text over the clipboard (an offscreen document in Chromium, the event page in Firefox). */
  erase: () => Promise<void>;
  /** `chrome-extension://<id>`: only the extension's own pages may hold a guard port. */
  extensionOrigin: string;
  /** Resolves after `ms` (setTimeout): the rejoin window, and the pause before a refused clear is tried again. */
  wait: (ms: number) => Promise<void>;
}

export class ClipboardGuard {
  private readonly ports = new Set<GuardPort>();
  /** One clear at a time; each answers whether it worked, and the pages hear it. */
  private readonly oneAtATime = serial();
  /** Whether any page has held a guard port since this worker started. */
  private joined = false;
  /** Whether this worker cleared a pending clear no page came back for (a late page hears "cleared"). */
  private clearedUnwatched = false;

  constructor(private readonly deps: ClipboardGuardDeps) {}

  /** runtime.onConnect: takes the guard's ports from the extension's own pages, ignores every other port. */
  connect(port: GuardPort): void {
    if (port.name !== CLIPBOARD_PORT) return;
    if (!port.sender || originOf(port.sender) !== this.deps.extensionOrigin) {
      port.disconnect();
      return;
    }
    this.ports.add(port);
    this.joined = true;
    port.onMessage.addListener((message) => this.onRequest(port, message));
    // The page that copied went away (the popup closed, its tab closed or navigated).
    // Cleared at once if a clear is pending (the alarm exists), and the timer dropped.
    port.onDisconnect.addListener(() => {
      this.ports.delete(port);
      void this.deps.alarms.clear(CLIPBOARD_ALARM).then((pending) => void (pending && this.clear()));
    });
  }

  /**
   * At worker start. A clear left pending by the worker before (the alarm) belongs to a page that either
   * connects again within CLIPBOARD_REJOIN_MS, its port's end then clearing as usual, or closed while no
   * worker ran to see its port go: then no page is left to wait for, and the clipboard is cleared now.
   */
  async rejoined(): Promise<void> {
    if (!(await this.deps.alarms.get(CLIPBOARD_ALARM))) return;
    await this.deps.wait(CLIPBOARD_REJOIN_MS);
    if (this.joined) return;
    if (!(await this.deps.alarms.clear(CLIPBOARD_ALARM))) return; // the timer fired meanwhile
    if (await this.clear()) this.clearedUnwatched = true;
  }

  /** alarms.onAlarm: hands back the work it started for the guard's alarm (see start.ts). */
  alarm(name: string): Promise<void> | undefined {
    // The browser has dropped the one-shot alarm as it fired: no clear is pending after this one.
    return name === CLIPBOARD_ALARM ? this.clear().then(() => undefined) : undefined;
  }

  private post(port: GuardPort, news: GuardNews): void {
    try {
      port.postMessage(news);
    } catch {
      this.ports.delete(port); // gone meanwhile, its onDisconnect still to come
    }
  }

  private tell(news: GuardNews): void {
    for (const port of this.ports) this.post(port, news);
  }

  /**
   * The one way a pending clear is done, whatever made it due (the page went, the timer fired, no page
   * came back): the pending clear was taken (its alarm dropped), so a clear the browser refuses must not be
   * lost with it. Tried once more after CLIPBOARD_RETRY_MS; refused again, the timer is set again, so the
   * clear stays pending and outlives a worker stop. Whether the clipboard was cleared; the pages hear it.
   */
  private clear(): Promise<boolean> {
    return this.oneAtATime(async () => {
      let cleared = await this.erased();
      if (!cleared) {
        await this.deps.wait(CLIPBOARD_RETRY_MS);
        cleared = await this.erased();
      }
      this.tell({ type: cleared ? 'cleared' : 'failed' });
      if (!cleared) await this.deps.alarms.create(CLIPBOARD_ALARM, { delayInMinutes: CLIPBOARD_CLEAR_SECONDS / 60 });
      return cleared;
    });
  }

  private erased(): Promise<boolean> {
    return this.deps.erase().then(
      () => true,
      () => false,
    );
  }

  private onRequest(port: GuardPort, raw: unknown): void {
    const request = guardRequestOf(raw);
    if (!request) return port.disconnect();
    const alarms = this.deps.alarms;
    switch (request.type) {
      case 'copied':
        // Called before any await, so that a disconnect right after finds the alarm (the browser keeps the
        // order of one extension's API calls).
        return void alarms
          .create(CLIPBOARD_ALARM, { delayInMinutes: CLIPBOARD_CLEAR_SECONDS / 60 })
          .then(() => this.tell({ type: 'guarding' }));
      case 'watching':
        return void alarms
          .get(CLIPBOARD_ALARM)
          .then((alarm) =>
            this.post(port, { type: alarm ? 'guarding' : this.clearedUnwatched ? 'cleared' : 'released' }),
          );
      case 'replaced':
        return void alarms.clear(CLIPBOARD_ALARM).then((had) => had && this.tell({ type: 'released' }));
    }
  }
}
