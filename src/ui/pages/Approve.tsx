import { BackgroundStatus } from '../components/BackgroundStatus';

export function Approve() {
  return (
    <main>
      <h1>Approve request</h1>
      <BackgroundStatus />
    </main>
  );
}
