// The review of a key change for an account that signs with a passkey (docs/security.md, "Passkey
// accounts"): the exact add_public_key / remove_public_key payload, shown with the approval window's own
// component and risk rules, as Send shows a transfer. Confirm asks the passkey to sign that payload, and the
// background checks the answer, has the verifier simulate it, publishes it and follows it to the end.
import { useState } from 'preact/hooks';
import type { IntentsPreview } from '../../api/approvalApi';
import type { KeyChangeResult } from '../../api/walletApi';
import { IntentsBody } from '../approve/IntentsBody';
import { intentsGate } from '../approve/view';
import '../approve/approve.css';
import { t } from '../i18n';
import { assertionFor } from '../passkey';
import { useAction } from '../useAction';
import { wallet } from '../wallet';
import { Checkbox } from './Field';
import { type KeyChange, KeyChangeProgress } from './KeyChangeProgress';
import { ErrorAlert } from './Notice';

export interface ShownKeyChange {
  preview: IntentsPreview;
  /** The name of the payload shown, which Confirm sends back (src/background/signing/reviewed.ts). */
  reviewed: string;
}

interface Props {
  accountId: string;
  change: KeyChange;
  shown: ShownKeyChange;
  onResult(result: KeyChangeResult): void;
  onCancel(): void;
  /** Prefix of the test ids: `${testid}-confirm`, `${testid}-confirm-error`, `${testid}-ack`. */
  testid: string;
}

export function KeyChangeReview({ accountId, change, shown, onResult, onCancel, testid }: Props) {
  const [acknowledged, setAcknowledged] = useState(false);
  const confirm = useAction();
  const gate = intentsGate(shown.preview);
  const go = () =>
    void confirm.run(async () => {
      const passkey = await assertionFor(shown.preview);
      onResult(await wallet.confirmKeyChange(accountId, shown.reviewed, gate.needsAck && acknowledged, passkey));
    });
  return (
    <div data-testid={`${testid}-review`}>
      <IntentsBody preview={shown.preview} publish now={Date.now()} />
      {gate.blocked && (
        <p class="alert" role="alert" data-testid={`${testid}-blocked`}>
          <strong>{t('keyChange_blocked')}</strong> {gate.blocked}
        </p>
      )}
      {gate.needsAck && (
        <Checkbox
          label={t('keyChange_ack')}
          checked={acknowledged}
          onChecked={setAcknowledged}
          testid={`${testid}-ack`}
        />
      )}
      <p class="hint">{t('keyChange_confirmNote')}</p>
      <KeyChangeProgress change={change} busy={confirm.busy} result={null} />
      <ErrorAlert message={confirm.error} testid={`${testid}-confirm-error`} />
      <div class="actions">
        <button type="button" onClick={onCancel} disabled={confirm.busy}>
          {t('settings_cancel')}
        </button>
        <button
          type="button"
          class={change === 'remove' ? 'danger' : 'primary'}
          disabled={confirm.busy || gate.blocked !== null || (gate.needsAck && !acknowledged)}
          onClick={go}
          data-testid={`${testid}-confirm`}
          data-autofocus
        >
          {confirm.busy ? t('accounts_waitingPasskey') : t('keyChange_confirm')}
        </button>
      </div>
    </div>
  );
}
