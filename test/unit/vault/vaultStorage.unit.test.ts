// Where the record lives (src/vault/vaultStorage.ts): IndexedDB in the extension (fake-indexeddb here),
// under the database and store every installed copy has used, so that an update finds the wallet; a map
// in tests, copying values in and out as IndexedDB does.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { idbVaultStorage, memoryVaultStorage } from '../../../src/vault';

/** Reads one value straight from IndexedDB, without idb-keyval. */
function rawGet(dbName: string, storeName: string, key: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        resolve(undefined);
        return;
      }
      const req = db.transaction(storeName, 'readonly').objectStore(storeName).get(key);
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        db.close();
        resolve(req.result);
      };
    };
  });
}

describe('IndexedDB vault storage', () => {
  it('keeps the record in database "intents-companion", store "vault", where earlier versions left it', async () => {
    const storage = idbVaultStorage();
    await storage.set('vault', { format: 'x', n: 1 });
    expect(await rawGet('intents-companion', 'vault', 'vault')).toEqual({ format: 'x', n: 1 });
    expect(await storage.get('vault')).toEqual({ format: 'x', n: 1 });
    await storage.del('vault');
    expect(await storage.get('vault')).toBeUndefined();
    expect(await rawGet('intents-companion', 'vault', 'vault')).toBeUndefined();
  });

  it('keeps each named database apart', async () => {
    const a = idbVaultStorage('db-a', 'records');
    const b = idbVaultStorage('db-b', 'records');
    await a.set('k', 'in a');
    expect(await b.get('k')).toBeUndefined();
    expect(await rawGet('db-a', 'records', 'k')).toBe('in a');
  });
});

describe('memory vault storage', () => {
  it('starts from the given entries and copies values in and out', async () => {
    const storage = memoryVaultStorage({ vault: { n: 1 } });
    const read = (await storage.get('vault')) as { n: number };
    read.n = 2;
    expect(await storage.get('vault')).toEqual({ n: 1 });
    const value = { n: 3 };
    await storage.set('other', value);
    value.n = 4;
    expect(storage.data.get('other')).toEqual({ n: 3 });
    await storage.del('vault');
    expect([...storage.data.keys()]).toEqual(['other']);
  });
});
