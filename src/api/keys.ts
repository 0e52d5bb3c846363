// The keys of an account as the popup's Keys screen asks for them (walletApi `wallet_listKeys`,
// `wallet_addKey`, `wallet_removeKey`): what is registered on the verifier, what this wallet holds, and the
// outcome of a key change. Types only, like the rest of src/api.
import type { Phrase } from '../core/phrase';
import type { PasskeyRegistration } from './passkeys';
import type { KeyBackup } from './recovery';

export interface KeyListing {
  accountId: string;
  /** Keys registered for the account on the verifier (`public_keys_of`), or null when unreachable. */
  registered: string[] | null;
  /**
   * `passkeyName`: a passkey's name, the entry its authenticator lists it under; `backup`: how the key comes
   * back after a lost device.
   */
  local: { publicKey: string; signing: boolean; registered: boolean | null; backup: KeyBackup; passkeyName?: string }[];
  /** Why `registered` is null (English, for the logs). */
  error?: string;
  /** Why `registered` is null, in the person's words (a phrase of the catalogue the page words). */
  errorWords?: Phrase;
}

export interface AddKeyParams {
  accountId: string;
  /** Paste a public key, or leave out to generate a new local key. */
  publicKey?: string;
  /** A new passkey (src/api/passkeys.ts) as a further key: the account keeps it as a local key once added. */
  passkey?: PasskeyRegistration;
}

export interface RemoveKeyParams {
  accountId: string;
  publicKey: string;
  /** Required to remove the key that signs (another registered key must remain). */
  confirmRemovingSigningKey?: boolean;
}

export interface KeyChangeResult {
  publicKey: string;
  intentHash: string;
  /** Final message-bus status. */
  status: string;
  /** The change is confirmed by `has_public_key` after settlement (present after an add, absent after a remove). */
  confirmed: boolean;
}
