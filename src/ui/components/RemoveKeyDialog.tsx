import { useState } from 'preact/hooks';
import type { KeyChangeResult } from '../../api/walletApi';
import { worded } from '../approve/worded';
import { shortKey } from '../format';
import type { KeyRow } from '../keys';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Dialog } from './Dialog';
import { Checkbox } from './Field';
import { KeyChangeOutcome } from './KeyChangeProgress';
import { KeyChangeReview, type ShownKeyChange } from './KeyChangeReview';
import { Warning } from './Notice';

interface Props {
  accountId: string;
  row: KeyRow;
  /** Another registered key remains after this one is gone (null: unknown). */
  othersRemain: boolean | null;
  /** The account signs with a passkey: the change is reviewed and confirmed at the authenticator (./KeyChangeReview.tsx). */
  signsWithPasskey: boolean;
  onClose(): void;
  onChanged(): void;
}

/** Removes a key from the verifier with a remove_public_key intent; the signing key needs an extra yes. */
export function RemoveKeyDialog({ accountId, row, othersRemain, signsWithPasskey, onClose, onChanged }: Props) {
  const [sure, setSure] = useState(false);
  const [shown, setShown] = useState<ShownKeyChange | null>(null);
  const [result, setResult] = useState<KeyChangeResult | null>(null);
  const action = useAction();
  const blocked = row.signing && othersRemain === false;

  const remove = () =>
    void action.run(async () => {
      try {
        const which = { publicKey: row.publicKey, ...(row.signing ? { confirmRemovingSigningKey: true } : {}) };
        if (signsWithPasskey) {
          const review = await wallet.reviewKeyChange(accountId, { kind: 'remove', ...which });
          setShown({ preview: worded(review.preview), reviewed: review.reviewed });
        } else setResult(await wallet.removeKey({ accountId, ...which }));
      } finally {
        onChanged();
      }
    });
  const reviewed = (r: KeyChangeResult) => {
    setShown(null);
    setResult(r);
    onChanged();
  };

  return (
    <Dialog title="Remove this key?" onClose={onClose} testid="key-remove-dialog">
      {shown && !result && (
        <KeyChangeReview
          accountId={accountId}
          change="remove"
          shown={shown}
          onResult={reviewed}
          onCancel={onClose}
          testid="key-remove"
        />
      )}
      {!result && !shown && (
        <>
          <p>
            <code title={row.publicKey}>{shortKey(row.publicKey)}</code> will no longer be able to sign for this account
            on the verifier. The wallet signs a remove_public_key intent and publishes it, then deletes this key’s
            secret from this device when another local key remains. Export it first if you still need it.
          </p>
          {row.signing && (
            <Warning testid="key-remove-signing-warning">
              <p>
                <strong>This is the key this wallet signs with.</strong> Another key registered for the account must
                remain, or the account can no longer sign intents. Safer: use “Use for signing” on another key first.
              </p>
              {blocked && <p>No other registered key remains: add a key first.</p>}
            </Warning>
          )}
          {row.signing && !blocked && (
            <Checkbox
              checked={sure}
              onChecked={setSure}
              testid="key-remove-confirm-signing"
              label="I understand: remove the signing key"
            />
          )}
          <div class="actions">
            <button type="button" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              class="danger"
              disabled={action.busy || blocked || (row.signing && !sure)}
              onClick={remove}
              data-testid="key-remove-submit"
            >
              {action.busy
                ? signsWithPasskey
                  ? 'Preparing…'
                  : 'Removing…'
                : signsWithPasskey
                  ? 'Review'
                  : 'Remove key'}
            </button>
          </div>
        </>
      )}
      <KeyChangeOutcome
        change="remove"
        busy={action.busy && !signsWithPasskey}
        result={result}
        error={action.error}
        testid="key-remove"
        onClose={onClose}
      />
    </Dialog>
  );
}
