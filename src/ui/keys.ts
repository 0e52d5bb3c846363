// The Keys page's model: the verifier's registered keys beside the local ones, one row per key.
import type { KeyBackup, KeyListing } from '../api/walletApi';
import { isPasskeyPublicKey } from '../core/keyKind';

export interface KeyRow {
  publicKey: string;
  /** The secret is on this device. */
  local: boolean;
  signing: boolean;
  /** Registered on the verifier; null when the ledger could not be asked. */
  registered: boolean | null;
  /** A passkey's name, the entry its authenticator lists it under. */
  passkeyName?: string;
  /** How a local key comes back after a lost device; null for a key not on this device. */
  backup: KeyBackup | null;
}

/** A passkey's row: its private key never leaves the authenticator, so it has nothing to export. */
export const isPasskeyRow = (row: Pick<KeyRow, 'publicKey'>): boolean => isPasskeyPublicKey(row.publicKey);

/** Signing key first, then the other local keys, then keys registered elsewhere (each group in listing order). */

export function keyRows(listing: KeyListing): KeyRow[] {
  const registeredSet = listing.registered ? new Set(listing.registered) : null;
  const local: KeyRow[] = listing.local.map((k) => ({
    publicKey: k.publicKey,
    local: true,
    signing: k.signing,
    registered: k.registered ?? (registeredSet ? registeredSet.has(k.publicKey) : null),
    ...(k.passkeyName ? { passkeyName: k.passkeyName } : {}),
    backup: k.backup,
  }));
  const localSet = new Set(local.map((k) => k.publicKey));
  const remote: KeyRow[] = (listing.registered ?? [])
    .filter((pk) => !localSet.has(pk))
    .map((publicKey) => ({ publicKey, local: false, signing: false, registered: true, backup: null }));
  return [...local.filter((k) => k.signing), ...local.filter((k) => !k.signing), ...remote];
}

/**
 * Whether removing `row` leaves another registered key: true, false, or null when the ledger's
 * answer is missing (the background checks again).
 */
export function anotherRegisteredKeyRemains(rows: readonly KeyRow[], publicKey: string): boolean | null {
  const others = rows.filter((r) => r.publicKey !== publicKey);
  if (others.some((r) => r.registered === true)) return true;
  return others.some((r) => r.registered === null) ? null : false;
}

export function registeredText(registered: boolean | null): 'yes' | 'no' | 'unknown' {
  return registered === null ? 'unknown' : registered ? 'yes' : 'no';
}
