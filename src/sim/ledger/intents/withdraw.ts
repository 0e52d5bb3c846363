/**
 * Intents that take tokens out of the ledger (docs/protocol.md, "Intent types"; near/intents
 * contracts/defuse/src/contract/intents/state.rs): ft/nft/mt_withdraw debit the token (and `storage_deposit`
 * in wNEAR); native_withdraw burns the signer's nep141:wrap.near; storage_deposit spends wNEAR. These leave
 * the ledger, so they are not part of the invariant. Each is recorded as an outgoing transfer; the receiving
 * chain is not simulated.
 */
import type { IntentOf } from '../../../core';
import { dip4, intentEvent } from '../events';
import type { IntentEnv } from './env';

type Withdrawal = IntentOf<'ft_withdraw' | 'nft_withdraw' | 'mt_withdraw' | 'native_withdraw' | 'storage_deposit'>;

export function withdraw(env: IntentEnv, signerId: string, signed: Withdrawal, intentHash: string): void {
  const intent = canonical(signed);
  env.logs.push(dip4(intent.intent, [intentEvent(intentHash, signerId, intent)]));
  const debits = debitsOf(env, intent);
  for (const [tokenId, amount] of debits) env.work.sub(signerId, tokenId, amount);
  const { intent: kind, ...details } = intent;
  env.effects.outgoing.push({
    kind,
    accountId: signerId,
    debited: Object.fromEntries(debits.map(([t, a]) => [t, a.toString()])),
    details,
    intentHash,
  });
}

/**
 * storage_deposit's field is `deposit_for_account_id`; `account_id` is only an accepted alias
 * (near/intents core/src/intents/tokens.rs `StorageDeposit`), so events and records use the canonical name.
 */
function canonical(intent: Withdrawal): Withdrawal {
  if (intent.intent !== 'storage_deposit') return intent;
  const { contract_id, account_id, deposit_for_account_id, amount } = intent;
  return {
    intent: 'storage_deposit',
    contract_id,
    deposit_for_account_id: deposit_for_account_id ?? account_id,
    amount,
  };
}

/** Token debits in the contract's order: the withdrawn tokens, then the wNEAR storage deposit. */
function debitsOf(env: IntentEnv, intent: Withdrawal): [string, bigint][] {
  // A zero storage_deposit is debited too, which the working state refuses (`invalid intent`), as the contract does.
  const storage = (amount: string | undefined): [string, bigint][] =>
    amount !== undefined ? [[env.wnearTokenId, BigInt(amount)]] : [];
  switch (intent.intent) {
    case 'ft_withdraw':
      return [[`nep141:${intent.token}`, BigInt(intent.amount)], ...storage(intent.storage_deposit)];
    case 'nft_withdraw':
      return [[`nep171:${intent.token}:${intent.token_id}`, 1n], ...storage(intent.storage_deposit)];
    case 'mt_withdraw':
      return [
        ...intent.token_ids.map((id, i): [string, bigint] => [
          `nep245:${intent.token}:${id}`,
          BigInt(intent.amounts[i]!),
        ]),
        ...storage(intent.storage_deposit),
      ];
    case 'native_withdraw':
      return [[env.wnearTokenId, BigInt(intent.amount)]];
    case 'storage_deposit':
      return [[env.wnearTokenId, BigInt(intent.amount)]];
  }
}
