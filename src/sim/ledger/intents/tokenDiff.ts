/**
 * token_diff (docs/protocol.md, "Fees and the token_diff invariant"; near/intents
 * core/src/intents/token_diff.rs): each entry, in token order, moves the signer's balance by exactly the
 * signed delta; negative entries pay ceil(|delta| × fee / 1e6) to the fee collector (none on nep171, none on
 * nep245 with |delta| ≤ 1). Everything goes through the matcher; the batch balances only with counterparties'
 * closures.
 */
import { type IntentOf, tokenDiffFee } from '../../../core';
import { ERR, VerifierError } from '../errors';
import { dip4, intentEvent } from '../events';
import { type IntentEnv, matchedAdd, matchedSub } from './env';

export function tokenDiff(env: IntentEnv, signerId: string, intent: IntentOf<'token_diff'>, intentHash: string): void {
  const tokenIds = Object.keys(intent.diff).sort();
  if (tokenIds.length === 0) throw new VerifierError(ERR.invalidIntent);
  const fees: Record<string, string> = {};
  for (const tokenId of tokenIds) {
    const delta = BigInt(intent.diff[tokenId]!);
    if (delta === 0n) throw new VerifierError(ERR.invalidIntent);
    if (delta > 0n) matchedAdd(env, signerId, tokenId, delta);
    else matchedSub(env, signerId, tokenId, -delta);
    const fee = tokenDiffFee(tokenId, delta, env.feePips);
    if (fee > 0n) fees[tokenId] = fee.toString();
  }
  const { intent: _tag, ...body } = intent;
  const event = Object.keys(fees).length > 0 ? { ...body, fees_collected: fees } : body;
  env.logs.push(dip4('token_diff', [intentEvent(intentHash, signerId, event)]));
  for (const [tokenId, fee] of Object.entries(fees)) matchedAdd(env, env.feeCollector, tokenId, BigInt(fee));
}
