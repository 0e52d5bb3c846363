// The unlocked wallet: backup banner, the open section, and the bottom navigation between the four
// sections (Wallet, Swap, Activity, Settings) of a 360×600 popup. Accounts, keys and sites live under
// Settings; the header (components/WalletBar) switches the account.
import { useEffect, useState } from 'preact/hooks';
import type { WalletStatus } from '../../api/walletApi';
import { KeyBackupBanner } from '../components/KeyBackupBanner';
import { PasskeyRecoveryBanner } from '../components/PasskeyRecoveryBanner';
import { t } from '../i18n';
import { lazy } from '../lazy';
import { Home } from './Home';

// Swap, Activity and Settings (with the deposit view, QR encoder, address checks and key management)
// load on first use, so the popup's first screen is Home's code only (docs/architecture.md, "Budgets").
const SwapTab = lazy(() => import('./Swap').then((m) => m.SwapTab));
const HistoryTab = lazy(() => import('./History').then((m) => m.HistoryTab));
const SettingsTab = lazy(() => import('./SettingsHub').then((m) => m.SettingsHub));

type Tab = 'home' | 'swap' | 'activity' | 'settings';
const TABS: { tab: Tab; label: () => string }[] = [
  // "Wallet", not "Home": on Mainnet the word belongs to no screen (the ledger is NEAR there: ../chains).
  { tab: 'home', label: () => t('home_title') },
  { tab: 'swap', label: () => t('action_swap') },
  { tab: 'activity', label: () => t('nav_activity') },
  { tab: 'settings', label: () => t('nav_settings') },
];

interface MainProps {
  status: WalletStatus;
  onChanged(): Promise<void>;
  onBackup(phraseId: string): void;
}

export function Main({ status, onChanged, onBackup }: MainProps) {
  const [tab, setTab] = useState<Tab>('home');
  // Choosing the open section again returns to its first screen (a new key remounts it).
  const [visit, setVisit] = useState(0);
  /** Home opens on Receive once (from Activity's empty state). */
  const [receive, setReceive] = useState(false);
  const selected = status.accounts.find((a) => a.accountId === status.selectedAccountId) ?? null;
  const account = selected?.accountId ?? null;
  const toBackUp = status.phrasesToBackUp[0];
  const go = (next: Tab) => {
    if (next === tab) setVisit((v) => v + 1);
    setReceive(false);
    setTab(next);
  };

  // After the first screen is up, fetch the swap pages so that opening them is instant.
  useEffect(() => {
    const timer = setTimeout(() => {
      SwapTab.preload();
      HistoryTab.preload();
      SettingsTab.preload();
    }, 300);
    return () => clearTimeout(timer);
  }, []);

  const key = `${tab}:${visit}:${account ?? ''}`;
  return (
    <>
      <main class="wallet-main">
        {toBackUp !== undefined && (
          <div class="banner" role="status" data-testid="backup-banner">
            <span>{t('backup_bannerText')}</span>
            <button type="button" class="primary" onClick={() => onBackup(toBackUp)} data-testid="backup-start">
              {t('backup_now')}
            </button>
          </div>
        )}
        {/* On the Wallet tab only: above Swap it pushed the form's button below the first screen. */}
        {toBackUp === undefined && tab === 'home' && <KeyBackupBanner status={status} onChanged={onChanged} />}
        {tab === 'home' && <PasskeyRecoveryBanner account={selected} />}
        {tab === 'home' && <Home key={key} accountId={account} onSwap={() => go('swap')} receive={receive} />}
        {tab === 'swap' && <SwapTab key={key} account={account} />}
        {tab === 'activity' && (
          <HistoryTab
            key={key}
            onReceive={() => {
              go('home');
              setReceive(true);
            }}
            onSwap={() => go('swap')}
          />
        )}
        {tab === 'settings' && (
          <SettingsTab
            key={`${tab}:${visit}`}
            status={status}
            account={selected}
            onChanged={onChanged}
            onBackup={onBackup}
          />
        )}
      </main>
      <nav class="bottom-nav" aria-label={t('nav_sections')}>
        {TABS.map((s) => (
          <button
            key={s.tab}
            type="button"
            aria-current={tab === s.tab ? 'page' : undefined}
            onClick={() => go(s.tab)}
            data-testid={`nav-${s.tab}`}
          >
            {s.label()}
          </button>
        ))}
      </nav>
    </>
  );
}
