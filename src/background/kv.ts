/**
 * Typed access to an extension storage area (`browser.storage.local` / `.session`): every read is
 * parsed by a zod schema, so a damaged value is reported, never trusted. Each `set` writes one key:
 * atomic per record. Given the vault's cipher, the private records (./sealedRecords.ts) are sealed on
 * write and opened on read: while the wallet is locked they cannot be read or written (VaultError
 * `locked`), and one found in the clear, or that does not open, is damage.
 */
import type * as z from 'zod/mini';
import { VaultError } from '../vault';
import {
  asEnvelope,
  isClearRecord,
  isSealedName,
  openRecord,
  type RecordCipher,
  SEALED_MARKER,
  SEALED_PREFIX,
  sealRecord,
} from './sealedRecords';

/** The part of `browser.storage.StorageArea` we use (fake-browser and Firefox provide the same). */
export interface StorageAreaLike {
  /** `null`: every item. */
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export class CorruptedValueError extends Error {
  override readonly name = 'CorruptedValueError';
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(`stored value '${key}' is damaged (${detail}); it was left as it is`);
  }
}

/**
 * Told of every write and removal through a KeyValue, around it: the popup's status mirror
 * (./wallet/statusMirror.ts) sets its copy aside before one of the status's inputs changes.
 */
export type WriteWatch = (key: string, write: () => Promise<void>) => Promise<void>;

export class KeyValue {
  /** True once the area is known to hold every private record sealed (the marker was seen or written). */
  private allSealed = false;
  private sealing: Promise<void> | null = null;

  /**
   * `cipher`: seal the private records with it (the extension's storage.local); none: a plain area.
   * `watch`: told of every write and removal, around it.
   */
  constructor(
    private readonly area: StorageAreaLike,
    private readonly cipher?: RecordCipher,
    private readonly watch: WriteWatch = (_key, write) => write(),
  ) {}

  private isPrivate(key: string): boolean {
    return this.cipher !== undefined && !isClearRecord(key);
  }

  /** Stored names of private records, worked out once per key (a keyed hash: the same for the wallet's life). */
  private readonly names = new Map<string, string>();

  /** Where `key` is stored: itself for a clear record, a keyed hash of it for a private one (unlocked only). */
  private async stored(key: string): Promise<string> {
    if (!this.isPrivate(key)) return key;
    await this.ensureSealed();
    let name = this.names.get(key);
    if (name === undefined) {
      name = SEALED_PREFIX + (await this.cipher!.recordName(key));
      this.names.set(key, name);
    }
    return name;
  }

  /**
   * Before the first private record is read or written: every private record an earlier version wrote
   * in the clear under its own name is sealed under its stored name and the clear one removed, once, and
   * the marker set. It runs only while unlocked (sealing needs the vault), before any other private
   * access, so nothing written meanwhile can be overwritten. After it, a private key's own name is never read.
   */
  private ensureSealed(): Promise<void> {
    if (this.allSealed || !this.cipher) return Promise.resolve();
    const cipher = this.cipher;
    this.sealing ??= (async () => {
      // The marker alone first: once set, the rest of storage (a long swap history) is never read here,
      // so a worker's start costs the same with 1,000 or 10,000 stored swaps (docs/architecture.md, "Budgets").
      const marked = (await this.area.get(SEALED_MARKER))[SEALED_MARKER] !== undefined;
      const all = marked ? {} : await this.area.get(null);
      if (!marked && all[SEALED_MARKER] === undefined) {
        const clear = Object.entries(all).filter(([key]) => !isClearRecord(key) && !isSealedName(key));
        const sealed = await Promise.all(
          clear.map(
            async ([key, raw]) =>
              [SEALED_PREFIX + (await cipher.recordName(key)), await sealRecord(cipher, key, raw)] as const,
          ),
        );
        if (sealed.length > 0) await this.area.set(Object.fromEntries(sealed));
        await this.area.set({ [SEALED_MARKER]: 1 });
        if (clear.length > 0) await this.area.remove(clear.map(([key]) => key));
      }
      this.allSealed = true;
    })().finally(() => {
      this.sealing = null;
    });
    return this.sealing;
  }

