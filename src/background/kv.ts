/**
 * Typed access to an extension storage area (`browser.storage.local` / `.session`): every read is
 * parsed by a zod schema, so a damaged value is reported, never trusted. Each `set` writes one key:
 * atomic per record.
 */
import type * as z from 'zod/mini';

/** The part of `browser.storage.StorageArea` we use (fake-browser and Firefox provide the same). */
export interface StorageAreaLike {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export class CorruptedValueError extends Error {
  override readonly name = 'CorruptedValueError';
  constructor(readonly key: string, detail: string) {
    super(`stored value '${key}' is damaged (${detail}); it was left as it is`);
  }
}

export class KeyValue {
  constructor(private readonly area: StorageAreaLike) {}

  async read<T extends z.ZodMiniType>(key: string, schema: T): Promise<z.output<T> | undefined> {
    const raw = (await this.area.get(key))[key];
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new CorruptedValueError(key, parsed.error.issues[0]?.message ?? 'invalid');
    return parsed.data;
  }

  /**
   * Several keys in one storage call (one round trip to the browser's storage, however many keys), in
   * the order asked; a missing key gives undefined, a damaged value its CorruptedValueError.
   */
  async readMany<T extends z.ZodMiniType>(keys: string[], schema: T): Promise<(z.output<T> | undefined | CorruptedValueError)[]> {
    if (keys.length === 0) return [];
    const raw = await this.area.get(keys);
    return keys.map((key) => {
      if (raw[key] === undefined) return undefined;
      const parsed = schema.safeParse(raw[key]);
      return parsed.success ? parsed.data : new CorruptedValueError(key, parsed.error.issues[0]?.message ?? 'invalid');
    });
  }

  /** Like read, but a damaged value yields the fallback (for caches and preferences that can be rebuilt). */
  async readOr<T extends z.ZodMiniType>(key: string, schema: T, fallback: z.output<T>): Promise<z.output<T>> {
    try {
      return (await this.read(key, schema)) ?? fallback;
    } catch (e) {
      if (e instanceof CorruptedValueError) return fallback;
      throw e;
    }
  }

  /** The stored value unchecked, only to set a damaged one aside. */
  async readRaw(key: string): Promise<unknown> {
    return (await this.area.get(key))[key];
  }

  write(key: string, value: unknown): Promise<void> {
    return this.area.set({ [key]: value });
  }

  remove(key: string): Promise<void> {
    return this.area.remove(key);
  }
}

/**
 * One stored value that a single object alone writes, kept in memory after the first read, so reading
 * it again costs no storage call (docs/architecture.md, "Budgets"). The copy lives as long as the
 * worker; a new worker reads storage again. Readers get their own copy (`copy`, structuredClone unless
 * the value is immutable); a failed read or write leaves nothing kept, so the next reader asks storage.
 */
export class Kept<T> {
  private value: Promise<T> | null = null;
  constructor(
    private readonly load: () => Promise<T>,
    private readonly copy: (value: T) => T = (value) => structuredClone(value),
  ) {}

  async get(): Promise<T> {
    if (!this.value) {
      const loading = this.load();
      this.value = loading;
      loading.catch(() => {
        if (this.value === loading) this.value = null;
      });
    }
    return this.copy(await this.value);
  }

  /** Stores `next` with `write` and keeps it once written. */
  async put(next: T, write: (value: T) => Promise<void>): Promise<void> {
    this.value = null;
    await write(next);
    this.value = Promise.resolve(this.copy(next));
  }
}
