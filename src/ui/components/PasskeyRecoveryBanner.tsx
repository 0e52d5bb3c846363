// The reminder an account whose only key in this wallet is a passkey keeps on Home (docs/security.md,
// "Passkey accounts"): a passkey account before it adds a second key, or an account whose signing key was
// removed with a passkey taking over (Keys). Losing that passkey (a device without sync, another extension
// id) loses the account, whatever kind of account it is. Shown until the account has a second key.
import type { AccountView } from '../../api/accounts';
import { isPasskeyPublicKey } from '../../core/keyKind';
import { t } from '../i18n';

export const passkeyOnly = (account: AccountView | null): account is AccountView =>
  account !== null && account.publicKeys.length === 1 && isPasskeyPublicKey(account.publicKeys[0]!);

export function PasskeyRecoveryBanner({ account }: { account: AccountView | null }) {
  if (!passkeyOnly(account)) return null;
  return (
    <div class="banner" role="status" data-testid="passkey-recovery-banner">
      {/* A passkey account has no other key anywhere until it adds one; another account may have keys
          this wallet does not hold. */}
      <span>{t(account.kind === 'passkey' ? 'passkeyBanner_onlyKey' : 'passkeyBanner_onlyKeyHere')}</span>
    </div>
  );
}
