import { useState } from 'preact/hooks';
import { shortKey } from '../format';
import { t } from '../i18n';
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
    if (!password) return action.setError(t('settings_enterPassword'));
    void action.run(async () => setSecret(await wallet.exportKey(publicKey, password)));
  };
  return (
    <Dialog title={t('export_title')} onClose={onClose} testid="export-dialog">
      <Warning>
        <strong>{t('export_warning')}</strong> {t('export_warningMore')}
      </Warning>
      <p>
        {t('export_key')} <code title={publicKey}>{shortKey(publicKey)}</code>
      </p>
      <p class="hint">{t('export_keepOffline')}</p>
      {secret === null ? (
        <form onSubmit={submit}>
          <TextField
            label={t('settings_password')}
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            testid="export-password"
          />
          <ErrorAlert message={action.error} testid="export-error" />
          <div class="actions">
            <button type="button" onClick={onClose}>
              {t('settings_cancel')}
            </button>
            <button type="submit" class="primary" disabled={action.busy} data-testid="export-submit">
              {t('export_show')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <SecretText>
            <TextField
              label={t('keys_secretKey')}
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
              {t('settings_done')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
