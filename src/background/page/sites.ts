/**
 * The sites connected to the wallet, as Settings lists them (`wallet_listSites`), and revoking one from
 * there: its grant, its waiting requests and its accounts (`accountsChanged` []) go at once.
 */
import type { ConnectedSite } from '../../api/walletApi';
import type { ApprovalQueue } from '../approvals/queue';
import type { PageEvents } from './events';
import type { Permissions } from './permissions';

export interface ConnectedSitesDeps {
  permissions: Permissions;
  queue: ApprovalQueue;
  events: PageEvents;
}

export class ConnectedSites {
  constructor(private readonly d: ConnectedSitesDeps) {}

  async list(): Promise<ConnectedSite[]> {
    return Object.entries(await this.d.permissions.all()).map(([origin, g]) => ({
      origin,
      accounts: g.accounts,
      grantedAt: g.grantedAt,
    }));
  }

  async revoke(origin: string): Promise<void> {
    await this.d.permissions.revoke(origin);
    await this.d.queue.rejectOrigin(origin);
    await this.d.events.emit((o) => o === origin, 'accountsChanged', []);
  }
}
