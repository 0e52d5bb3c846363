/** Keys at rest and in memory. The only module that touches secret bytes; it exposes signing, not secrets. */
export { Vault, RECORD_KEY, NEXT_RECORD_KEY, type VaultOptions, type UnlockedSession } from './vault';
export { VaultError, type VaultErrorCode } from './errors';
export { type VaultStorage, idbVaultStorage, memoryVaultStorage } from './vaultStorage';
export { DEFAULT_ITERATIONS, MIN_ITERATIONS, RECORD_VERSION, readRecord, type VaultRecord } from './record';
export { passwordWeakness, MIN_PASSWORD_LENGTH } from './password';
export { LEDGER_DERIVATION_PATH, generatePhrase, isValidPhrase, keyPairFromPhrase, normalizePhrase } from './phrase';
export { slip10Derive } from './slip10';
export { delayAfter } from './throttle';
export {
  type VaultContents,
  type VaultAccount,
  type StoredKey,
  type NewKey,
  emptyContents,
  addKey,
  renameAccount,
  removeAccount,
  setSigningKey,
  forgetKey,
} from './contents';
