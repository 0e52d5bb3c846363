// Paying an INTENTS swap from the intents account, in the popup: "Review" asks the background for the
// transfer that would pay it (written by the swap service or by the wallet, docs/services.md "Paying a
// swap from the intents account") and shows it with the approval window's own component and risk rules
// (src/ui/approve/IntentsBody.tsx, one component in two hosts); Confirm signs that very payload.
import { useEffect, useState } from 'preact/hooks';
import type { IntentsPreview } from '../../api/approvalApi';
import type { PaymentRoute, SwapRecordView } from '../../api/swapApi';
import { type NetworkId, networkOfVerifier } from '../../core/network';
import { IntentsBody } from '../approve/IntentsBody';
import { intentsGate } from '../approve/view';
import { worded } from '../approve/worded';
import '../approve/approve.css';
import { t } from '../i18n';
import { assertionFor } from '../passkey';
import { swaps } from '../swaps';
import { sendText } from '../swapText';
import { useAction } from '../useAction';
import { Dialog } from './Dialog';
import { Checkbox } from './Field';
import { FailureAlert, StatusLine } from './Notice';

const ROUTE_TEXT: Record<PaymentRoute, () => string> = {
  service: () => t('pay_route_service'),
  bus: () => t('pay_route_bus'),
};

/** The network a swap was made on, as the wallet bar names it. */
const NETWORK_WORD: Record<NetworkId, () => string> = {
  mainnet: () => t('net_mainnet'),
  local: () => t('net_local'),
  custom: () => t('net_custom'),
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
        <StatusLine testid="deposit-pay-preparing">{review.busy ? t('pay_preparingReview') : ''}</StatusLine>
      ) : (
        <p>
          {record.verifierId
            ? t('pay_canSignOn', sendText(record), NETWORK_WORD[networkOfVerifier(record.verifierId)]())
            : t('pay_canSign', sendText(record))}
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
              {t('pay_back')}
            </button>
          )
        ) : (
          <button type="button" class="primary" disabled={review.busy} onClick={open} data-testid="deposit-pay-intents">
            {review.busy ? t('pay_preparing') : t('pay_fromIntents')}
          </button>
        )}
      </div>
      {shown && (
        <Dialog title={reviewNow ? t('pay_titleSwap') : t('pay_title')} onClose={close} testid="deposit-pay-dialog">
          <p data-testid="deposit-pay-route" data-route={shown.route}>
            {ROUTE_TEXT[shown.route]()}
          </p>
          {shown.signed && <p class="warning">{t('pay_signedBefore')}</p>}
          <IntentsBody preview={shown.preview} publish={false} now={Date.now()} />
          {arrives && (
            <p class="arrives" data-testid="deposit-pay-arrives">
              {arrives}
            </p>
          )}
          {gate.blocked && (
            <p class="alert" role="alert" data-testid="deposit-pay-blocked">
              <strong>{t('popupSign_blocked')}</strong> {gate.blocked}
            </p>
          )}
          {gate.needsAck && (
            <Checkbox
              label={t('popupSign_ack')}
              checked={acknowledged}
              onChecked={setAcknowledged}
              testid="deposit-pay-ack"
            />
          )}
          <FailureAlert trouble={confirm.trouble('pay')} testid="deposit-pay-dialog-error" />
          <div class="actions">
            <button type="button" onClick={close} data-testid="deposit-pay-cancel">
              {t('pay_cancel')}
            </button>
            <button
              type="button"
              class="primary"
              disabled={confirm.busy || gate.blocked !== null || (gate.needsAck && !acknowledged)}
              onClick={() => pay(shown.reviewed, shown.preview, shown.signed)}
              data-testid="deposit-pay-confirm"
              data-autofocus
            >
              {confirm.busy ? t('pay_paying') : t('pay_signAndPay')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
