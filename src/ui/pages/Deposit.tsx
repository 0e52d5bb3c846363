// One swap: where to send what (address, memo, QR, amount), countdowns, the deposit tx form, "Pay
// from my intents account", the status stepper with what each status means, and the signed quote.
// It asks the background again every few seconds while the swap is not finished.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import { chainName } from '../addresses';
import { tokenAmountText } from '../amountText';
import { reportedTrouble, type Trouble, troubleOf } from '../call';
import { AnyInputDeposit, Payouts } from '../components/AnyInputParts';
import { CopyButton } from '../components/CopyButton';
import { Amounts, Countdowns, SignedQuote, Stepper, SubmitTx, timeOf } from '../components/DepositParts';
import { DepositQr } from '../components/DepositQr';
import { FailureAlert, StatusLine, Warning } from '../components/Notice';
import { PayFromIntents } from '../components/PayFromIntents';
import { Screen } from '../components/Screen';
import { SwapOutcome } from '../components/SwapOutcome';
import { t } from '../i18n';
import { outcomeOf } from '../swapOutcome';
import { tokenOf } from '../swapRequest';
import { swaps } from '../swaps';
import { isTerminal, missingAmount, quoteFacts, refundReasonText, STATUS_TEXT, sendText, stepsOf } from '../swapText';

/** How often the open deposit view reads the record again (the background tracker updates it). */
export const DEPOSIT_POLL_MS = 3000;

interface DepositProps {
  id: string;
  /** The record as `swap_start` returned it: shown at once, before the first read. */
  initial: SwapRecordView | null;
  onBack(): void;
}

