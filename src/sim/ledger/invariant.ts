/**
 * The per-token invariant, checked once per batch (docs/protocol.md, "Fees and the token_diff invariant";
 * near/intents contracts/defuse/core/src/engine/state/deltas.rs `TransferMatcher`): every balance change made
 * through the matcher — token_diff entries, both sides of transfers, fee-collector credits — must sum to zero
 * per token. Withdrawals leave the ledger and are not matched. Unmatched sums are reported as
 * `{"error":"unmatched_deltas","unmatched_deltas":{token:"<i128>"}}`, or `{"error":"overflow"}`.
 */
import { I128_MAX, I128_MIN } from '../../core';

export type InvariantViolated =
  | { error: 'unmatched_deltas'; unmatched_deltas: Record<string, string> }
  | { error: 'overflow' };

export class DeltaMatcher {
  private readonly sums = new Map<string, bigint>();

  deposit(tokenId: string, amount: bigint): void {
    this.sums.set(tokenId, (this.sums.get(tokenId) ?? 0n) + amount);
  }

  withdraw(tokenId: string, amount: bigint): void {
    this.sums.set(tokenId, (this.sums.get(tokenId) ?? 0n) - amount);
  }

  /** null when every token balances. */
  finalize(): InvariantViolated | null {
    const unmatched: Record<string, string> = {};
    for (const tokenId of [...this.sums.keys()].sort()) {
      const sum = this.sums.get(tokenId)!;
      if (sum === 0n) continue;
      if (sum > I128_MAX || sum < I128_MIN) return { error: 'overflow' };
      unmatched[tokenId] = sum.toString();
    }
    return Object.keys(unmatched).length === 0 ? null : { error: 'unmatched_deltas', unmatched_deltas: unmatched };
  }
}

export function invariantMessage(v: InvariantViolated): string {
  return `invariant violated: ${JSON.stringify(v)}`;
}
