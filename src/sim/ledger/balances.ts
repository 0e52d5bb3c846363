/**
 * Multi-token balances (docs/protocol.md, "Intent types": token ids): u128 per (account, token). Adding past
 * u128 or taking more than held is the contract's `insufficient balance or overflow`; a zero amount in a
 * balance change is `invalid intent` (near/intents contracts/defuse/src/contract/intents/state.rs).
 */
import { U128_MAX } from '../../core';
import { ERR, VerifierError } from './errors';

export function addTo(balances: Map<string, bigint>, tokenId: string, amount: bigint): void {
  if (amount <= 0n) throw new VerifierError(ERR.invalidIntent);
  const next = (balances.get(tokenId) ?? 0n) + amount;
  if (next > U128_MAX) throw new VerifierError(ERR.balance);
  balances.set(tokenId, next);
}

export function takeFrom(balances: Map<string, bigint>, tokenId: string, amount: bigint): void {
  if (amount <= 0n) throw new VerifierError(ERR.invalidIntent);
  const held = balances.get(tokenId) ?? 0n;
  if (held < amount) throw new VerifierError(ERR.balance);
  balances.set(tokenId, held - amount);
}

export function balancesFromRecord(record: Record<string, string> | undefined): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [tokenId, amount] of Object.entries(record ?? {})) out.set(tokenId, BigInt(amount));
  return out;
}

/** JSON form, zero balances dropped, token ids sorted (as `mt_tokens_for_owner` would list them). */
export function balancesToRecord(balances: ReadonlyMap<string, bigint>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tokenId of [...balances.keys()].sort()) {
    const amount = balances.get(tokenId)!;
    if (amount > 0n) out[tokenId] = amount.toString();
  }
  return out;
}
