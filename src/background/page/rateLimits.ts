/**
 * Fair sliding-window rate limits for what web pages may make the wallet do (docs/security.md, "Pages
 * get nothing for free"). Each budget is counted per site (the registrable domain, core siteOf: a page
 * can mint subdomains at will) and in all; the global limit refuses only a site that has used at least
 * its fair share (the global budget divided by the sites that used it in the window, the asker
 * included), so a site under its share is never refused for what others spent, and no site can spend
 * the budget of all. Kept in storage.session, so stopping the service worker (which a page can provoke
 * by waiting it out) does not reset them; a browser restart does.
 */

import * as z from 'zod/mini';
import { serial } from '../../core/serial';
import { ERROR_CODES } from '../../provider/protocol';
import { Kept, type KeyValue } from '../kv';
import { ProviderError } from '../providerError';

const KEY = 'rateLimits';
const WINDOW_MS = 60_000;
/** `${budget}:${site}` → the times it was used, within the last minute. */
const tableSchema = z.lazy(() => z.record(z.string(), z.array(z.number())));

export interface Budget {
  /** Uses per site in a minute. */
  perSite: number;
  /** Uses in all in a minute, held against a site only from its fair share on. */
  global: number;
}

/** What a page may ask per minute: approvals open a window, network calls spend the user's API key. */
export const LIMITS = {
  approval: { perSite: 10, global: 30 },
  network: { perSite: 30, global: 60 },
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof LIMITS;

export class RateLimits {
  private readonly serial = serial();
  /** The table as stored; this object is its only writer, so it is kept in memory between uses. */
  private readonly table: Kept<Record<string, number[]>>;
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {
    this.table = new Kept(() => this.kv.readOr(KEY, tableSchema, {}));
  }

  /**
   * Counts one use of `budget` by `site`, or throws -32005 without counting it: a refused request does
   * not use up the allowance of the others.
   */
  take(budget: BudgetName, site: string, message: string): Promise<void> {
    return this.serial(async () => {
      const now = this.now();
      const limit = LIMITS[budget];
      const next: Record<string, number[]> = {};
      // Drop what has left the window, so the table stays as small as the traffic of one minute.
      for (const [key, times] of Object.entries(await this.table.get())) {
        const live = times.filter((t) => now - t < WINDOW_MS && t <= now);
        if (live.length > 0) next[key] = live;
      }
      const prefix = `${budget}:`;
      const used = Object.entries(next).filter(([key]) => key.startsWith(prefix));
      const key = prefix + site;
      const mine = next[key]?.length ?? 0;
      const total = used.reduce((sum, [, times]) => sum + times.length, 0);
      const sites = used.length + (mine === 0 ? 1 : 0);
      if (mine >= limit.perSite || (total >= limit.global && mine >= limit.global / sites)) {
        throw new ProviderError(ERROR_CODES.rateLimited, message);
      }
      next[key] = [...(next[key] ?? []), now];
      await this.table.put(next, (value) => this.kv.write(KEY, value));
    });
  }
}
