// Guided rotation of a leaked key: add a new key, make it the signing key, remove the old one.
import { useState } from 'preact/hooks';
import type { KeyChangeResult } from '../../api/walletApi';
import { shortKey } from '../format';
import { t } from '../i18n';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Dialog } from './Dialog';
import { KeyChangeProgress } from './KeyChangeProgress';
import { ErrorAlert, Warning } from './Notice';

interface Props {
  accountId: string;
  implicit: boolean;
  /** The leaked key. */
  publicKey: string;
  onClose(): void;
  onChanged(): void;
}

type Step = 1 | 2 | 3;

export function RotateKeyDialog({ accountId, implicit, publicKey, onClose, onChanged }: Props) {
  const [step, setStep] = useState<Step>(1);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [added, setAdded] = useState<KeyChangeResult | null>(null);
  const [removed, setRemoved] = useState<KeyChangeResult | null>(null);
  const action = useAction();

  const addNew = () =>
    void action.run(async () => {
      try {
        const result = await wallet.addKey({ accountId });
        setAdded(result);
        setNewKey(result.publicKey);
        setStep(2);
      } finally {
        onChanged();
      }
    });
  const useNew = () =>
    void action.run(async () => {
      if (!newKey) return;
      await wallet.useSigningKey(accountId, newKey);
      onChanged();
      setStep(3);
    });
  const removeOld = () =>
    void action.run(async () => {
      try {
        const result = await wallet.removeKey({ accountId, publicKey });
        setRemoved(result);
      } finally {
        onChanged();
      }
    });

  const stepClass = (n: Step) =>
    step > n || (n === 3 && removed?.confirmed) ? 'step done' : step === n ? 'step current' : 'step';
  return (
    <Dialog title={t('rotate_title')} onClose={onClose} testid="rotate-dialog">
      <p title={publicKey}>{t('rotate_intro', shortKey(publicKey))}</p>
      {implicit && <Warning testid="rotate-implicit-note">{t('rotate_implicit')}</Warning>}
      <ol class="steps">
        <li class={stepClass(1)} aria-current={step === 1 ? 'step' : undefined}>
          <strong>{t('rotate_step1')}</strong> {t('rotate_step1More')}
          {newKey && (
            <span class="hint">
              {' '}
              {t('rotate_newKey')} <code title={newKey}>{shortKey(newKey)}</code>
            </span>
          )}
          {step === 1 && (
            <div class="actions">
              <button type="button" class="primary" disabled={action.busy} onClick={addNew} data-testid="rotate-add">
                {t('rotate_addNew')}
              </button>
            </div>
          )}
        </li>
        <li class={stepClass(2)} aria-current={step === 2 ? 'step' : undefined}>
          <strong>{t('rotate_step2')}</strong> {t('rotate_step2More')}
          {step === 2 && (
            <div class="actions">
              <button type="button" class="primary" disabled={action.busy} onClick={useNew} data-testid="rotate-use">
                {t('rotate_useNew')}
              </button>
            </div>
          )}
        </li>
        <li class={stepClass(3)} aria-current={step === 3 ? 'step' : undefined}>
          <strong>{t('rotate_step3')}</strong> {t('rotate_step3More')}
          {step === 3 && !removed && (
            <div class="actions">
              <button
                type="button"
                class="danger"
                disabled={action.busy}
                onClick={removeOld}
                data-testid="rotate-remove"
              >
                {t('rotate_removeOld')}
              </button>
            </div>
          )}
        </li>
      </ol>
      {step === 1 && <KeyChangeProgress change="add" busy={action.busy} result={null} />}
      {step === 2 && <KeyChangeProgress change="add" busy={false} result={added} />}
      {step === 3 && <KeyChangeProgress change="remove" busy={action.busy} result={removed} />}
      <ErrorAlert message={action.error} testid="rotate-error" />
      {removed?.confirmed && (
        <p role="status" data-testid="rotate-finished">
          {t('rotate_finished')}
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={onClose} data-testid="rotate-close">
          {removed ? t('settings_done') : t('common_close')}
        </button>
      </div>
    </Dialog>
  );
}
