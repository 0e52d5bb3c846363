// What the wallet's status says about its recovery: shared by the background and the popup.

/**
 * The recovery phrase and the keys it does not cover (docs/security.md, "Keys at rest and in memory"). A
 * key derived from a phrase comes back with it; any other local ed25519 key (imported, a Quick key, a
 * random key of a rotation) comes back only from an export of its secret key.
 */
export interface RecoveryView {
  /** The phrase new accounts derive from (Settings shows it behind the password), or null without one. */
  phraseId: string | null;
  /** Local ed25519 keys no phrase of this wallet covers. */
  outsidePhrase: string[];
  /** Those of them never exported: the backup reminder names them until they are. */
  keysToBackUp: string[];
}

/**
 * A local key's backup: derived from the phrase, its secret exported once, neither yet (`none`), or a
 * passkey (nothing to export: its private key never leaves the authenticator).
 */
export type KeyBackup = 'phrase' | 'exported' | 'none' | 'passkey';
