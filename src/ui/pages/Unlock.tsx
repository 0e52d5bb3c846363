import { PasswordUnlockForm } from '../components/PasswordUnlockForm';
import { Screen } from '../components/Screen';
import { t } from '../i18n';
import { lazy } from '../lazy';

// Its own chunk: the lock screen is a first screen, carried by the popup's one script
// (test/e2e/first-screen.spec.ts); the erase and its dialog load behind it.
const EraseWallet = lazy(() => import('../components/EraseWallet').then((m) => m.EraseWallet));

/** The popup's lock screen. */
export function Unlock({ onUnlocked, onErased }: { onUnlocked(): void; onErased(): void }) {
  return (
    <Screen title={t('unlock_title')} testid="unlock">
      <PasswordUnlockForm testid="unlock" onUnlocked={onUnlocked} />
      <details class="more" data-testid="unlock-forgot">
        <summary data-testid="unlock-forgot-toggle">{t('forgot_toggle')}</summary>
        <p>{t('forgot_cannotReset')}</p>
        {/* One message, the way's name within it (a text check reads each text node as one message). */}
        <p>{t('forgot_howBack', t('onboard_importPhraseTitle'))}</p>
        <p class="hint">{t('forgot_otherKeys')}</p>
        <EraseWallet onErased={onErased} />
      </details>
    </Screen>
  );
}
