/** What the router tells a page method about the asking page, and how a method says "wait for the user". */

/** A web page's request, with the origin the browser reported. */
export interface PageContext {
  origin: string;
  tabId: number | undefined;
  frameId: number;
  /** The relay's token for the asking document (see RuntimeMessage.doc), or null. */
  doc: string | null;
  /** The browser's id for the asking document (Chromium), or null. */
  documentId: string | null;
}

export type PageHandler = (params: unknown, page: PageContext) => Promise<unknown> | unknown;

/** A page request that waits for the user; the router answers `{ok:'deferred', approvalId}`. */
export class Deferred {
  constructor(readonly approvalId: string) {}
}
