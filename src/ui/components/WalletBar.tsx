// The unlocked popup's header: which account is in use (a select that switches it), which network the
// wallet signs for when it is not Mainnet (named from the verifier, never from the endpoints:
// docs/security.md, "Networks"), and Lock. One line at 360 px. Mainnet, where people's funds are, is the
// normal case and wears no badge; Local and Custom always do, so a signature valid only there is never
// mistaken for a real one. The bar carries the network it read as `data-network` either way.
import type { AccountView, NetworkId, NetworkView } from '../../api/walletApi';
import { clockTime, describeLockAt, shortAccount } from '../format';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { ErrorAlert } from './Notice';

/** The badge of each network off Mainnet, in the person's language. */
const BADGE: Record<Exclude<NetworkId, 'mainnet'>, () => { label: string; title: string }> = {
  local: () => ({ label: t('net_local'), title: t('net_localTitle') }),
  custom: () => ({ label: t('net_custom'), title: t('net_customTitle') }),
};

interface WalletBarProps {
  accounts: AccountView[];
  selectedAccountId: string | null;
  /** The network the settings name; null until read. */
  network: NetworkView | null;
  lockAt: number | null;
  autoLockMinutes: number;
  /** The selection changed in the background: read the status again. */
  onSelected(): Promise<void>;
  onLock(): void;
}

export function WalletBar({
  accounts,
  selectedAccountId,
  network,
  lockAt,
  autoLockMinutes,
  onSelected,
  onLock,
}: WalletBarProps) {
  const action = useAction();
  const select = (accountId: string) =>
    void action.run(async () => {
      await wallet.selectAccount(accountId);
      await onSelected();
    });
  const shown = network && network.id !== 'mainnet' ? BADGE[network.id]() : null;
  const selected = accounts.find((a) => a.accountId === selectedAccountId);
  // Lock's title says when the wallet locks, worded as the pointer or focus reaches it (so "in 12 minutes"
  // is never stale), not while the first screen is drawn: the clock's wording needs Intl's locale data
  // (docs/architecture.md, "Budgets").
  const idleTitle = t('bar_idleLock', String(autoLockMinutes));
  const freshLockTitle = (e: { currentTarget: HTMLElement }) => {
    e.currentTarget.title =
      lockAt !== null ? t('bar_locksAt', describeLockAt(lockAt, Date.now(), clockTime)) : idleTitle;
  };
  return (
    <>
      <div class="wallet-bar" data-testid="wallet-bar" data-network={network?.id}>
        <label class="sr-only" for="account-switcher">
          {t('bar_account')}
        </label>
        <select
          id="account-switcher"
          class="switcher"
          value={selectedAccountId ?? ''}
          title={selected ? t('bar_accountTitle', selected.label, selected.accountId) : undefined}
          onChange={(e) => select(e.currentTarget.value)}
          disabled={action.busy}
          data-testid="account-switcher"
        >
          {selectedAccountId === null && <option value="">{t('bar_noAccount')}</option>}
          {accounts.map((a) => (
            <option key={a.accountId} value={a.accountId}>
              {t('bar_accountOption', a.label, shortAccount(a.accountId))}
            </option>
          ))}
        </select>
        {network && shown && (
          <span
            class={`badge net net-${network.id}`}
            title={t('bar_networkTitle', network.label, network.verifierId, shown.title)}
            data-testid="network-badge"
            data-network={network.id}
          >
            <span class="sr-only">{t('bar_network')} </span>
            {shown.label}
          </span>
        )}
        <button
          type="button"
          onClick={onLock}
          title={idleTitle}
          onPointerEnter={freshLockTitle}
          onFocus={freshLockTitle}
          data-testid="lock"
        >
          {t('common_lock')}
        </button>
      </div>
      <ErrorAlert message={action.error} testid="account-switch-error" />
    </>
  );
}
