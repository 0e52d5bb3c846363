/**
 * Storage that no web page can write (docs/security.md, "Storage no page can write"). By default
 * `storage.local` is open to content scripts, so a compromised renderer of any page could rewrite a
 * record the wallet trusts (a deposit address, a grant, an endpoint). At start-up, before anything is
 * read, both areas are set to trusted contexts (extension pages and the worker only):
 * https://developer.chrome.com/docs/extensions/reference/api/storage#method-StorageArea-setAccessLevel.
 * Where the browser cannot do that for `storage.local` (Firefox supports it for `storage.session` only:
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/storage/StorageArea/setAccessLevel),
 * the wallet keeps its records in the extension origin's IndexedDB instead, which content scripts never
 * reach (they run in the page's origin), and moves what an earlier version left in `storage.local` there once.
 * Every read and write waits until that choice is made.
 */
import { createStore, delMany, entries, getMany, setMany } from 'idb-keyval';
import type { StorageAreaLike } from './kv';

type AccessLevel = 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS';

/** A browser storage area, which may offer setAccessLevel (Chromium 102+ for every area). */
export interface BrowserArea extends StorageAreaLike {
  setAccessLevel?: (options: { accessLevel: AccessLevel }) => Promise<void>;
}

export type TrustedHow = 'access-level' | 'indexeddb';

/** Marks the IndexedDB store as holding what `storage.local` held (the move is done once). */
export const MOVED_MARKER = 'storage.moved';

async function restrict(area: BrowserArea): Promise<boolean> {
  if (typeof area.setAccessLevel !== 'function') return false;
  try {
    await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    return false;
  }
}

/** An area whose every call waits for `ready` and goes to the area it gives. */
class GatedArea implements StorageAreaLike {
  constructor(private readonly ready: Promise<StorageAreaLike>) {}

  async get(keys: string | string[] | null): Promise<Record<string, unknown>> {
    return (await this.ready).get(keys);
  }

  async set(items: Record<string, unknown>): Promise<void> {
    return (await this.ready).set(items);
  }

  async remove(keys: string | string[]): Promise<void> {
    return (await this.ready).remove(keys);
  }
}

/**
 * The extension's two storage areas, trusted: `local` is `storage.local` restricted to trusted contexts,
 * or `fallback()` (IndexedDB) when it cannot be; `session` is `storage.session` restricted too (it is by
 * default on both browsers). `how` tells which was chosen, once it is.
 */
export function trustedAreas(
  local: BrowserArea,
  session: BrowserArea,
  fallback: () => StorageAreaLike,
): { local: StorageAreaLike; session: StorageAreaLike; how: Promise<TrustedHow> } {
  const sessionReady = restrict(session).then(() => session);
  const choice = restrict(local).then(async (restricted) => {
    if (restricted) return { how: 'access-level' as const, area: local as StorageAreaLike };
    const idb = fallback();
    await moveOnce(local, idb);
    return { how: 'indexeddb' as const, area: idb };
  });
  return {
    local: new GatedArea(choice.then((c) => c.area)),
    session: new GatedArea(sessionReady),
    how: choice.then((c) => c.how),
  };
}

/**
 * Copies what an earlier version kept in `storage.local` into `to`, with the marker in the same write
 * (idb-keyval's setMany is one transaction), then empties `storage.local`. A start interrupted before the
 * write copies again; after it, `storage.local` is never read again.
 */
export async function moveOnce(from: StorageAreaLike, to: StorageAreaLike): Promise<void> {
  if ((await to.get(MOVED_MARKER))[MOVED_MARKER] !== undefined) return;
  const old = await from.get(null);
  await to.set({ ...old, [MOVED_MARKER]: 1 });
  const keys = Object.keys(old);
  if (keys.length > 0) await from.remove(keys);
}

/** A storage area in this origin's IndexedDB (https://github.com/jakearchibald/idb-keyval); each call is one transaction. */
export class IndexedDbArea implements StorageAreaLike {
  private readonly store: ReturnType<typeof createStore>;

  constructor(dbName = 'intents-companion-records', storeName = 'records') {
    this.store = createStore(dbName, storeName);
  }

  async get(keys: string | string[] | null): Promise<Record<string, unknown>> {
    if (keys === null)
      return Object.fromEntries((await entries<string, unknown>(this.store)).filter(([k]) => typeof k === 'string'));
    const list = [keys].flat();
    const values = await getMany(list, this.store);
    return Object.fromEntries(list.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i]]])));
  }

  set(items: Record<string, unknown>): Promise<void> {
    return setMany(Object.entries(items), this.store);
  }

  remove(keys: string | string[]): Promise<void> {
    return delMany([keys].flat(), this.store);
  }
}
