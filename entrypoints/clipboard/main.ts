import { browser } from 'wxt/browser';
import { eraseClipboard } from '../../src/background/clipboard/erase';
import { eraseMessageSchema } from '../../src/provider/clipboard';

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
