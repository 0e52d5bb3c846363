/**
 * What pages hear when the wallet changes (docs/architecture.md, "Provider API" events): on lock no
 * account is visible (`accountsChanged` [] and `lock`), on unlock and account changes each site's
 * granted accounts again, and when the settings move to another network, `accountsChanged` to every
 * site whose accounts differ there.
 */
import type { WalletEvent, WalletService } from '../wallet/service';
import { pageNetwork } from './api';
import type { PageEvents } from './events';
import type { Grants, Permissions } from './permissions';

export interface WalletAnnouncerDeps {
  wallet: WalletService;
  permissions: Permissions;
  events: PageEvents;
  /** The verifier of the network the wallet is on now. */
  verifierId: () => Promise<string>;
}

/** Where the settings were before a change: the grants and the network. */
export interface SettingsSnapshot {
  grants: Grants;
  verifierId: string;
}

export class WalletAnnouncer {
  constructor(private readonly d: WalletAnnouncerDeps) {}

  private accountsOf(grants: Grants, origin: string) {
    return this.d.wallet
      .accounts()
      .filter((a) => grants[origin]?.accounts.includes(a.accountId))
      .map((a) => ({ accountId: a.accountId, publicKey: a.publicKeys[0]! }));
  }

  async snapshot(): Promise<SettingsSnapshot> {
    return { grants: await this.d.permissions.all(), verifierId: await this.d.verifierId() };
  }

  /**
   * After a settings change: `networkChanged` to every origin connected on the network the wallet is on
   * now, when that network is another (locked or not: it names no account; a site connected only on the
   * network left is a stranger here and hears only `accountsChanged` []), then the accounts (below).
   */
  async settingsMoved(before: SettingsSnapshot): Promise<void> {
    const verifierId = await this.d.verifierId();
    if (verifierId !== before.verifierId) {
      const after = await this.d.permissions.all();
      const network = pageNetwork(verifierId);
      for (const origin of Object.keys(after)) await this.d.events.emit((o) => o === origin, 'networkChanged', network);
    }
    await this.grantsMoved(before.grants);
  }

  /** accountsChanged to every origin whose accounts differ from `before` (the settings moved to another network). */
  async grantsMoved(before: Grants): Promise<void> {
    const after = await this.d.permissions.all();
    if (!this.d.wallet.vault.isUnlocked) return;
    for (const origin of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const now = this.accountsOf(after, origin);
      if (JSON.stringify(now) !== JSON.stringify(this.accountsOf(before, origin)))
        await this.d.events.emit((o) => o === origin, 'accountsChanged', now);
    }
  }

  /** accountsChanged on lock (none visible), unlock (the grants again) and account changes. */
  async walletChanged(e: WalletEvent): Promise<void> {
    const grants = await this.d.permissions.all();
    for (const origin of Object.keys(grants)) {
      const to = (o: string) => o === origin;
      if (e.type === 'lock') {
        await this.d.events.emit(to, 'accountsChanged', []);
        await this.d.events.emit(to, 'lock', null);
      } else {
        await this.d.events.emit(to, 'accountsChanged', this.accountsOf(grants, origin));
        if (e.type === 'unlock') await this.d.events.emit(to, 'unlock', null);
      }
    }
  }
}
