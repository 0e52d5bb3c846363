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

export class VaultError extends Error {
  override readonly name = 'VaultError';
  constructor(
    readonly code: VaultErrorCode,
    message: string,
    /** For `throttled`: how long until the next attempt is allowed. */
    readonly retryAfterMs?: number,
    /** For `weak_password`: the rule the password breaks. */
    readonly weakness?: PasswordWeakness,
  ) {
    super(message);
  }
}
