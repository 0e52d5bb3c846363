/**
 * Storage that no web page can write (docs/security.md, "Storage no page can write"). By default
 * `storage.local` is open to content scripts, so a compromised renderer of any page could rewrite a
 * record the wallet trusts (a deposit address, a grant, an endpoint). At start-up, before anything is
 * read, both areas are set to trusted contexts (extension pages and the worker only):
 * https://developer.chrome.com/docs/extensions/reference/api/storage#method-StorageArea-setAccessLevel.
 * Firefox cannot do that for `storage.local` (it supports it for `storage.session` only:
 * https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/API/storage/StorageArea/setAccessLevel),
 * so its build keeps the wallet's records in the extension origin's IndexedDB instead, which content
 * scripts never reach (they run in the page's origin), and moves what an earlier version left in
 * `storage.local` there once. The build chooses, never the browser at run time: a choice made again at
 * each start would move to `storage.local` the day a browser update lets it be restricted, leaving the
 * records behind in IndexedDB and believing whatever a page wrote meanwhile into the open `storage.local`.
 * Every read and write waits until the areas are ready.
 */
import { createStore, delMany, entries, getMany, setMany } from 'idb-keyval';
import type { StorageAreaLike } from './kv';

type AccessLevel = 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS';

/** A browser storage area, which may offer setAccessLevel (storage.session: Chromium 102+; every area: 140+). */
export interface BrowserArea extends StorageAreaLike {
  setAccessLevel?: (options: { accessLevel: AccessLevel }) => Promise<void>;
}

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
 * storage.session, which only the extension's own contexts can read or write at its default access level:
 * a read goes out at once, beside the call that restricts it again, and answers once that call returned
 * (a woken worker's first answer reads it: docs/architecture.md, "Start-up"). Nothing outside the
 * extension could have written it before that call either, so the order of the two changes nothing.
 * Writes wait for the call.
 */
class SessionArea implements StorageAreaLike {
  constructor(
    private readonly area: StorageAreaLike,
    private readonly restricted: Promise<unknown>,
  ) {}

  async get(keys: string | string[] | null): Promise<Record<string, unknown>> {
    const [items] = await Promise.all([this.area.get(keys), this.restricted]);
    return items;
  }

  async set(items: Record<string, unknown>): Promise<void> {
    await this.restricted;
    return this.area.set(items);
  }

  async remove(keys: string | string[]): Promise<void> {
    await this.restricted;
    return this.area.remove(keys);
  }
}

/** Where the build keeps the records: `storage.local` restricted (Chromium 140+), or IndexedDB (Firefox). */
export type TrustedHow = 'access-level' | 'indexeddb';

/** Chromium refused to restrict `storage.local`: the records are not kept where a page could write them. */
export class UntrustedStorageError extends Error {
  constructor() {
    super(
      'This browser would not keep the wallet’s storage from web pages (storage.local access level), so the wallet does not use it. Update the browser.',
    );
    this.name = 'UntrustedStorageError';
  }
}

/**
 * The extension's two storage areas, trusted, as the build says (`how`): `local` is `storage.local`
 * restricted to trusted contexts (a refusal is an UntrustedStorageError on every call, never a silent
 * move), or `fallback()` (IndexedDB), with `storage.local` still restricted where it can be so that a
 * page cannot fill it either; `session` is `storage.session` restricted too (it is by default on both browsers).
 */
export function trustedAreas(
  local: BrowserArea,
  session: BrowserArea,
  fallback: () => StorageAreaLike,
  how: TrustedHow,
): { local: StorageAreaLike; session: StorageAreaLike } {
  const sessionRestricted = restrict(session);
  const localReady =
    how === 'access-level'
      ? restrict(local).then((restricted) => {
          if (!restricted) throw new UntrustedStorageError();
          return local as StorageAreaLike;
        })
      : restrict(local).then(async () => {
          const idb = fallback();
          await moveOnce(local, idb);
          return idb;
        });
  return { local: new GatedArea(localReady), session: new SessionArea(session, sessionRestricted) };
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
