// Settings and what sits under it, one at a time behind a row of sub-sections: General (where it opens: the
// person's own settings, ./SettingsGeneral.tsx), the wallet's accounts and, under them, the keys of the
// account in use, the person's contacts, the connected sites, and Advanced (the network, its services and
// credentials, ./SettingsAdvanced.tsx).
import { useState } from 'preact/hooks';
import type { AccountView, WalletStatus } from '../../api/walletApi';
import { Accounts } from './Accounts';
import { Contacts } from './Contacts';
import { Keys } from './Keys';
import { AdvancedSettings } from './SettingsAdvanced';
import { GeneralSettings } from './SettingsGeneral';
import { Sites } from './Sites';

type Tab = 'general' | 'accounts' | 'contacts' | 'sites' | 'advanced';
/** A tab's own views: Keys belongs to Accounts (the keys of the account in use). */
type Sub = Tab | 'keys';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'general', label: 'General' },
  { tab: 'accounts', label: 'Accounts' },
  { tab: 'contacts', label: 'Contacts' },
  { tab: 'sites', label: 'Sites' },
  { tab: 'advanced', label: 'Advanced' },
];
const tabOf = (sub: Sub): Tab => (sub === 'keys' ? 'accounts' : sub);

interface SettingsHubProps {
  status: WalletStatus;
  account: AccountView | null;
  onChanged(): Promise<void>;
  onBackup(phraseId: string): void;
}

export function SettingsHub({ status, account, onChanged, onBackup }: SettingsHubProps) {
  const [sub, setSub] = useState<Sub>('general');
  return (
    <>
      <nav class="subnav" aria-label="Settings sections">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            aria-current={tabOf(sub) === t.tab ? 'page' : undefined}
            onClick={() => setSub(t.tab)}
            data-testid={`settings-tab-${t.tab}`}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {sub === 'general' && (
        <GeneralSettings
          status={status}
          onChanged={onChanged}
          onBackup={onBackup}
          onKeys={() => setSub('keys')}
          onSites={() => setSub('sites')}
        />
      )}
      {tabOf(sub) === 'accounts' && account && (
        // Before the screen, so that Shift+Tab from anywhere in it reaches the switch between the two views.
        <div class="actions">
          {sub === 'keys' ? (
            <button type="button" onClick={() => setSub('accounts')} data-testid="keys-back">
              All accounts
            </button>
          ) : (
            <button type="button" onClick={() => setSub('keys')} data-testid="accounts-keys">
              Keys of {account.label}
            </button>
          )}
        </div>
      )}
      {sub === 'accounts' && <Accounts status={status} onChanged={onChanged} />}
      {sub === 'keys' && <Keys account={account} onChanged={onChanged} />}
      {sub === 'contacts' && <Contacts />}
      {sub === 'sites' && <Sites accounts={status.accounts} />}
      {sub === 'advanced' && <AdvancedSettings onChanged={onChanged} />}
    </>
  );
}
