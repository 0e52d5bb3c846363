// The password form that unlocks the wallet: the popup's Unlock screen and the approval window's.
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';

interface PasswordUnlockFormProps {
  /** Prefix of the test ids: `${testid}-password`, `${testid}-error`, `${testid}-submit`. */
  testid: string;
  /** Empty the password field once unlocked (where the form stays on screen). */
  clearOnUnlock?: boolean;
  onUnlocked(): void;
}

/** Password in, wallet unlocked; wrong passwords and the growing wait after them are the background's words. */
export function PasswordUnlockForm({ testid, clearOnUnlock = false, onUnlocked }: PasswordUnlockFormProps) {
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError(t('unlock_enterPassword'));
    void action.run(async () => {
      await wallet.unlock(password);
      if (clearOnUnlock) setPassword('');
      onUnlocked();
    });
  };
  return (
    <form onSubmit={submit}>
      <TextField
        label={t('unlock_password')}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
        required
        testid={`${testid}-password`}
        error={null}
      />
      <FormFooter
        busy={action.busy}
        label={t('unlock_submit')}
        busyLabel={t('unlock_busy')}
        submitTestid={`${testid}-submit`}
        error={action.error}
        errorTestid={`${testid}-error`}
      />
    </form>
  );
}
