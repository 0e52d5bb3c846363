// The Swap tab: the swap form with a live dry quote, "Get deposit address", and the deposit and
// tracking view of a started swap (also reachable from the list of swaps in progress).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parseUnits, usdValue } from '../../core/amounts';
import type { SwapRecordView, SwapType, TokenView } from '../../provider/swapApi';
import { chainName } from '../addresses';
import { ChoiceGroup, TextField, type Choice } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { StatusLine, Warning } from '../components/Notice';
import { Screen } from '../components/Screen';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import {
  HIGH_SLIPPAGE_BPS,
  SLIPPAGE_PRESETS,
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
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { messageOf } from '../wallet';
import { Deposit } from './Deposit';
import { AddressChoice } from './SwapAddress';
import { Advanced, type FieldBinding } from './SwapAdvanced';
import { QuotePanel, type QuoteState } from './SwapQuote';
import { ActiveSwaps } from '../components/ActiveSwaps';

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

  const anyInput = form.swapType === 'ANY_INPUT';
  const origin = anyInput ? undefined : tokenOf(tokens, form.originAsset);
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
  const bind: FieldBinding = (key) => ({ value: form[key], onValue: (v) => set(key, v), error: show(key, form[key]) });

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
  const minutesDefault = defaultDeadlineMinutes(origin?.blockchain ?? null, form.swapType);

  return (
    <form onSubmit={submit} noValidate ref={formRef} data-testid="swap-form">
      {anyInput ? (
        <p class="hint" data-testid="swap-any-input-note">
          <strong>You send: any supported token, any amount.</strong> Each deposit into the swap's intents address is converted to the token you receive, and the
          pool is paid out once it is worth about $1,000. The swap never finishes by itself: its payouts are listed as they happen.
        </p>
      ) : (
        <TokenPicker label="You send" tokens={tokens} value={form.originAsset} onValue={chooseOrigin} testid="swap-origin" error={tried ? built.problems.originAsset : null} />
      )}
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
      {!anyInput && (
        <TextField
          label={`Amount to ${form.swapType === 'EXACT_OUTPUT' ? 'receive' : 'send'}${amountToken ? ` (${amountToken.symbol})` : ''}`}
          {...bind('amount')}
          inputMode="decimal"
          verbatim
          testid="swap-amount"
          hint={amountUsd !== null ? `≈ $${amountUsd}` : amountToken ? `Up to ${amountToken.decimals} decimals` : undefined}
        />
      )}
      <QuotePanel state={quote} swapType={form.swapType} destination={destination} origin={origin} />

      <AddressChoice
        label="Receive to"
        chain={{ value: 'DESTINATION_CHAIN', label: destination ? `An address on ${chainName(destination.blockchain)}` : 'An address on the destination chain' }}
        type={form.recipientType}
        onType={(v) => set('recipientType', v)}
        fieldLabels={{ intents: 'Recipient intents account', address: 'Recipient address' }}
        {...bind('recipient')}
        testid="swap-recipient"
      />
      {anyInput ? (
        <TextField label="Refund intents account" {...bind('refundTo')} verbatim testid="swap-refund-any" hint="ANY_INPUT refunds, if any, stay in the intents ledger." />
      ) : (
        <AddressChoice
          label="Refunds go to"
          chain={{ value: 'ORIGIN_CHAIN', label: origin ? `An address on ${chainName(origin.blockchain)}` : 'An address on the origin chain' }}
          type={form.refundType}
          onType={(v) => set('refundType', v)}
          fieldLabels={{ intents: 'Refund intents account', address: 'Refund address' }}
          {...bind('refundTo')}
          testid="swap-refund"
        />
      )}

      {!anyInput && <ChoiceGroup
        legend="Deposit from"
        choices={[
          { value: 'ORIGIN_CHAIN', label: origin ? `A wallet on ${chainName(origin.blockchain)}` : 'A wallet on the origin chain', hint: 'You get an address to send to.' },
          { value: 'INTENTS', label: 'My intents account', hint: 'Paid by a transfer inside the intents system.' },
        ]}
        value={form.depositType}
        onValue={(v) => set('depositType', v)}
        testid="swap-deposit-type"
      />}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length > 1 && (
        <ChoiceGroup
          legend="Deposit mode"
          choices={modes.map((m) => (m === 'MEMO' ? { value: m, label: 'Shared address with a memo', hint: 'You must include the memo in the transfer.' } : { value: m, label: 'Own address' }))}
          value={form.depositMode}
          onValue={(v) => set('depositMode', v)}
          testid="swap-deposit-mode"
        />
      )}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length === 1 && modes[0] === 'MEMO' && (
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
          {...bind('slippagePercent')}
          inputMode="decimal"
          verbatim
          testid="swap-slippage"
          hint={slippageBps !== null ? `${slippageBps} basis points${slippageBps > HIGH_SLIPPAGE_BPS ? ' (high)' : ''}` : undefined}
        />
      </fieldset>
      <TextField
        label="Deadline (minutes from now)"
        {...bind('deadlineMinutes')}
        inputMode="numeric"
        placeholder={String(minutesDefault)}
        testid="swap-deadline"
        hint={`Refunds begin if the swap is not done by then. Default ${minutesDefault} min${minutesDefault >= 60 ? ': deposits on this chain confirm slowly' : ''}.`}
      />

      <Advanced form={form} bind={bind} set={set} setForm={setForm} show={show} problems={built.problems} tried={tried} />

      {built.warnings.map((w) => (
        <Warning key={w} testid="swap-warning">
          <p>{w}</p>
        </Warning>
      ))}
      <FormFooter busy={action.busy} label="Get deposit address" busyLabel="Getting the address…" submitTestid="swap-start" error={action.error} errorTestid="swap-start-error" />
    </form>
  );
}
