/**
 * set_auth_by_predecessor_id and auth_call (docs/protocol.md, "Intent types"; near/intents core/src/intents/
 * account.rs, contracts/defuse/src/contract/intents/state.rs). The flag is kept per account (event only
 * when it toggles); an auth_call's attached deposit is paid from wNEAR and the call is recorded — no
 * `on_auth` contract runs here.
 */
import type { IntentOf } from '../../../core';
import { dip4, intentEvent } from '../events';
import type { IntentEnv } from './env';

export function setAuthByPredecessorId(
  env: IntentEnv,
  signerId: string,
  intent: IntentOf<'set_auth_by_predecessor_id'>,
  intentHash: string,
): void {
  if (env.work.setAuthByPredecessorId(signerId, intent.enabled)) {
    env.logs.push(dip4('set_auth_by_predecessor_id', intentEvent(intentHash, signerId, intent)));
  }
  env.effects.authChanges.push({ accountId: signerId, enabled: intent.enabled, intentHash });
}

export function authCall(env: IntentEnv, signerId: string, intent: IntentOf<'auth_call'>, intentHash: string): void {
  const deposit = BigInt(intent.attached_deposit ?? '0');
  if (deposit > 0n) env.work.sub(signerId, env.wnearTokenId, deposit);
  const { intent: kind, ...details } = intent;
  env.effects.outgoing.push({
    kind,
    accountId: signerId,
    debited: deposit > 0n ? { [env.wnearTokenId]: deposit.toString() } : {},
    details,
    intentHash,
  });
}
