import { useEffect, useState } from 'preact/hooks';
import { askBackground } from '../messaging';

/** One status line: does the background answer a ping? (Placeholder until the real pages land.) */
export function BackgroundStatus() {
  const [status, setStatus] = useState('Background: checking…');
  useEffect(() => {
    let live = true;
    void askBackground({ type: 'ping' }).then((reply) => {
      if (live) setStatus(reply.ok ? 'Background: ready' : `Background: unreachable (${reply.error.message})`);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <p class="status" role="status" data-testid="background-status">
      {status}
    </p>
  );
}
