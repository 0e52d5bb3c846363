// "Forgot password?" on the lock screen: erase this wallet from the device, then restore it from the
// recovery phrase. Nothing is erased before the person confirms, in a dialog that says what goes and what
// stays; the background then clears the wallet (src/background/wallet/erase.ts) and the popup goes on to
// the restore from the phrase.
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Dialog } from './Dialog';
import { Checkbox } from './Field';
import { ErrorAlert, Warning } from './Notice';

export function EraseWallet({ onErased }: { onErased(): void }) {
  const [asking, setAsking] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const action = useAction();
  const close = () => {
    setAsking(false);
    setUnderstood(false);
  };
  const erase = () =>
    void action.run(async () => {
      await wallet.erase();
      onErased();
    });
  return (
    <>
      <button type="button" class="danger" onClick={() => setAsking(true)} data-testid="erase-start">
        {t('erase_start')}
      </button>
      {asking && (
        <Dialog title={t('erase_title')} onClose={close} testid="erase-dialog">
          <Warning>
            <strong>{t('erase_warningLead')}</strong> {t('erase_warningWhat')}
          </Warning>
          <p>{t('erase_funds')}</p>
          <p>{t('erase_next')}</p>
          <Checkbox
            label={t('erase_understood')}
            checked={understood}
            onChecked={setUnderstood}
            testid="erase-understood"
          />
          <ErrorAlert message={action.error} testid="erase-error" />
          <div class="actions">
            <button type="button" onClick={close} data-testid="erase-cancel">
              {t('erase_cancel')}
            </button>
            <button
              type="button"
              class="danger"
              disabled={!understood || action.busy}
              onClick={erase}
              data-testid="erase-confirm"
            >
              {t('erase_confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
