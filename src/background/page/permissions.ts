/**
 * Connected sites: which accounts each origin may see (docs/architecture.md, "Provider API"). Grants are per
 * network, origin and account, kept in storage.local, listed in the popup with revoke. A network is its
 * verifier (docs/security.md, "Networks"): a site connected on Local is not connected on Mainnet. Grants
 * made before networks were kept apart (`grants`) cannot be told apart, since Local and Mainnet then shared
 * a verifier, so they are dropped and sites ask again.
 */

import * as z from 'zod/mini';
import { serial } from '../../core/serial';
import { Kept, type KeyValue } from '../kv';

const KEY = 'networkGrants';
/** Grants of before, one table for every network. */
const LEGACY_KEY = 'grants';
const grantsSchema = z.lazy(() =>
  z.record(z.string(), z.object({ accounts: z.array(z.string()), grantedAt: z.number() })),
);
export type Grants = z.output<typeof grantsSchema>;
/** Grants by the verifier of their network. */
const byNetworkSchema = z.lazy(() => z.record(z.string(), grantsSchema));
type ByNetwork = z.output<typeof byNetworkSchema>;

export class Permissions {
  private readonly serial = serial();
  /** This object is the only writer of the grants: each page request reads them from memory. */
  private readonly grants: Kept<ByNetwork>;
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
    /** The verifier of the network the wallet is on now. */
    private readonly verifierId: () => Promise<string>,
  ) {
    this.grants = new Kept(async () => {
      if ((await this.kv.asFound(LEGACY_KEY)) !== undefined) await this.kv.remove(LEGACY_KEY);
      return this.kv.readOr(KEY, byNetworkSchema, {});
    });
  }

  /** The grants on the network the wallet is on now. */
  async all(): Promise<Grants> {
    const [all, verifierId] = await Promise.all([this.grants.get(), this.verifierId()]);
    return all[verifierId] ?? {};
  }

  async accountsOf(origin: string): Promise<string[]> {
    return (await this.all())[origin]?.accounts ?? [];
  }

  private changeAll(fn: (g: ByNetwork) => ByNetwork): Promise<void> {
    return this.serial(async () => this.grants.put(fn(await this.grants.get()), (next) => this.kv.write(KEY, next)));
  }

  /** Changes the grants of the network the wallet is on now. */
  private async change(fn: (g: Grants) => Grants): Promise<void> {
    const verifierId = await this.verifierId();
    return this.changeAll((all) => ({ ...all, [verifierId]: fn(all[verifierId] ?? {}) }));
  }

  grant(origin: string, accounts: string[]): Promise<void> {
    return this.change((g) => ({ ...g, [origin]: { accounts: [...new Set(accounts)], grantedAt: this.now() } }));
  }

  revoke(origin: string): Promise<void> {
    return this.change((g) => Object.fromEntries(Object.entries(g).filter(([o]) => o !== origin)));
  }

  /** Drops an account from every grant on every network (it was removed from the wallet); returns the affected origins on this one. */
  async forgetAccount(accountId: string): Promise<string[]> {
    const verifierId = await this.verifierId();
    const affected: string[] = [];
    const forget = (network: string, g: Grants): Grants =>
      Object.fromEntries(
        Object.entries(g).flatMap(([origin, grant]) => {
          if (!grant.accounts.includes(accountId)) return [[origin, grant]];
          if (network === verifierId) affected.push(origin);
          const accounts = grant.accounts.filter((a) => a !== accountId);
          return accounts.length ? [[origin, { ...grant, accounts }]] : [];
        }),
      );
    await this.changeAll((all) =>
      Object.fromEntries(Object.entries(all).map(([network, g]) => [network, forget(network, g)])),
    );
    return affected;
  }
}
