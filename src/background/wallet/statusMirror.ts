/**
 * Writes the wallet's status to storage.session whenever it differs from the copy written last, for the
 * popup to show its first screen from (src/provider/statusSnapshot.ts; docs/architecture.md, "Budgets").
 * Only the fields WalletStatus names are written (toSnapshot), never a key, a secret or a JWT. The area's
 * access level is never changed: content scripts cannot read storage.session.
 */
import { STATUS_SNAPSHOT_KEY, toSnapshot } from '../../provider/statusSnapshot';
import type { WalletStatus } from '../../provider/walletApi';
import type { KeyValue } from '../kv';

export function statusMirror(session: KeyValue): (status: WalletStatus) => Promise<void> {
  let written: string | null = null;
  return async (status) => {
    const snapshot = toSnapshot(status);
    const text = JSON.stringify(snapshot);
    if (text === written) return;
    written = text;
    try {
      await session.write(STATUS_SNAPSHOT_KEY, snapshot);
    } catch {
      written = null; // the popup asks wallet_status anyway; the next status tries again
    }
  };
}
