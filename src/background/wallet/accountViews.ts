// The wallet's accounts as the popup and pages see them (src/api/accounts.ts): the vault's view of each,
// and for an account whose signing key is a passkey, which credential it is and its name (the entry the
// person's authenticator lists it under).
import type { AccountView } from '../../api/walletApi';
import type { VaultView } from '../../vault';

export function accountViews(view: VaultView): AccountView[] {
  return view.accounts.map((a) => {
    const passkey = view.passkeys.find((p) => p.publicKey === a.publicKeys[0]);
    return passkey ? { ...a, passkey: { credentialId: passkey.credentialId, name: passkey.name } } : a;
  });
}
