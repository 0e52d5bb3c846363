// A wallet account as the pages see it: shared by the wallet API and the approval window's API.
export interface AccountView {
  accountId: string;
  label: string;
  kind: 'implicit' | 'named';
  /** Local keys; the first signs. */
  publicKeys: string[];
}
