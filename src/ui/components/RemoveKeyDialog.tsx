import { useState } from 'preact/hooks';
import type { KeyChangeResult } from '../../api/walletApi';
import { worded } from '../approve/worded';
import { shortKey } from '../format';
import { t } from '../i18n';
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
  /**
   * The change is signed by a passkey, so it is reviewed and confirmed at the authenticator
   * (./KeyChangeReview.tsx): the account signs with a passkey, or this is its signing key and the key that
   * takes over is a passkey (src/core/signingSuccessor.ts).
   */
  passkeySigns: boolean;
  /** The name of the passkey that takes over from this signing key, which then signs for the account. */
  passkeyTakesOver?: string | undefined;
  onClose(): void;
  onChanged(): void;
}

/** Removes a key from the verifier with a remove_public_key intent; the signing key needs an extra yes. */
export function RemoveKeyDialog({
  accountId,
  row,
  othersRemain,
  passkeySigns,
  passkeyTakesOver,
  onClose,
  onChanged,
}: Props) {
  const [sure, setSure] = useState(false);
  const [shown, setShown] = useState<ShownKeyChange | null>(null);
  const [result, setResult] = useState<KeyChangeResult | null>(null);
  const action = useAction();
  const blocked = row.signing && othersRemain === false;

  const remove = () =>
    void action.run(async () => {
      try {
        const which = { publicKey: row.publicKey, ...(row.signing ? { confirmRemovingSigningKey: true } : {}) };
        if (passkeySigns) {
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
    <Dialog title={t('keys_removeTitle')} onClose={onClose} testid="key-remove-dialog">
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
          <p title={row.publicKey}>{t('keys_removeText', shortKey(row.publicKey), 'remove_public_key')}</p>
          {row.signing && (
            <Warning testid="key-remove-signing-warning">
              <p>
                <strong>{t('keys_removeSigningWarning')}</strong> {t('keys_removeSigningMore', t('keys_useForSigning'))}
              </p>
              {blocked && <p>{t('keys_noOtherKey')}</p>}
              {passkeyTakesOver !== undefined && (
                <p data-testid="key-remove-passkey-takes-over">{t('keys_passkeyTakesOver', passkeyTakesOver)}</p>
              )}
            </Warning>
          )}
          {row.signing && !blocked && (
            <Checkbox
              checked={sure}
              onChecked={setSure}
              testid="key-remove-confirm-signing"
              label={t('keys_removeSigningConfirm')}
            />
          )}
          <div class="actions">
            <button type="button" onClick={onClose}>
              {t('settings_cancel')}
            </button>
            <button
              type="button"
              class="danger"
              disabled={action.busy || blocked || (row.signing && !sure)}
              onClick={remove}
              data-testid="key-remove-submit"
            >
              {action.busy
                ? passkeySigns
                  ? t('keys_preparing')
                  : t('keys_removing')
                : passkeySigns
                  ? t('keys_review')
                  : t('keys_removeKey')}
            </button>
          </div>
        </>
      )}
      <KeyChangeOutcome
        change="remove"
        busy={action.busy && !passkeySigns}
        result={result}
        error={action.error}
        testid="key-remove"
        onClose={onClose}
      />
    </Dialog>
  );
}
