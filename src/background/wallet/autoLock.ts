/**
 * The lock deadline across service-worker restarts (docs/architecture.md, "Where state lives"): kept in
 * `storage.session` (memory-only, cleared when the browser closes, not readable by content scripts) and in
 * worker memory. A `chrome.alarms` alarm locks at the deadline; every use of the vault moves the deadline
 * (idle timeout). The vault keeps its own unlocked key (src/vault/session.ts); a worker resumes it only
 * while this deadline has not passed.
 */
import * as z from 'zod/mini';
import type { KeyValue } from '../kv';

export const AUTO_LOCK_ALARM = 'auto-lock';
export const DEADLINE_KEY = 'lockDeadline';

const deadlineSchema = z.lazy(() => z.strictObject({ lockAt: z.number() }));
export type StoredDeadline = z.output<typeof deadlineSchema>;

/** The part of `browser.alarms` we use. */
export interface AlarmsLike {
  create(name: string, info: { when: number }): void | Promise<void>;
  clear(name: string): Promise<boolean> | Promise<void> | void;
}

export class AutoLock {
  /** Moves on every clear(): a touch that started before a lock must not write the deadline back. */
  private epoch = 0;

  constructor(
    private readonly session: KeyValue,
    private readonly alarms: AlarmsLike,
    private readonly now: () => number,
  ) {}

  async read(): Promise<StoredDeadline | undefined> {
    return this.session.readOr(DEADLINE_KEY, z.optional(deadlineSchema), undefined);
  }

  async start(minutes: number): Promise<number> {
    const lockAt = this.now() + minutes * 60_000;
    await this.session.write(DEADLINE_KEY, { lockAt } satisfies StoredDeadline);
    await this.alarms.create(AUTO_LOCK_ALARM, { when: lockAt });
    return lockAt;
  }

  /** Moves the deadline on activity; returns the new deadline, or null when locked meanwhile. */
  async touch(minutes: number): Promise<number | null> {
    const epoch = this.epoch;
    const current = await this.read();
    // Storage calls run in the order they are made: checked here, the write cannot follow a clear().
    if (!current || epoch !== this.epoch) return null;
    return this.start(minutes);
  }

  async clear(): Promise<void> {
    this.epoch += 1;
    await this.session.remove(DEADLINE_KEY);
    await this.alarms.clear(AUTO_LOCK_ALARM);
  }
}
