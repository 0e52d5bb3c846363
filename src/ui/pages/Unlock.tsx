import { useState } from 'preact/hooks';
import { TextField } from '../components/Field';
import { ErrorAlert } from '../components/Notice';
import { Screen } from '../components/Screen';
import { useAction } from '../useAction';
import { wallet } from '../wallet';

/** Password in, wallet unlocked; wrong passwords and the growing wait after them are the background's words. */
export function Unlock({ onUnlocked }: { onUnlocked(): void }) {
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError('Enter your password');
    void action.run(async () => {
      await wallet.unlock(password);
      onUnlocked();
    });
  };
  return (
    <Screen title="Unlock" testid="unlock">
      <form onSubmit={submit}>
        <TextField
          label="Password"
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          required
          testid="unlock-password"
          error={null}
        />
        <ErrorAlert message={action.error} testid="unlock-error" />
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy} data-testid="unlock-submit">
            {action.busy ? 'Unlocking…' : 'Unlock'}
          </button>
        </div>
      </form>
    </Screen>
  );
}
