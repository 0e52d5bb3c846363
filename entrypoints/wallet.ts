import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import type { ToolbarOpens } from '../src/api/toolbarApi';
import { RestartableBackground } from '../src/background/restartable';
import { offerWallet } from '../src/background/wake/walletScript';
import type { ToolbarSurface } from '../src/background/wallet/toolbar';
import { KNOWN_TOKENS_FILE, parseKnownTokens } from '../src/core';
import { idbVaultStorage } from '../src/vault';

// The wallet's script (src/background/wake/walletScript.ts): background.js loads it for the first event
// that needs the wallet and starts it with its storage and its events. Evaluating it starts nothing.

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

export default defineUnlistedScript(() => {
  offerWallet((ports) => {
    const { route } = new RestartableBackground({
      storage: ports.storage,
      alarms: {
        create: (name, info) => browser.alarms.create(name, info),
        clear: (name) => browser.alarms.clear(name),
        onAlarm: ports.onAlarm,
      },
      windows: {
        create: (info) => browser.windows.create(info),
        update: (id, info) => browser.windows.update(id, info),
        remove: (id) => browser.windows.remove(id),
        onRemoved: ports.onWindowRemoved,
      },
      tabs: {
        sendMessage: (tabId, message, options) => browser.tabs.sendMessage(tabId, message, options),
        onRemoved: ports.onTabRemoved,
        onUpdated: ports.onTabUpdated,
      },
      vaultStorage: idbVaultStorage(),
      fetch: (url, init) => fetch(url, init),
      now: () => Date.now(),
      random: (n) => crypto.getRandomValues(new Uint8Array(n)),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
      defaultPreset: preset === 'local' ? 'local' : 'mainnet',
      wordlist: async () =>
        (await (await fetch(browser.runtime.getURL('/bip39-english.txt'))).text()).trim().split('\n'),
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
    return { route };
  });
});
