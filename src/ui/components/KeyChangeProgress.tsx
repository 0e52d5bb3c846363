// The stages of adding or removing a key on the verifier, and the outcome. The background answers
// once, at the end, so while it works every stage shows as under way, with the time elapsed.
import { useEffect, useState } from 'preact/hooks';
import type { KeyChangeResult } from '../../api/walletApi';
import { shortKey } from '../format';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { ErrorAlert } from './Notice';

export type KeyChange = 'add' | 'remove';

interface Props {
  change: KeyChange;
  busy: boolean;
  result: KeyChangeResult | null;
}

const STAGES = (change: KeyChange) => [
  t('keyChange_signing', change === 'add' ? 'add_public_key' : 'remove_public_key'),
  t('keyChange_publishing'),
  t('keyChange_settling'),
  t('keyChange_checking'),
];

export function KeyChangeProgress({ change, busy, result }: Props) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!busy) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [busy]);
  if (!busy && !result) return null;

  const done = !busy && result !== null;
  const expected = change === 'add';
  // `confirmed`: the verifier's has_public_key agrees with the change (true after an add, false after a remove).
  const ok = done && result.confirmed;
  return (
    <div class="progress" data-testid="key-change-progress" aria-busy={busy}>
      <ol class="stages">
        {STAGES(change).map((stage) => (
          <li key={stage} class={done ? 'done' : 'running'}>
            {stage}
            {done ? ' ✓' : '…'}
          </li>
        ))}
      </ol>
      <p role="status" data-testid="key-change-status" class={done && !ok ? 'alert' : 'status'}>
        {busy && t('keyChange_working', numberStyle().whole(String(seconds)))}
        {done &&
          (ok
            ? t(expected ? 'keyChange_confirmedAdded' : 'keyChange_confirmedRemoved', shortKey(result.publicKey))
            : t(
                expected ? 'keyChange_notYetAdded' : 'keyChange_notYetRemoved',
                result.status,
                shortKey(result.publicKey),
              ))}
      </p>
      {done && (
        <p class="hint" data-testid="key-change-result">
          {t('keyChange_statusIntent', result.status)}{' '}
          <code title={result.intentHash}>{shortKey(result.intentHash)}</code>
        </p>
      )}
    </div>
  );
}

interface KeyChangeOutcomeProps extends Props {
  error: string | null;
  /** Prefix of the test ids: `${testid}-error`, `${testid}-done`. */
  testid: string;
  onClose(): void;
}

/** Below a key dialog's form: the progress, the error, and once there is a result, Done. */
export function KeyChangeOutcome({ change, busy, result, error, testid, onClose }: KeyChangeOutcomeProps) {
  return (
    <>
      <KeyChangeProgress change={change} busy={busy} result={result} />
      <ErrorAlert message={error} testid={`${testid}-error`} />
      {result && (
        <div class="actions">
          <button type="button" class="primary" onClick={onClose} data-testid={`${testid}-done`} data-autofocus="">
            {t('settings_done')}
          </button>
        </div>
      )}
    </>
  );
}
