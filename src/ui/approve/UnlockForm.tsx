// The wallet is locked: the password first, inside this window, then the request.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { PasswordUnlockForm } from '../components/PasswordUnlockForm';
import { focusFirstField } from '../focus';

export function UnlockForm({ onUnlocked }: { onUnlocked(): void }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => focusFirstField(ref.current), []);
  return (
    <section class="req-body" aria-label="Unlock" ref={ref}>
      <h2>Unlock the wallet to review this request</h2>
      <PasswordUnlockForm testid="approval-unlock" clearOnUnlock onUnlocked={onUnlocked} />
    </section>
  );
}
