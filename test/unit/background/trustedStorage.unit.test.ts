// Storage no web page can write (src/background/trustedStorage.ts): both areas are restricted to trusted
// contexts before anything is read; the build chooses where the records live: storage.local restricted
// (Chromium: a refusal is an error, never a move), or the extension origin's IndexedDB (Firefox;
// fake-indexeddb here), moved there once from what storage.local held, and kept there whatever the browser
// later allows.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { StorageAreaLike } from '../../../src/background/kv';
import {
  type BrowserArea,
  IndexedDbArea,
  MOVED_MARKER,
  trustedAreas,
  UntrustedStorageError,
} from '../../../src/background/trustedStorage';

/** A storage area in memory that records the order of calls, optionally with setAccessLevel. */
function area(
  name: string,
  log: string[],
  setAccessLevel?: () => Promise<void>,
): BrowserArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    ...(setAccessLevel
      ? {
          setAccessLevel: async (o: { accessLevel: string }) => {
            log.push(`${name}.setAccessLevel(${o.accessLevel})`);
            return setAccessLevel();
          },
        }
      : {}),
    async get(keys) {
      log.push(`${name}.get`);
      const list = keys === null ? [...data.keys()] : [keys].flat();
      return Object.fromEntries(list.filter((k) => data.has(k)).map((k) => [k, structuredClone(data.get(k))]));
    },
    async set(items) {
      log.push(`${name}.set`);
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    async remove(keys) {
      log.push(`${name}.remove`);
      for (const k of [keys].flat()) data.delete(k);
    },
  };
}

let db = 0;
const freshIdb = () => new IndexedDbArea(`test-records-${++db}`);

describe('trusted storage', () => {
  it('Chromium: both areas are restricted to trusted contexts before the first read or write reaches them', async () => {
    const log: string[] = [];
    let allow!: () => void;
    const gate = new Promise<void>((r) => (allow = r));
    const local = area('local', log, () => gate);
    const session = area('session', log, async () => undefined);
    const t = trustedAreas(
      local,
      session,
      () => {
        throw new Error('IndexedDB is not used where the access level can be set');
      },
      'access-level',
    );
    const reading = t.local.get('settings');
    const writing = t.local.set({ grants: {} });
    await Promise.resolve();
    expect(log.filter((l) => l.startsWith('local.'))).toEqual(['local.setAccessLevel(TRUSTED_CONTEXTS)']);
    allow();
    await Promise.all([reading, writing]);
    expect(log.filter((l) => l.startsWith('local.'))).toEqual([
      'local.setAccessLevel(TRUSTED_CONTEXTS)',
      'local.get',
      'local.set',
    ]);
    await t.session.get('x');
    expect(log).toContain('session.setAccessLevel(TRUSTED_CONTEXTS)');
    expect(log.indexOf('session.setAccessLevel(TRUSTED_CONTEXTS)')).toBeLessThan(log.indexOf('session.get'));
  });

  it('Chromium and Firefox: storage.session answers a read only once restricted again, and writes after that', async () => {
    const log: string[] = [];
    let allow!: () => void;
    const gate = new Promise<void>((r) => (allow = r));
    const session = area('session', log, () => gate);
    session.data.set('popupStatus', 1);
    const t = trustedAreas(
      area('local', log, async () => undefined),
      session,
      freshIdb,
      'access-level',
    );
    const read = t.session.get('popupStatus').then((items) => {
      log.push('session answered');
      return items;
    });
    const written = t.session.set({ popupStatus: 2 });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // The read went out beside the restriction (nothing outside the extension can write the area), unanswered.
    expect(log.filter((l) => l.startsWith('session.'))).toEqual([
      'session.setAccessLevel(TRUSTED_CONTEXTS)',
      'session.get',
    ]);
    log.push('restricted');
    allow();
    expect(await read).toEqual({ popupStatus: 1 });
    await written;
    const after = log.slice(log.indexOf('restricted'));
    expect(after).toContain('session answered');
    expect(after).toContain('session.set');
  });

  it('Chromium: storage.local refused its access level: every call fails with words, and nothing moves', async () => {
    const log: string[] = [];
    const local = area('local', log, () => Promise.reject(new Error('not supported')));
    local.data.set('settings', { preset: 'mainnet' });
    const t = trustedAreas(
      local,
      area('session', log),
      () => {
        throw new Error('no IndexedDB in the Chromium build');
      },
      'access-level',
    );
    await expect(t.local.get('settings')).rejects.toThrow(UntrustedStorageError);
    await expect(t.local.set({ grants: {} })).rejects.toThrow(/storage from web pages.*Update the browser/);
    expect(log.filter((l) => l.startsWith('local.'))).toEqual(['local.setAccessLevel(TRUSTED_CONTEXTS)']);
    expect(local.data.get('settings')).toEqual({ preset: 'mainnet' });
  });

  for (const [what, setAccessLevel] of [
    ['no setAccessLevel on storage.local', undefined],
    ['setAccessLevel refused', () => Promise.reject(new Error('This storage area does not support setAccessLevel'))],
    ['setAccessLevel accepted (a later Firefox)', async () => undefined],
  ] as const) {
    it(`Firefox, ${what}: the records live in IndexedDB, moved there once; storage.local is never read again`, async () => {
      const log: string[] = [];
      const local = area('local', log, setAccessLevel);
      local.data.set('settings', { preset: 'mainnet' });
      local.data.set('grants', { 'https://a.example': { accounts: ['alice.near'], grantedAt: 1 } });
      const idb = freshIdb();
      const first = trustedAreas(local, area('session', log), () => idb, 'indexeddb');
      expect(await first.local.get(['settings', 'grants'])).toEqual({
        settings: { preset: 'mainnet' },
        grants: { 'https://a.example': { accounts: ['alice.near'], grantedAt: 1 } },
      });
      expect(local.data.size, 'storage.local is emptied after the move').toBe(0);

      // A content script writes storage.local afterwards: a later start neither moves nor reads it.
      local.data.set('grants', { 'https://evil.example': { accounts: ['alice.near'], grantedAt: 2 } });
      log.length = 0;
      const second = trustedAreas(local, area('session', log), () => idb, 'indexeddb');
      expect((await second.local.get('grants')).grants).toEqual({
        'https://a.example': { accounts: ['alice.near'], grantedAt: 1 },
      });
      expect(log.filter((l) => l === 'local.get')).toEqual([]);
      await second.local.set({ settings: { preset: 'local' } });
      expect((await idb.get('settings')).settings).toEqual({ preset: 'local' });
      // Where the browser can, storage.local is locked down all the same.
      if (setAccessLevel) expect(log).toContain('local.setAccessLevel(TRUSTED_CONTEXTS)');
    });
  }
});

describe('the IndexedDB area', () => {
  it('gets what exists (one key, several, or all), sets several in one call, removes', async () => {
    const idb: StorageAreaLike = freshIdb();
    expect(await idb.get('none')).toEqual({});
    await idb.set({ a: 1, b: { c: [2] }, d: 'x' });
    expect(await idb.get(['a', 'b', 'missing'])).toEqual({ a: 1, b: { c: [2] } });
    await idb.remove(['a', 'd']);
    expect(await idb.get(null)).toEqual({ b: { c: [2] } });
    await idb.set({ [MOVED_MARKER]: 1 });
    expect(Object.keys(await idb.get(null)).sort()).toEqual(['b', MOVED_MARKER]);
  });
});
