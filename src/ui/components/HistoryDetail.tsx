// One swap of Activity in full: amounts, addresses, every hash with its explorer link, and tracking it.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { HistoryItem, SwapRecordView, TokenView, TxLink } from '../../api/swapApi';
import { historyDate, sideText, swapLine } from '../activityText';
import { exactDecimal } from '../amountText';
import { ledgerName } from '../chains';
import { t } from '../i18n';
import { swaps } from '../swaps';
import { refundReasonText, STATUS_TEXT } from '../swapText';
import { messageOf } from '../wallet';
import { Usd } from './Amount';
import { SaveContact } from './ContactPicker';
import { CopyButton } from './CopyButton';
import { ErrorAlert } from './Notice';
import { Screen } from './Screen';
import { TxLinkList } from './TxLinks';

function HashList({ hashes }: { hashes: string[] }) {
  if (hashes.length === 0) return <>—</>;
  return (
    <ul class="plain">
      {hashes.map((h) => (
        <li key={h}>
          <code>{h}</code>
        </li>
      ))}
    </ul>
  );
}

/** "Swap: 1 wNEAR → 2.5 USDT": the kind (as Activity's row says it, ../activityText) and what moved. */
function titleOf(item: HistoryItem, tokens: ReadonlyMap<string, TokenView>): string {
  const line = swapLine(item, tokens);
  if (item.flow === 'withdraw') return t('actDetail_titleWithdraw', line);
  if (item.flow === 'receive') return t('actDetail_titleReceive', line);
  return t('actDetail_titleSwap', line);
}

interface DetailProps {
  item: HistoryItem;
  tokens: ReadonlyMap<string, TokenView>;
  onBack(): void;
  onTrack(id: string): void;
}

export function HistoryDetail({ item, tokens, onBack, onTrack }: DetailProps) {
  const [record, setRecord] = useState<SwapRecordView | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);
  useEffect(() => {
    if (!item.localId) return;
    swaps.get(item.localId).then(setRecord, (err: unknown) => setRecordError(messageOf(err)));
  }, [item.localId]);
  const refund = refundReasonText(item.refundReason);
  const d = record?.swapDetails ?? null;
  const row = (label: string, value: ComponentChildren, testid?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testid}>{value}</dd>
    </>
  );
  return (
    <Screen title={titleOf(item, tokens)} testid="history-detail">
      <div class="actions start">
        <button type="button" onClick={onBack} data-testid="history-detail-back">
          {t('actDetail_back')}
        </button>
        {item.localId && (
          <button type="button" onClick={() => onTrack(item.localId!)} data-testid="history-open-tracking">
            {t('actDetail_openTracking')}
          </button>
        )}
      </div>
      <dl class="facts stacked" data-testid="history-detail-fields">
        {row(
          t('actDetail_status'),
          <span class={`badge status-${item.status}`}>{STATUS_TEXT[item.status]?.label ?? item.status}</span>,
          'history-detail-status',
        )}
        {row(t('actDetail_created'), t('actDetail_createdAt', historyDate(item.createdAt), item.createdAt))}
        {row(
          t('actDetail_source'),
          item.source === 'local'
            ? t('activity_startedHere')
            : item.source === 'service'
              ? t('actDetail_theService')
              : t('actDetail_bothSources'),
        )}
        {row(
          t('actDetail_from'),
          <>
            <span>{sideText(item.amountIn, item.amountInFormatted, item.originAsset, tokens)}</span>
            <Usd value={item.amountInUsd} />
            <br />
            <code>{item.originAsset}</code>
          </>,
        )}
        {row(
          t('actDetail_to'),
          <>
            <span>{sideText(item.amountOut, item.amountOutFormatted, item.destinationAsset, tokens)}</span>
            <Usd value={item.amountOutUsd} />
            <br />
            <code>{item.destinationAsset}</code>
          </>,
        )}
        {row(
          t('actDetail_depositAddress'),
          <>
            <code>{item.depositAddress}</code>{' '}
            <CopyButton text={item.depositAddress} label={t('swapTrack_copyAddress')} />
          </>,
          'history-detail-address',
        )}
        {row(t('actDetail_depositMemo'), item.depositMemo ? <code>{item.depositMemo}</code> : '—')}
        {row(
          t('actDetail_recipient'),
          <>
            <code>{item.recipient}</code>{' '}
            {/* Only a recipient this wallet asked for itself: the explorer's word alone makes no contact. */}
            {item.source !== 'service' && (
              <SaveContact
                chains={[tokens.get(item.destinationAsset)?.blockchain ?? 'home', 'home']}
                address={item.recipient}
                testid="history-save-contact"
              />
            )}
          </>,
        )}
        {row(t('actDetail_refundTo'), item.refundTo ? <code>{item.refundTo}</code> : '—')}
        {row(
          t('actDetail_refundReason'),
          refund ? (
            <>
              <strong>
                {refund.label}
                {t('swapTrack_fullStop')}
              </strong>{' '}
              {refund.explain} {refund.todo}
            </>
          ) : (
            '—'
          ),
          'history-detail-refund',
        )}
        {row(t('actFilter_referral'), item.referral ?? '—')}
        {row(t('actDetail_senders'), <HashList hashes={item.senders} />)}
        {row(
          t('actDetail_depositTxs'),
          d ? <Links links={d.originChainTxHashes} /> : <HashList hashes={item.originChainTxHashes} />,
          'history-detail-origin-txs',
        )}
        {row(
          t('actDetail_deliveryTxs'),
          d ? <Links links={d.destinationChainTxHashes} /> : <HashList hashes={item.destinationChainTxHashes} />,
          'history-detail-destination-txs',
        )}
        {row(t('actDetail_ledgerTxs', ledgerName()), <HashList hashes={item.homeTxHashes} />)}
        {row(t('activity_intents'), <HashList hashes={item.intentHashes} />)}
        {d?.slippage !== undefined && row(t('opt_slippage'), t('opt_percent', exactDecimal(String(d.slippage / 100))))}
        {d?.depositedAmount &&
          row(
            t('actDetail_deposited'),
            sideText(d.depositedAmount, d.depositedAmountFormatted ?? '', item.originAsset, tokens),
          )}
        {d?.refundedAmount &&
          /[1-9]/.test(d.refundedAmount) &&
          row(
            t('step_refunded'),
            sideText(d.refundedAmount, d.refundedAmountFormatted ?? '', item.originAsset, tokens),
          )}
      </dl>
      <ErrorAlert message={recordError} />
    </Screen>
  );
}

function Links({ links }: { links: TxLink[] }) {
  if (links.length === 0) return <>—</>;
  return <TxLinkList links={links} linkTestid="history-explorer-link" />;
}
