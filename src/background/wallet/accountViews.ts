// The wallet's accounts as the popup and pages see them (src/api/accounts.ts): the vault's view of each,
// and for an account whose signing key is a passkey, which credential it is and its name (the entry the
// person's authenticator lists it under). An account the person never named carries the name the vault
// gave it ("Account 2", src/vault/contents.ts), which reads in the person's language here.
import type { AccountView } from '../../api/walletApi';
import { DEFAULT_ACCOUNT_NAME, type VaultView } from '../../vault';
import { t } from '../i18n';

/** An account's name for the person: theirs as they typed it, the vault's default in their language. */
export const accountName = (label: string): string => {
  const n = DEFAULT_ACCOUNT_NAME.exec(label)?.[1];
  return n === undefined ? label : t('accounts_defaultName', n);
};

export function accountViews(view: VaultView): AccountView[] {
  return view.accounts.map((stored) => {
    const a = { ...stored, label: accountName(stored.label) };
    const passkey = view.passkeys.find((p) => p.publicKey === a.publicKeys[0]);
    return passkey ? { ...a, passkey: { credentialId: passkey.credentialId, name: passkey.name } } : a;
  });
}
