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
  /**
   * The grants as last read or written. This object is the only writer of `grants` (every change goes
   * through change()), so the copy stays true for the worker's life; it spares each page request a
   * storage read (docs/architecture.md, "Budgets": the provider round trip).
   */
  private kept: Promise<Grants> | null = null;
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {}

  async all(): Promise<Grants> {
    if (!this.kept) {
      const read = this.kv.readOr(KEY, grantsSchema, {});
      this.kept = read;
      read.catch(() => {
        if (this.kept === read) this.kept = null; // a failed read is tried again next time
      });
    }
    return structuredClone(await this.kept);
  }

  async accountsOf(origin: string): Promise<string[]> {
    return (await this.all())[origin]?.accounts ?? [];
  }

  private change(fn: (g: Grants) => Grants): Promise<void> {
    const run = this.queue.then(async () => {
      const next = fn(await this.all());
      this.kept = null; // while written, and if the write fails, the next reader asks storage
      await this.kv.write(KEY, next);
      this.kept = Promise.resolve(structuredClone(next));
    });
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
