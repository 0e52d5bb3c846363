/**
 * The browser's events the background answers, wired once by ./start.ts: alarms (auto-lock, swap
 * tracking), an unlock catching up on swaps, and windows and tabs that close or load another document
 * (the approval queue and the page events forget what was theirs).
 */
import type { ApprovalQueue } from './approvals/queue';
import type { BackgroundEnv } from './env';
import type { PageEvents } from './page/events';
import type { SwapService } from './swaps/api';
import { SWAP_ALARM } from './swaps/tracker';
import { loadsDocument } from './tabRecords';
import { AUTO_LOCK_ALARM } from './wallet/autoLock';
import type { WalletService } from './wallet/service';

interface Listened {
  /** The worker's unlocked session back (if any): nothing runs before it. */
  restored: Promise<unknown>;
  /** When the start's own work may run: after `restored` and the first answer (./start.ts). */
  choresMayStart: Promise<unknown>;
  wallet: Pick<WalletService, 'lock' | 'onEvent'>;
  swaps: Pick<SwapService, 'tick' | 'schedule'>;
  queue: Pick<ApprovalQueue, 'windowClosed' | 'dropTab' | 'checkTab'>;
  events: Pick<PageEvents, 'forgetTab' | 'checkTab'>;
}

/** Adds the listeners; resolves once the swap alarm and badge are set again after a (re)start. */
export function listenToBrowser(env: BackgroundEnv, d: Listened): Promise<void> {
  const { restored, choresMayStart, wallet, swaps, queue, events } = d;
  // The listener hands back the work it started: the browser ignores it, a caller that fires the alarm
  // (the tests, through WXT's fake browser) can wait for exactly that work and nothing else.
  // biome-ignore lint/nursery/noMisusedPromises: the promise is handed back on purpose (see above); the browser ignores it
  env.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === AUTO_LOCK_ALARM) return restored.then(() => wallet.lock());
    // Swap records are sealed (./sealedRecords.ts): a locked wallet cannot read them, so the checks wait
    // for the unlock, which catches up at once (below).
    if (alarm.name === SWAP_ALARM) return restored.then(() => swaps.tick()).catch(() => undefined);
    return undefined;
  });
  wallet.onEvent((e) => {
    if (e.type === 'unlock') void swaps.tick().catch(() => undefined);
  });
  env.windows.onRemoved.addListener((windowId) => void queue.windowClosed(windowId));
  env.tabs.onRemoved.addListener((tabId) => {
    void queue.dropTab(tabId);
    void events.forgetTab(tabId);
  });
  // A tab that loads another document: its earlier documents' requests and event records go.
  env.tabs.onUpdated.addListener((tabId, change) => {
    if (!loadsDocument(change)) return;
    void queue.checkTab(tabId);
    void events.checkTab(tabId);
  });
  // After a worker or browser restart: the alarm and the badge again, from storage.local.
  return choresMayStart.then(() => swaps.schedule()).catch(() => undefined);
}
