import type { PasswordWeakness } from './password';

/** Vault failures, each with a code the UI maps to plain words and a message that already says it. */
export type VaultErrorCode =
  | 'no_vault'
  | 'exists'
  | 'locked'
  | 'wrong_password'
  | 'throttled'
  | 'corrupted'
  | 'unsupported_version'
  | 'weak_password'
  | 'unknown_key'
  | 'invalid_input';

/**
 * Which `invalid_input` refusal a person meets in the popup, for the words it shows (src/ui/wallet.ts
 * `vaultRefusal`): the vault names it, the page words it (the vault stays free of the browser).
 */
export type VaultRefusal = 'account_exists' | 'passkey_export';

export class VaultError extends Error {
  override readonly name = 'VaultError';
  constructor(
    readonly code: VaultErrorCode,
    message: string,
    /** For `throttled`: how long until the next attempt is allowed. */
    readonly retryAfterMs?: number,
    /** For `weak_password`: the rule the password breaks. */
    readonly weakness?: PasswordWeakness,
    /** For an `invalid_input` the popup words: which one. */
    readonly refusal?: VaultRefusal,
  ) {
    super(message);
  }
}
