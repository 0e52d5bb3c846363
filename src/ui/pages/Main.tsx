// The unlocked wallet: backup banner, the selected account, sections, and when it locks itself.
import { useEffect, useState } from 'preact/hooks';
import type { WalletStatus } from '../../provider/walletApi';
import { clockTime, describeLockAt, shortAccount } from '../format';
import { lazy } from '../lazy';
import { Accounts } from './Accounts';
import { Home } from './Home';
import { Keys } from './Keys';
import { Settings } from './Settings';
import { Sites } from './Sites';

// Swap and History (with the deposit view, QR encoder and address checks) load on first use, so the
// popup's first render stays small (docs/architecture.md, "Budgets": ≤ 45 kB gzip of JS to first render).
const SwapTab = lazy(() => import('./Swap').then((m) => m.SwapTab));
const HistoryTab = lazy(() => import('./History').then((m) => m.HistoryTab));

type Tab = 'home' | 'swap' | 'history' | 'accounts' | 'keys' | 'sites' | 'settings';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'home', label: 'Home' },
  { tab: 'swap', label: 'Swap' },
  { tab: 'history', label: 'History' },
  { tab: 'accounts', label: 'Accounts' },
  { tab: 'keys', label: 'Keys' },
  { tab: 'sites', label: 'Sites' },
  { tab: 'settings', label: 'Settings' },
];

interface MainProps {
  status: WalletStatus;
  onChanged(): Promise<void>;
  onBackup(phraseId: string): void;
}

export function Main({ status, onChanged, onBackup }: MainProps) {
  const [tab, setTab] = useState<Tab>('accounts');
  const selected = status.accounts.find((a) => a.accountId === status.selectedAccountId) ?? null;
  const toBackUp = status.phrasesToBackUp[0];

  // After the first screen is up, fetch the swap pages so that opening them is instant.
  useEffect(() => {
    const timer = setTimeout(() => {
      SwapTab.preload();
      HistoryTab.preload();
    }, 300);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      {toBackUp !== undefined && (
        <div class="banner" role="status" data-testid="backup-banner">
          <span>Your recovery phrase is not backed up yet. Without it, a lost password or device loses the wallet.</span>
          <button type="button" class="primary" onClick={() => onBackup(toBackUp)} data-testid="backup-start">
            Back up now
          </button>
        </div>
      )}
      {selected && (
        <p class="current" data-testid="selected-account">
          <strong>{selected.label}</strong>{' '}
          <span class="mono" title={selected.accountId}>
            {shortAccount(selected.accountId)}
          </span>
        </p>
      )}
      <nav class="tabs" aria-label="Sections">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            aria-current={tab === t.tab ? 'page' : undefined}
            onClick={() => setTab(t.tab)}
            data-testid={`nav-${t.tab}`}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {tab === 'home' && <Home accountId={selected?.accountId ?? null} />}
      {tab === 'swap' && <SwapTab account={selected?.accountId ?? null} />}
      {tab === 'history' && <HistoryTab />}
      {tab === 'accounts' && <Accounts status={status} onChanged={onChanged} />}
      {tab === 'keys' && <Keys account={selected} onChanged={onChanged} />}
      {tab === 'sites' && <Sites accounts={status.accounts} />}
      {tab === 'settings' && <Settings onChanged={onChanged} />}
      <footer class="foot" data-testid="autolock-info">
        {status.lockAt !== null
          ? `Locks at ${describeLockAt(status.lockAt, Date.now(), clockTime)}; auto-lock after ${status.autoLockMinutes} min idle.`
          : `Auto-lock after ${status.autoLockMinutes} min idle.`}
      </footer>
    </>
  );
}
