// A wallet account as the pages see it: shared by the wallet API and the approval window's API.
export interface AccountView {
  accountId: string;
  label: string;
  /** `passkey`: the implicit account of a passkey's `p256:` key, signed for by the person's authenticator. */
  kind: 'implicit' | 'named' | 'passkey';
  /** Local keys (ed25519, or a passkey's `p256:`); the first signs. */
  publicKeys: string[];
  /** When the signing key is a passkey: the credential the extension's pages ask the authenticator for. */
  passkey?: { credentialId: string; name: string };
}
