/**
 * Chromium's way to write the clipboard from an MV3 service worker: an offscreen document with the
 * CLIPBOARD reason (https://developer.chrome.com/docs/extensions/reference/api/offscreen), made for one
 * erase and closed after it. Firefox's background is an event page with a DOM and erases itself.
 */
import { ERASE_MESSAGE } from '../../api/clipboard';

/** The part of `chrome.offscreen` used here. */
export interface OffscreenLike {
  createDocument(parameters: { url: string; reasons: 'CLIPBOARD'[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
}

export const OFFSCREEN_PAGE = 'clipboard.html';

/** An erase through the offscreen document at `url`; `send` is runtime.sendMessage (the document answers it). */
export function offscreenEraser(
  offscreen: OffscreenLike,
  url: string,
  send: (message: unknown) => Promise<unknown>,
): () => Promise<void> {
  return async () => {
    try {
      await offscreen.createDocument({ url, reasons: ['CLIPBOARD'], justification: 'Clear a copied secret' });
    } catch {
      // One left open by a worker that stopped before it closed it: it answers all the same.
    }
    try {
      if ((await send(ERASE_MESSAGE)) !== true) throw new Error('not cleared');
    } finally {
      await offscreen.closeDocument().catch(() => undefined);
    }
  };
}
