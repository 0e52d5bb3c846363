/**
 * The unlocked vault across service-worker restarts: the AES key the record opens with, kept by the vault
 * itself in the session area it is given (storage.session in the extension: memory only, cleared when the
 * browser closes, readable only by the extension's trusted contexts; docs/architecture.md, "Where state
 * lives"). Written at create and unlock and whenever the key changes (password change, the KDF raised on
 * unlock), read back only by `Vault.resume`, removed by `Vault.lock`. No code outside src/vault names its
 * storage key (the architecture test checks), so nothing else reads the key bytes.
 */
import * as z from 'zod/mini';
import { base64 } from '../core';

export const VAULT_SESSION_KEY = 'vault.session';

/** The part of a `browser.storage` area the vault uses. */
export interface SessionArea {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string): Promise<void>;
}

const sessionSchema = z.lazy(() =>
  z.strictObject({
    keyBytes: z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/, 'must be base64 of 32 bytes')),
  }),
);

export class SessionSlot {
  /** Without an area a worker restart starts locked (tests, the bench). */
  constructor(private readonly area: SessionArea | undefined) {}

  /** The write is issued before this returns, so a `clear()` called after it lands after it. */
  save(keyBytes: Uint8Array): Promise<void> {
    return this.area
      ? this.area.set({ [VAULT_SESSION_KEY]: { keyBytes: base64.encode(keyBytes) } })
      : Promise.resolve();
  }

  /** The stored key, or undefined when there is none or it is not one (then it can only stay locked). */
  async read(): Promise<Uint8Array | undefined> {
    if (!this.area) return undefined;
    const parsed = sessionSchema.safeParse((await this.area.get(VAULT_SESSION_KEY))[VAULT_SESSION_KEY]);
    return parsed.success ? base64.decode(parsed.data.keyBytes) : undefined;
  }

  clear(): Promise<void> {
    return this.area ? this.area.remove(VAULT_SESSION_KEY) : Promise.resolve();
  }
}
