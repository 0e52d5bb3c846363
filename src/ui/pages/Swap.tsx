// The Swap tab: the swap form with a live dry quote, "Get deposit address", and the deposit and
// tracking view of a started swap (also reachable from the list of swaps in progress). At 360×600 the
// amount, both tokens (with the intents balances and Max), the quote and the button fit without
// scrolling; everything else is folded under Options (SwapOptions.tsx).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import type { BalanceRow } from '../../api/walletApi';
import { formatUnits, parseUnits, usdValue } from '../../core/amounts';
import { isConfirmed, readableAmount, unusableTokenText } from '../amountText';
import { ActiveSwaps } from '../components/ActiveSwaps';
import { TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { StatusLine, Warning } from '../components/Notice';
import { Screen } from '../components/Screen';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import { emptyForm, fitDepositMode, type SwapField, type SwapForm } from '../swapForm';
import { buildQuote, quoteKey, tokenOf } from '../swapRequest';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { messageOf, wallet } from '../wallet';
import { Deposit } from './Deposit';
import type { FieldBinding } from './SwapAdvanced';
import { OPTION_FIELDS, SwapOptions } from './SwapOptions';
import { QuotePanel, type QuoteState } from './SwapQuote';

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
  const held = useHeld(account);

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
    <Screen title="Swap" testid="swap" ready={tokens !== null || tokensError !== null} titleHidden>
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
          held={held}
          account={account}
          onStarted={(record) => {
            setStarted(record);
            setOpenId(record.id);
          }}
        />
      )}
      {/* Below the form, which must fit the popup's first screen. */}
      <ActiveSwaps onOpen={setOpenId} />
    </Screen>
  );
}

/** What the intents account holds, by asset id: the last reading at once, then a fresh one (as Home does). */
function useHeld(account: string | null): ReadonlyMap<string, BalanceRow> {
  const [rows, setRows] = useState<BalanceRow[]>([]);
  useEffect(() => {
    if (!account) return;
    void wallet.keptBalances().then(
      (kept) => kept && setRows((r) => (r.length ? r : kept.rows)),
      () => undefined,
    );
    void wallet.balances().then(
      (fresh) => setRows(fresh.rows),
      () => undefined,
    );
  }, [account]);
  return useMemo(() => new Map(rows.map((r) => [r.assetId, r])), [rows]);
}

interface SwapFormProps {
  form: SwapForm;
  setForm(update: (old: SwapForm) => SwapForm): void;
  tokens: TokenView[];
  held: ReadonlyMap<string, BalanceRow>;
  account: string | null;
  onStarted(record: SwapRecordView): void;
}

function SwapFormView({ form, setForm, tokens, held, account, onStarted }: SwapFormProps) {
  const [tried, setTried] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(() => form.swapType === 'ANY_INPUT');
  const [quote, setQuote] = useState<QuoteState>({ kind: 'idle' });
  /** Moved when a start was refused: the dry quote is asked again, for a new review. */
  const [requote, setRequote] = useState(0);
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
  }, [key, requote]);

  const show = (field: SwapField, value: string) =>
    tried || value.trim() !== '' ? (built.problems[field] ?? null) : null;
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
    if (!now.params) {
      // A field under Options needs attention: open it so that focus can reach the field.
      if (OPTION_FIELDS.some((f) => now.problems[f]) || Object.keys(now.problems).some((f) => f.startsWith('appFee')))
        setOptionsOpen(true);
      return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    }
    const params = now.params;
    // The quote the person reviewed: the swap may not take more than it (and the slippage) allow.
    const accepted = quote.kind === 'ok' ? quote.view.quote.amountIn : undefined;
    counter.current++; // the dry quote in flight no longer matters
    void action.run(async () => {
      try {
        onStarted(await swaps.start(params, accepted));
      } catch (err) {
        setRequote((n) => n + 1); // refused (e.g. the price moved): the new quote is shown for review
        throw err;
      }
    });
  };

  const amountToken = form.swapType === 'EXACT_OUTPUT' ? destination : origin;
  const amountUsd = (() => {
    if (!amountToken || amountToken.decimals === null || built.problems.amount) return null;
    try {
      return usdValue(parseUnits(form.amount, amountToken.decimals), amountToken.decimals, amountToken.price);
    } catch {
      return null;
    }
  })();
  // Max: all the intents account holds of the token sent, paid from there.
  const heldRow = origin ? held.get(origin.assetId) : undefined;
  const originHeld = isConfirmed(heldRow) ? heldRow : undefined;
  const takeMax = (row: BalanceRow & { decimals: number }) =>
    setForm((old) => ({
      ...old,
      amount: formatUnits(BigInt(row.amount), row.decimals),
      depositType: 'INTENTS',
      swapType: old.swapType === 'EXACT_OUTPUT' ? 'EXACT_INPUT' : old.swapType,
    }));

  return (
    <form onSubmit={submit} noValidate ref={formRef} data-testid="swap-form">
      {anyInput ? (
        <p class="hint" data-testid="swap-any-input-note">
          <strong>You send: any supported token, any amount.</strong> Each deposit into the swap's intents address is
          converted to the token you receive, and the pool is paid out once it is worth about $1,000. The swap never
          finishes by itself: its payouts are listed as they happen.
        </p>
      ) : (
        <TokenPicker
          label="You send"
          tokens={tokens}
          value={form.originAsset}
          onValue={chooseOrigin}
          testid="swap-origin"
          error={tried || unusableTokenText(origin) ? built.problems.originAsset : null}
          held={held}
        />
      )}
      {!anyInput && (
        <TextField
          label={`Amount to ${form.swapType === 'EXACT_OUTPUT' ? 'receive' : 'send'}${amountToken ? ` (${amountToken.symbol})` : ''}`}
          {...bind('amount')}
          inputMode="decimal"
          verbatim
          testid="swap-amount"
          hint={amountUsd !== null ? `≈ $${amountUsd}` : undefined}
          aside={
            originHeld && (
              <button
                type="button"
                class="link"
                onClick={() => takeMax(originHeld)}
                aria-label={`Max: all ${readableAmount(BigInt(originHeld.amount), originHeld.decimals)} ${originHeld.symbol}`}
                data-testid="swap-origin-max"
              >
                Max
              </button>
            )
          }
        />
      )}
      <TokenPicker
        label="You receive"
        tokens={tokens}
        value={form.destinationAsset}
        onValue={(v) => set('destinationAsset', v)}
        testid="swap-destination"
        error={tried || form.destinationAsset ? built.problems.destinationAsset : null}
        held={held}
      />
      <QuotePanel state={quote} swapType={form.swapType} destination={destination} origin={origin} />
      <SwapOptions
        form={form}
        account={account}
        open={optionsOpen}
        onOpen={setOptionsOpen}
        origin={origin}
        destination={destination}
        bind={bind}
        set={set}
        setForm={setForm}
        show={show}
        problems={built.problems}
        tried={tried}
      />

      {built.warnings.map((w) => (
        <Warning key={w} testid="swap-warning">
          <p>{w}</p>
        </Warning>
      ))}
      <FormFooter
        busy={action.busy}
        label="Get deposit address"
        busyLabel="Getting the address…"
        submitTestid="swap-start"
        error={action.error}
        errorTestid="swap-start-error"
      />
    </form>
  );
}
