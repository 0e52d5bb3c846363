// The unlocked popup's header: which account is in use (a select that switches it), which network the
// wallet talks to (from the settings' preset), and Lock. One line at 360 px.
import type { AccountView, NetworkPreset } from '../../provider/walletApi';
import { clockTime, describeLockAt, shortAccount } from '../format';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { ErrorAlert } from './Notice';

const NETWORK: Record<NetworkPreset | 'custom', { label: string; title: string }> = {
  local: { label: 'Local', title: 'Network: Local (the simulator on this computer)' },
  mainnet: { label: 'Mainnet', title: 'Network: Mainnet (real funds)' },
  custom: { label: 'Custom', title: 'Network: custom endpoints (see Settings)' },
};

interface WalletBarProps {
  accounts: AccountView[];
  selectedAccountId: string | null;
  /** The settings' preset; null until read. */
  preset: NetworkPreset | 'custom' | null;
  lockAt: number | null;
  autoLockMinutes: number;
  /** The selection changed in the background: read the status again. */
  onSelected(): Promise<void>;
  onLock(): void;
}

export function WalletBar({ accounts, selectedAccountId, preset, lockAt, autoLockMinutes, onSelected, onLock }: WalletBarProps) {
  const action = useAction();
  const select = (accountId: string) =>
    void action.run(async () => {
      await wallet.selectAccount(accountId);
      await onSelected();
    });
  const network = preset ? NETWORK[preset] : null;
  const selected = accounts.find((a) => a.accountId === selectedAccountId);
  return (
    <>
      <div class="wallet-bar">
        <label class="sr-only" for="account-switcher">
          Account
        </label>
        <select
          id="account-switcher"
          class="switcher"
          value={selectedAccountId ?? ''}
          title={selected ? `${selected.label}: ${selected.accountId}` : undefined}
          onChange={(e) => select(e.currentTarget.value)}
          disabled={action.busy}
          data-testid="account-switcher"
        >
          {selectedAccountId === null && <option value="">No account</option>}
          {accounts.map((a) => (
            <option key={a.accountId} value={a.accountId}>
              {a.label} ({shortAccount(a.accountId)})
            </option>
          ))}
        </select>
        {network && (
          <span class={`badge net net-${preset}`} title={network.title} data-testid="network-badge" data-preset={preset}>
            <span class="sr-only">Network: </span>
            {network.label}
          </span>
        )}
        <button
          type="button"
          onClick={onLock}
          title={lockAt !== null ? `Locks at ${describeLockAt(lockAt, Date.now(), clockTime)}` : `Auto-lock after ${autoLockMinutes} min idle`}
          data-testid="lock"
        >
          Lock
        </button>
      </div>
      <ErrorAlert message={action.error} testid="account-switch-error" />
    </>
  );
}
