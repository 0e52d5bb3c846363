// The Swap tab: the swap form with a live dry quote, "Get deposit address", and the deposit and
// tracking view of a started swap (also reachable from the list of swaps in progress).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatUnits, parseUnits, usdValue } from '../../core/amounts';
import type { QuoteView, SwapRecordView, SwapType, TokenView } from '../../provider/swapApi';
import { chainName } from '../addresses';
import { Checkbox, ChoiceGroup, SelectField, TextField, type Choice } from '../components/Field';
import { ErrorAlert, StatusLine, Warning } from '../components/Notice';
import { Screen } from '../components/Screen';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import {
  HIGH_SLIPPAGE_BPS,
  MAX_APP_FEES,
  SLIPPAGE_PRESETS,
  bpsToPercent,
  buildQuote,
  defaultDeadlineMinutes,
  depositModesFor,
  emptyForm,
  fitDepositMode,
  percentToBps,
  quoteKey,
  tokenOf,
  type SwapField,
  type SwapForm,
} from '../swapForm';
import { STATUS_TEXT, isTerminal } from '../swapText';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { messageOf } from '../wallet';
import { Deposit } from './Deposit';

/** Quiet time after the last keystroke before the dry quote is asked (ms). */
export const QUOTE_DEBOUNCE_MS = 400;

interface SwapTabProps {
  /** The selected wallet account: the default recipient and refund account in the intents system. */
  account: string | null;
}

export function SwapTab({ account }: SwapTabProps) {
  const [form, setForm] = useState<SwapForm>(() => emptyForm(account));
  const [openId, setOpenId] = useState<string | null>(null);
  const [started, setStarted] = useState<SwapRecordView | null>(null);
  const [tokens, setTokens] = useState<TokenView[] | null>(null);
  const [tokensError, setTokensError] = useState<string | null>(null);

  const loadTokens = () => {
    setTokensError(null);
    swaps.tokensOnce().then(setTokens, (err: unknown) => setTokensError(messageOf(err)));
  };
  useEffect(loadTokens, []);

  if (openId) {
    return (
      <Deposit
        id={openId}
        initial={started?.id === openId ? started : null}
        onBack={() => {
          setOpenId(null);
          setStarted(null);
        }}
      />
    );
  }
  return (
    <Screen title="Swap" testid="swap" ready={tokens !== null || tokensError !== null}>
      <ActiveSwaps onOpen={setOpenId} />
      <StatusLine testid="swap-tokens-status">{!tokens && !tokensError ? 'Loading tokens…' : ''}</StatusLine>
      {tokensError && (
        <div class="alert" role="alert" data-testid="swap-tokens-error">
          Could not load the token list: {tokensError}{' '}
          <button type="button" class="link" onClick={loadTokens} data-testid="swap-tokens-retry">
            Try again
          </button>
        </div>
      )}
      {tokens && (
        <SwapFormView
          form={form}
          setForm={setForm}
          tokens={tokens}
          onStarted={(record) => {
            setStarted(record);
            setOpenId(record.id);
          }}
        />
      )}
    </Screen>
  );
}

