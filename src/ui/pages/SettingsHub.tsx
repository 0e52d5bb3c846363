// Settings and what sits under it: the network, credentials, auto-lock and password (General), the
// wallet's accounts, the person's contacts, the selected account's keys, and the connected sites, one at a time behind a
// row of sub-sections.
import { useState } from 'preact/hooks';
import type { AccountView, WalletStatus } from '../../api/walletApi';
import { RecoveryPhraseReveal } from '../components/RecoveryPhraseReveal';
import { ToolbarChoice } from '../components/ToolbarChoice';
import { clockTime, describeLockAt } from '../format';
import { Accounts } from './Accounts';
import { Contacts } from './Contacts';
import { Keys } from './Keys';
import { Settings } from './Settings';
import { Sites } from './Sites';

type Sub = 'general' | 'accounts' | 'contacts' | 'keys' | 'sites';
const SUBS: { sub: Sub; label: string }[] = [
  { sub: 'general', label: 'General' },
  { sub: 'accounts', label: 'Accounts' },
  { sub: 'contacts', label: 'Contacts' },
  { sub: 'keys', label: 'Keys' },
  { sub: 'sites', label: 'Sites' },
];

interface SettingsHubProps {
  status: WalletStatus;
  account: AccountView | null;
  onChanged(): Promise<void>;
}

export function SettingsHub({ status, account, onChanged }: SettingsHubProps) {
  const [sub, setSub] = useState<Sub>('general');
  return (
    <>
      <nav class="subnav" aria-label="Settings sections">
        {SUBS.map((s) => (
          <button
            key={s.sub}
            type="button"
            aria-current={sub === s.sub ? 'page' : undefined}
            onClick={() => setSub(s.sub)}
            data-testid={`settings-tab-${s.sub}`}
          >
            {s.label}
          </button>
        ))}
      </nav>
      {sub === 'general' && <Settings onChanged={onChanged} />}
      {sub === 'general' && <ToolbarChoice />}
      {sub === 'general' && <RecoveryPhraseReveal phraseId={status.recovery.phraseId} />}
      {sub === 'accounts' && <Accounts status={status} onChanged={onChanged} />}
      {sub === 'contacts' && <Contacts />}
      {sub === 'keys' && <Keys account={account} onChanged={onChanged} />}
      {sub === 'sites' && <Sites accounts={status.accounts} />}
      {sub === 'general' && (
        <p class="foot" data-testid="autolock-info">
          {status.lockAt !== null
            ? `Locks at ${describeLockAt(status.lockAt, Date.now(), clockTime)}; auto-lock after ${status.autoLockMinutes} min idle.`
            : `Auto-lock after ${status.autoLockMinutes} min idle.`}
        </p>
      )}
    </>
  );
}
