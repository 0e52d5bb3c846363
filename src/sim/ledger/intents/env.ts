/** What executing one intent may touch: the batch's working state, its delta matcher, logs and effects. */
import type { DeltaMatcher } from '../invariant';
import type { OutgoingRecord, SetAuthRecord } from '../state';
import type { WorkingState } from '../working';

export interface TransferEffect {
  from: string;
  to: string;
  tokens: Record<string, string>;
  memo?: string | undefined;
  intentHash: string;
}

/** Things that happen outside the balances once the batch commits (events, records). */
export interface BatchEffects {
  transfers: TransferEffect[];
  outgoing: Omit<OutgoingRecord, 'txHash' | 'at'>[];
  authChanges: Omit<SetAuthRecord, 'txHash'>[];
}

export interface IntentEnv {
  readonly work: WorkingState;
  readonly matcher: DeltaMatcher;
  readonly logs: string[];
  readonly effects: BatchEffects;
  readonly feePips: number;
  readonly feeCollector: string;
  /** `nep141:wrap.near`: what native_withdraw, storage_deposit and attached deposits are paid from. */
  readonly wnearTokenId: string;
}

/** A balance change the invariant sees (token_diff, transfers, fees). */
export function matchedAdd(env: IntentEnv, accountId: string, tokenId: string, amount: bigint): void {
  env.work.add(accountId, tokenId, amount);
  env.matcher.deposit(tokenId, amount);
}

export function matchedSub(env: IntentEnv, accountId: string, tokenId: string, amount: bigint): void {
  env.work.sub(accountId, tokenId, amount);
  env.matcher.withdraw(tokenId, amount);
}
