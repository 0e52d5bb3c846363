// connect: which accounts the site may see, and what that does and does not allow.
import type { AccountView } from '../../api/walletApi';
import { shortAccount } from '../format';

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
    <section class="req-body" aria-label="Connect">
      <h2>
        {host} wants to see your account {accounts.length === 1 ? 'address' : 'addresses'}
      </h2>
      {accounts.length === 0 ? (
        <p class="alert">This wallet has no account to share.</p>
      ) : (
        <fieldset class="accounts">
          <legend>Accounts to share</legend>
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
          <strong>It will be able to:</strong>
        </p>
        <ul>
          <li>see the addresses and public keys of the accounts you tick;</li>
          <li>ask you to sign messages and intents with them.</li>
        </ul>
        <p>
          <strong>It will not be able to:</strong>
        </p>
        <ul>
          <li>sign anything or move funds without asking you here first;</li>
          <li>see your other accounts, your keys or your recovery phrase.</li>
        </ul>
        <p class="hint">You can disconnect it any time in the wallet, under Settings → Sites.</p>
      </div>
    </section>
  );
}
