/**
 * `intents_requestAccounts`: the window lists the wallet's accounts (the selected one first, ticked by
 * default) and the user chooses which the site may see (docs/security.md, "No signature before consent").
 */
import type { ApprovalViewWire, ResolveParams } from '../../../api/approvalApi';
import { ERROR_CODES } from '../../../provider/protocol';
import type { PageEvents } from '../../page/events';
import type { Permissions } from '../../page/permissions';
import { ProviderError } from '../../providerError';
import type { WalletService } from '../../wallet/service';
import type { PendingOf } from '../pending';
import type { KindHandler } from './kind';

export interface ConnectDeps {
  wallet: WalletService;
  permissions: Permissions;
  events: PageEvents;
}

export class ConnectKind implements KindHandler<'connect'> {
  constructor(private readonly deps: ConnectDeps) {}

  async view(_p: PendingOf<'connect'>, base: ApprovalViewWire): Promise<ApprovalViewWire> {
    // The selected account first: the window ticks the first one by default.
    const selected = await this.deps.wallet.selectedAccountId();
    const accounts = this.deps.wallet.accounts();
    return {
      ...base,
      accounts: [
        ...accounts.filter((a) => a.accountId === selected),
        ...accounts.filter((a) => a.accountId !== selected),
      ],
    };
  }

  async carryOut(p: PendingOf<'connect'>, answer: ResolveParams): Promise<unknown> {
    const wallet = this.deps.wallet;
    const chosen = answer.accounts ?? [];
    const mine = wallet.accounts();
    if (chosen.length === 0 || !chosen.every((a) => mine.some((m) => m.accountId === a))) {
      throw new ProviderError(ERROR_CODES.invalidParams, 'Choose at least one of this wallet’s accounts');
    }
    await this.deps.permissions.grant(p.origin, chosen);
    const accounts = chosen.map((a) => ({ accountId: a, publicKey: wallet.account(a).publicKeys[0]! }));
    void this.deps.events.emit((o) => o === p.origin, 'accountsChanged', accounts);
    void this.deps.events.emit((o) => o === p.origin, 'connect', { accounts });
    return accounts;
  }
}
