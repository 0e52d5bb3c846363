// The deposit view's parts for an ANY_INPUT swap (docs/services.md, "ANY_INPUT"): where to send (any
// supported token, any amount, into the swap's intents address or, when the quote lists them, an address
// per chain) and the payouts the service reported, since such a swap never finishes by itself.
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import { storedQuoteWords } from '../../oneclick/storedAnswer';
import { tokenAmountText } from '../amountText';
import { chainName } from '../chains';
import { t } from '../i18n';
import { CopyButton } from './CopyButton';
import { dateTimeOf } from './DepositParts';

/**
 * `quote.chainDepositAddresses` of the stored answer, where the service gave any, read through the one reader
 * of a stored quote (src/oneclick/storedAnswer.ts: schema-checked, the live `near` chain id read as `home`).
 */
function chainAddresses(quoteResponseJson: string) {
  return storedQuoteWords(quoteResponseJson)?.chainDepositAddresses ?? [];
}

export function AnyInputDeposit({
  record,
  destination,
}: {
  record: SwapRecordView;
  destination: TokenView | undefined;
}) {
  const chains = chainAddresses(record.quoteResponseJson);
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
      {chains.length > 0 && (
        <>
          <p class="label">{t('swapTrack_orFromChain')}</p>
          <ul class="plain" data-testid="deposit-any-chains">
            {chains.map((c) => (
              <li key={`${c.blockchain}:${c.address}`}>
                {chainName(c.blockchain)}: <span class="mono">{c.address}</span>
                {c.memo ? (
                  <>
                    {' '}
                    ({t('arrives_memo')} <span class="mono">{c.memo}</span>)
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
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
                  {w.amountOutUsd ? <span class="hint"> ${w.amountOutUsd}</span> : null}
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
