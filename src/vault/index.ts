/**
 * Keys at rest and in memory. The only module that touches secret bytes; it exposes named operations,
 * signing and views, not secrets (docs/architecture.md, "Rooms"). What is exported here is checked by the
 * architecture test: nothing that returns secret bytes but the two password-gated exports of `Vault`.
 */

export { DEFAULT_ACCOUNT_NAME, type VaultAccount } from './contents';
export { VaultError, type VaultErrorCode } from './errors';
export type { AddedKey, KeySource, NewPhrase } from './keySources';
export { isPasskeyName, type NewPasskey, type StoredPasskey } from './passkeys';
export { MIN_PASSWORD_LENGTH, passwordWeakness } from './password';
export { DEFAULT_ITERATIONS, MIN_ITERATIONS, RECORD_VERSION, readRecord, type VaultRecord } from './record';
export type { SessionArea } from './session';
export { delayAfter } from './throttle';
export { NEXT_RECORD_KEY, RECORD_KEY, Vault, type VaultOptions, type VaultView } from './vault';
export { idbVaultStorage, memoryVaultStorage, type VaultStorage } from './vaultStorage';
