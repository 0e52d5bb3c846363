/**
 * Connected sites: which accounts each origin may see (docs/architecture.md, "Provider API"). Grants are per
 * origin and per account, kept in storage.local, listed in the popup with revoke.
 */
import * as z from 'zod/mini';
import { Kept, type KeyValue } from '../kv';

const KEY = 'grants';
const grantsSchema = z.record(z.string(), z.object({ accounts: z.array(z.string()), grantedAt: z.number() }));
export type Grants = z.output<typeof grantsSchema>;

export class Permissions {
  private queue: Promise<unknown> = Promise.resolve();
  /** This object is the only writer of the grants: each page request reads them from memory. */
  private readonly grants: Kept<Grants>;
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {
    this.grants = new Kept(() => this.kv.readOr(KEY, grantsSchema, {}));
  }

  all(): Promise<Grants> {
    return this.grants.get();
  }

  async accountsOf(origin: string): Promise<string[]> {
    return (await this.all())[origin]?.accounts ?? [];
  }

  private change(fn: (g: Grants) => Grants): Promise<void> {
    const run = this.queue.then(async () => this.grants.put(fn(await this.all()), (next) => this.kv.write(KEY, next)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  grant(origin: string, accounts: string[]): Promise<void> {
    return this.change((g) => ({ ...g, [origin]: { accounts: [...new Set(accounts)], grantedAt: this.now() } }));
  }

  revoke(origin: string): Promise<void> {
    return this.change((g) => Object.fromEntries(Object.entries(g).filter(([o]) => o !== origin)));
  }

  /** Drops an account from every grant (it was removed from the wallet); returns affected origins. */
  async forgetAccount(accountId: string): Promise<string[]> {
    const affected: string[] = [];
    await this.change((g) =>
      Object.fromEntries(
        Object.entries(g).flatMap(([origin, grant]) => {
          if (!grant.accounts.includes(accountId)) return [[origin, grant]];
          affected.push(origin);
          const accounts = grant.accounts.filter((a) => a !== accountId);
          return accounts.length ? [[origin, { ...grant, accounts }]] : [];
        }),
      ),
    );
    return affected;
  }
}