  /** A stored value as the schema will see it: a private record opened, or damage reported. */
  private async decode(key: string, raw: unknown): Promise<unknown> {
    if (raw === undefined || !this.isPrivate(key)) return raw;
    const envelope = asEnvelope(raw);
    if (!envelope) throw new CorruptedValueError(key, 'it is not sealed as the wallet seals it');
    try {
      return await openRecord(this.cipher!, key, envelope);
    } catch (e) {
      if (e instanceof VaultError && e.code === 'locked') throw e;
      throw new CorruptedValueError(key, 'it does not open with this wallet’s key');
    }
  }

  /** The stored values of `keys`, by key. */
  private async rawOf(keys: string[]): Promise<Record<string, unknown>> {
    const names = await Promise.all(keys.map((k) => this.stored(k)));
    const raw = await this.area.get(names);
    return Object.fromEntries(keys.map((k, i) => [k, raw[names[i]!]]));
  }

  /** The name a record is stored under (a private one's keyed hash): for tests and tools that must find it. */
  storedName(key: string): Promise<string> {
    return this.stored(key);
  }

  async read<T extends z.ZodMiniType>(key: string, schema: T): Promise<z.output<T> | undefined> {
    const raw = await this.decode(key, (await this.rawOf([key]))[key]);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new CorruptedValueError(key, parsed.error.issues[0]?.message ?? 'invalid');
    return parsed.data;
  }

  /**
   * Several keys in one storage call (one round trip to the browser's storage, however many keys), in
   * the order asked; a missing key gives undefined, a damaged value its CorruptedValueError.
   */
  async readMany<T extends z.ZodMiniType>(
    keys: string[],
    schema: T,
  ): Promise<(z.output<T> | undefined | CorruptedValueError)[]> {
    if (keys.length === 0) return [];
    const raw = await this.rawOf(keys);
    return Promise.all(
      keys.map(async (key) => {
        let value: unknown;
        try {
          value = await this.decode(key, raw[key]);
        } catch (e) {
          if (e instanceof CorruptedValueError) return e;
          throw e;
        }
        if (value === undefined) return undefined;
        const parsed = schema.safeParse(value);
        return parsed.success
          ? parsed.data
          : new CorruptedValueError(key, parsed.error.issues[0]?.message ?? 'invalid');
      }),
    );
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

  /**
   * The stored value as it was found, without its schema (a private one opened when it opens, else as
   * stored): to set a damaged value aside, or to see that one exists. Never to be taken as the wallet's
   * own: a value that does not open was not written by this wallet (read it with `read` and a schema).
   */
  async asFound(key: string): Promise<unknown> {
    const raw = (await this.rawOf([key]))[key];
    try {
      return await this.decode(key, raw);
    } catch (e) {
      if (e instanceof CorruptedValueError) return raw;
      throw e;
    }
  }

  async write(key: string, value: unknown): Promise<void> {
    const name = await this.stored(key);
    const stored = this.isPrivate(key) ? await sealRecord(this.cipher!, key, value) : value;
    await this.watch(key, () => this.area.set({ [name]: stored }));
  }

  async remove(key: string): Promise<void> {
    const name = await this.stored(key);
    await this.watch(key, () => this.area.remove(name));
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

  private kept(): Promise<T> {
    if (!this.value) {
      const loading = this.load();
      this.value = loading;
      loading.catch(() => {
        if (this.value === loading) this.value = null;
      });
    }
    return this.value;
  }

  async get(): Promise<T> {
    return this.copy(await this.kept());
  }

  /**
   * `look` applied to the kept value itself, no copy made: for a reader that needs a small part of a
   * large value (`look` must not change it, and copies what it hands out).
   */
  async peek<R>(look: (value: T) => R): Promise<R> {
    return look(await this.kept());
  }

  /** Stores `next` with `write` and keeps it once written. */
  async put(next: T, write: (value: T) => Promise<void>): Promise<void> {
    this.value = null;
    await write(next);
    this.value = Promise.resolve(this.copy(next));
  }
}
