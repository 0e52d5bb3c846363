// The accounts in the wallet: select, rename, remove (with confirmation), add.
import { useState } from 'preact/hooks';
import type { AccountView, RecoveryView, WalletStatus } from '../../api/walletApi';
import { accountBackup, backupNote } from '../backup';
import { CreatePasskeyAccount } from '../components/CreatePasskeyAccount';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { ErrorAlert } from '../components/Notice';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { shortAccount } from '../format';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { useAction } from '../useAction';
import { labelProblem } from '../validate';
import { wallet } from '../wallet';
import { AddAccount } from './AddAccount';

interface AccountsProps {
  status: WalletStatus;
  onChanged(): Promise<void>;
}

export function Accounts({ status, onChanged }: AccountsProps) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AccountView | null>(null);
  const action = useAction();

  if (adding) {
    return (
      <AddAccount
        status={status}
        onDone={async () => {
          await onChanged();
          setAdding(false);
        }}
        onCancel={() => setAdding(false)}
      />
    );
  }

  const select = (accountId: string) =>
    void action.run(async () => {
      await wallet.selectAccount(accountId);
      await onChanged();
    });

  return (
    <Screen title={t('settings_tabAccounts')} testid="accounts">
      <ErrorAlert message={action.error} testid="accounts-error" />
      {status.accounts.length === 0 && <p>{t('accounts_none')}</p>}
      <ul class="rows">
        {status.accounts.map((account) => (
          <AccountRow
            key={account.accountId}
            account={account}
            selected={account.accountId === status.selectedAccountId}
            recovery={status.recovery}
            onSelect={() => select(account.accountId)}
            onRemove={() => setRemoving(account)}
            onChanged={onChanged}
          />
        ))}
      </ul>
      <div class="actions">
        <button type="button" onClick={() => setAdding(true)} data-testid="account-add">
          {t('accounts_add')}
        </button>
        <CreatePasskeyAccount count={status.accounts.length} onChanged={onChanged} />
      </div>
      {removing && <RemoveAccount account={removing} onClose={() => setRemoving(null)} onChanged={onChanged} />}
    </Screen>
  );
}

/** An account's kind, as its badge says it. */
const KIND_NAMES: Record<AccountView['kind'], () => string> = {
  implicit: () => t('accounts_kindImplicit'),
  named: () => t('accounts_kindNamed'),
  passkey: () => t('accounts_kindPasskey'),
};
const kindName = (kind: AccountView['kind']) => KIND_NAMES[kind]();

interface RowProps {
  account: AccountView;
  selected: boolean;
  recovery: RecoveryView;
  onSelect(): void;
  onRemove(): void;
  onChanged(): Promise<void>;
}

function AccountRow({ account, selected, recovery, onSelect, onRemove, onChanged }: RowProps) {
  const backup = accountBackup(account, recovery);
  const note = backupNote(backup);
  const [renaming, setRenaming] = useState(false);
  const [label, setLabel] = useState(account.label);
  const [tried, setTried] = useState(false);
  const action = useAction();
  const problem = labelProblem(label);

  const save = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (problem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      await wallet.renameAccount(account.accountId, label.trim());
      await onChanged();
      setRenaming(false);
    });
  };

  return (
    <li class={selected ? 'row selected' : 'row'} data-testid="account-row" data-account-id={account.accountId}>
      <div class="row-main">
        <strong data-testid="account-label">{account.label}</strong>
        {selected && (
          <span class="badge" data-testid="account-selected">
            {t('accounts_selected')}
          </span>
        )}
        <span class="badge quiet">{kindName(account.kind)}</span>
        <div class="mono" title={account.accountId} data-testid="account-id">
          {shortAccount(account.accountId)}
        </div>
        <div class="hint">
          {account.publicKeys.length === 1
            ? t('accounts_localKeys_one')
            : t('accounts_localKeys_many', numberStyle().whole(String(account.publicKeys.length)))}
        </div>
        {note && (
          <div class={backup === 'none' ? 'hint bad-text' : 'hint'} data-testid="account-backup" data-backup={backup}>
            {note}
          </div>
        )}
      </div>
      {renaming ? (
        <form onSubmit={save} class="inline-form" noValidate>
          <TextField
            label={t('accounts_newName', account.label)}
            value={label}
            onValue={setLabel}
            testid="account-rename-input"
            error={tried ? problem : null}
          />
          <ErrorAlert message={action.error} />
          <div class="actions">
            <button type="button" onClick={() => setRenaming(false)}>
              {t('settings_cancel')}
            </button>
            <button type="submit" class="primary" disabled={action.busy} data-testid="account-rename-save">
              {t('settings_save')}
            </button>
          </div>
        </form>
      ) : (
        <div class="row-actions">
          {!selected && (
            <button
              type="button"
              onClick={onSelect}
              data-testid="account-select"
              aria-label={t('accounts_selectNamed', account.label)}
            >
              {t('accounts_select')}
            </button>
          )}
          <button
            type="button"
            onClick={() => setRenaming(true)}
            data-testid="account-rename"
            aria-label={t('accounts_renameNamed', account.label)}
          >
            {t('accounts_rename')}
          </button>
          <button
            type="button"
            class="danger"
            onClick={onRemove}
            data-testid="account-remove"
            aria-label={t('accounts_removeNamed', account.label)}
          >
            {t('settings_remove')}
          </button>
        </div>
      )}
    </li>
  );
}

function RemoveAccount({
  account,
  onClose,
  onChanged,
}: {
  account: AccountView;
  onClose(): void;
  onChanged(): Promise<void>;
}) {
  const action = useAction();
  const remove = () =>
    void action.run(async () => {
      await wallet.removeAccount(account.accountId);
      await onChanged();
      onClose();
    });
  return (
    <Dialog title={t('accounts_removeTitle', account.label)} onClose={onClose} testid="account-remove-dialog">
      <p>
        {account.publicKeys.length === 1
          ? t('accounts_removeText_one')
          : t('accounts_removeText_many', numberStyle().whole(String(account.publicKeys.length)))}
      </p>
      <p>{t('accounts_removeExportFirst')}</p>
      <ErrorAlert message={action.error} testid="account-remove-error" />
      <div class="actions">
        <button type="button" onClick={onClose}>
          {t('settings_cancel')}
        </button>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={remove}
          data-testid="account-remove-confirm"
        >
          {t('accounts_removeConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
