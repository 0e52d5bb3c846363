/**
 * Connected sites: which accounts each origin may see (docs/architecture.md, "Provider API"). Grants are per
 * origin and per account, kept in storage.local, listed in the popup with revoke.
 */
import * as z from 'zod/mini';
import type { KeyValue } from '../kv';

const KEY = 'grants';
const grantsSchema = z.record(z.string(), z.object({ accounts: z.array(z.string()), grantedAt: z.number() }));
export type Grants = z.output<typeof grantsSchema>;

export class Permissions {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {}

  all(): Promise<Grants> {
    return this.kv.readOr(KEY, grantsSchema, {});
  }

  async accountsOf(origin: string): Promise<string[]> {
    return (await this.all())[origin]?.accounts ?? [];
  }

  private change(fn: (g: Grants) => Grants): Promise<void> {
    const run = this.queue.then(async () => this.kv.write(KEY, fn(await this.all())));
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
