/**
 * Provider events to web pages (accountsChanged, connect, disconnect, lock, unlock). The background
 * remembers which documents of which origins talked to it (no `tabs` permission needed) and pushes
 * events only to those documents: a tab that navigated elsewhere is another document and hears
 * nothing meant for the one before (docs/security.md, "Per-document identity").
 */

import * as z from 'zod/mini';
import { serial } from '../../core/serial';
import type { BackgroundPush } from '../../provider/protocol';
import { Kept, type KeyValue } from '../kv';
import { PAGE_FRAMES_KEY } from '../tabRecords';

/** The browser's tabs, as far as pushing to a page goes. */
export interface TabsPort {
  sendMessage(
    tabId: number,
    message: BackgroundPush,
    options: { frameId?: number; documentId?: string },
  ): Promise<unknown>;
}

const MAX_FRAMES = 500;
const frameSchema = z.lazy(() =>
  z.object({
    tabId: z.number(),
    frameId: z.number(),
    origin: z.string(),
    doc: z.nullable(z.string()),
    documentId: z.nullable(z.string()),
  }),
);
const framesSchema = z.array(frameSchema);
export type PageFrame = z.output<typeof frameSchema>;

/** Where a push for this document goes: the browser's document id when known, else its frame. */
export function pushTarget(f: { frameId: number; documentId: string | null }): {
  frameId?: number;
  documentId?: string;
} {
  return f.documentId !== null ? { documentId: f.documentId } : { frameId: f.frameId };
}

/** True when the document is still the one that talked to us (its relay answers the probe). */
export async function documentAlive(
  tabs: TabsPort,
  f: { tabId: number; frameId: number; doc: string | null; documentId: string | null },
): Promise<boolean> {
  try {
    return (await tabs.sendMessage(f.tabId, { type: 'probe', doc: f.doc }, pushTarget(f))) === true;
  } catch {
    return false;
  }
}

const sameFrame = (a: PageFrame, b: PageFrame) => a.tabId === b.tabId && a.frameId === b.frameId;

export class PageEvents {
  private readonly serial = serial();
  /** This object is the only writer of the documents' records: every page request reads them from memory. */
  private readonly stored: Kept<PageFrame[]>;
  constructor(
    private readonly kv: KeyValue,
    private readonly tabs: TabsPort,
  ) {
    // Records from before documents were tracked lack `doc`: dropping them only costs an event.
    this.stored = new Kept(() => this.kv.readOr(PAGE_FRAMES_KEY, framesSchema, []));
  }

  private frames(): Promise<PageFrame[]> {
    return this.stored.get();
  }

  private edit(fn: (f: PageFrame[]) => PageFrame[]): Promise<void> {
    return this.serial(async () =>
      this.stored.put(fn(await this.frames()), (next) => this.kv.write(PAGE_FRAMES_KEY, next)),
    );
  }

  /** Records the document; a new document in a known frame replaces the old one (and its sub-frames when it is the top). */
  async remember(frame: PageFrame): Promise<void> {
    const known = await this.frames();
    if (
      known.some(
        (f) =>
          sameFrame(f, frame) && f.doc === frame.doc && f.documentId === frame.documentId && f.origin === frame.origin,
      )
    )
      return;
    await this.edit((all) =>
      [
        ...all.filter(
          (x) => !(sameFrame(x, frame) || (frame.frameId === 0 && x.tabId === frame.tabId && x.doc !== frame.doc)),
        ),
        frame,
      ].slice(-MAX_FRAMES),
    );
  }

  forgetTab(tabId: number): Promise<void> {
    return this.edit((f) => f.filter((x) => x.tabId !== tabId));
  }

  /** After a tab changed: forgets its documents that are gone. */
  async checkTab(tabId: number): Promise<void> {
    const mine = (await this.frames()).filter((f) => f.tabId === tabId);
    const gone = (await Promise.all(mine.map(async (f) => ((await documentAlive(this.tabs, f)) ? null : f)))).filter(
      (f) => f !== null,
    );
    if (gone.length > 0)
      await this.edit((all) => all.filter((x) => !gone.some((g) => sameFrame(g, x) && g.doc === x.doc)));
  }

  /** Sends `event` to every known document whose origin passes `to`. */
  async emit(to: (origin: string) => boolean, event: string, data: unknown): Promise<void> {
    const targets = (await this.frames()).filter((f) => to(f.origin));
    await Promise.all(
      targets.map((f) =>
        this.tabs
          .sendMessage(f.tabId, { type: 'providerEvent', event, data, doc: f.doc }, pushTarget(f))
          .catch(() => this.edit((all) => all.filter((x) => !(sameFrame(x, f) && x.doc === f.doc)))),
      ),
    );
  }
}
