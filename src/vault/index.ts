/**
 * Keys at rest and in memory. The only module that touches secret bytes; it exposes named operations,
 * signing and views, not secrets (docs/architecture.md, "Rooms"). What is exported here is checked by the
 * architecture test: nothing that returns secret bytes but the two password-gated exports of `Vault`.
 */
export { Vault, RECORD_KEY, NEXT_RECORD_KEY, type VaultOptions, type VaultView } from './vault';
export { VaultError, type VaultErrorCode } from './errors';
export { type VaultStorage, idbVaultStorage, memoryVaultStorage } from './vaultStorage';
export { type SessionArea } from './session';
export { type KeySource, type AddedKey, type NewPhrase } from './keySources';
export { type VaultAccount } from './contents';
export { DEFAULT_ITERATIONS, MIN_ITERATIONS, RECORD_VERSION, readRecord, type VaultRecord } from './record';
export { passwordWeakness, MIN_PASSWORD_LENGTH } from './password';
export { delayAfter } from './throttle';
