/**
 * transfer: moves tokens between accounts inside the ledger (docs/protocol.md, "Intent types"; near/intents
 * core/src/intents/tokens.rs `Transfer`). Receiver = signer or no tokens → `invalid intent`. Both
 * sides go through the matcher, so a transfer balances by itself. `msg` (mt_on_transfer) is recorded
 * in the event only: no receiver contract runs here.
 */
import type { IntentOf } from '../../../core';
import { ERR, VerifierError } from '../errors';
import { dip4, intentEvent } from '../events';
import { type IntentEnv, matchedAdd, matchedSub } from './env';

export function transfer(env: IntentEnv, signerId: string, intent: IntentOf<'transfer'>, intentHash: string): void {
  const tokens = Object.entries(intent.tokens);
  if (intent.receiver_id === signerId || tokens.length === 0) throw new VerifierError(ERR.invalidIntent);
  // The event carries only receiver_id, tokens and memo (near/intents core/src/tokens.rs `TransferEvent`).
  const event = {
    receiver_id: intent.receiver_id,
    tokens: intent.tokens,
    ...(intent.memo !== undefined && { memo: intent.memo }),
  };
  env.logs.push(dip4('transfer', [intentEvent(intentHash, signerId, event)]));
  for (const [tokenId, amount] of tokens) matchedSub(env, signerId, tokenId, BigInt(amount));
  for (const [tokenId, amount] of tokens) matchedAdd(env, intent.receiver_id, tokenId, BigInt(amount));
  env.effects.transfers.push({
    from: signerId,
    to: intent.receiver_id,
    tokens: { ...intent.tokens },
    memo: intent.memo,
    intentHash,
  });
}
