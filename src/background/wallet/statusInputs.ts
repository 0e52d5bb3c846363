/**
 * The stored records WalletService.status() is computed from, besides what the vault writes: the status
 * mirror sets its copy aside before any of them is written (./statusMirror.ts). A test holds this list
 * to what a new worker's status reads (test/unit/background/statusMirror.int.test.ts).
 */
import { APPROVAL } from '../../api/approvalApi';
import { CONTACTS } from '../../api/contactsApi';
import { SWAP } from '../../api/swapApi';
import { TOOLBAR } from '../../api/toolbarApi';
import { WALLET } from '../../api/walletApi';
import { originOf } from '../origin';
import { isInternalMethod } from '../params';
import type { Router } from '../router';
import { DEADLINE_KEY } from './autoLock';
import { WAITING_KEY } from './credentials';
import { SELECTED_KEY } from './service';
import { SETTINGS_KEY } from './settings';
import type { StatusMirror } from './statusMirror';

export const STATUS_INPUTS: readonly string[] = [SETTINGS_KEY, SELECTED_KEY, WAITING_KEY, DEADLINE_KEY];

/**
 * The extension pages' asks that never change what wallet_status answers: they read, or change only
 * records the status is not computed from (swaps, contacts, the toolbar's choice, a site's grants, the
 * approval queue). Every other ask of
 * the wallet API runs in StatusMirror.during (./statusMirror.ts), a new one included until it is listed
 * here. wallet_status writes the copy itself. A page's own requests change no status: what they sign is
 * confirmed through approval_resolve, which is not listed.
 */
export const KEEPS_STATUS: ReadonlySet<string> = new Set([
  WALLET.status,
  WALLET.getSettings,
  WALLET.listKeys,
  WALLET.listSites,
  WALLET.balances,
  WALLET.keptBalances,
  WALLET.previewSend,
  WALLET.intentStatus,
  WALLET.activity,
  WALLET.receiveAddress,
  WALLET.receiveDeposits,
  WALLET.revokeSite,
  APPROVAL.current,
  APPROVAL.rejectAll,
  ...Object.values(SWAP),
  ...Object.values(CONTACTS),
  ...Object.values(TOOLBAR),
]);

/** Whether `method` is one of the wallet API's asks that may change the status. */
export function changesStatus(method: unknown): boolean {
  return typeof method === 'string' && isInternalMethod(method) && !KEEPS_STATUS.has(method);
}

/**
 * The route with every extension page's ask that may change the status run in StatusMirror.during, and
 * answered once the status was computed again, so the copy is back by then. A web page's is refused by
 * the router and moves nothing.
 */
export class StatusChangingAsks {
  constructor(
    private readonly d: {
      extensionOrigin: string;
      mirror: Pick<StatusMirror, 'during'>;
      status: () => Promise<unknown>;
      route: Router['route'];
    },
  ) {}

  readonly route: Router['route'] = (message, sender) => {
    const method = (message as { method?: unknown } | null)?.method;
    if (originOf(sender) !== this.d.extensionOrigin || !changesStatus(method)) return this.d.route(message, sender);
    const asked = this.d.mirror.during(() => this.d.route(message, sender));
    // An erase builds a new background, whose start writes the copy: this one's status is of the old wallet.
    if (method === WALLET.erase) return asked;
    return asked.finally(() => this.d.status().catch(() => undefined));
  };
}
