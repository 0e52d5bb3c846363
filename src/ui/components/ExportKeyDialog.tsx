import { useState } from 'preact/hooks';
import { shortKey } from '../format';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { SecretText } from './ClipboardNote';
import { CopyButton } from './CopyButton';
import { Dialog } from './Dialog';
import { TextField } from './Field';
import { ErrorAlert, Warning } from './Notice';

/**
 * Shows a local key's secret after the password is entered again. The secret lives only in this dialog,
 * and a copy of it only until the clipboard guard clears it (src/ui/clipboard.ts).
 */
export function ExportKeyDialog({ publicKey, onClose }: { publicKey: string; onClose(): void }) {
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError('Enter your password');
    void action.run(async () => setSecret(await wallet.exportKey(publicKey, password)));
  };
  return (
    <Dialog title="Export secret key" onClose={onClose} testid="export-dialog">
      <Warning>
        <strong>Anyone with this secret key controls the account.</strong> Never paste it into a website or share it;
        support staff will never ask for it.
      </Warning>
      <p>
        Key <code title={publicKey}>{shortKey(publicKey)}</code>
      </p>
      <p class="hint">
        Keep it offline, written down or in a password manager: without it (or a recovery phrase that covers it), a lost
        password or device loses the account.
      </p>
      {secret === null ? (
        <form onSubmit={submit}>
          <TextField
            label="Password"
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            testid="export-password"
          />
          <ErrorAlert message={action.error} testid="export-error" />
          <div class="actions">
            <button type="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" class="primary" disabled={action.busy} data-testid="export-submit">
              Show secret key
            </button>
          </div>
        </form>
      ) : (
        <>
          <SecretText>
            <TextField
              label="Secret key"
              value={secret}
              onValue={() => undefined}
              readOnly
              multiline
              verbatim
              testid="export-secret"
            />
          </SecretText>
          <CopyButton text={secret} secret testid="export-copy" />
          <div class="actions">
            <button type="button" class="primary" onClick={onClose} data-testid="export-done">
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
