// The deposit view's parts (src/ui/pages/Deposit.tsx): the status stepper, the countdowns, the
// deposit-transaction form, the amounts and transactions, and the signed quote kept as evidence.
import { useId, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView, TxLink } from '../../api/swapApi';
import { accountIdProblem } from '../addresses';
import { exactDecimal, tokenAmountText } from '../amountText';
import { ledgerName } from '../chains';
import { focusFirstInvalidSoon } from '../focus';
import { t, uiLocale } from '../i18n';
import { swaps } from '../swaps';
import { describeCountdown, prettyJson, quoteFacts, type Step } from '../swapText';
import { useAction } from '../useAction';
import { CopyButton } from './CopyButton';
import { TextField } from './Field';
import { FailureAlert } from './Notice';
import { TxLinkList } from './TxLinks';

/**
 * An amount of the swap in the wallet's words: smallest units with the token's confirmed decimals and
 * symbol, else raw units with its id (docs/security.md, "Token facts"); never the service's formatting.
 */
const inWords = (raw: string | null | undefined, assetId: string, token: TokenView | undefined) =>
  raw && /^\d+$/.test(raw) ? tokenAmountText(BigInt(raw), assetId, token) : null;

// Times and dates in the person's locale (docs/architecture.md, "Words and languages"); made on first use.
let timeFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
export const timeOf = (ms: number) => {
  timeFormat ??= new Intl.DateTimeFormat(uiLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return timeFormat.format(ms);
};
/** A date and time ("26 Nov 2026, 14:05"), from a number (Unix ms) or an ISO string; text that is neither as it came. */
export const dateTimeOf = (at: string | number) => {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  dateTimeFormat ??= new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return Number.isNaN(ms) ? String(at) : dateTimeFormat.format(ms);
};

export function Stepper({ steps }: { steps: Step[] }) {
  return (
    <ol class="stepper" aria-label={t('swapTrack_progress')} data-testid="deposit-steps">
      {steps.map((s) => (
        <li
          key={s.key}
          class={`step-${s.state}`}
          data-step={s.key}
          data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          <span class="step-label">{s.label}</span>
          <span class="hint">
            {s.detail}
            {s.at !== null ? ` · ${timeOf(s.at)}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function Countdowns({ record, now }: { record: SwapRecordView; now: number }) {
  const inactive = describeCountdown(record.timeWhenInactive, now);
  const deadline = describeCountdown(record.deadline, now);
  if (!inactive && !deadline) return null;
  return (
    <dl class="facts">
      {inactive && record.timeWhenInactive && (
        <>
          <dt>{t('swapTrack_activeUntil')}</dt>
          <dd data-testid="deposit-inactive" data-passed={inactive.passed}>
            {dateTimeOf(record.timeWhenInactive)}{' '}
            <span class={inactive.passed ? 'bad-text' : 'hint'}>({inactive.text})</span>
          </dd>
        </>
      )}
      {deadline && record.deadline && (
        <>
          <dt>{t('swapTrack_deadline')}</dt>
          <dd data-testid="deposit-deadline" data-passed={deadline.passed}>
            {dateTimeOf(record.deadline)} <span class={deadline.passed ? 'bad-text' : 'hint'}>({deadline.text})</span>
          </dd>
        </>
      )}
    </dl>
  );
}

export function SubmitTx({
  record,
  originChain,
  onSubmitted,
}: {
  record: SwapRecordView;
  originChain: string | null;
  onSubmitted(r: SwapRecordView): void;
}) {
  const [txHash, setTxHash] = useState('');
  const [sender, setSender] = useState('');
  const [memo, setMemo] = useState(record.depositMemo ?? '');
  const [tried, setTried] = useState(false);
  const action = useAction();
  const home = originChain === 'home';
  const hash = txHash.trim();
  const hashProblem = !hash ? t('swapTrack_pasteHash') : /\s/.test(hash) ? t('swapTrack_hashNoSpaces') : null;
  const senderProblem = home && sender.trim() ? accountIdProblem(sender.trim(), 'addrSubject_senderAccount') : null;
  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (hashProblem || senderProblem) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    void action.run(async () => {
      const updated = await swaps.submitDeposit({
        id: record.id,
        txHash: hash,
        ...(home && sender.trim() ? { homeSenderAccount: sender.trim() } : {}),
        ...(record.depositMemo !== null && memo.trim() ? { memo: memo.trim() } : {}),
      });
      onSubmitted(updated);
    });
  };
  return (
    <form class="group" onSubmit={submit} noValidate aria-labelledby="deposit-tx-heading" data-testid="deposit-tx-form">
      <h3 id="deposit-tx-heading">{t('swapTrack_alreadySent')}</h3>
      <p class="hint">{t('swapTrack_alreadySentHint')}</p>
      <TextField
        label={t('swapTrack_txHash')}
        value={txHash}
        onValue={setTxHash}
        verbatim
        testid="deposit-tx-hash"
        error={tried ? hashProblem : null}
      />
      {home && (
        <TextField
          label={t('swapTrack_senderOn', ledgerName())}
          value={sender}
          onValue={setSender}
          verbatim
          testid="deposit-sender"
          hint={t('swapTrack_senderHint')}
          error={tried ? senderProblem : null}
        />
      )}
      {record.depositMemo !== null && (
        <TextField label={t('swapTrack_memoUsed')} value={memo} onValue={setMemo} verbatim testid="deposit-tx-memo" />
      )}
      <FailureAlert trouble={action.trouble('track')} testid="deposit-tx-error" />
      <div class="actions">
        <button type="submit" disabled={action.busy} data-testid="deposit-tx-submit">
          {t('swapTrack_submitHash')}
        </button>
      </div>
    </form>
  );
}

function TxLinks({ label, links, testid }: { label: string; links: TxLink[]; testid: string }) {
  if (links.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testid}>
        <TxLinkList links={links} />
      </dd>
    </>
  );
}

export function Amounts({
  record,
  origin,
  destination,
}: {
  record: SwapRecordView;
  origin: TokenView | undefined;
  destination: TokenView | undefined;
}) {
  const d = record.swapDetails;
  const facts = quoteFacts(record.quoteResponseJson);
  const r = record.request;
  return (
    <section class="group" aria-labelledby="deposit-details-heading" data-testid="deposit-details">
      <h3 id="deposit-details-heading">{t('swapTrack_details')}</h3>
      <dl class="facts">
        <dt>{t('swapTrack_quoted')}</dt>
        <dd data-testid="deposit-quoted">
          {r.swapType === 'ANY_INPUT'
            ? t('swapTrack_quotedAny', destination?.symbol ?? r.destinationAsset)
            : t(
                'swapTrack_arrow',
                inWords(facts.amountIn, r.originAsset, origin) ?? `? ${r.originAsset}`,
                inWords(facts.amountOut, r.destinationAsset, destination) ?? `? ${r.destinationAsset}`,
              )}
        </dd>
        {inWords(d?.depositedAmount, r.originAsset, origin) && (
          <>
            <dt>{t('actDetail_deposited')}</dt>
            <dd data-testid="deposit-deposited">{inWords(d?.depositedAmount, r.originAsset, origin)}</dd>
          </>
        )}
        {record.status === 'SUCCESS' && inWords(d?.amountOut, r.destinationAsset, destination) && (
          <>
            <dt>{t('swapTrack_delivered')}</dt>
            <dd data-testid="deposit-delivered" title={d?.amountOut ? t('home_smallestUnits', d.amountOut) : undefined}>
              {inWords(d?.amountOut, r.destinationAsset, destination)}
            </dd>
          </>
        )}
        {d?.refundedAmount && /[1-9]/.test(d.refundedAmount) && (
          <>
            <dt>{t('step_refunded')}</dt>
            <dd data-testid="deposit-refunded">{inWords(d.refundedAmount, r.originAsset, origin)}</dd>
          </>
        )}
        <dt>{t('actDetail_recipient')}</dt>
        <dd class="mono">
          {r.recipient}{' '}
          <span class="hint">
            ({r.recipientType === 'INTENTS' ? t('swapTrack_intentsAccount') : t('swapTrack_address')})
          </span>
        </dd>
        {r.recipientMemo && (
          <>
            {/* Only an XRP destination tag is ever carried (src/core/destinationMemo.ts). */}
            <dt>{t('swapTrack_destinationTag')}</dt>
            <dd class="mono" data-testid="deposit-recipient-memo">
              {r.recipientMemo}
            </dd>
          </>
        )}
        <dt>{t('swapTrack_refundsTo')}</dt>
        <dd class="mono">
          {r.refundTo}{' '}
          <span class="hint">
            ({r.refundType === 'INTENTS' ? t('swapTrack_intentsAccount') : t('swapTrack_address')})
          </span>
        </dd>
        <dt>{t('opt_slippage')}</dt>
        <dd>{t('opt_percent', exactDecimal(String(r.slippageTolerance / 100)))}</dd>
        {d && <TxLinks label={t('actDetail_depositTxs')} links={d.originChainTxHashes} testid="deposit-origin-txs" />}
        {d && (
          <TxLinks
            label={t('actDetail_deliveryTxs')}
            links={d.destinationChainTxHashes}
            testid="deposit-destination-txs"
          />
        )}
        {d && d.intentHashes.length > 0 && (
          <>
            <dt>{t('activity_intents')}</dt>
            <dd class="mono">{d.intentHashes.join(' ')}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function SignedQuote({ json }: { json: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section class="group">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="deposit-quote-toggle"
      >
        {open ? t('swapTrack_hideQuote') : t('swapTrack_viewQuote')}
      </button>
      <p class="hint">{t('swapTrack_quoteHint')}</p>
      <div id={id} hidden={!open}>
        {open && (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
            <pre class="message" tabIndex={0} data-testid="deposit-quote-json">
              {prettyJson(json)}
            </pre>
            <CopyButton text={json} label={t('swapTrack_copyQuote')} testid="deposit-quote-copy" />
          </>
        )}
      </div>
    </section>
  );
}
