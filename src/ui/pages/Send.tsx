// Send from the intents account to another intents account: the account, the token (from what the
// account holds, with Max) and the amount as people write it; Review shows the transfer with the
// approval window's own component and risk rules (one component, two hosts); Confirm signs that very
// payload, publishes it on the bus, and the status is followed until it settles.
import { useEffect, useState } from 'preact/hooks';
import type { IntentsPreview } from '../../api/approvalApi';
import type { BalanceRow, IntentStatusView } from '../../api/walletApi';
import { IntentsBody } from '../approve/IntentsBody';
import { intentsGate } from '../approve/view';
import { worded } from '../approve/worded';
import '../approve/approve.css';
import { accountIdProblem } from '../addresses';
import { heldAmountText } from '../amountText';
import { AmountField, readHeldAmount } from '../components/AmountField';
import { ContactPicker, SaveContact } from '../components/ContactPicker';
import { Dialog } from '../components/Dialog';
import { Checkbox, SelectField, TextField } from '../components/Field';
import { FailureAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { assertionFor } from '../passkey';
import { useAction } from '../useAction';
import { wallet } from '../wallet';

/** How often the popup asks the bus about a sent transfer until it settles. */
export const SEND_STATUS_MS = 1500;

/** A sent transfer's status in words: Activity's words, but for SETTLED, which says where the tokens are. */
const STATUS_WORDS: Record<IntentStatusView['status'], () => string> = {
  PENDING: () => t('intent_PENDING'),
  TX_BROADCASTED: () => t('intent_TX_BROADCASTED'),
  SETTLED: () => t('send_status_SETTLED'),
  NOT_FOUND_OR_NOT_VALID: () => t('intent_NOT_FOUND_OR_NOT_VALID'),
};

export function Send({ rows, onBack, onSent }: { rows: BalanceRow[]; onBack(): void; onSent(): void }) {
  const [to, setTo] = useState('');
  const [tokenId, setTokenId] = useState(rows[0]?.assetId ?? '');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  // The review on screen and the name of its payload, which Confirm sends back (signing/reviewed).
  const [shown, setShown] = useState<{ preview: IntentsPreview; reviewed: string } | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [sent, setSent] = useState<{ intentHash: string; status: IntentStatusView['status'] } | null>(null);
  const review = useAction();
  const confirm = useAction();
  const token = rows.find((r) => r.assetId === tokenId);

  const toProblem = !to.trim() ? t('send_enterAccount') : accountIdProblem(to.trim(), 'addrSubject_receivingAccount');
  const { units, problem: amountProblem } = readHeldAmount(amount, token);

  // Follow the sent transfer until the bus has a final word.
  useEffect(() => {
    if (!sent || sent.status === 'SETTLED' || sent.status === 'NOT_FOUND_OR_NOT_VALID') return;
    const timer = setInterval(() => {
      void wallet.intentStatus(sent.intentHash).then(
        (s) => {
          setSent({ intentHash: sent.intentHash, status: s.status });
          if (s.status === 'SETTLED') onSent();
        },
        () => undefined,
      );
    }, SEND_STATUS_MS);
    return () => clearInterval(timer);
  }, [sent?.intentHash, sent?.status]);

  const prepare = (units: bigint) =>
    void review.run(async () => {
      const { preview, reviewed } = await wallet.previewSend({
        receiverId: to.trim(),
        tokenId,
        amount: units.toString(),
      });
      setAcknowledged(false);
      setShown({ preview: worded(preview), reviewed });
    });
  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (toProblem || amountProblem || units === null) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    prepare(units);
  };
  const retryReview = () => {
    if (!toProblem && !amountProblem && units !== null) prepare(units);
  };
  const gate = intentsGate(shown?.preview);
  const send = (reviewed: string, preview: IntentsPreview) =>
    void confirm.run(async () => {
      const out = await wallet.send(reviewed, gate.needsAck && acknowledged, await assertionFor(preview));
      setShown(null);
      setSent({ intentHash: out.intentHash, status: 'PENDING' });
    });

  return (
    <Screen title={t('action_send')} testid="send" focusHeading>
      {sent ? (
        <div class="group" data-testid="send-status" data-status={sent.status}>
          <p>{STATUS_WORDS[sent.status]()}</p>
          <p class="hint">
            {t('send_intent')} <code>{sent.intentHash}</code>
          </p>
          <SaveContact chains={['home']} address={to.trim()} testid="send-save-contact" />
          <div class="actions">
            <button type="button" onClick={onBack} data-testid="send-done">
              {t('send_backToWallet')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate data-testid="send-form">
          <ContactPicker current={to} chain="home" onPick={(c) => setTo(c.address)} testid="send-contact" />
          <TextField
            label={t('send_to')}
            value={to}
            onValue={setTo}
            verbatim
            testid="send-to"
            error={tried ? toProblem : null}
          />
          <SelectField
            label={t('send_token')}
            options={rows.map((r) => ({ value: r.assetId, label: t('send_tokenOption', r.symbol, heldAmountText(r)) }))}
            value={tokenId}
            onValue={setTokenId}
            testid="send-token"
          />
          <AmountField
            token={token}
            value={amount}
            onValue={setAmount}
            error={tried || amount ? amountProblem : null}
            testid="send"
          />
          <FailureAlert
            trouble={review.trouble('review')}
            onRetry={retryReview}
            retrying={review.busy}
            testid="send-error"
          />
          <StatusLine testid="send-busy">{review.busy ? t('send_preparing') : ''}</StatusLine>
          <div class="actions">
            <button type="button" onClick={onBack} data-testid="send-back">
              {t('send_back')}
            </button>
            <button type="submit" class="primary" disabled={review.busy} data-testid="send-review">
              {t('send_review')}
            </button>
          </div>
        </form>
      )}
      {shown && (
        <Dialog title={t('send_dialogTitle')} onClose={() => setShown(null)} testid="send-dialog">
          <IntentsBody preview={shown.preview} publish now={Date.now()} />
          {gate.blocked && (
            <p class="alert" role="alert" data-testid="send-blocked">
              <strong>{t('popupSign_blocked')}</strong> {gate.blocked}
            </p>
          )}
          {gate.needsAck && (
            <Checkbox label={t('popupSign_ack')} checked={acknowledged} onChecked={setAcknowledged} testid="send-ack" />
          )}
          <FailureAlert trouble={confirm.trouble('send')} testid="send-dialog-error" />
          <div class="actions">
            <button type="button" onClick={() => setShown(null)} data-testid="send-cancel">
              {t('send_cancel')}
            </button>
            <button
              type="button"
              class="primary"
              disabled={confirm.busy || gate.blocked !== null || (gate.needsAck && !acknowledged)}
              onClick={() => send(shown.reviewed, shown.preview)}
              data-testid="send-confirm"
              data-autofocus
            >
              {confirm.busy ? t('send_sending') : t('send_signAndSend')}
            </button>
          </div>
        </Dialog>
      )}
    </Screen>
  );
}
