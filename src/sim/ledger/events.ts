/**
 * The dip4 event logs the verifier emits (docs/protocol.md, "execute_intents and simulate_intents":
 * `logs`; near/intents contracts/defuse/core/src/events/mod.rs):
 * `EVENT_JSON:{"standard":"dip4","version":…,"event":…,"data":…}`, each
 * entry `{intent_hash, account_id, …fields}`. simulate_intents returns the same lines, ending with
 * `intents_executed`.
 */

export interface ExecutedIntent {
  intent_hash: string;
  account_id: string;
  nonce: string;
}

export type Dip4Event =
  | 'public_key_added'
  | 'public_key_removed'
  | 'transfer'
  | 'token_diff'
  | 'intents_executed'
  | 'ft_withdraw'
  | 'nft_withdraw'
  | 'mt_withdraw'
  | 'native_withdraw'
  | 'storage_deposit'
  | 'set_auth_by_predecessor_id';

const VERSION = '0.4.3';

export function dip4(event: Dip4Event, data: unknown): string {
  return `EVENT_JSON:${JSON.stringify({ standard: 'dip4', version: VERSION, event, data })}`;
}

/** One intent's event body: hash and signer first, then the intent's own fields (tag dropped). */
export function intentEvent(
  intentHash: string,
  accountId: string,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const { intent: _tag, ...rest } = fields;
  return { intent_hash: intentHash, account_id: accountId, ...rest };
}
