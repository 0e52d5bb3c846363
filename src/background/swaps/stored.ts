/**
 * Reading stored swaps (./records.ts) without reading them all when a page is enough
 * (docs/architecture.md, "Budgets": a history page costs the same with 1,000 or 10,000 swaps).
 * `swapIds` lists swaps in the order they were stored, and a record's createdAt is taken when it is
 * stored (./api.ts, swap_start, under the lock), so the index is in time order: the records next to
 * a time are found by a binary search and read in slices from there, many keys per storage call.
 */
import * as z from 'zod/mini';
import type { SwapRecordView } from '../../api/swapApi';
import { phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { Kept, type KeyValue } from '../kv';
import type { StorageProblems } from '../problems';
import { ProviderError } from '../providerError';
import { IDS, key, NEWEST, recordSchema } from './records';

/**
 * How far past the searched position a walk starts: records stored before createdAt was taken under the
 * lock may be out of time order by a few places (two swaps started within the same moments).
 */
const SLACK = 16;

export interface Nearest {
  /** A time in ms; ±Infinity for the newest (`prev` false) or the oldest swaps. */
  edge: number;
  /** true: swaps after `edge`; false: before it. */
  prev: boolean;
  n: number;
  keep: (r: SwapRecordView) => boolean;
}

export class StoredSwaps {
  // The index is written only through `addId` (swap_start, under the swap service's lock): kept in
  // memory, frozen, so handing it out copies nothing.
  private readonly index: Kept<readonly string[]>;
  /** `swapIds`' newest id, written by `addId` before the list (./unfinished.ts checks the schedule by it). */
  private readonly newestId: Kept<string | null>;

  constructor(
    private readonly local: KeyValue,
    private readonly problems?: StorageProblems,
  ) {
    this.index = new Kept<readonly string[]>(
      async () => Object.freeze((await local.read(IDS, z.array(z.string()))) ?? []),
      (ids) => ids,
    );
    this.newestId = new Kept<string | null>(
      async () => (await local.read(NEWEST, z.string())) ?? null,
      (id) => id,
    );
  }

  /** The newest stored swap's id as kept apart (null: none kept, as by an earlier version). */
  newest(): Promise<string | null> {
    return this.newestId.get();
  }

  /** Keeps the newest id apart where an earlier version did not (the lock held). */
  async keepNewest(): Promise<void> {
    if ((await this.newest()) !== null) return;
    const last = (await this.ids()).at(-1);
    if (last !== undefined) await this.newestId.put(last, (id) => this.local.write(NEWEST, id));
  }

  ids(): Promise<readonly string[]> {
    return this.index.get();
  }

  async addId(id: string): Promise<void> {
    // The newest first: a list written without it would look complete to a schedule that misses `id`.
    await this.newestId.put(id, (next) => this.local.write(NEWEST, next));
    await this.index.put(Object.freeze([...(await this.ids()), id]), (next) => this.local.write(IDS, next));
  }

  async get(id: string): Promise<SwapRecordView> {
    const r = await this.local.read(key(id), recordSchema);
    if (!r) throw new ProviderError(ERROR_CODES.invalidParams, 'There is no such swap', { field: 'id' });
    return r;
  }

  /** Every stored swap, newest first; a damaged one is left out, kept as it is, and reported. */
  async list(): Promise<SwapRecordView[]> {
    return (await this.read(await this.ids())).reverse();
  }

  /**
   * The `n` swaps `keep` accepts nearest to `edge` on its side, newest first (equal times: the later
   * stored first, as in list()). Reads slices outward from the edge until it has them.
   */
  async nearest({ edge, prev, n, keep }: Nearest): Promise<SwapRecordView[]> {
    const all = await this.ids();
    const slice = Math.max(n, 8) + SLACK; // records per storage call
    const found: { r: SwapRecordView; at: number }[] = [];
    const take = async (from: number, to: number) => {
      const wanted = all.slice(from, to);
      for (const r of await this.read(wanted)) {
        if ((prev ? r.createdAt > edge : r.createdAt < edge) && keep(r))
          found.push({ r, at: from + wanted.indexOf(r.id) });
      }
    };
    const at = edge === Infinity ? all.length : edge === -Infinity ? 0 : await this.position(all, edge);
    if (prev) {
      for (let from = Math.max(0, at - SLACK); from < all.length && found.length < n; from += slice)
        await take(from, Math.min(all.length, from + slice));
    } else {
      for (let to = Math.min(all.length, at + SLACK); to > 0 && found.length < n; to -= slice)
        await take(Math.max(0, to - slice), to);
    }
    found.sort((a, b) => b.r.createdAt - a.r.createdAt || b.at - a.at);
    return (prev ? found.slice(-n) : found.slice(0, n)).map((f) => f.r);
  }

  /** The readable records of `wanted`, in its order, in one storage call; a damaged one is reported and left out. */
  records(wanted: readonly string[]): Promise<SwapRecordView[]> {
    return this.read(wanted);
  }

  private async read(wanted: readonly string[]): Promise<SwapRecordView[]> {
    const values = await this.local.readMany(wanted.map(key), recordSchema);
    return values.flatMap((r, i) => {
      if (r !== undefined && !(r instanceof Error)) return [r];
      this.problems?.report(
        'swaps',
        key(wanted[i]!),
        `A stored swap (${wanted[i]!}) is damaged and cannot be shown; it is kept as it was.`,
        phrase('storeProblem_swap'),
      );
      return [];
    });
  }

  /** Position of the first stored swap created at or after `time` (binary search; a damaged probe steps aside). */
  private async position(all: readonly string[], time: number): Promise<number> {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      let probe = mid;
      let r = probe < hi ? (await this.read([all[probe]!]))[0] : undefined;
      while (probe < hi && !r) {
        probe++;
        r = probe < hi ? (await this.read([all[probe]!]))[0] : undefined;
      }
      if (!r) hi = mid;
      else if (r.createdAt < time) lo = probe + 1;
      else hi = mid;
    }
    return lo;
  }
}
