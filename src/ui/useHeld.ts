// What the intents account holds, for the swap form's Max, its default of paying from the balance and its
// button ("Insufficient wNEAR").
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BalanceRow } from '../api/walletApi';
import { wallet } from './wallet';

/** What the intents account holds, by asset id: the last reading at once, then a fresh one (as Home does). */
export function useHeld(account: string | null): ReadonlyMap<string, BalanceRow> {
  const [rows, setRows] = useState<BalanceRow[]>([]);
  useEffect(() => {
    if (!account) return;
    void wallet.keptBalances().then(
      (kept) => kept && setRows((r) => (r.length ? r : kept.rows)),
      () => undefined,
    );
    void wallet.balances().then(
      (fresh) => setRows(fresh.rows),
      () => undefined,
    );
  }, [account]);
  return useMemo(() => new Map(rows.map((r) => [r.assetId, r])), [rows]);
}
