import { BackgroundStatus } from '../components/BackgroundStatus';

export function Popup() {
  return (
    <main>
      <h1>Intents Companion</h1>
      <BackgroundStatus />
    </main>
  );
}
