// Settings → Advanced → Network → Find simulator: points the Local preset at the simulator running on this computer,
// with its message-bus key and JWT (src/background/wallet/simulatorDiscovery.ts; docs/dapps.md).
import { useState } from 'preact/hooks';
import { focusFirstInvalidSoon } from '../focus';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';

/** Empty is fine (the usual ports are tried); else a port number. */
function portProblem(text: string): string | null {
  if (!text.trim()) return null;
  const n = Number(text.trim());
  return /^\d{1,5}$/.test(text.trim()) && n >= 1 && n <= 65535
    ? null
    : 'Enter a port from 1 to 65535, or leave it empty';
}

export function FindSimulator({ onFound }: { onFound(): Promise<void> }) {
  const [port, setPort] = useState('');
  const [tried, setTried] = useState(false);
  const [status, setStatus] = useState('');
  const action = useAction();
  const problem = portProblem(port);

  const find = (e: Event) => {
    e.preventDefault();
    setTried(true);
    setStatus('');
    if (problem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      const used = await wallet.findSimulator(port.trim() ? Number(port.trim()) : undefined);
      await onFound();
      setStatus(`Local: the simulator on 127.0.0.1:${used}, with its message-bus key and JWT.`);
    });
  };

  return (
    <section class="group" aria-labelledby="settings-find-simulator">
      <h3 id="settings-find-simulator">Find simulator</h3>
      <form onSubmit={find} noValidate>
        <TextField
          label="Simulator port (optional)"
          verbatim
          inputMode="numeric"
          value={port}
          onValue={setPort}
          testid="settings-simulator-port"
          error={tried ? problem : null}
          hint="The port npm run sim printed. Empty: ports 3999 to 4009 of this computer are tried. Only 127.0.0.1 is ever asked."
        />
        <FormFooter
          busy={action.busy}
          label="Find simulator"
          busyLabel="Looking…"
          submitTestid="settings-find-simulator"
          error={action.error}
          errorTestid="settings-find-simulator-error"
          status={status}
          statusTestid="settings-find-simulator-status"
        />
      </form>
    </section>
  );
}
