// Paying an INTENTS swap from the intents account, in the popup: "Review" asks the background for the
// transfer that would pay it (written by the swap service or by the wallet, docs/services.md "Paying a
// swap from the intents account") and shows it with the approval window's own component and risk rules
// (src/ui/approve/IntentsBody.tsx, one component in two hosts); Confirm signs that very payload.
import { useEffect, useState } from 'preact/hooks';
import type { IntentsPreview } from '../../api/approvalApi';
import type { PaymentRoute, SwapRecordView } from '../../api/swapApi';
import { NETWORK_NAME, networkOfVerifier } from '../../core/network';
import { IntentsBody } from '../approve/IntentsBody';
import { intentsGate } from '../approve/view';
import { worded } from '../approve/worded';
import '../approve/approve.css';
import { assertionFor } from '../passkey';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { Dialog } from './Dialog';
import { Checkbox } from './Field';
import { FailureAlert, StatusLine } from './Notice';

const ROUTE_TEXT: Record<PaymentRoute, string> = {
  service:
    'The swap service wrote this transfer; the wallet checked that it pays exactly this swap, and the service carries it out once you sign.',
  bus: 'The wallet wrote this transfer; once you sign, it is published on the message bus.',
};

interface Shown {
  route: PaymentRoute;
  signed: boolean;
  preview: IntentsPreview;
  /** The name of the payload shown, which Confirm sends back (signing/reviewed). */
  reviewed: string;
}

interface PayFromIntentsProps {
  record: SwapRecordView;
  onPaid(r: SwapRecordView): void;
  /**
   * The swap form's one step: the review opens at once, with nothing else drawn; closing it (or a review
   * that could not be prepared) calls onClosed.
   */
  reviewNow?: boolean;
  onClosed?(): void;
  /** Where the swap delivers, for the review ("Then about 25 USDC arrive at 0x5a… on Ethereum."). */
  arrives?: string | null;
}

export function PayFromIntents({ record, onPaid, reviewNow = false, onClosed, arrives }: PayFromIntentsProps) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const review = useAction();
  const confirm = useAction();
  if (record.paidIntentHash) return null;
  const gate = intentsGate(shown?.preview);
  const open = () =>
    void review.run(async () => {
      const p = await swaps.previewPayment(record.id);
      setAcknowledged(false);
      setShown({ route: p.route, signed: p.signed, preview: worded(p.preview), reviewed: p.reviewed });
    });
  const close = () => {
    setShown(null);
    onClosed?.();
  };
  // Once, for the record it was mounted with.
  useEffect(() => {
    if (reviewNow) open();
  }, []);
  const pay = (reviewed: string, preview: { passkey?: { credentialId: string; challenge: string } }, signed: boolean) =>
    void confirm.run(async () => {
      // A payment signed before is sent again as it is: the passkey is asked only for a new signature.
      const passkey = signed ? undefined : await assertionFor(preview);
      onPaid(await swaps.payFromIntents(record.id, reviewed, gate.needsAck && acknowledged, passkey));
      setShown(null);
    });
  return (
    <div class="group">
      {reviewNow ? (
        <StatusLine testid="deposit-pay-preparing">{review.busy ? 'Preparing the review…' : ''}</StatusLine>
      ) : (
        <p>
          The wallet can sign a transfer of {record.amountToSend} from your intents account to the deposit account above
          {record.verifierId ? (
            <> (on {NETWORK_NAME[networkOfVerifier(record.verifierId)]}, where this swap was made)</>
          ) : null}
          .
        </p>
      )}
      <FailureAlert
        trouble={review.trouble('review')}
        onRetry={open}
        retrying={review.busy}
        testid="deposit-pay-error"
      />
      <div class="actions">
        {reviewNow ? (
          review.error && (
            <button type="button" onClick={close} data-testid="deposit-pay-back">
              Back
            </button>
          )
        ) : (
          <button type="button" class="primary" disabled={review.busy} onClick={open} data-testid="deposit-pay-intents">
            {review.busy ? 'Preparing…' : 'Pay from my intents account'}
          </button>
        )}
      </div>
      {shown && (
        <Dialog
          title={reviewNow ? 'Swap from your balance?' : 'Pay from your intents account?'}
          onClose={close}
          testid="deposit-pay-dialog"
        >
          <p data-testid="deposit-pay-route" data-route={shown.route}>
            {ROUTE_TEXT[shown.route]}
          </p>
          {shown.signed && (
            <p class="warning">
              This payment was signed before and was interrupted; Confirm sends that same signature again.
            </p>
          )}
          <IntentsBody preview={shown.preview} publish={false} now={Date.now()} />
          {arrives && (
            <p class="arrives" data-testid="deposit-pay-arrives">
              {arrives}
            </p>
          )}
          {gate.blocked && (
            <p class="alert" role="alert" data-testid="deposit-pay-blocked">
              <strong>Blocked:</strong> {gate.blocked}
            </p>
          )}
          {gate.needsAck && (
            <Checkbox
              label="I understand the risk, and I want to sign this anyway."
              checked={acknowledged}
              onChecked={setAcknowledged}
              testid="deposit-pay-ack"
            />
          )}
          <FailureAlert trouble={confirm.trouble('pay')} testid="deposit-pay-dialog-error" />
          <div class="actions">
            <button type="button" onClick={close} data-testid="deposit-pay-cancel">
              Cancel
            </button>
            <button
              type="button"
              class="primary"
              disabled={confirm.busy || gate.blocked !== null || (gate.needsAck && !acknowledged)}
              onClick={() => pay(shown.reviewed, shown.preview, shown.signed)}
              data-testid="deposit-pay-confirm"
              data-autofocus
            >
              {confirm.busy ? 'Paying…' : 'Sign and pay'}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
