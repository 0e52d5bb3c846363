/**
 * The wallet's status, copied to storage.session whenever it differs from the copy written last: the
 * popup shows its first screen from it (src/api/statusSnapshot.ts), and a woken worker answers
 * wallet_status from it before the wallet's script is loaded (docs/architecture.md, "Start-up").
 *
 * So the stored copy is the status a new worker would compute, or nothing:
 * - Every write of one of the status's inputs passes through `around`: the copy is removed before the
 *   input changes. The inputs are everything the vault writes and the stored records `inputs` names
 *   (./statusInputs.ts, which a test holds to the records status() reads).
 * - Every ask that may change the status (./statusInputs.ts, `keepsStatus`) runs in `during`: the copy
 *   is removed as it starts, and no status is written while one runs, so none is taken from memory
 *   that lags what was stored (the vault's contents are set only once its record was read back).
 * - A status begun before either moved the generation is never written (`begin`).
 * - A status with a problem (a damaged vault or store) is not copied: a new worker finds those again
 *   only when it reads the damaged record.
 * A moved lock deadline alone puts the copy back at once, with the new deadline.
 *
 * Only the fields WalletStatus names are written (toSnapshot), never a key, a secret or a JWT. The area's
 * access level is never changed: content scripts cannot read storage.session.
 */
import { STATUS_SNAPSHOT_KEY, toSnapshot } from '../../api/statusSnapshot';
import type { WalletStatus } from '../../api/walletApi';
import { serial } from '../../core/serial';
import type { VaultStorage } from '../../vault';
import type { KeyValue, StorageAreaLike } from '../kv';
import { DEADLINE_KEY } from './autoLock';

/** What the vault writes is an input as a whole (its record and its session). */
export const VAULT_INPUT = 'vault';

export class StatusMirror {
  /** The copy stored now (null: none, or not known). */
  private last: { snapshot: WalletStatus; text: string } | null = null;
  /** The status behind a copy removed only because the lock deadline moved: put back with the new one. */
  private beforeDeadline: WalletStatus | null = null;
  /** Moves before and after every input write and every ask in `during`: a status begun before is not written. */
  private generation = 0;
  /** Input writes and asks in `during` under way: no status is written meanwhile. */
  private busy = 0;
  /** The copy's writes and removals land in the order asked. */
  private readonly oneAtATime = serial();

  /** `inputs`: the stored records the status is computed from, besides the vault's. */
  constructor(
    private readonly session: KeyValue,
    private readonly inputs: readonly string[],
  ) {}

  /** Taken as a status starts being computed, and given back to `write`. */
  begin(): number {
    return this.generation;
  }

  /**
   * Mirrors `status`, computed since `begun`, unless an input changed meanwhile, a change is under way,
   * it has a problem (then the copy goes), or it equals the copy.
   */
  write(status: WalletStatus, begun: number): Promise<void> {
    return this.oneAtATime(async () => {
      if (begun !== this.generation || this.busy > 0) return;
      if (status.problem !== null || status.storeProblems.length > 0) {
        this.last = null;
        this.beforeDeadline = null;
        await this.session.remove(STATUS_SNAPSHOT_KEY).catch(() => undefined);
        return;
      }
      await this.store(toSnapshot(status));
    });
  }

  /** The lock deadline moved (activity): the copy gets it, with no status to compute (it runs on every signature). */
  deadline(lockAt: number): Promise<void> {
    return this.oneAtATime(async () => {
      const base = this.last?.snapshot ?? this.beforeDeadline;
      if (base?.unlocked) await this.store({ ...base, lockAt });
    });
  }

  /**
   * `write` changes the stored record `key` (or, for VAULT_INPUT, what the vault keeps): when the status
   * is computed from it, the copy is removed first. A removal that fails fails the write too, so the copy
   * never outlives an input it disagrees with.
   */
  async around(key: string, write: () => Promise<void>): Promise<void> {
    if (key !== VAULT_INPUT && !this.inputs.includes(key)) return write();
    await this.during(write, key === DEADLINE_KEY);
  }

  /**
   * `work` may change the status: the copy is removed first (a failed removal fails `work`, which does
   * not run), and no status is written until it settled.
   */
  async during<T>(work: () => Promise<T>, deadlineOnly = false): Promise<T> {
    this.busy += 1;
    try {
      await this.drop(deadlineOnly);
      return await work();
    } finally {
      this.generation += 1;
      this.busy -= 1;
    }
  }

  /** The store problems changed (a damaged record found, or mended): the next status writes the copy. */
  problemsChanged(): void {
    void this.drop(false).catch(() => undefined);
  }

  private drop(deadlineOnly: boolean): Promise<void> {
    this.generation += 1;
    this.beforeDeadline = deadlineOnly ? (this.last?.snapshot ?? this.beforeDeadline) : null;
    this.last = null;
    return this.oneAtATime(() => this.session.remove(STATUS_SNAPSHOT_KEY));
  }

  private async store(snapshot: WalletStatus): Promise<void> {
    const text = JSON.stringify(snapshot);
    if (text === this.last?.text) return;
    const begun = this.generation;
    this.last = null;
    try {
      await this.session.write(STATUS_SNAPSHOT_KEY, snapshot);
      // A removal asked while it was written comes after it in the queue: the copy is not this one then.
      if (begun !== this.generation) return;
      this.last = { snapshot, text };
      this.beforeDeadline = null;
    } catch {
      // No copy rather than an older one; the popup asks wallet_status anyway, the next status tries again.
      await this.session.remove(STATUS_SNAPSHOT_KEY).catch(() => undefined);
    }
  }
}

/** The vault's store, every write and removal passed through `mirror.around` as the vault's. */
export class WatchedVaultStorage implements VaultStorage {
  constructor(
    private readonly storage: VaultStorage,
    private readonly mirror: Pick<StatusMirror, 'around'>,
  ) {}

  get(key: string): Promise<unknown> {
    return this.storage.get(key);
  }

  set(key: string, value: unknown): Promise<void> {
    return this.mirror.around(VAULT_INPUT, () => this.storage.set(key, value));
  }

  del(key: string): Promise<void> {
    return this.mirror.around(VAULT_INPUT, () => this.storage.del(key));
  }
}

/** The storage.session the vault keeps its unlocked session in, its writes passed through `mirror.around`. */
export class WatchedVaultSession implements StorageAreaLike {
  constructor(
    private readonly area: StorageAreaLike,
    private readonly mirror: Pick<StatusMirror, 'around'>,
  ) {}

  get(keys: string | string[] | null): Promise<Record<string, unknown>> {
    return this.area.get(keys);
  }

  set(items: Record<string, unknown>): Promise<void> {
    return this.mirror.around(VAULT_INPUT, () => this.area.set(items));
  }

  remove(keys: string | string[]): Promise<void> {
    return this.mirror.around(VAULT_INPUT, () => this.area.remove(keys));
  }
}
