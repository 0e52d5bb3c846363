// The deposit view's parts (src/ui/pages/Deposit.tsx): the status stepper, the countdowns, the
// deposit-transaction form, the amounts and transactions, and the signed quote kept as evidence.
import { useId, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView, TxLink } from '../../api/swapApi';
import { accountIdProblem } from '../addresses';
import { tokenAmountText } from '../amountText';
import { ledgerName } from '../chains';
import { focusFirstInvalidSoon } from '../focus';
import { swaps } from '../swaps';
import { describeCountdown, prettyJson, quoteFacts, type Step } from '../swapText';
import { useAction } from '../useAction';
import { CopyButton } from './CopyButton';
import { TextField } from './Field';
import { ErrorAlert } from './Notice';
import { TxLinkList } from './TxLinks';

/**
 * An amount of the swap in the wallet's words: smallest units with the token's confirmed decimals and
 * symbol, else raw units with its id (docs/security.md, "Token facts"); never the service's formatting.
 */
const inWords = (raw: string | null | undefined, assetId: string, token: TokenView | undefined) =>
  raw && /^\d+$/.test(raw) ? tokenAmountText(BigInt(raw), assetId, token) : null;

export const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTimeOf = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
};

export function Stepper({ steps }: { steps: Step[] }) {
  return (
    <ol class="stepper" aria-label="Progress" data-testid="deposit-steps">
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
          <dt>Address active until</dt>
          <dd data-testid="deposit-inactive" data-passed={inactive.passed}>
            {dateTimeOf(record.timeWhenInactive)}{' '}
            <span class={inactive.passed ? 'bad-text' : 'hint'}>({inactive.text})</span>
          </dd>
        </>
      )}
      {deadline && record.deadline && (
        <>
          <dt>Deadline</dt>
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
  const hashProblem = !hash
    ? 'Paste the transaction hash of your deposit'
    : /\s/.test(hash)
      ? 'A transaction hash has no spaces'
      : null;
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
      <h3 id="deposit-tx-heading">Already sent it?</h3>
      <p class="hint">Optional: telling the service your transaction hash speeds up processing.</p>
      <TextField
        label="Deposit transaction hash"
        value={txHash}
        onValue={setTxHash}
        verbatim
        testid="deposit-tx-hash"
        error={tried ? hashProblem : null}
      />
      {home && (
        <TextField
          label={`Sender account on ${ledgerName()}`}
          value={sender}
          onValue={setSender}
          verbatim
          testid="deposit-sender"
          hint="The account the deposit came from."
          error={tried ? senderProblem : null}
        />
      )}
      {record.depositMemo !== null && (
        <TextField label="Memo used in the transfer" value={memo} onValue={setMemo} verbatim testid="deposit-tx-memo" />
      )}
      <ErrorAlert message={action.error} testid="deposit-tx-error" />
      <div class="actions">
        <button type="submit" disabled={action.busy} data-testid="deposit-tx-submit">
          Submit transaction hash
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
      <h3 id="deposit-details-heading">Details</h3>
      <dl class="facts">
        <dt>Quoted</dt>
        <dd data-testid="deposit-quoted">
          {r.swapType === 'ANY_INPUT'
            ? `any token → ${destination?.symbol ?? r.destinationAsset}`
            : `${inWords(facts.amountIn, r.originAsset, origin) ?? `? ${r.originAsset}`} → ${inWords(facts.amountOut, r.destinationAsset, destination) ?? `? ${r.destinationAsset}`}`}
        </dd>
        {inWords(d?.depositedAmount, r.originAsset, origin) && (
          <>
            <dt>Deposited</dt>
            <dd data-testid="deposit-deposited">{inWords(d?.depositedAmount, r.originAsset, origin)}</dd>
          </>
        )}
        {record.status === 'SUCCESS' && inWords(d?.amountOut, r.destinationAsset, destination) && (
          <>
            <dt>Delivered</dt>
            <dd data-testid="deposit-delivered" title={d?.amountOut ? `${d.amountOut} smallest units` : undefined}>
              {inWords(d?.amountOut, r.destinationAsset, destination)}
            </dd>
          </>
        )}
        {d?.refundedAmount && /[1-9]/.test(d.refundedAmount) && (
          <>
            <dt>Refunded</dt>
            <dd data-testid="deposit-refunded">{inWords(d.refundedAmount, r.originAsset, origin)}</dd>
          </>
        )}
        <dt>Recipient</dt>
        <dd class="mono">
          {r.recipient} <span class="hint">({r.recipientType === 'INTENTS' ? 'intents account' : 'address'})</span>
        </dd>
        {r.recipientMemo && (
          <>
            {/* Only an XRP destination tag is ever carried (src/core/destinationMemo.ts). */}
            <dt>Destination tag</dt>
            <dd class="mono" data-testid="deposit-recipient-memo">
              {r.recipientMemo}
            </dd>
          </>
        )}
        <dt>Refunds to</dt>
        <dd class="mono">
          {r.refundTo} <span class="hint">({r.refundType === 'INTENTS' ? 'intents account' : 'address'})</span>
        </dd>
        <dt>Slippage</dt>
        <dd>{r.slippageTolerance / 100} %</dd>
        {d && <TxLinks label="Deposit transactions" links={d.originChainTxHashes} testid="deposit-origin-txs" />}
        {d && (
          <TxLinks label="Delivery transactions" links={d.destinationChainTxHashes} testid="deposit-destination-txs" />
        )}
        {d && d.intentHashes.length > 0 && (
          <>
            <dt>Intents</dt>
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
        {open ? 'Hide the signed quote' : 'View the signed quote'}
      </button>
      <p class="hint">
        The service's quote with its signature: your evidence if anything goes wrong. It is kept with the swap.
      </p>
      <div id={id} hidden={!open}>
        {open && (
          <>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
            <pre class="message" tabIndex={0} data-testid="deposit-quote-json">
              {prettyJson(json)}
            </pre>
            <CopyButton text={json} label="Copy the signed quote" testid="deposit-quote-copy" />
          </>
        )}
      </div>
    </section>
  );
}
