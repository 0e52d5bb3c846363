/**
 * Who is asking, as the browser says (runtime.MessageSender), never as a message says: the router, the
 * clipboard guard and the woken worker's first answers (./wake) read the sender through this one rule.
 */

/** What the background reads of runtime.MessageSender. */
export interface RouteSender {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  /** Chromium 106+: the document that sent the message (absent in Firefox). */
  documentId?: string;
  tab?: { id?: number };
}

export function originOf(sender: RouteSender): string | null {
  if (sender.origin) return sender.origin;
  if (!sender.url) return null;
  try {
    // protocol + host rather than URL.origin, which is "null" for chrome-extension: URLs outside a browser.
    const u = new URL(sender.url);
    return u.host ? `${u.protocol}//${u.host}` : 'null';
  } catch {
    return null;
  }
}
