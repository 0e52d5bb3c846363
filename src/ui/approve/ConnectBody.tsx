// connect: which accounts the site may see, and what that does and does not allow.
import type { AccountView } from '../../api/walletApi';
import { shortAccount } from '../format';
import { t } from '../i18n';

interface ConnectBodyProps {
  host: string;
  accounts: AccountView[];
  selected: readonly string[];
  onSelected(accountIds: string[]): void;
}

export function ConnectBody({ host, accounts, selected, onSelected }: ConnectBodyProps) {
  const toggle = (accountId: string, on: boolean) =>
    // Kept in the wallet's order, whatever order they were ticked in.
    onSelected(accounts.map((a) => a.accountId).filter((id) => (id === accountId ? on : selected.includes(id))));

  return (
    <section class="req-body" aria-label={t('approve_confirm_connect')}>
      <h2>{accounts.length === 1 ? t('approve_connectWants_one', host) : t('approve_connectWants_many', host)}</h2>
      {accounts.length === 0 ? (
        <p class="alert">{t('approve_noAccounts')}</p>
      ) : (
        <fieldset class="accounts">
          <legend>{t('approve_accountsToShare')}</legend>
          {accounts.map((a) => (
            <label class="account" key={a.accountId}>
              <input
                type="checkbox"
                checked={selected.includes(a.accountId)}
                onChange={(e) => toggle(a.accountId, e.currentTarget.checked)}
                data-testid={`approval-account-${a.accountId}`}
              />
              <span>
                <strong>{a.label}</strong>{' '}
                <span class="mono" title={a.accountId}>
                  {shortAccount(a.accountId)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div class="allow">
        <p>
          <strong>{t('approve_willBeAble')}</strong>
        </p>
        <ul>
          <li>{t('approve_canSee')}</li>
          <li>{t('approve_canAsk')}</li>
        </ul>
        <p>
          <strong>{t('approve_willNotBeAble')}</strong>
        </p>
        <ul>
          <li>{t('approve_cannotSign')}</li>
          <li>{t('approve_cannotSee')}</li>
        </ul>
        <p class="hint">{t('approve_disconnectHint')}</p>
      </div>
    </section>
  );
}
