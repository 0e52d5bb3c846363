// The wallet is locked: the password first, inside this window, then the request.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { TextField } from '../components/Field';
import { focusFirstField } from '../focus';
import { ErrorAlert } from '../components/Notice';
import { useAction } from '../useAction';
import { wallet } from '../wallet';

export function UnlockForm({ onUnlocked }: { onUnlocked(): void }) {
  const [password, setPassword] = useState('');
  const action = useAction();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => focusFirstField(ref.current), []);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!password) return action.setError('Enter your password');
    void action.run(async () => {
      await wallet.unlock(password);
      setPassword('');
      onUnlocked();
    });
  };
  return (
    <section class="req-body" aria-label="Unlock" ref={ref}>
      <h2>Unlock the wallet to review this request</h2>
      <form onSubmit={submit}>
        <TextField
          label="Password"
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          required
          testid="approval-unlock-password"
          error={null}
        />
        <ErrorAlert message={action.error} testid="approval-unlock-error" />
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy} data-testid="approval-unlock-submit">
            {action.busy ? 'Unlocking…' : 'Unlock'}
          </button>
        </div>
      </form>
    </section>
  );
}
