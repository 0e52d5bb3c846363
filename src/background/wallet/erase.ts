/**
 * "Forgot password?": erases the wallet from this device (docs/security.md, "Erasing the wallet"). The one
 * home of what an erase clears: the vault (record, throttle, unlocked session), every private record and
 * the sites' grants in storage.local, all of storage.session (the requests waiting for approval are answered
 * first: 4900, the wallet was erased), the service credentials (sealed under the
 * erased vault, they could never be opened again). Kept: the network settings and the toolbar choice,
 * which hold nothing of the person's. Then a new background takes over (../restartable.ts), so that no copy
 * any service kept in memory (grants, drafts, names of sealed records) outlives the wallet it belonged to.
 */
import type { Vault } from '../../vault';
import type { StorageAreaLike } from '../kv';
import type { SettingsStore } from './settings';

/** storage.local keys an erase leaves: nothing in them belongs to the erased wallet. */
export const KEPT_AFTER_ERASE: readonly string[] = ['settings', 'toolbarOpens', 'storage.moved'];

export interface EraseDeps {
  vault: Pick<Vault, 'erase'>;
  /** Ends every request still waiting for approval with an answer (its page is told, its window closes). */
  endWaiting(): Promise<void>;
  /** Locks first, so that connected pages hear the accounts go. */
  lock(): Promise<unknown>;
  settings: Pick<SettingsStore, 'change'>;
  local: StorageAreaLike;
  session: StorageAreaLike;
  /** Builds a new background in place of this one (../restartable.ts). */
  restart(): void;
}

export async function eraseWallet(d: EraseDeps): Promise<{ erased: true }> {
  await d.endWaiting();
  await d.lock();
  let settingsKept = true;
  try {
    await d.settings.change({ jwt: null, busApiKey: null });
  } catch {
    settingsKept = false; // damaged settings: they go too, the defaults come back
  }
  await d.vault.erase();
  const kept = settingsKept ? KEPT_AFTER_ERASE : KEPT_AFTER_ERASE.filter((k) => k !== 'settings');
  const local = Object.keys(await d.local.get(null)).filter((k) => !kept.includes(k));
  if (local.length > 0) await d.local.remove(local);
  const session = Object.keys(await d.session.get(null));
  if (session.length > 0) await d.session.remove(session);
  d.restart(); // the messages that follow reach the new background
  return { erased: true };
}
