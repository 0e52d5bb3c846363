/**
 * Where the vault record lives. IndexedDB through idb-keyval in the extension (each `set` is one
 * IndexedDB transaction, so a record is replaced whole or not at all); any map in tests.
 */
import { createStore, del, get, set } from 'idb-keyval';

export interface VaultStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

export function idbVaultStorage(dbName = 'intents-companion', storeName = 'vault'): VaultStorage {
  const store = createStore(dbName, storeName);
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

export function memoryVaultStorage(
  initial: Record<string, unknown> = {},
): VaultStorage & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
  };
}
