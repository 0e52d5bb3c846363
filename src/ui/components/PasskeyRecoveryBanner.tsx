// The reminder a passkey-only account keeps on Home (docs/security.md, "Passkey accounts"): its passkey is
// the only key that signs for it, so losing the passkey (a device without sync, another extension id)
// loses the account. Shown until the account has a second key.
import type { AccountView } from '../../api/accounts';
import { t } from '../i18n';

export const passkeyOnly = (account: AccountView | null): boolean =>
  account !== null && account.kind === 'passkey' && account.publicKeys.length < 2;

export function PasskeyRecoveryBanner({ account }: { account: AccountView | null }) {
  if (!passkeyOnly(account)) return null;
  return (
    <div class="banner" role="status" data-testid="passkey-recovery-banner">
      <span>{t('passkeyBanner_onlyKey')}</span>
    </div>
  );
}
