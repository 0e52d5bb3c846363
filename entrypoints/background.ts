import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { eraseClipboard } from '../src/background/clipboard/erase';
import { CLIPBOARD_ALARM, ClipboardGuard } from '../src/background/clipboard/guard';
import { OFFSCREEN_PAGE, OffscreenEraser } from '../src/background/clipboard/offscreen';
import { IndexedDbArea, trustedAreas } from '../src/background/trustedStorage';
import { WakeWorker } from '../src/background/wake/wakeWorker';
import { offeredWallet, type StartWallet, WALLET_SCRIPT } from '../src/background/wake/walletScript';
import { ERROR_CODES, errorReply } from '../src/provider/protocol';

// What every wake-up of the worker loads (docs/architecture.md, "Start-up"): the listeners, trusted
// storage, the clipboard guard and wallet_status from the wallet's own copy. The wallet's script
// (entrypoints/wallet.ts) is loaded by the first event that needs it.

/** WorkerGlobalScope.importScripts (the project's types are a page's; Firefox's event page has none). */
declare const importScripts: (...urls: string[]) => void;

/**
 * The wallet's start: offered already where the manifest lists its script too (Firefox's event page),
 * else imported now. Chromium's worker may import it because it did so at install (below).
 */
function loadWallet(): StartWallet {
  const offered = offeredWallet();
  if (offered) return offered;
  importScripts(`/${WALLET_SCRIPT}`);
  const start = offeredWallet();
  if (!start) throw new Error(`${WALLET_SCRIPT} offered no wallet`);
  return start;
}

export default defineBackground(() => {
  // A service worker may later import only what it imported while it was being installed (the service
  // worker specification's script resource map): the wallet's script is imported then, and starts nothing.
  if (!import.meta.env.FIREFOX) self.addEventListener('install', () => void loadWallet());

  // Before anything is read: storage no web page can write (src/background/trustedStorage.ts).
  const storage = trustedAreas(
    browser.storage.local,
    browser.storage.session,
    // Chosen at build time: the Chromium build carries no IndexedDB area.
    import.meta.env.FIREFOX
      ? () => new IndexedDbArea()
      : () => {
          throw new Error('the Chromium build keeps its records in storage.local');
        },
    import.meta.env.FIREFOX ? 'indexeddb' : 'access-level',
  );
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  const wake = new WakeWorker({ load: loadWallet, storage, extensionOrigin, now: () => Date.now() });

  // A copied secret leaves the clipboard after 60 s or when the page that copied it closes
  // (docs/security.md, "Nothing left behind: the clipboard"). Chromium's worker writes the clipboard
  // through an offscreen document; Firefox's event page has a document of its own.
  const clipboard = new ClipboardGuard({
    alarms: browser.alarms,
    extensionOrigin,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    // Chosen at build time, so each build carries only its own.
    erase: import.meta.env.FIREFOX
      ? () => eraseClipboard(document, navigator.clipboard)
      : () =>
          new OffscreenEraser(browser.offscreen, browser.runtime.getURL(`/${OFFSCREEN_PAGE}`), (m) =>
            browser.runtime.sendMessage(m),
          ).erase(),
  });
  browser.runtime.onConnect.addListener((port) => clipboard.connect(port));
  browser.alarms.onAlarm.addListener((alarm) => {
    void clipboard.alarm(alarm.name);
    wake.alarm(alarm, [CLIPBOARD_ALARM]);
  });
  void clipboard.rejoined().catch(() => undefined); // the timer stays as the clear of last resort

  // Fires without the `tabs` permission; only `status` is read (the url needs the permission). A tab or
  // window the wallet's records do not name loads no wallet (src/background/tabRecords.ts).
  browser.windows.onRemoved.addListener((windowId) => void wake.windowRemoved(windowId));
  browser.tabs.onRemoved.addListener((tabId) => void wake.tabRemoved(tabId));
  browser.tabs.onUpdated.addListener(
    (tabId, change) => void wake.tabUpdated(tabId, { status: change.status, url: change.url }),
  );
  // A new browser session, or the extension installed or updated: the wallet starts for its chores (the
  // toolbar's choice, which the browser does not keep; the swap alarm and badge; a lock deadline that
  // passed while the browser was closed), since neither a page nor a tab it holds something for may come.
  browser.runtime.onStartup.addListener(() => void wake.start());
  browser.runtime.onInstalled.addListener(() => void wake.start());
  // Firefox's event page loads both scripts anyway: the wallet starts at once, so that what it listens to
  // itself (the toolbar button that opens the sidebar) is listened to from the page's first run.
  if (import.meta.env.FIREFOX) wake.start();
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    wake
      .message(message, sender)
      .then(sendResponse, () => sendResponse(errorReply(ERROR_CODES.internal, 'Internal error')));
    return true;
  });
});
