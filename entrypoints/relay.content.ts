import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { installRelay } from '../src/provider/relay';

// Isolated world: page provider ⇄ background.
export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_start',
  allFrames: true,
  noScriptStartedPostMessage: true,
  main() {
    installRelay(
      window,
      (message) => browser.runtime.sendMessage(message),
      (fn) =>
        browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
          const answer = fn(message);
          if (answer !== undefined) sendResponse(answer);
          return false;
        }),
      undefined,
      () => {
        // An invalidated context has no runtime id (and may throw on access).
        try {
          return Boolean(browser.runtime?.id);
        } catch {
          return false;
        }
      },
    );
  },
});