export function Deposit({ id, initial, onBack }: DepositProps) {
  const [record, setRecord] = useState<SwapRecordView | null>(initial);
  const [loadError, setLoadError] = useState<Trouble | null>(null);
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState('');
  const statusBox = useRef<HTMLDivElement>(null);
  const terminal = record ? isTerminal(record.status) : false;

  useEffect(() => {
    swaps.tokensOnce().then(setTokens, () => setTokens([]));
  }, []);

  const read = async (ask: 'get' | 'refresh') => {
    try {
      setRecord(ask === 'refresh' ? await swaps.refresh(id) : await swaps.get(id));
      setLoadError(null);
    } catch (err) {
      setLoadError(troubleOf('track', err));
    }
  };

  // Ask the service once on opening, then read the tracked record every few seconds until it ends.
  useEffect(() => {
    void read('refresh');
  }, [id]);
  useEffect(() => {
    if (terminal) return;
    const poll = setInterval(() => void read('get'), DEPOSIT_POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const onVisible = () => document.visibilityState === 'visible' && void read('get');
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, terminal]);

  /** A form changed the swap: show the record, say so, and put focus on the status (the form may be gone). */
  const updated = (next: SwapRecordView, message: string) => {
    setRecord(next);
    setNotice(message);
    setTimeout(() => statusBox.current?.focus(), 0);
  };

  const checkNow = async () => {
    setChecking(true);
    await read('refresh');
    setChecking(false);
  };

  if (!record) {
    return (
      <Screen title={t('action_swap')} testid="deposit" ready={loadError !== null}>
        <StatusLine testid="deposit-loading">{loadError ? '' : t('swapTrack_loading')}</StatusLine>
        <FailureAlert trouble={loadError} onRetry={() => void read('get')} testid="deposit-error" />
        <div class="actions">
          <button type="button" onClick={onBack} data-testid="deposit-back">
            {t('swapTrack_back')}
          </button>
        </div>
      </Screen>
    );
  }

  const origin = tokenOf(tokens, record.request.originAsset);
  const destination = tokenOf(tokens, record.request.destinationAsset);
  const facts = quoteFacts(record.quoteResponseJson);
  const status = STATUS_TEXT[record.status];
  const details = record.swapDetails;
  const refund = refundReasonText(details?.refundReason);
  const anyInput = record.request.swapType === 'ANY_INPUT';
  // Past its deadline an unfunded swap takes no deposit: its screen says so instead (../swapOutcome).
  const outcome = outcomeOf(record, now);
  const viaIntents = record.request.depositType === 'INTENTS';
  // Paid from the intents balance: nothing is left to send, whatever the service has seen so far.
  const canDeposit =
    !anyInput &&
    outcome !== 'expired' &&
    !(viaIntents && record.paidIntentHash) &&
    (record.status === 'PENDING_DEPOSIT' || record.status === 'INCOMPLETE_DEPOSIT');
  const missing =
    record.status === 'INCOMPLETE_DEPOSIT' ? missingAmount(facts.amountIn, details?.depositedAmount) : null;

  // The amount the wallet wrote from amountIn (background/swaps/quoteAmount), not the service's words.
  const title = anyInput
    ? t('swapTrack_titleAny', destination?.symbol ?? '')
    : t('swapTrack_title', sendText(record), destination?.symbol ?? '');
  return (
    <Screen title={title.replace(/\s+/g, ' ').trim()} testid="deposit" focusHeading>
      <div class="actions start">
        <button type="button" onClick={onBack} data-testid="deposit-back">
          {t('swapTrack_backArrow')}
        </button>
        <button type="button" onClick={() => void checkNow()} disabled={checking} data-testid="deposit-refresh">
          {checking ? t('swapTrack_checking') : t('swapTrack_checkNow')}
        </button>
      </div>

      {!anyInput && <Stepper steps={stepsOf(record.status, record.statusHistory)} />}
      <div
        class={`status-box status-${record.status}`}
        ref={statusBox}
        tabIndex={-1}
        data-testid="deposit-status"
        data-status={record.status}
      >
        {anyInput ? (
          <p data-testid="deposit-any-status">
            <strong>
              {record.status === 'PENDING_DEPOSIT' ? t('swapTrack_anyWaiting') : t('swapTrack_anyCollecting')}
            </strong>{' '}
            {t('swapTrack_anyStatus')}
          </p>
        ) : outcome === 'expired' ? (
          <p>
            <strong>{t('swapTrack_expired')}</strong> {t('swapTrack_expiredText')}
          </p>
        ) : (
          <>
            <p>
              <strong>
                {status.label}
                {t('swapTrack_fullStop')}
              </strong>{' '}
              {status.explain}
            </p>
            {status.todo && <p data-testid="deposit-todo">{status.todo}</p>}
          </>
        )}
        {refund && (
          <div data-testid="deposit-refund-reason" data-reason={details?.refundReason}>
            <p>
              <strong>{t('swapTrack_why', refund.label)}</strong> {refund.explain}
            </p>
            <p>{refund.todo}</p>
          </div>
        )}
      </div>
      {outcome && <SwapOutcome record={record} outcome={outcome} />}
      <StatusLine testid="deposit-notice">{notice}</StatusLine>
      <StatusLine testid="deposit-checked">
        {record.checkedAt !== null ? t('swapTrack_lastChecked', timeOf(record.checkedAt)) : ''}
        {terminal ? ` ${t('swapTrack_finished')}` : ''}
      </StatusLine>
      {record.lastError && (
        <FailureAlert
          trouble={reportedTrouble('track', record.lastError, undefined)}
          onRetry={() => void read('refresh')}
          testid="deposit-last-error"
        />
      )}
      <FailureAlert trouble={loadError} onRetry={() => void read('get')} testid="deposit-error" />

      {canDeposit && (
        <section class="group" aria-labelledby="deposit-send-heading">
          <h3 id="deposit-send-heading">
            {viaIntents
              ? t('swapTrack_payInto')
              : origin
                ? t('swapTrack_sendOn', chainName(origin.blockchain))
                : t('swapTrack_sendOnOrigin')}
          </h3>
          <p class="send-amount">
            {t('swapTrack_sendExactly')} <strong data-testid="deposit-amount">{sendText(record)}</strong>{' '}
            {/* Raw units (a token whose decimals are not confirmed) are not an amount to paste into a wallet. */}
            {!record.amountToSend.includes(' units of ') && (
              <CopyButton
                text={record.amountToSend.split(' ')[0] ?? record.amountToSend}
                label={t('swapTrack_copyAmount')}
                testid="deposit-amount-copy"
              />
            )}
          </p>
          {missing !== null && (
            <p class="warning" data-testid="deposit-missing">
              {t(
                'swapTrack_soFar',
                tokenAmountText(
                  BigInt(
                    details?.depositedAmount && /^\d+$/.test(details.depositedAmount) ? details.depositedAmount : '0',
                  ),
                  record.request.originAsset,
                  origin,
                ),
              )}{' '}
              <strong>
                {t(
                  record.depositMemo ? 'swapTrack_sendMoreMemo' : 'swapTrack_sendMore',
                  tokenAmountText(missing, record.request.originAsset, origin),
                )}
              </strong>
            </p>
          )}
          <p class="label">{t('swapTrack_depositAddress')}</p>
          <p class="mono address" data-testid="deposit-address">
            {record.depositAddress}
          </p>
          <CopyButton text={record.depositAddress} label={t('swapTrack_copyAddress')} testid="deposit-address-copy" />
          {record.depositMemo !== null && (
            <>
              <p class="label">{t('swapTrack_memo')}</p>
              <p class="mono address" data-testid="deposit-memo">
                {record.depositMemo}
              </p>
              <CopyButton text={record.depositMemo} label={t('swapTrack_copyMemo')} testid="deposit-memo-copy" />
              <Warning testid="deposit-memo-warning">
                <p>
                  <strong>{t('swapTrack_memoWarningTitle')}</strong> {t('swapTrack_memoWarningText')}
                </p>
              </Warning>
            </>
          )}
          {!viaIntents && (
            <DepositQr
              address={record.depositAddress}
              amount={missing ?? (facts.amountIn && /^\d+$/.test(facts.amountIn) ? BigInt(facts.amountIn) : 0n)}
              token={record.depositMemo === null ? origin : undefined}
            />
          )}
          <Countdowns record={record} now={now} />
          {viaIntents && record.status === 'PENDING_DEPOSIT' && (
            <PayFromIntents record={record} onPaid={(r) => updated(r, t('swapTrack_paidNotice'))} />
          )}
          {!viaIntents && (
            <SubmitTx
              record={record}
              originChain={origin?.blockchain ?? null}
              onSubmitted={(r) => updated(r, t('swapTrack_txSent'))}
            />
          )}
        </section>
      )}
      {anyInput && (
        <>
          <AnyInputDeposit record={record} destination={destination} />
          <Countdowns record={record} now={now} />
          <Payouts record={record} destination={destination} />
        </>
      )}
      {record.paidIntentHash && (
        <p data-testid="deposit-paid">
          {t('swapTrack_paidBy')} <code>{record.paidIntentHash}</code>.
        </p>
      )}

      <Amounts record={record} origin={origin} destination={destination} />
      <SignedQuote json={record.quoteResponseJson} />
    </Screen>
  );
}