/** Swaps started here that have not finished: one click back to their deposit view. */
function ActiveSwaps({ onOpen }: { onOpen(id: string): void }) {
  const [records, setRecords] = useState<SwapRecordView[]>([]);
  useEffect(() => {
    swaps.list().then(
      (all) => setRecords(all.filter((r) => !isTerminal(r.status))),
      () => setRecords([]),
    );
  }, []);
  if (records.length === 0) return null;
  return (
    <section class="group active-swaps" aria-labelledby="swap-active-heading" data-testid="swap-active">
      <h3 id="swap-active-heading">In progress</h3>
      <ul class="rows">
        {records.map((r) => (
          <li key={r.id} class="row" data-testid="swap-active-row" data-status={r.status}>
            <div class="row-main">
              <span>{r.amountToSend}</span>
              <span class={`badge status-${r.status}`}>{STATUS_TEXT[r.status].label}</span>
            </div>
            <div class="row-actions">
              <button type="button" onClick={() => onOpen(r.id)} aria-label={`Open the swap of ${r.amountToSend}`} data-testid="swap-active-open">
                Open
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

type QuoteState =
  | { kind: 'idle' }
  | { kind: 'waiting'; last: QuoteView | null }
  | { kind: 'ok'; view: QuoteView }
  | { kind: 'error'; message: string };

const MAIN_SWAP_TYPES: readonly Choice<SwapType>[] = [
  { value: 'EXACT_INPUT', label: 'Exact amount in', hint: 'You send exactly this; the quote says what you get.' },
  { value: 'EXACT_OUTPUT', label: 'Exact amount out', hint: 'You get exactly this; the quote says what to send.' },
  { value: 'FLEX_INPUT', label: 'Flexible amount in', hint: 'Partial and varying deposits are swapped within your slippage.' },
];

interface SwapFormProps {
  form: SwapForm;
  setForm(update: (old: SwapForm) => SwapForm): void;
  tokens: TokenView[];
  onStarted(record: SwapRecordView): void;
}

function SwapFormView({ form, setForm, tokens, onStarted }: SwapFormProps) {
  const [tried, setTried] = useState(false);
  const [quote, setQuote] = useState<QuoteState>({ kind: 'idle' });
  const action = useAction();
  const counter = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The form opens on its first control, the "You send" picker (after Screen's own focus move).
  useEffect(() => formRef.current?.querySelector<HTMLElement>('button.picker')?.focus(), []);
  const set = <K extends keyof SwapForm>(key: K, value: SwapForm[K]) => setForm((old) => ({ ...old, [key]: value }));

  const origin = tokenOf(tokens, form.originAsset);
  const destination = tokenOf(tokens, form.destinationAsset);
  const built = useMemo(() => buildQuote(form, tokens, Date.now()), [form, tokens]);
  const key = built.params ? quoteKey(built.params) : null;

  // The dry quote: asked QUOTE_DEBOUNCE_MS after the last change; answers to older requests are dropped.
  useEffect(() => {
    const n = ++counter.current;
    const params = built.params;
    if (!key || !params) {
      setQuote({ kind: 'idle' });
      return;
    }
    setQuote((q) => ({ kind: 'waiting', last: q.kind === 'ok' ? q.view : q.kind === 'waiting' ? q.last : null }));
    const timer = setTimeout(() => {
      swaps.quote(params).then(
        (view) => n === counter.current && setQuote({ kind: 'ok', view }),
        (err: unknown) => n === counter.current && setQuote({ kind: 'error', message: messageOf(err) }),
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const show = (field: SwapField, value: string) => (tried || value.trim() !== '' ? (built.problems[field] ?? null) : null);

  const chooseOrigin = (assetId: string) =>
    setForm((old) => {
      const chain = tokenOf(tokens, assetId)?.blockchain ?? null;
      return { ...old, originAsset: assetId, depositMode: fitDepositMode(chain, old.depositMode) };
    });

  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    const now = buildQuote(form, tokens, Date.now());
    if (!now.params) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    const params = now.params;
    counter.current++; // the dry quote in flight no longer matters
    void action.run(async () => {
      onStarted(await swaps.start(params));
    });
  };

  const amountToken = form.swapType === 'EXACT_OUTPUT' ? destination : origin;
  const amountUsd = (() => {
    if (!amountToken || built.problems.amount) return null;
    try {
      return usdValue(parseUnits(form.amount, amountToken.decimals), amountToken.decimals, amountToken.price);
    } catch {
      return null;
    }
  })();
  const modes = depositModesFor(origin?.blockchain ?? null);
  const slippageBps = percentToBps(form.slippagePercent.trim());
  const minutesDefault = defaultDeadlineMinutes(origin?.blockchain ?? null);

  return (
    <form onSubmit={submit} noValidate ref={formRef} data-testid="swap-form">
      <TokenPicker label="You send" tokens={tokens} value={form.originAsset} onValue={chooseOrigin} testid="swap-origin" error={tried ? built.problems.originAsset : null} />
      <TokenPicker
        label="You receive"
        tokens={tokens}
        value={form.destinationAsset}
        onValue={(v) => set('destinationAsset', v)}
        testid="swap-destination"
        error={tried || form.destinationAsset ? built.problems.destinationAsset : null}
      />
      <ChoiceGroup legend="Swap type" choices={MAIN_SWAP_TYPES} value={form.swapType} onValue={(v) => set('swapType', v)} testid="swap-type" />
      {form.swapType === 'ANY_INPUT' && <p class="hint">ANY_INPUT is chosen under Advanced.</p>}
      <TextField
        label={`Amount to ${form.swapType === 'EXACT_OUTPUT' ? 'receive' : 'send'}${amountToken ? ` (${amountToken.symbol})` : ''}`}
        value={form.amount}
        onValue={(v) => set('amount', v)}
        inputMode="decimal"
        verbatim
        testid="swap-amount"
        hint={amountUsd !== null ? `≈ $${amountUsd}` : amountToken ? `Up to ${amountToken.decimals} decimals` : undefined}
        error={show('amount', form.amount)}
      />
      <QuotePanel state={quote} swapType={form.swapType} destination={destination} origin={origin} />

      <SelectField
        label="Receive to"
        options={[
          { value: 'INTENTS', label: 'An intents account' },
          { value: 'DESTINATION_CHAIN', label: destination ? `An address on ${chainName(destination.blockchain)}` : 'An address on the destination chain' },
        ]}
        value={form.recipientType}
        onValue={(v) => set('recipientType', v)}
        testid="swap-recipient-type"
      />
      <TextField
        label={form.recipientType === 'INTENTS' ? 'Recipient intents account' : 'Recipient address'}
        value={form.recipient}
        onValue={(v) => set('recipient', v)}
        verbatim
        testid="swap-recipient"
        error={show('recipient', form.recipient)}
      />
      <SelectField
        label="Refunds go to"
        options={[
          { value: 'INTENTS', label: 'An intents account' },
          { value: 'ORIGIN_CHAIN', label: origin ? `An address on ${chainName(origin.blockchain)}` : 'An address on the origin chain' },
        ]}
        value={form.refundType}
        onValue={(v) => set('refundType', v)}
        testid="swap-refund-type"
      />
      <TextField
        label={form.refundType === 'INTENTS' ? 'Refund intents account' : 'Refund address'}
        value={form.refundTo}
        onValue={(v) => set('refundTo', v)}
        verbatim
        testid="swap-refund"
        error={show('refundTo', form.refundTo)}
      />

      <ChoiceGroup
        legend="Deposit from"
        choices={[
          { value: 'ORIGIN_CHAIN', label: origin ? `A wallet on ${chainName(origin.blockchain)}` : 'A wallet on the origin chain', hint: 'You get an address to send to.' },
          { value: 'INTENTS', label: 'My intents account', hint: 'Paid by a transfer inside the intents system.' },
        ]}
        value={form.depositType}
        onValue={(v) => set('depositType', v)}
        testid="swap-deposit-type"
      />
      {form.depositType === 'ORIGIN_CHAIN' && modes.length > 1 && (
        <ChoiceGroup
          legend="Deposit mode"
          choices={modes.map((m) => (m === 'MEMO' ? { value: m, label: 'Shared address with a memo', hint: 'You must include the memo in the transfer.' } : { value: m, label: 'Own address' }))}
          value={form.depositMode}
          onValue={(v) => set('depositMode', v)}
          testid="swap-deposit-mode"
        />
      )}
      {form.depositType === 'ORIGIN_CHAIN' && modes.length === 1 && modes[0] === 'MEMO' && (
        <p class="hint" data-testid="swap-memo-required">
          Deposits on {origin ? chainName(origin.blockchain) : 'this chain'} need a memo: you will get one with the address.
        </p>
      )}

      <fieldset class="choices slippage">
        <legend>Slippage</legend>
        <div class="actions start" role="group" aria-label="Slippage presets">
          {SLIPPAGE_PRESETS.map((p) => (
            <button key={p} type="button" aria-pressed={form.slippagePercent.trim() === p} onClick={() => set('slippagePercent', p)} data-testid={`swap-slippage-${p}`}>
              {p} %
            </button>
          ))}
        </div>
        <TextField
          label="Slippage tolerance (%)"
          value={form.slippagePercent}
          onValue={(v) => set('slippagePercent', v)}
          inputMode="decimal"
          verbatim
          testid="swap-slippage"
          hint={slippageBps !== null ? `${slippageBps} basis points${slippageBps > HIGH_SLIPPAGE_BPS ? ' (high)' : ''}` : undefined}
          error={show('slippagePercent', form.slippagePercent)}
        />
      </fieldset>
      <TextField
        label="Deadline (minutes from now)"
        value={form.deadlineMinutes}
        onValue={(v) => set('deadlineMinutes', v)}
        inputMode="numeric"
        placeholder={String(minutesDefault)}
        testid="swap-deadline"
        hint={`Refunds begin if the swap is not done by then. Default ${minutesDefault} min${minutesDefault >= 60 ? ': deposits on this chain confirm slowly' : ''}.`}
        error={show('deadlineMinutes', form.deadlineMinutes)}
      />

      <Advanced form={form} set={set} setForm={setForm} problems={built.problems} tried={tried} />

      {built.warnings.map((w) => (
        <Warning key={w} testid="swap-warning">
          <p>{w}</p>
        </Warning>
      ))}
      <ErrorAlert message={action.error} testid="swap-start-error" />
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy} data-testid="swap-start">
          {action.busy ? 'Getting the address…' : 'Get deposit address'}
        </button>
      </div>
    </form>
  );
}

interface AdvancedProps {
  form: SwapForm;
  set<K extends keyof SwapForm>(key: K, value: SwapForm[K]): void;
  setForm(update: (old: SwapForm) => SwapForm): void;
  problems: Partial<Record<SwapField, string>>;
  tried: boolean;
}

function Advanced({ form, set, setForm, problems, tried }: AdvancedProps) {
  const show = (field: SwapField, value: string) => (tried || value.trim() !== '' ? (problems[field] ?? null) : null);
  const setFee = (i: number, patch: Partial<{ recipient: string; bps: string }>) =>
    setForm((old) => ({ ...old, appFees: old.appFees.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
  // Open when something in it is set (the form came back from a deposit view), else closed.
  const [open, setOpen] = useState(
    () => form.swapType === 'ANY_INPUT' || !!form.referral || form.appFees.length > 0 || !!form.quoteWaitingMs || !!form.virtualChainRecipient || !!form.virtualChainRefundRecipient || form.customMsgAccepted,
  );
  return (
    <details class="group advanced" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)} data-testid="swap-advanced">
      <summary>Advanced</summary>
      <Checkbox
        label="Use ANY_INPUT (partner-only swap type)"
        checked={form.swapType === 'ANY_INPUT'}
        onChecked={(on) => set('swapType', on ? 'ANY_INPUT' : 'EXACT_INPUT')}
        testid="swap-any-input"
      />
      <TextField
        label="Referral"
        value={form.referral}
        onValue={(v) => set('referral', v.toLowerCase())}
        verbatim
        testid="swap-referral"
        hint="Lowercase only; it is public in on-chain data and analytics."
        error={show('referral', form.referral)}
      />
      <fieldset class="choices">
        <legend>App fees</legend>
        {form.appFees.length === 0 && <p class="hint">No app fees.</p>}
        {form.appFees.map((row, i) => (
          <div class="fee-row" key={i} role="group" aria-label={`App fee ${i + 1}`} data-testid="swap-fee-row">
            <TextField
              label={`Fee ${i + 1} recipient account`}
              value={row.recipient}
              onValue={(v) => setFee(i, { recipient: v })}
              verbatim
              testid="swap-fee-recipient"
              error={show(`appFee${i}Recipient`, row.recipient)}
            />
            <TextField
              label={`Fee ${i + 1} (basis points)`}
              value={row.bps}
              onValue={(v) => setFee(i, { bps: v })}
              inputMode="numeric"
              testid="swap-fee-bps"
              hint={percentToBps(row.bps) !== null && /^\d+$/.test(row.bps.trim()) ? `${bpsToPercent(Number(row.bps.trim()))}` : undefined}
              error={show(`appFee${i}Bps`, row.bps)}
            />
            <button
              type="button"
              onClick={() => setForm((old) => ({ ...old, appFees: old.appFees.filter((_, j) => j !== i) }))}
              aria-label={`Remove app fee ${i + 1}`}
              data-testid="swap-fee-remove"
            >
              Remove
            </button>
          </div>
        ))}
        {form.appFees.length < MAX_APP_FEES && (
          <button type="button" onClick={() => setForm((old) => ({ ...old, appFees: [...old.appFees, { recipient: '', bps: '' }] }))} data-testid="swap-fee-add">
            Add app fee
          </button>
        )}
      </fieldset>
      <TextField
        label="Quote waiting time (ms)"
        value={form.quoteWaitingMs}
        onValue={(v) => set('quoteWaitingMs', v)}
        inputMode="numeric"
        placeholder="3000"
        testid="swap-quote-wait"
        hint="How long the service may wait for market makers; 0 asks for the fastest quote."
        error={show('quoteWaitingMs', form.quoteWaitingMs)}
      />
      <TextField
        label="Virtual-chain recipient (EVM address)"
        value={form.virtualChainRecipient}
        onValue={(v) => set('virtualChainRecipient', v)}
        verbatim
        testid="swap-virtual-recipient"
        error={show('virtualChainRecipient', form.virtualChainRecipient)}
      />
      <TextField
        label="Virtual-chain refund recipient (EVM address)"
        value={form.virtualChainRefundRecipient}
        onValue={(v) => set('virtualChainRefundRecipient', v)}
        verbatim
        testid="swap-virtual-refund"
        error={show('virtualChainRefundRecipient', form.virtualChainRefundRecipient)}
      />
      <Warning testid="swap-custom-msg-warning">
        <p>
          <strong>Custom recipient message (experimental).</strong> It makes the withdrawal call <code>ft_transfer_call</code> on the home ledger. Funds are
          lost if the token is not NEP-141, if the recipient's storage deposit is missing, or if the recipient has no <code>ft_on_transfer</code>.
        </p>
        <Checkbox
          label="I understand that misuse loses the funds"
          checked={form.customMsgAccepted}
          onChecked={(on) => set('customMsgAccepted', on)}
          testid="swap-custom-msg-accept"
        />
      </Warning>
      {(problems.customMsgAccepted && (tried || form.customRecipientMsg)) ? (
        <p class="field-error" data-testid="swap-custom-msg-error">
          {problems.customMsgAccepted}
        </p>
      ) : null}
      <TextField
        label="Custom recipient message"
        value={form.customRecipientMsg}
        onValue={(v) => set('customRecipientMsg', v)}
        multiline
        rows={2}
        verbatim
        disabled={!form.customMsgAccepted}
        testid="swap-custom-msg"
      />
    </details>
  );
}

function amountOf(raw: string | undefined, token: TokenView | undefined): string | null {
  if (!raw || !token || !/^\d+$/.test(raw)) return null;
  return `${formatUnits(BigInt(raw), token.decimals)} ${token.symbol}`;
}

/** "1 to 1.2 USDC", "at least 1 USDC" or "up to 1.2 USDC". */
function inputRange(min: string | undefined, max: string | undefined, token: TokenView | undefined): string {
  const lo = amountOf(min, token);
  const hi = amountOf(max, token);
  if (lo && hi) return `${lo} to ${hi}`;
  return lo ? `at least ${lo}` : hi ? `up to ${hi}` : '—';
}

interface QuotePanelProps {
  state: QuoteState;
  swapType: SwapType;
  origin: TokenView | undefined;
  destination: TokenView | undefined;
}

function QuotePanel({ state, swapType, origin, destination }: QuotePanelProps) {
  const view = state.kind === 'ok' ? state.view : state.kind === 'waiting' ? state.last : null;
  const q = view?.quote;
  return (
    <section class="quote" aria-labelledby="swap-quote-heading" data-testid="swap-quote" data-state={state.kind}>
      <h3 id="swap-quote-heading">Quote</h3>
      <StatusLine testid="swap-quote-status">
        {state.kind === 'idle' ? 'Fill in the form to see a quote.' : state.kind === 'waiting' ? 'Getting a quote…' : ''}
      </StatusLine>
      {state.kind === 'error' && <ErrorAlert message={`No quote: ${state.message}`} testid="swap-quote-error" />}
      {q && (
        <div class={state.kind === 'waiting' ? 'stale' : undefined}>
          <dl class="facts">
            <dt>You send</dt>
            <dd data-testid="swap-quote-in">
              {q.amountInFormatted} {origin?.symbol} <span class="hint">${q.amountInUsd}</span>
            </dd>
            {swapType !== 'EXACT_INPUT' && (q.minAmountIn || q.maxAmountIn) && (
              <>
                <dt>Accepted input</dt>
                <dd data-testid="swap-quote-in-range">{inputRange(q.minAmountIn, q.maxAmountIn, origin)}</dd>
              </>
            )}
            <dt>You receive</dt>
            <dd data-testid="swap-quote-out">
              {q.amountOutFormatted} {destination?.symbol} <span class="hint">${q.amountOutUsd}</span>
            </dd>
            <dt>At least</dt>
            <dd data-testid="swap-quote-min-out">{amountOf(q.minAmountOut, destination) ?? q.minAmountOut}</dd>
            <dt>Time</dt>
            <dd data-testid="swap-quote-time">about {q.timeEstimate < 90 ? `${q.timeEstimate} s` : `${Math.round(q.timeEstimate / 60)} min`}</dd>
            {q.refundFee && q.refundFee !== '0' && (
              <>
                <dt>Refund fee</dt>
                <dd>{amountOf(q.refundFee, origin) ?? q.refundFee}</dd>
              </>
            )}
            {view.appFees.length > 0 && (
              <>
                <dt>App fees</dt>
                <dd data-testid="swap-quote-fees">{view.appFees.map((f) => `${bpsToPercent(f.fee)} to ${f.recipient}`).join(', ')}</dd>
              </>
            )}
          </dl>
          {view.feeWithoutJwt && (
            <p class="hint" data-testid="swap-fee-notice">
              No JWT is set, so the service adds a 0.2 % fee. Set a JWT under Settings to avoid it.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
