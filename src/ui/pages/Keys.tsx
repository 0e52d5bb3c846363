// The selected account's keys: registered on the verifier beside the ones on this device.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AccountView, KeyListing } from '../../api/walletApi';
import { backupNote } from '../backup';
import { AddKeyDialog } from '../components/AddKeyDialog';
import { CopyButton } from '../components/CopyButton';
import { ExportKeyDialog } from '../components/ExportKeyDialog';
import { ErrorAlert, StatusLine } from '../components/Notice';
import { RemoveKeyDialog } from '../components/RemoveKeyDialog';
import { RotateKeyDialog } from '../components/RotateKeyDialog';
import { Screen } from '../components/Screen';
import { shortAccount, shortKey } from '../format';
import { anotherRegisteredKeyRemains, type KeyRow, keyRows, registeredText } from '../keys';
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
      <Screen title="Keys" testid="keys">
        <p>Select an account first.</p>
      </Screen>
    );
  }
  return <AccountKeys key={account.accountId} account={account} onChanged={onChanged} />;
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
  const signsWithPasskey = account.publicKeys[0]!.startsWith('p256:');
  const passkeyAccount = account.kind === 'passkey';
  return (
    <Screen title="Keys" testid="keys">
      <p class="hint">
        Keys the verifier accepts for <strong title={accountId}>{account.label}</strong> ({shortAccount(accountId)}).
        They are verifier keys, not the ledger's access keys.
      </p>
      <StatusLine testid="keys-status">{!listing && !loadError ? 'Loading keys…' : ''}</StatusLine>
      <ErrorAlert message={loadError} testid="keys-load-error" />
      {listing?.registered === null && (
        <p class="alert" role="alert" data-testid="keys-ledger-error">
          Could not ask the verifier which keys are registered{listing.error ? `: ${listing.error}` : ''}.
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
                  signing
                </span>
              )}
              <span class="badge quiet">
                {row.passkeyName ? 'passkey' : row.local ? 'on this device' : 'not on this device'}
              </span>
              {row.passkeyName && (
                <div class="hint" data-testid="key-passkey-name">
                  {row.passkeyName}
                </div>
              )}
              <div class="hint" data-testid="key-registered">
                Registered: {registeredText(row.registered)}
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
              <CopyButton text={row.publicKey} label="Copy" />
              {row.local && !row.signing && !passkeyAccount && (
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => useForSigning(row)}
                  data-testid="key-use-signing"
                >
                  Use for signing
                </button>
              )}
              {row.local && !row.signing && !passkeyAccount && listing?.registered === null && (
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => useForSigning(row, true)}
                  data-testid="key-use-signing-unverified"
                  title="The verifier could not be asked: if this key is not registered, every signature of the account fails."
                >
                  Use for signing anyway (not verified)
                </button>
              )}
              {row.local && (
                <button type="button" onClick={() => setOpen({ kind: 'export', row })} data-testid="key-export">
                  Export
                </button>
              )}
              {row.registered !== false && !signsWithPasskey && (
                <button type="button" onClick={() => setOpen({ kind: 'rotate', row })} data-testid="key-rotate">
                  Rotate…
                </button>
              )}
              <button
                type="button"
                class="danger"
                onClick={() => setOpen({ kind: 'remove', row })}
                data-testid="key-remove"
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div class="actions">
        <button type="button" onClick={() => void load()} data-testid="keys-reload">
          Reload
        </button>
        <button type="button" class="primary" onClick={() => setOpen({ kind: 'add' })} data-testid="keys-add">
          Add key
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
          signsWithPasskey={signsWithPasskey}
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
