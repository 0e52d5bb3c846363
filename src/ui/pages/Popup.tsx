// The popup's shell: loads wallet_status and shows onboarding, unlock, the phrase backup or the wallet;
// its header carries the account switcher, the network and Lock once the wallet is unlocked.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { CreateResult, DamagedStore, NetworkView, StoreProblem, WalletStatus } from '../../api/walletApi';
import type { MessageKey } from '../../core/messages';
import { setNamesNetwork } from '../chains';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { WalletBar } from '../components/WalletBar';
import { t } from '../i18n';
import { lazy } from '../lazy';
import { said } from '../phrase';
import { messageOf, wallet } from '../wallet';
import { Main } from './Main';
import { Onboarding } from './Onboarding';
import { Unlock } from './Unlock';

// Backing up a phrase is shown once, after the wallet is made: its code loads then (docs/architecture.md, "Budgets").
const Backup = lazy(() => import('./Backup').then((m) => m.Backup));
const BackupLater = lazy(() => import('./Backup').then((m) => m.BackupLater));

type Backing = { phrase: { id: string; words: string[] } } | { phraseId: string } | null;

interface PopupProps {
  /** The status to draw the first screen from (the background's snapshot, src/ui/early.ts), if there is one. */
  first?: WalletStatus | null;
}

export function Popup({ first = null }: PopupProps) {
  const [status, setStatus] = useState<WalletStatus | null>(first);
  const [restoring, setRestoring] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [backing, setBacking] = useState<Backing>(null);
  const [network, setNetwork] = useState<NetworkView | null>(null);
  /** The background has answered once: until then the screen stands on the snapshot alone. */
  const answered = useRef(false);

  // The header's network badge: read with the status (a settings change calls refresh too).
  const readNetwork = useCallback((s: WalletStatus) => {
    if (s.unlocked)
      void wallet.getSettings().then(
        (v) => {
          // Chain and ledger names are the network's from now on (../chains); the re-render shows them.
          setNamesNetwork(v.network.id);
          setNetwork(v.network);
        },
        () => setNetwork(null),
      );
  }, []);
  const refresh = useCallback(async () => {
    try {
      const fresh = await wallet.status();
      answered.current = true;
      setStatus(fresh);
      setLoadError(null);
      readNetwork(fresh);
    } catch (err) {
      // A snapshot the background did not confirm is not shown on its own: the error screen is.
      if (!answered.current) setStatus(null);
      setLoadError(messageOf(err));
    }
  }, []);

  // wallet_status is asked as soon as the first screen is committed: its answer replaces the snapshot the
  // screen was drawn from (and is the first screen's source when there was none).
  useLayoutEffect(() => {
    void refresh();
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  // First real screen in the page, from the snapshot or the answer (committed, before its paint, as a
  // page's DOMContentLoaded is): the bench reads this mark (docs/architecture.md, "Budgets").
  useLayoutEffect(() => {
    if (status && performance.getEntriesByName('popup-ready').length === 0) performance.mark('popup-ready');
  }, [status]);

  // The background locks itself at lockAt: show the unlock screen when it has.
  const lockAt = status?.lockAt ?? null;
  useEffect(() => {
    if (lockAt === null) return;
    const timer = setTimeout(() => void refresh(), Math.max(0, lockAt - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [lockAt, refresh]);

  const lock = async () => {
    try {
      await wallet.lock();
    } catch (err) {
      setLoadError(messageOf(err));
    }
    setBacking(null);
    await refresh();
  };

  const created = (result: CreateResult) => {
    setStatus(result.status);
    readNetwork(result.status);
    if (result.phrase) setBacking({ phrase: result.phrase });
  };
  const backupDone = async () => {
    setBacking(null);
    await refresh();
  };

  let body: ComponentChildren;
  let inWallet = false;
  if (!status) {
    body = loadError ? (
      <div class="screen">
        <ErrorAlert message={t('popup_noAnswer', loadError)} testid="status-error" />
        <button type="button" onClick={() => void refresh()} data-testid="status-retry">
          {t('common_tryAgain')}
        </button>
      </div>
    ) : (
      <StatusLine testid="status-loading">{t('common_loading')}</StatusLine>
    );
  } else if (!status.exists) {
    body = <Onboarding onCreated={created} start={restoring ? 'importPhrase' : undefined} />;
  } else if (!status.unlocked) {
    body = (
      <Unlock
        onUnlocked={() => void refresh()}
        onErased={() => {
          setRestoring(true); // "Forgot password?": the restore from the phrase comes next
          void refresh();
        }}
      />
    );
  } else if (backing && 'phrase' in backing) {
    body = <Backup phrase={backing.phrase} onDone={() => void backupDone()} onSkip={() => void backupDone()} />;
  } else if (backing) {
    body = (
      <BackupLater phraseId={backing.phraseId} onDone={() => void backupDone()} onCancel={() => setBacking(null)} />
    );
  } else {
    inWallet = true;
  }

  return (
    <div class="app">
      <header class="top">
        {/* Named for assistive technology on every screen; shown where the wallet bar is not. */}
        <h1 class={inWallet ? 'sr-only' : undefined}>{t('extName')}</h1>
        {status?.unlocked && inWallet && (
          <WalletBar
            accounts={status.accounts}
            selectedAccountId={status.selectedAccountId}
            network={network}
            lockAt={status.lockAt}
            autoLockMinutes={status.autoLockMinutes}
            onSelected={refresh}
            onLock={() => void lock()}
          />
        )}
        {status?.unlocked && !inWallet && (
          <button type="button" onClick={() => void lock()} data-testid="lock">
            {t('common_lock')}
          </button>
        )}
      </header>
      {status?.problem && (
        <div class="problem" role="alert" data-testid="vault-problem">
          <strong>{t('popup_vaultUnreadable')}</strong> {status.problem}
          <p>{t('popup_vaultKept')}</p>
        </div>
      )}
      {status && status.storeProblems.length > 0 && <StoreProblems problems={status.storeProblems} />}
      {loadError && status && <ErrorAlert message={loadError} testid="status-error" />}
      {/* The wallet brings its own <main> and the bottom navigation after it. */}
      {inWallet && status ? (
        <Main status={status} onChanged={refresh} onBackup={(phraseId) => setBacking({ phraseId })} />
      ) : (
        <main>{body}</main>
      )}
    </div>
  );
}

/** What is safe to do about each damaged store: none of them is the wallet or its keys. */
const SAFE: Record<DamagedStore, MessageKey> = {
  settings: 'store_settings',
  credentials: 'store_credentials',
  swaps: 'store_swaps',
  activity: 'store_activity',
  approvals: 'store_approvals',
  contacts: 'store_contacts',
  nonces: 'store_nonces',
};

/** Damaged stored values other than the vault: named, with what is safe to do. */
function StoreProblems({ problems }: { problems: StoreProblem[] }) {
  return (
    <div class="warning" role="status" data-testid="store-problems">
      <p>
        <strong>{t('store_problemsTitle')}</strong> {t('store_walletSafe')}
      </p>
      <ul class="plain">
        {problems.map((p) => (
          <li key={`${p.store}:${p.message}`} data-testid="store-problem" data-store={p.store}>
            {p.words ? said(p.words) : p.message} {t(SAFE[p.store])}
          </li>
        ))}
      </ul>
    </div>
  );
}
