// The wallet is locked: the password first, inside this window, then the request.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { PasswordUnlockForm } from '../components/PasswordUnlockForm';
import { focusFirstField } from '../focus';
import { t } from '../i18n';

export function UnlockForm({ onUnlocked }: { onUnlocked(): void }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => focusFirstField(ref.current), []);
  return (
    <section class="req-body" aria-label={t('approve_unlockLabel')} ref={ref}>
      <h2>{t('approve_unlockHeading')}</h2>
      <PasswordUnlockForm testid="approval-unlock" clearOnUnlock onUnlocked={onUnlocked} />
    </section>
  );
}
