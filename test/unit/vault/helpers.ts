/** Shared by the vault's tests: a random source, a session area in memory, and an error's code. */
import { randomBytes } from 'node:crypto';
import { formatSecretKey, generateKeyPair, type KeyPair } from '../../../src/core';
import { type Vault, VaultError } from '../../../src/vault';
import type { SessionArea } from '../../../src/vault/session';

export const random = (n: number) => new Uint8Array(randomBytes(n));
export const PASSWORD = 'correct horse battery';

/**
 * A KDF floor and count at which one key derivation takes milliseconds, not a second (VaultOptions
 * .minIterations): the vault's behaviour does not depend on the count, and kdf.unit.test.ts pins the
 * production ones (docs/testing.md, "Mutation testing"). Spread into the options: `{ ...FAST_KDF }`.
 */
export const FAST_KDF = { minIterations: 1_000, iterations: 1_000 } as const;

/** storage.session as the vault uses it, in memory (values copied in and out, as the browser does). */
export function memorySession(): SessionArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
    remove: async (key) => void data.delete(key),
  };
}

export async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VaultError) return e.code;
    throw e;
  }
  return 'ok';
}

/** Creates the vault with an imported key whose secret the test knows (to compare signatures with). */
export async function createWithKey(vault: Vault, password = PASSWORD): Promise<KeyPair> {
  const pair = generateKeyPair(random);
  await vault.create(password, { kind: 'importKey', secretKey: formatSecretKey(pair) });
  return pair;
}
