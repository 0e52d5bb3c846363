/**
 * Removing an account from the wallet takes with it everything that was the account's
 * (docs/security.md, "Removing an account"): the sites' grants for it (so importing the key again later
 * gives no site the account without a window; a site left with no account hears `accountsChanged` []),
 * its reviewed drafts and kept signatures, and its kept balances. The used-nonce registry stays: a nonce
 * once signed is never signed again, whoever holds the key next.
 */
import type { WalletStatus } from '../../api/walletApi';
import type { PageEvents } from '../page/events';
import type { Permissions } from '../page/permissions';
import type { WalletService } from './service';

export interface AccountRemovalDeps {
  wallet: WalletService;
  permissions: Permissions;
  events: Pick<PageEvents, 'emit'>;
  /** Each store's part of the account: drafts, kept signatures, kept balances. */
  forget: ((accountId: string) => Promise<unknown>)[];
}

export class AccountRemoval {
  constructor(private readonly d: AccountRemovalDeps) {}

  /** Removes `accountId` and what was its; the wallet's status after. */
  async remove(accountId: string): Promise<WalletStatus> {
    this.d.wallet.account(accountId); // an account of this wallet, unlocked: else nothing is touched
    // Grants first: the accountsChanged that the wallet's change sends each connected site then has the rest.
    const affected = await this.d.permissions.forgetAccount(accountId);
    const status = await this.d.wallet.removeAccount(accountId);
    const still = new Set(Object.keys(await this.d.permissions.all()));
    for (const origin of affected)
      if (!still.has(origin)) await this.d.events.emit((o) => o === origin, 'accountsChanged', []);
    for (const forget of this.d.forget) await forget(accountId);
    return status;
  }
}
