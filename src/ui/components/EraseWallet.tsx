// "Forgot password?" on the lock screen: erase this wallet from the device, then restore it from the
// recovery phrase. Nothing is erased before the person confirms, in a dialog that says what goes and what
// stays; the background then clears the wallet (src/background/wallet/erase.ts) and the popup goes on to
// the restore from the phrase.
import { useState } from 'preact/hooks';
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
        Erase this wallet and restore…
      </button>
      {asking && (
        <Dialog title="Erase this wallet from this device?" onClose={close} testid="erase-dialog">
          <Warning>
            <strong>This erases the wallet on this device:</strong> its keys, accounts, connected sites and history. It
            cannot be undone.
          </Warning>
          <p>
            Your funds stay on the accounts. To use them again you need your <strong>recovery phrase</strong>, or the
            secret keys you exported for accounts the phrase does not cover. Without them, what those accounts hold
            stays out of reach.
          </p>
          <p>Next you type your recovery phrase and choose a new password.</p>
          <Checkbox
            label="I have my recovery phrase or exported keys"
            checked={understood}
            onChecked={setUnderstood}
            testid="erase-understood"
          />
          <ErrorAlert message={action.error} testid="erase-error" />
          <div class="actions">
            <button type="button" onClick={close} data-testid="erase-cancel">
              Cancel
            </button>
            <button
              type="button"
              class="danger"
              disabled={!understood || action.busy}
              onClick={erase}
              data-testid="erase-confirm"
            >
              Erase this wallet
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
