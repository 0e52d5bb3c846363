/**
 * Runs one parsed intent for its signer (docs/protocol.md, "What the verifier checks", step 8; "Intent
 * types").
 */
import type { Intent } from '../../../core';
import { authCall, setAuthByPredecessorId } from './auth';
import type { IntentEnv } from './env';
import { addPublicKey, removePublicKey } from './keys';
import { tokenDiff } from './tokenDiff';
import { transfer } from './transfer';
import { withdraw } from './withdraw';

export type { BatchEffects, IntentEnv, TransferEffect } from './env';

export function executeIntent(env: IntentEnv, signerId: string, intent: Intent, intentHash: string): void {
  switch (intent.intent) {
    case 'add_public_key':
      return addPublicKey(env, signerId, intent, intentHash);
    case 'remove_public_key':
      return removePublicKey(env, signerId, intent, intentHash);
    case 'transfer':
      return transfer(env, signerId, intent, intentHash);
    case 'ft_withdraw':
    case 'nft_withdraw':
    case 'mt_withdraw':
    case 'native_withdraw':
    case 'storage_deposit':
      return withdraw(env, signerId, intent, intentHash);
    case 'token_diff':
      return tokenDiff(env, signerId, intent, intentHash);
    case 'set_auth_by_predecessor_id':
      return setAuthByPredecessorId(env, signerId, intent, intentHash);
    case 'auth_call':
      return authCall(env, signerId, intent, intentHash);
  }
}
