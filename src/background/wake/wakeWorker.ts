/**
 * What every wake-up of the worker runs (docs/architecture.md, "Start-up"): the browser's events arrive
 * here, and the wallet's script is loaded and started by the first one that needs the wallet. Until then
 * a woken worker answers wallet_status from the wallet's own copy of it (./statusAtWake.ts), and the
 * clipboard guard's port and alarm need no wallet at all (entrypoints/background.ts). Once started, the
 * wallet gets every message and event.
 */
import { STATUS_SNAPSHOT_KEY } from '../../api/statusSnapshot';
import type { DeferredReply, RuntimeReply } from '../../provider/protocol';
import type { TabChange } from '../env';
import type { StorageAreaLike } from '../kv';
import { originOf, type RouteSender } from '../origin';
import { APPROVALS_KEY, loadsDocument, PAGE_FRAMES_KEY, type Watched, watchedIn } from '../tabRecords';
import { EventHub } from './hub';
import { isStatusAsk, statusAtWake } from './statusAtWake';
import type { StartWallet, WalletWorker } from './walletScript';

export interface WakeDeps {
  /** The wallet's start, its script loaded first if it is not yet (importScripts in Chromium's worker). */
  load: () => StartWallet;
  /** The trusted areas (../trustedStorage.ts). */
  storage: { local: StorageAreaLike; session: StorageAreaLike };
  /** `chrome-extension://<id>` */
  extensionOrigin: string;
  now: () => number;
}

export class WakeWorker {
  private wallet: WalletWorker | undefined;
  private readonly alarms = new EventHub<[{ name: string }]>();
  private readonly windowsRemoved = new EventHub<[number]>();
  private readonly tabsRemoved = new EventHub<[number]>();
  private readonly tabsUpdated = new EventHub<[number, TabChange]>();

  /**
   * The wallet's copy of its status, read as the worker starts, so that it is there by the time the
   * message that woke the worker arrives. While the wallet is not started nothing writes it (the wallet
   * alone does), so it is the copy still; the time its lock deadline is read against is the ask's.
   */
  private earlyCopy: Promise<unknown> | undefined;
  /**
   * The tabs and the window the wallet's records name (../tabRecords.ts), read with the copy. Nothing
   * writes those records while the wallet is not started either, so an event for any other tab or window
   * needs no wallet: the wallet would find nothing of its own there. Null: unknown, so every event counts.
   */
  private readonly watched: Promise<Watched | null>;

  constructor(private readonly deps: WakeDeps) {
    this.earlyCopy = this.storedCopy();
    this.earlyCopy.catch(() => undefined);
    // Read beside the copy, not with it: the queue may hold a hundred requests, the copy is small.
    this.watched = this.deps.storage.session.get([APPROVALS_KEY, PAGE_FRAMES_KEY]).then(watchedIn, () => null);
  }

  private async storedCopy(): Promise<unknown> {
    return (await this.deps.storage.session.get(STATUS_SNAPSHOT_KEY))[STATUS_SNAPSHOT_KEY];
  }

  /** Whether the wallet was started in this worker. */
  get started(): boolean {
    return this.wallet !== undefined;
  }

  /** The wallet, started by this call if it was not (its listeners are added to the hubs as it starts). */
  start(): WalletWorker {
    this.wallet ??= this.deps.load()({
      storage: this.deps.storage,
      onAlarm: this.alarms,
      onWindowRemoved: this.windowsRemoved,
      onTabRemoved: this.tabsRemoved,
      onTabUpdated: this.tabsUpdated,
    });
    return this.wallet;
  }

  /** runtime.onMessage: answered here only while the wallet is not started and the answer needs none. */
  async message(message: unknown, sender: RouteSender): Promise<RuntimeReply | DeferredReply> {
    if (!this.wallet && isStatusAsk(message) && originOf(sender) === this.deps.extensionOrigin) {
      const early = this.earlyCopy;
      this.earlyCopy = undefined;
      const stored = await (early ?? this.storedCopy());
      // The wallet may have started while the copy was read: then it answers, as it would have.
      const status = this.wallet ? null : statusAtWake(stored, this.deps.now());
      if (status) return { ok: true, result: status };
    }
    return this.start().route(message, sender);
  }

  /** alarms.onAlarm, for every alarm but those background.js owns (`own`). */
  alarm(alarm: { name: string }, own: readonly string[]): void {
    if (own.includes(alarm.name)) return;
    this.start();
    this.alarms.emit(alarm);
  }

  /**
   * A tab's or window's event: passed to the wallet, started for it, unless the wallet is not started
   * and its records name neither that tab nor that window. Each waits for the records' read, so these
   * events reach the wallet in the order they came.
   */
  private tabEvent(concernsWallet: (watched: Watched) => boolean, pass: () => void): Promise<void> {
    return this.watched.then((watched) => {
      if (!this.wallet && watched && !concernsWallet(watched)) return;
      this.start();
      pass();
    });
  }

  windowRemoved(windowId: number): Promise<void> {
    return this.tabEvent(
      (w) => w.windows === 'any' || w.windows.has(windowId),
      () => this.windowsRemoved.emit(windowId),
    );
  }

  tabRemoved(tabId: number): Promise<void> {
    return this.tabEvent(
      (w) => w.tabs.has(tabId),
      () => this.tabsRemoved.emit(tabId),
    );
  }

  tabUpdated(tabId: number, change: TabChange): Promise<void> {
    return this.tabEvent(
      (w) => w.tabs.has(tabId) && loadsDocument(change),
      () => this.tabsUpdated.emit(tabId, change),
    );
  }
}
