// What an extension page sends the background after a WebAuthn ceremony (every byte field base64url):
// the page runs the ceremony (a service worker cannot), the background checks what it sends
// (docs/security.md, "Passkey accounts").

/** From `navigator.credentials.create`: the credential id and the authenticator data holding its key. */
export interface PasskeyRegistration {
  credentialId: string;
  authenticatorData: string;
  /** The name the credential was given (shown in Accounts and Keys). */
  name: string;
}

/** From `navigator.credentials.get`, for the challenge the background's payload gives. */
export interface PasskeyAssertion {
  credentialId: string;
  authenticatorData: string;
  clientDataJson: string;
  signature: string;
}

/** A key source: a new passkey account from a registration. */
export interface PasskeySource {
  kind: 'passkey';
  registration: PasskeyRegistration;
}

/**
 * A key change a passkey-signed account reviews before its passkey signs it (wallet_reviewKeyChange): a key
 * to add (pasted, a new passkey, or one generated in the vault) or one to remove.
 */
export type KeyChangeRequest =
  | { kind: 'add'; publicKey?: string; passkey?: PasskeyRegistration }
  | { kind: 'remove'; publicKey: string; confirmRemovingSigningKey?: boolean };
