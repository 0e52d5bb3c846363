import { PasswordUnlockForm } from '../components/PasswordUnlockForm';
import { Screen } from '../components/Screen';

/** The popup's lock screen. */
export function Unlock({ onUnlocked }: { onUnlocked(): void }) {
  return (
    <Screen title="Unlock" testid="unlock">
      <PasswordUnlockForm testid="unlock" onUnlocked={onUnlocked} />
    </Screen>
  );
}
