// The plain screen of a swap that went wrong (../swapOutcome): what happened, what to do, the refund
// address and the service's reference, each with Copy.
import type { SwapRecordView } from '../../api/swapApi';
import { t } from '../i18n';
import { correlationIdOf, OUTCOME_TEXT, type SwapOutcome as Outcome } from '../swapOutcome';
import { CopyButton } from './CopyButton';

export function SwapOutcome({ record, outcome }: { record: SwapRecordView; outcome: Outcome }) {
  const words = OUTCOME_TEXT[outcome];
  const reference = correlationIdOf(record.quoteResponseJson);
  return (
    <section
      class="group outcome"
      aria-labelledby="swap-outcome-heading"
      data-testid="swap-outcome"
      data-outcome={outcome}
    >
      <h3 id="swap-outcome-heading">{words.title}</h3>
      <p data-testid="swap-outcome-happened">{words.happened}</p>
      <p data-testid="swap-outcome-todo">
        <strong>{t('outcome_whatToDo')}</strong> {words.todo}
      </p>
      <p class="label">{t('opt_refundAddress')}</p>
      <p class="mono address" data-testid="swap-outcome-refund-to">
        {record.request.refundTo}
      </p>
      <CopyButton text={record.request.refundTo} label={t('outcome_copyRefund')} testid="swap-outcome-refund-copy" />
      <p class="label">{t('outcome_reference')}</p>
      {reference ? (
        <>
          <p class="mono address" data-testid="swap-outcome-reference">
            {reference}
          </p>
          <CopyButton text={reference} label={t('outcome_copyReference')} testid="swap-outcome-reference-copy" />
        </>
      ) : (
        <p class="hint" data-testid="swap-outcome-reference">
          {t('outcome_noReference', record.depositAddress)}
        </p>
      )}
    </section>
  );
}
