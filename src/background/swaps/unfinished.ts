/**
 * The index of unfinished swaps: the tracker's schedule (`swapTrack`, ./records.ts), one entry per swap
 * it still follows, written by the tracker alone under its lock. The Swap tab's in-progress list
 * (`swap_list`) reads this index and the records it names, nothing else, so it costs the same with
 * 1,000 or 10,000 stored swaps (docs/architecture.md, "Budgets").
 *
 * Storage is not believed (docs/security.md, "Storage no page can write"): the schedule names the
 * newest id of `swapIds` it has seen (`last`). One that cannot be read, that is missing while swaps are
 * stored, or that is older than the swap list (rolled back, or a write lost between a swap's record
 * and its schedule) is damage: reported, and the swaps it misses are found again in their records (the
 * ids after the one it names, or every id), so no unfinished swap is lost. An unreadable one is set
 * aside under `swapTrack.damaged` before the next write replaces it. An entry whose record is gone or
 * damaged is left out of the list and reported; the tracker stops following it on its next check.
 */
import type { SwapRecordView } from '../../api/swapApi';
import { phrase } from '../../core/phrase';
import { isTerminal } from '../../core/swapStatus';
import { CorruptedValueError, type KeyValue } from '../kv';
import type { StorageProblems } from '../problems';
import { followed, storedTrackSchema, TRACK, type Track } from './records';
import type { StoredSwaps } from './stored';

export interface UnfinishedDeps {
  local: KeyValue;
  stored: StoredSwaps;
  now: () => number;
  /** The swap service a swap found again is followed on (its record does not name one): the current one. */
  serviceUrl: () => Promise<string>;
  problems?: StorageProblems | undefined;
}

/** The schedule as the tracker may believe it. */
export interface Schedule {
  items: Track;
  /** The stored one could not be believed: these items were rebuilt and are not stored yet. */
  repaired: boolean;
}

export class UnfinishedIndex {
  /** The stored schedule could not be read: it is set aside before it is written over. */
  private unreadable = false;
  /** The `last` of the schedule read last: kept when the swap list cannot be read. */
  private storedLast: string | null = null;

  constructor(private readonly d: UnfinishedDeps) {}

  /**
   * The schedule, checked against the swap list; rebuilt where it cannot be believed (reported).
   * `adding`: the swap whose schedule entry is being written (the lock held); when it is the newest,
   * its own entry is the one a schedule that saw every earlier swap may still miss.
   */
  async read(adding?: string): Promise<Schedule> {
    let stored: { last: string | null; items: Track } | 'legacy' | undefined;
    let items: Track = [];
    try {
      const v = await this.d.local.read(TRACK, storedTrackSchema);
      stored = v === undefined ? undefined : Array.isArray(v) ? 'legacy' : v;
      items = v === undefined ? [] : Array.isArray(v) ? v : v.items;
      this.unreadable = false;
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      this.unreadable = true;
    }
    // An earlier version's bare list was written with every swap it knew.
    if (stored === 'legacy') return { items, repaired: false };
    this.storedLast = stored?.last ?? null;
    const newest = await this.newest();
    if (!this.unreadable && (stored?.last ?? null) === newest) return { items, repaired: false };
    const list = await this.ids();
    // A damaged swap list (reported where it is read) cannot check the schedule: the schedule goes on as stored.
    if (list === undefined) return { items, repaired: false };
    const ids = newest !== null && !list.includes(newest) ? [...list, newest] : list;
    // The swap being added under the lock may be the one entry a schedule that saw every earlier swap misses.
    const seen = adding !== undefined && adding === ids.at(-1) ? (ids.at(-2) ?? null) : ids.at(-1);
    if (!this.unreadable && (stored?.last ?? null) === seen) return { items, repaired: false };
    // Only the ids stored after the last one it saw can be missing from it; without one, any.
    const from = stored?.last == null ? 0 : ids.lastIndexOf(stored.last) + 1;
    const rebuilt = await this.rebuild(items, ids.slice(from));
    this.d.problems?.report(
      'swaps',
      TRACK,
      this.unreadable
        ? 'The list of swaps in progress was damaged; it is set aside and was made again from the stored swaps.'
        : 'The list of swaps in progress was missing swaps; they were found again in the stored swaps.',
      phrase(this.unreadable ? 'storeProblem_swapsListRebuilt' : 'storeProblem_swapsListCompleted'),
    );
    return { items: rebuilt, repaired: true };
  }

  /** `items` and every swap of `ids` still followed that they miss, due now. */
  private async rebuild(items: Track, ids: readonly string[]): Promise<Track> {
    const now = this.d.now();
    const known = new Set(items.map((t) => t.id));
    const url = await this.d.serviceUrl();
    const found = (await this.d.stored.records(ids.filter((id) => !known.has(id))))
      .filter((r) => followed(r, now))
      .map((r) => ({ id: r.id, due: now, since: now, n: 0, url }));
    return [...items, ...found];
  }

  /** Stores the schedule (the lock held), the damaged one set aside first. */
  async write(items: Track): Promise<void> {
    if (this.unreadable) {
      const base = `${TRACK}.damaged`;
      const aside = (await this.d.local.asFound(base)) === undefined ? base : `${base}.${this.d.now()}`;
      await this.d.local.write(aside, await this.d.local.asFound(TRACK));
      this.unreadable = false;
    }
    await this.d.stored.keepNewest().catch(() => undefined);
    const newest = await this.newest();
    await this.d.local.write(TRACK, { last: newest ?? this.storedLast, items });
  }

  /** The newest stored swap's id (kept apart by the swap list's writer), or the list's last when none is kept. */
  private async newest(): Promise<string | null> {
    try {
      return (await this.d.stored.newest()) ?? (await this.ids())?.at(-1) ?? null;
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      return (await this.ids())?.at(-1) ?? null;
    }
  }

  /** The swap list, or undefined when it is damaged. */
  private async ids(): Promise<readonly string[] | undefined> {
    try {
      return await this.d.stored.ids();
    } catch (e) {
      if (e instanceof CorruptedValueError) return undefined;
      throw e;
    }
  }

  /** The unfinished swaps, newest first: the index's records, no other; one gone or damaged is reported. */
  async list(schedule: Schedule): Promise<SwapRecordView[]> {
    const records = await this.d.stored.records(schedule.items.map((t) => t.id));
    // One past its deadline stays until the tracker's next check drops it (its screen then says not to send).
    return records
      .filter((r) => !isTerminal(r.status))
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }
}
