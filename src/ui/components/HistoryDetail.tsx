// One swap of Activity in full: amounts, addresses, every hash with its explorer link, and tracking it.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { HistoryItem, SwapRecordView, TokenView, TxLink } from '../../api/swapApi';
import { historyDate, sideText, swapKind, swapLine } from '../activityText';
import { ledgerName } from '../chains';
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
    <Screen title={`${swapKind(item)}: ${swapLine(item, tokens)}`} testid="history-detail">
      <div class="actions start">
        <button type="button" onClick={onBack} data-testid="history-detail-back">
          ← Back to the list
        </button>
        {item.localId && (
          <button type="button" onClick={() => onTrack(item.localId!)} data-testid="history-open-tracking">
            Open tracking
          </button>
        )}
      </div>
      <dl class="facts stacked" data-testid="history-detail-fields">
        {row(
          'Status',
          <span class={`badge status-${item.status}`}>{STATUS_TEXT[item.status]?.label ?? item.status}</span>,
          'history-detail-status',
        )}
        {row('Created', `${historyDate(item.createdAt)} (${item.createdAt})`)}
        {row(
          'Source',
          item.source === 'local'
            ? 'started here'
            : item.source === 'service'
              ? 'the service'
              : 'started here, and the service',
        )}
        {row(
          'From',
          <>
            <span>{sideText(item.amountIn, item.amountInFormatted, item.originAsset, tokens)}</span>
            <Usd value={item.amountInUsd} />
            <br />
            <code>{item.originAsset}</code>
          </>,
        )}
        {row(
          'To',
          <>
            <span>{sideText(item.amountOut, item.amountOutFormatted, item.destinationAsset, tokens)}</span>
            <Usd value={item.amountOutUsd} />
            <br />
            <code>{item.destinationAsset}</code>
          </>,
        )}
        {row(
          'Deposit address',
          <>
            <code>{item.depositAddress}</code> <CopyButton text={item.depositAddress} label="Copy address" />
          </>,
          'history-detail-address',
        )}
        {row('Deposit memo', item.depositMemo ? <code>{item.depositMemo}</code> : '—')}
        {row(
          'Recipient',
          <>
            <code>{item.recipient}</code>{' '}
            <SaveContact
              chains={[tokens.get(item.destinationAsset)?.blockchain ?? 'home', 'home']}
              address={item.recipient}
              testid="history-save-contact"
            />
          </>,
        )}
        {row('Refund to', item.refundTo ? <code>{item.refundTo}</code> : '—')}
        {row(
          'Refund reason',
          refund ? (
            <>
              <strong>{refund.label}.</strong> {refund.explain} {refund.todo}
            </>
          ) : (
            '—'
          ),
          'history-detail-refund',
        )}
        {row('Referral', item.referral ?? '—')}
        {row('Senders', <HashList hashes={item.senders} />)}
        {row(
          'Deposit transactions',
          d ? <Links links={d.originChainTxHashes} /> : <HashList hashes={item.originChainTxHashes} />,
          'history-detail-origin-txs',
        )}
        {row(
          'Delivery transactions',
          d ? <Links links={d.destinationChainTxHashes} /> : <HashList hashes={item.destinationChainTxHashes} />,
          'history-detail-destination-txs',
        )}
        {row(`${ledgerName()} transactions`, <HashList hashes={item.homeTxHashes} />)}
        {row('Intents', <HashList hashes={item.intentHashes} />)}
        {d?.slippage !== undefined && row('Slippage', `${d.slippage / 100} %`)}
        {d?.depositedAmount &&
          row('Deposited', sideText(d.depositedAmount, d.depositedAmountFormatted ?? '', item.originAsset, tokens))}
        {d?.refundedAmount &&
          /[1-9]/.test(d.refundedAmount) &&
          row('Refunded', sideText(d.refundedAmount, d.refundedAmountFormatted ?? '', item.originAsset, tokens))}
      </dl>
      <ErrorAlert message={recordError} />
    </Screen>
  );
}

function Links({ links }: { links: TxLink[] }) {
  if (links.length === 0) return <>—</>;
  return <TxLinkList links={links} linkTestid="history-explorer-link" />;
}
