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

/** Erases through the offscreen document at `url`; `send` is runtime.sendMessage (the document answers it). */
export class OffscreenEraser {
  constructor(
    private readonly offscreen: OffscreenLike,
    private readonly url: string,
    private readonly send: (message: unknown) => Promise<unknown>,
  ) {}

  async erase(): Promise<void> {
    try {
      await this.offscreen.createDocument({
        url: this.url,
        reasons: ['CLIPBOARD'],
        justification: 'Clear a copied secret',
      });
    } catch {
      // One left open by a worker that stopped before it closed it: it answers all the same.
    }
    try {
      if ((await this.send(ERASE_MESSAGE)) !== true) throw new Error('not cleared');
    } finally {
      await this.offscreen.closeDocument().catch(() => undefined);
    }
  }
}
