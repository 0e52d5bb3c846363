// The deposit view's parts for an ANY_INPUT swap (docs/services.md, "ANY_INPUT"): where to send (any
// supported token, any amount, into the swap's intents address, which the quote's signature covers; the
// per-chain addresses a quote may list are outside the signed set, so none is shown) and the payouts the
// service reported, since such a swap never finishes by itself.
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import { tokenAmountText } from '../amountText';
import { t } from '../i18n';
import { Usd } from './Amount';
import { CopyButton } from './CopyButton';
import { dateTimeOf } from './DepositParts';

export function AnyInputDeposit({
  record,
  destination,
}: {
  record: SwapRecordView;
  destination: TokenView | undefined;
}) {
  return (
    <section class="group" aria-labelledby="deposit-any-heading" data-testid="deposit-any-input">
      <h3 id="deposit-any-heading">{t('swapTrack_anyHeading')}</h3>
      <p data-testid="deposit-any-explain">
        {t('swapTrack_anyExplain', destination?.symbol ?? record.request.destinationAsset, record.request.recipient)}
      </p>
      <p class="label">{t('swapTrack_intentsDepositAddress')}</p>
      <p class="mono address" data-testid="deposit-address">
        {record.depositAddress}
      </p>
      <CopyButton text={record.depositAddress} label={t('swapTrack_copyAddress')} testid="deposit-address-copy" />
      <p class="hint">{t('swapTrack_transferInside')}</p>
    </section>
  );
}

export function Payouts({ record, destination }: { record: SwapRecordView; destination: TokenView | undefined }) {
  const list = record.withdrawals ?? [];
  // From the payout's smallest units and the token's checked decimals, never the service's formatting.
  const paid = (raw: string) =>
    /^\d+$/.test(raw)
      ? tokenAmountText(BigInt(raw), record.request.destinationAsset, destination)
      : t('swapTrack_notAmount', raw);
  return (
    <section class="group" aria-labelledby="deposit-payouts-heading" data-testid="deposit-payouts">
      <h3 id="deposit-payouts-heading">{t('swapTrack_payouts')}</h3>
      {list.length === 0 ? (
        <p class="hint" data-testid="deposit-payouts-none">
          {record.withdrawals ? t('swapTrack_noPayout') : t('swapTrack_notChecked')}
        </p>
      ) : (
        <ul class="plain">
          {[...list].reverse().map((w) => (
            <li key={`${w.hash}|${w.timestamp}|${w.status}`} data-testid="deposit-payout" data-status={w.status}>
              {dateTimeOf(w.timestamp)}:{' '}
              {w.status === 'SUCCESS' ? (
                <>
                  <strong>{paid(w.amountOut)}</strong> {t('swapTrack_paid')}
                  <Usd value={w.amountOutUsd} />
                </>
              ) : (
                <span class="bad-text">{t('swapTrack_payoutFailed')}</span>
              )}{' '}
              <code>{w.hash}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
