// The selected account's keys: registered on the verifier beside the ones on this device.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AccountView, KeyListing } from '../../api/walletApi';
import { isPasskeyPublicKey } from '../../core/keyKind';
import { signingSuccessor } from '../../core/signingSuccessor';
import { backupNote } from '../backup';
import { AddKeyDialog } from '../components/AddKeyDialog';
import { CopyButton } from '../components/CopyButton';
import { ExportKeyDialog } from '../components/ExportKeyDialog';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { RemoveKeyDialog } from '../components/RemoveKeyDialog';
import { RotateKeyDialog } from '../components/RotateKeyDialog';
import { Screen } from '../components/Screen';
import { shortAccount, shortKey } from '../format';
import { t } from '../i18n';
import { anotherRegisteredKeyRemains, isPasskeyRow, type KeyRow, keyRows, registeredText } from '../keys';
import { said } from '../phrase';
import { useAction } from '../useAction';
import { messageOf, wallet } from '../wallet';

type Open = { kind: 'add' } | { kind: 'remove' | 'rotate' | 'export'; row: KeyRow } | null;

interface KeysProps {
  account: AccountView | null;
  onChanged(): Promise<void>;
}

export function Keys({ account, onChanged }: KeysProps) {
  if (!account) {
    return (
      <Screen title={t('keys_title')} testid="keys">
        <p>{t('keys_selectAccountFirst')}</p>
      </Screen>
    );
  }
  return <AccountKeys key={account.accountId} account={account} onChanged={onChanged} />;
}

/** Whether a key is registered on the verifier, in words. */
function registeredWords(registered: boolean | null): string {
  return registered === null
    ? t('keys_registeredUnknown')
    : registered
      ? t('keys_registeredYes')
      : t('keys_registeredNo');
}

