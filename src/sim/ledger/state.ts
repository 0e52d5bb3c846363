/**
 * The verifier ledger's persisted state: one JSON slice of the simulator store (bigints as decimal
 * strings). Shaped after the contract's `Account` (near/intents contracts/defuse/src/contract/
 * accounts/account/mod.rs): balances, explicitly added keys, the implicit-key-removed flag, the
 * auth-by-predecessor flag and used nonces; plus the salt registry and outgoing transfers.
 */

export interface AccountRecord {
  /** token id → u128 decimal string; zero balances are dropped. */
  balances: Record<string, string>;
  /** Keys added with `add_public_key` (text form, e.g. `ed25519:<base58>`). */
  publicKeys: string[];
  /** The account's own implicit key was removed (always true for named accounts, as in the contract). */
  implicitKeyRemoved: boolean;
  authByPredecessorIdDisabled: boolean;
}

export interface SaltState {
  /** Current salt, 8 lowercase hex chars. */
  current: string;
  /** Earlier salts → still valid (true) or invalidated (false). */
  previous: Record<string, boolean>;
  /** How many times a new salt was derived; seeds the next derivation. */
  generation: number;
}

/** Tokens that left the ledger (withdrawals, storage deposits, attached deposits of auth calls). */
export interface OutgoingRecord {
  kind: 'ft_withdraw' | 'nft_withdraw' | 'mt_withdraw' | 'native_withdraw' | 'storage_deposit' | 'auth_call';
  accountId: string;
  /** token id → amount debited from the signer. */
  debited: Record<string, string>;
  /** The intent as signed (without its `intent` tag). */
  details: Record<string, unknown>;
  intentHash: string;
  txHash: string;
  at: string;
}

export interface SetAuthRecord {
  accountId: string;
  enabled: boolean;
  intentHash: string;
  txHash: string;
}

export interface LedgerState {
  accounts: Record<string, AccountRecord>;
  /** accountId → used nonces (base64) → 1. Kept apart from accounts so a batch copies only what it adds. */
  nonces: Record<string, Record<string, 1>>;
  salts: SaltState;
  outgoing: OutgoingRecord[];
  authChanges: SetAuthRecord[];
  /** Height of the last simulated block (one per executed batch). */
  blockHeight: number;
}

/** Own-property read: account ids such as `constructor` must not reach Object.prototype. */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
