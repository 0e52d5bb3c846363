import { PasswordUnlockForm } from '../components/PasswordUnlockForm';
import { Screen } from '../components/Screen';
import { lazy } from '../lazy';

// Its own chunk: the lock screen is a first screen, carried by the popup's one script
// (test/e2e/first-screen.spec.ts); the erase and its dialog load behind it.
const EraseWallet = lazy(() => import('../components/EraseWallet').then((m) => m.EraseWallet));

/** The popup's lock screen. */
export function Unlock({ onUnlocked, onErased }: { onUnlocked(): void; onErased(): void }) {
  return (
    <Screen title="Unlock" testid="unlock">
      <PasswordUnlockForm testid="unlock" onUnlocked={onUnlocked} />
      <details class="more" data-testid="unlock-forgot">
        <summary data-testid="unlock-forgot-toggle">Forgot password?</summary>
        <p>
          The password cannot be reset or recovered: it is what encrypts your keys on this device, and nobody else has
          it.
        </p>
        <p>
          To get back in, erase this wallet from this device, then choose <strong>Import recovery phrase</strong> and
          type your recovery phrase; you then set a new password. Accounts you added from the phrase come back with Add
          account, in the same order.
        </p>
        <p class="hint">
          An account whose key came from elsewhere (an imported key, or a Quick key without a phrase) comes back only
          with that key: without it, what it holds stays out of reach.
        </p>
        <EraseWallet onErased={onErased} />
      </details>
    </Screen>
  );
}
