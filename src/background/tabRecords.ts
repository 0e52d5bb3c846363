/**
 * The storage.session records that name the browser's tabs and windows: the approval queue (each waiting
 * request's tab, and the approval window) and the documents that talked to the wallet (./page/events.ts).
 * A tab's or window's event matters to the wallet only when one of them names it, so a woken worker
 * reads them to leave the wallet's script unloaded for every other tab's navigation
 * (docs/architecture.md, "Start-up"). No zod here: background.js imports this module.
 */
/** The approval queue's record (./approvals/queue.ts). */
export const APPROVALS_KEY = 'approvals';
/** The records of the documents that talked to the wallet (./page/events.ts). */
export const PAGE_FRAMES_KEY = 'pageFrames';

/**
 * What the records name: the tabs, and the windows: the approval window, or every window while requests
 * wait with no window stored (one may be opening: a worker stopped between creating it and storing its
 * id, and its close must still reach the wallet, which then opens another).
 */
export interface Watched {
  tabs: ReadonlySet<number>;
  windows: ReadonlySet<number> | 'any';
}
/**
 * A tab's update (./env.ts `TabChange`) the wallet acts on: a new document or a load state. Without the
 * `tabs` permission an update carries no other field the wallet reads.
 */
export function loadsDocument(change: { status?: string | undefined; url?: string | undefined }): boolean {
  return change.status !== undefined || change.url !== undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The tab ids of `list`'s entries, or null when it is not a list of entries each with an integer tabId. */
function tabIdsOf(list: unknown): number[] | null {
  if (!Array.isArray(list)) return null;
  const ids: number[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || !Number.isSafeInteger(entry.tabId)) return null;
    ids.push(entry.tabId as number);
  }
  return ids;
}

/**
 * What the stored records name, checked by hand; null when either record is not in the shape its owner
 * writes (the wallet then reads it as ever, setting a damaged one aside). A record that is not stored
 * names nothing.
 */
export function watchedIn(stored: Record<string, unknown>): Watched | null {
  // Absent is undefined; null is a stored value, which the queue too reads as damaged.
  const queue = stored[APPROVALS_KEY] === undefined ? { items: [], windowId: null } : stored[APPROVALS_KEY];
  const frames = stored[PAGE_FRAMES_KEY] === undefined ? [] : stored[PAGE_FRAMES_KEY];
  if (!isRecord(queue)) return null;
  const queued = tabIdsOf(queue.items);
  const talked = tabIdsOf(frames);
  const windowId = queue.windowId;
  if (!queued || !talked || !(windowId === null || Number.isSafeInteger(windowId))) return null;
  const windows = windowId !== null ? new Set([windowId as number]) : queued.length > 0 ? 'any' : new Set<number>();
  return { tabs: new Set([...queued, ...talked]), windows };
}
