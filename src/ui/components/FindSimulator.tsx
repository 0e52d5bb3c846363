// Settings → Advanced → Network → Find simulator: points the Local preset at the simulator running on this computer,
// with its message-bus key and JWT (src/background/wallet/simulatorDiscovery.ts; docs/dapps.md).
import { useState } from 'preact/hooks';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';

/** Empty is fine (the usual ports are tried); else a port number. */
function portProblem(text: string): string | null {
  if (!text.trim()) return null;
  const n = Number(text.trim());
  return /^\d{1,5}$/.test(text.trim()) && n >= 1 && n <= 65535 ? null : t('simulator_portProblem', '1', '65535');
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
      setStatus(t('simulator_found', `127.0.0.1:${used}`));
    });
  };

  return (
    <section class="group" aria-labelledby="settings-find-simulator">
      <h3 id="settings-find-simulator">{t('simulator_find')}</h3>
      <form onSubmit={find} noValidate>
        <TextField
          label={t('simulator_port')}
          verbatim
          inputMode="numeric"
          value={port}
          onValue={setPort}
          testid="settings-simulator-port"
          error={tried ? problem : null}
          hint={t('simulator_portHint', '3999', '4009')}
        />
        <FormFooter
          busy={action.busy}
          label={t('simulator_find')}
          busyLabel={t('simulator_looking')}
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
