import { browser } from 'wxt/browser';
import { eraseMessageSchema } from '../../src/api/clipboard';
import { eraseClipboard } from '../../src/background/clipboard/erase';

// Answers the background's erase request (src/background/clipboard/offscreen.ts), and nobody else's: a
// content script's message has a tab.
browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!eraseMessageSchema.safeParse(message).success || sender.id !== browser.runtime.id || sender.tab) return;
  eraseClipboard(document, navigator.clipboard).then(
    () => sendResponse(true),
    () => sendResponse(false),
  );
  return true;
});
