/**
 * What the recovery phrase covers (docs/security.md, "Keys at rest and in memory"): a key derived from a
 * phrase of this wallet comes back with the phrase; any other local ed25519 key (an imported key, a Quick
 * key, a random key made before a phrase or for a rotation) comes back only from an export of its secret
 * key, so the backup reminder names it until it was exported once. Passkeys have their own reminder
 * (src/ui/components/PasskeyRecoveryBanner.tsx): nothing of theirs can be exported.
 */
import type { KeyBackup, RecoveryView } from '../../api/walletApi';
import type { VaultView } from '../../vault';

export function recoveryOf(view: VaultView): RecoveryView {
  const outside = view.keys.filter((k) => k.source !== 'phrase');
  return {
    phraseId: view.walletPhraseId,
    outsidePhrase: outside.map((k) => k.publicKey),
    keysToBackUp: outside.filter((k) => !k.exported).map((k) => k.publicKey),
  };
}

/** How a local key comes back after a lost device: by the phrase, by its export, not yet, or never (a passkey). */
export function keyBackup(view: VaultView, publicKey: string): KeyBackup {
  const key = view.keys.find((k) => k.publicKey === publicKey);
  if (!key) return 'passkey';
  if (key.source === 'phrase') return 'phrase';
  return key.exported ? 'exported' : 'none';
}
