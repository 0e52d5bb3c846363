/**
 * The order a started (or restarted) worker does things in (docs/architecture.md, "Start-up"): it answers
 * nothing before its unlocked session (if any) is back; its chores (the swap alarm and badge, the toolbar's
 * choice, the popup's snapshot) wait for that and, when the popup's wallet_status arrived meanwhile, for
 * its answer, so the ask the popup's first screen waits on comes first, not after reads it does not need.
 * Only that ask, which reads storage and nothing else: one that waits on the network or on a person never
 * holds them back. A worker woken by anything else does them as soon as the session is back.
 */
import { WALLET } from '../api/walletApi';
import type { Router } from './router';

export class StartOrder {
  private statusAnswer: Promise<unknown> | undefined;
  /** Resolves when the chores may start. */
  readonly choresMayStart: Promise<unknown>;

  constructor(
    private readonly restored: Promise<unknown>,
    private readonly router: Pick<Router, 'route'>,
  ) {
    this.choresMayStart = restored.then(() => this.statusAnswer?.catch(() => undefined));
  }

  /** The router's route, held until the session is back. */
  readonly route: Router['route'] = (message, sender) => {
    const answer = this.restored.then(() => this.router.route(message, sender));
    if ((message as { method?: unknown } | null)?.method === WALLET.status) this.statusAnswer ??= answer;
    return answer;
  };

  /** Whether a wallet_status has been asked of this worker (its answer writes the popup's snapshot). */
  statusAsked(): boolean {
    return this.statusAnswer !== undefined;
  }
}
