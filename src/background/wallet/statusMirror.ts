/**
 * Writes the wallet's status to storage.session whenever it differs from the copy written last, for the
 * popup to show its first screen from (src/api/statusSnapshot.ts; docs/architecture.md, "Budgets").
 * Only the fields WalletStatus names are written (toSnapshot), never a key, a secret or a JWT. The area's
 * access level is never changed: content scripts cannot read storage.session.
 */
import { STATUS_SNAPSHOT_KEY, toSnapshot } from '../../api/statusSnapshot';
import type { WalletStatus } from '../../api/walletApi';
import type { KeyValue } from '../kv';

export class StatusMirror {
  private last: { snapshot: WalletStatus; text: string } | null = null;

  constructor(private readonly session: KeyValue) {}

  /** Mirrors `status` unless it equals the copy written last. */
  async write(status: WalletStatus): Promise<void> {
    const snapshot = toSnapshot(status);
    const text = JSON.stringify(snapshot);
    if (text === this.last?.text) return;
    this.last = { snapshot, text };
    try {
      await this.session.write(STATUS_SNAPSHOT_KEY, snapshot);
    } catch {
      this.last = null; // the popup asks wallet_status anyway; the next status tries again
    }
  }

  /**
   * An activity moved the lock deadline: the last copy gets it, with no status to compute (it runs on
   * every signature). Nothing is written while the last copy is a locked wallet's.
   */
  async deadline(lockAt: number): Promise<void> {
    if (this.last?.snapshot.unlocked) await this.write({ ...this.last.snapshot, lockAt });
  }
}