function AccountKeys({ account, onChanged }: { account: AccountView; onChanged(): Promise<void> }) {
  const [listing, setListing] = useState<KeyListing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const action = useAction();
  const accountId = account.accountId;

  const load = useCallback(async () => {
    try {
      setListing(await wallet.listKeys(accountId));
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  }, [accountId]);
  useEffect(() => void load(), [load]);

  const changed = () => {
    void load();
    void onChanged();
  };
  /** `unverified`: the user's explicit choice while the verifier cannot say whether the key is registered. */
  const useForSigning = (row: KeyRow, unverified = false) =>
    void action.run(async () => {
      await wallet.useSigningKey(accountId, row.publicKey, unverified);
      changed();
    });

  const rows = listing ? keyRows(listing) : [];
  // A passkey signs only a change the person reviewed (../components/KeyChangeReview.tsx); a passkey
  // account keeps its passkey as the key it signs with (docs/security.md, "Passkey accounts").
  const signsWithPasskey = isPasskeyPublicKey(account.publicKeys[0]!);
  const passkeyAccount = account.kind === 'passkey';
  // The passkey that would take over from the signing key the open dialog removes
  // (src/core/signingSuccessor.ts), by its name: such a removal is signed by that passkey, so its dialog
  // goes through the review and says so.
  const removing = open?.kind === 'remove' ? open.row : undefined;
  const successor =
    removing?.signing && !signsWithPasskey ? signingSuccessor(listing?.local ?? [], removing.publicKey) : undefined;
  const takingOver =
    successor && isPasskeyPublicKey(successor)
      ? (listing?.local.find((k) => k.publicKey === successor)?.passkeyName ?? shortKey(successor))
      : undefined;
  return (
    <Screen title={t('keys_title')} testid="keys">
      <p class="hint" title={accountId}>
        {t('keys_intro', account.label, shortAccount(accountId))}
      </p>
      <StatusLine testid="keys-status">{!listing && !loadError ? t('keys_loading') : ''}</StatusLine>
      <ErrorAlert message={loadError} testid="keys-load-error" />
      {listing?.registered === null && (
        <p class="alert" role="alert" data-testid="keys-ledger-error">
          {listing.errorWords ? said(listing.errorWords) : t('keys_verifierUnasked')}
        </p>
      )}
      <ErrorAlert message={action.error} testid="keys-error" />
      <ul class="rows">
        {rows.map((row) => (
          <li
            key={row.publicKey}
            class={row.signing ? 'row selected' : 'row'}
            data-testid="key-row"
            data-public-key={row.publicKey}
            data-signing={row.signing ? 'true' : 'false'}
            data-registered={registeredText(row.registered)}
          >
            <div class="row-main">
              <code title={row.publicKey} data-testid="key-public">
                {shortKey(row.publicKey)}
              </code>
              {row.signing && (
                <span class="badge" data-testid="key-signing">
                  {t('keys_signing')}
                </span>
              )}
              <span class="badge quiet">
                {row.passkeyName
                  ? t('accounts_kindPasskey')
                  : row.local
                    ? t('keys_onThisDevice')
                    : t('keys_notOnThisDevice')}
              </span>
              {row.passkeyName && (
                <div class="hint" data-testid="key-passkey-name">
                  {row.passkeyName}
                </div>
              )}
              {row.local && isPasskeyRow(row) && (
                <div class="hint" data-testid="key-passkey-no-export">
                  {t('vaultRefusal_passkeyExport')}
                </div>
              )}
              <div class="hint" data-testid="key-registered">
                {t('keys_registered', registeredWords(row.registered))}
              </div>
              {backupNote(row.backup) && (
                <div
                  class={row.backup === 'none' ? 'hint bad-text' : 'hint'}
                  data-testid="key-backup"
                  data-backup={row.backup ?? undefined}
                >
                  {backupNote(row.backup)}
                </div>
              )}
            </div>
            <div class="row-actions">
              <CopyButton text={row.publicKey} />
              {row.local && !row.signing && !passkeyAccount && (
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => useForSigning(row)}
                  data-testid="key-use-signing"
                >
                  {t('keys_useForSigning')}
                </button>
              )}
              {row.local && !row.signing && !passkeyAccount && listing?.registered === null && (
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => useForSigning(row, true)}
                  data-testid="key-use-signing-unverified"
                  title={t('keys_useAnywayTitle')}
                >
                  {t('keys_useAnyway')}
                </button>
              )}
              {row.local && !isPasskeyRow(row) && (
                <button type="button" onClick={() => setOpen({ kind: 'export', row })} data-testid="key-export">
                  {t('keys_export')}
                </button>
              )}
              {row.registered !== false && !signsWithPasskey && (
                <button type="button" onClick={() => setOpen({ kind: 'rotate', row })} data-testid="key-rotate">
                  {t('keys_rotate')}
                </button>
              )}
              <button
                type="button"
                class="danger"
                onClick={() => setOpen({ kind: 'remove', row })}
                data-testid="key-remove"
              >
                {t('settings_remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div class="actions">
        <button type="button" onClick={() => void load()} data-testid="keys-reload">
          {t('keys_reload')}
        </button>
        <button type="button" class="primary" onClick={() => setOpen({ kind: 'add' })} data-testid="keys-add">
          {t('keys_addKey')}
        </button>
      </div>
      {open?.kind === 'add' && (
        <AddKeyDialog
          accountId={accountId}
          signsWithPasskey={signsWithPasskey}
          onClose={() => setOpen(null)}
          onChanged={changed}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveKeyDialog
          accountId={accountId}
          row={open.row}
          othersRemain={anotherRegisteredKeyRemains(rows, open.row.publicKey)}
          passkeySigns={signsWithPasskey || takingOver !== undefined}
          passkeyTakesOver={takingOver}
          onClose={() => setOpen(null)}
          onChanged={changed}
        />
      )}
      {open?.kind === 'rotate' && (
        <RotateKeyDialog
          accountId={accountId}
          implicit={account.kind === 'implicit'}
          publicKey={open.row.publicKey}
          onClose={() => setOpen(null)}
          onChanged={changed}
        />
      )}
      {open?.kind === 'export' && (
        <ExportKeyDialog
          publicKey={open.row.publicKey}
          onClose={() => {
            setOpen(null);
            changed(); // an export backs the key up: its note and the reminder change
          }}
        />
      )}
    </Screen>
  );
}
