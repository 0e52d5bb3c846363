/**
 * wallet_status as a woken worker answers it before the wallet's script is loaded: the copy the wallet
 * keeps in storage.session (../wallet/statusMirror.ts), which is the status or nothing. No copy, one
 * that is not a status, or an unlocked session whose lock deadline has passed (the wallet must end it
 * first) is answered by the wallet.
 */
import { statusFromSnapshot } from '../../api/statusSnapshot';
import { WALLET, type WalletStatus } from '../../api/walletApi';

/** The stored copy as the answer, or null when the wallet must answer. */
export function statusAtWake(stored: unknown, now: number): WalletStatus | null {
  const status = statusFromSnapshot(stored, now);
  if (!status) return null;
  if ((stored as { unlocked?: unknown }).unlocked === true && !status.unlocked) return null;
  return status;
}

/** Whether `message` is exactly a wallet_status ask (anything else, even close, goes to the router). */
export function isStatusAsk(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const m = message as Record<string, unknown>;
  return (
    Object.keys(m).every((k) => k === 'type' || k === 'method' || k === 'params') &&
    m.type === 'request' &&
    m.method === WALLET.status
  );
}
