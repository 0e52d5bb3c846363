/**
 * Sliding-window rate limits for what web pages may make the wallet do (docs/security.md, "Pages get
 * nothing for free"). Kept in storage.session, so stopping the service worker (which a page can
 * provoke by waiting it out) does not reset them; a browser restart does.
 */
import * as z from 'zod/mini';
import { ERROR_CODES } from '../../provider/protocol';
import { Kept, type KeyValue } from '../kv';
import { ProviderError } from '../providerError';

const KEY = 'rateLimits';
const tableSchema = z.record(z.string(), z.array(z.number()));

export interface Limit {
  max: number;
  windowMs: number;
}

/** What a page may ask per minute: approvals open a window, network calls spend the user's API key. */
export const LIMITS = {
  approvalPerOrigin: { max: 10, windowMs: 60_000 },
  approvalGlobal: { max: 30, windowMs: 60_000 },
  networkPerOrigin: { max: 30, windowMs: 60_000 },
  networkGlobal: { max: 60, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

export class RateLimits {
  private queue: Promise<unknown> = Promise.resolve();
  /** The table as stored; this object is its only writer, so it is kept in memory between uses. */
  private readonly table: Kept<Record<string, number[]>>;
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {
    this.table = new Kept(() => this.kv.readOr(KEY, tableSchema, {}));
  }

  /**
   * Counts one use against every bucket, or throws -32005 without counting any: a refused request
   * does not use up the allowance of the others.
   */
  take(buckets: readonly { key: string; limit: Limit }[], message: string): Promise<void> {
    const run = this.queue.then(async () => {
      const now = this.now();
      const table = await this.table.get();
      const next: Record<string, number[]> = {};
      // Drop what has left every window, so the table stays as small as the traffic of one minute.
      for (const [key, times] of Object.entries(table)) {
        const live = times.filter((t) => now - t < 60_000 && t <= now);
        if (live.length > 0) next[key] = live;
      }
      for (const { key, limit } of buckets) {
        const recent = (next[key] ?? []).filter((t) => now - t < limit.windowMs);
        if (recent.length >= limit.max) throw new ProviderError(ERROR_CODES.rateLimited, message);
      }
      for (const { key } of buckets) next[key] = [...(next[key] ?? []), now];
      await this.table.put(next, (value) => this.kv.write(KEY, value));
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
