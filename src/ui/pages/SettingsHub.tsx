// Settings and what sits under it, one at a time behind a row of sub-sections: General (where it opens: the
// person's own settings, ./SettingsGeneral.tsx), the wallet's accounts and, under them, the keys of the
// account in use, the person's contacts, the connected sites, and Advanced (the network, its services and
// credentials, ./SettingsAdvanced.tsx).
import { useState } from 'preact/hooks';
import type { AccountView, WalletStatus } from '../../api/walletApi';
import { t } from '../i18n';
import { Accounts } from './Accounts';
import { Contacts } from './Contacts';
import { Keys } from './Keys';
import { AdvancedSettings } from './SettingsAdvanced';
import { GeneralSettings } from './SettingsGeneral';
import { Sites } from './Sites';

type Tab = 'general' | 'accounts' | 'contacts' | 'sites' | 'advanced';
/** A tab's own views: Keys belongs to Accounts (the keys of the account in use). */
type Sub = Tab | 'keys';
const TABS = [
  { tab: 'general', label: () => t('settings_tabGeneral') },
  { tab: 'accounts', label: () => t('settings_tabAccounts') },
  { tab: 'contacts', label: () => t('settings_tabContacts') },
  { tab: 'sites', label: () => t('settings_tabSites') },
  { tab: 'advanced', label: () => t('settings_tabAdvanced') },
] as const satisfies readonly { tab: Tab; label(): string }[];
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
      <nav class="subnav" aria-label={t('settings_sections')}>
        {TABS.map((s) => (
          <button
            key={s.tab}
            type="button"
            aria-current={tabOf(sub) === s.tab ? 'page' : undefined}
            onClick={() => setSub(s.tab)}
            data-testid={`settings-tab-${s.tab}`}
          >
            {s.label()}
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
              {t('settings_allAccounts')}
            </button>
          ) : (
            <button type="button" onClick={() => setSub('keys')} data-testid="accounts-keys">
              {t('settings_keysOf', account.label)}
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
