import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import type { ToolbarOpens } from '../src/api/toolbarApi';
import { eraseClipboard } from '../src/background/clipboard/erase';
import { ClipboardGuard } from '../src/background/clipboard/guard';
import { OFFSCREEN_PAGE, OffscreenEraser } from '../src/background/clipboard/offscreen';
import { RestartableBackground } from '../src/background/restartable';
import { IndexedDbArea, trustedAreas } from '../src/background/trustedStorage';
import type { ToolbarSurface } from '../src/background/wallet/toolbar';
import { KNOWN_TOKENS_FILE, parseKnownTokens } from '../src/core';
import { ERROR_CODES, errorReply } from '../src/provider/protocol';
import { idbVaultStorage } from '../src/vault';

// Local (the simulator) in development builds, Mainnet in production builds, unless the build says
// otherwise with WXT_NETWORK_PRESET=local|mainnet (docs/services.md, "Endpoints and presets").
const preset = import.meta.env.WXT_NETWORK_PRESET ?? (import.meta.env.MODE === 'production' ? 'mainnet' : 'local');

/** Firefox's sidebar API (not in the Chromium types WXT's `browser` carries). */
interface SidebarAction {
  open(): Promise<void>;
}

/**
 * What the toolbar button opens (src/background/wallet/toolbar.ts). Chromium: the side panel opens on the
 * button's click once the action's popup is cleared
 * (https://developer.chrome.com/docs/extensions/reference/api/sidePanel#method-setPanelBehavior). Firefox:
 * the button's click opens the sidebar, which only a user action may do
 * (https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/API/sidebarAction/open).
 */
function toolbarSurface(): ToolbarSurface | undefined {
  const popupFor = (opens: ToolbarOpens) => ({ popup: opens === 'panel' ? '' : 'popup.html' });
  if (import.meta.env.FIREFOX) {
    const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
    if (!sidebar) return undefined;
    let opensPanel = false;
    browser.action.onClicked.addListener(() => {
      if (opensPanel) void sidebar.open().catch(() => undefined);
    });
    return {
      apply: async (opens) => {
        opensPanel = opens === 'panel';
        await browser.action.setPopup(popupFor(opens));
      },
    };
  }
  const panel = browser.sidePanel;
  if (!panel) return undefined;
  return {
    apply: async (opens) => {
      await browser.action.setPopup(popupFor(opens));
      await panel.setPanelBehavior({ openPanelOnActionClick: opens === 'panel' });
    },
  };
}

export default defineBackground(() => {
  // Before anything is read: storage no web page can write (src/background/trustedStorage.ts).
  const storage = trustedAreas(
    browser.storage.local,
    browser.storage.session,
    () => new IndexedDbArea(),
    import.meta.env.FIREFOX ? 'indexeddb' : 'access-level',
  );
  const { route } = new RestartableBackground({
    storage: { local: storage.local, session: storage.session },
    alarms: browser.alarms,
    windows: {
      create: (info) => browser.windows.create(info),
      update: (id, info) => browser.windows.update(id, info),
      remove: (id) => browser.windows.remove(id),
      onRemoved: browser.windows.onRemoved,
    },
    tabs: {
      sendMessage: (tabId, message, options) => browser.tabs.sendMessage(tabId, message, options),
      onRemoved: { addListener: (fn) => browser.tabs.onRemoved.addListener((tabId) => fn(tabId)) },
      // Fires without the `tabs` permission; only `status` is read (the url needs the permission).
      onUpdated: {
        addListener: (fn) =>
          browser.tabs.onUpdated.addListener((tabId, change) => fn(tabId, { status: change.status, url: change.url })),
      },
    },
    vaultStorage: idbVaultStorage(),
    fetch: (url, init) => fetch(url, init),
    now: () => Date.now(),
    random: (n) => crypto.getRandomValues(new Uint8Array(n)),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
    defaultPreset: preset === 'local' ? 'local' : 'mainnet',
    wordlist: async () => (await (await fetch(browser.runtime.getURL('/bip39-english.txt'))).text()).trim().split('\n'),
    knownTokens: async () =>
      parseKnownTokens(await (await fetch(browser.runtime.getURL(`/${KNOWN_TOKENS_FILE}`))).json()),
    notify: (id, title, message) =>
      browser.notifications.create(id, {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title,
        message,
      }),
    badge: (text) => browser.action.setBadgeText({ text }),
    toolbar: toolbarSurface(),
  });
  // A copied secret leaves the clipboard after 60 s or when the page that copied it closes
  // (docs/security.md, "Nothing left behind: the clipboard"). Chromium's worker writes the clipboard
  // through an offscreen document; Firefox's event page has a document of its own.
  const clipboard = new ClipboardGuard({
    alarms: browser.alarms,
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
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
  browser.alarms.onAlarm.addListener((alarm) => clipboard.alarm(alarm.name));
  void clipboard.rejoined().catch(() => undefined); // the timer stays as the clear of last resort
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    route(message, sender).then(sendResponse, () => sendResponse(errorReply(ERROR_CODES.internal, 'Internal error')));
    return true;
  });
});
