// The swap form with a live dry quote and a button that says the situation ("Swap", "Insufficient wNEAR",
// "Minimum 0.43 wNEAR", "Get deposit address": ../swapButton.ts). At 360×600 the amount, both tokens
// (with the intents balances, Max and a flip), the quote and the button fit without scrolling; everything
// else is folded under Options (SwapOptions.tsx).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import type { BalanceRow } from '../../api/walletApi';
import { formatUnits, parseUnits, usdValue } from '../../core/amounts';
import { isConfirmed, readableAmount, readableUsd, unusableTokenText } from '../amountText';
import { troubleOf } from '../call';
import { TextField } from '../components/Field';
import { FormFooter } from '../components/FormFooter';
import { Warning } from '../components/Notice';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { defaultDepositType, swapButton } from '../swapButton';
import { fitDepositMode, type SwapField, type SwapForm } from '../swapForm';
import { buildQuote, quoteKey, tokenOf } from '../swapRequest';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { messageOf } from '../wallet';
import type { FieldBinding } from './SwapAdvanced';
import { OPTION_FIELDS, SwapOptions } from './SwapOptions';
import { QuotePanel, type QuoteState } from './SwapQuote';

/** Quiet time after the last keystroke before the dry quote is asked (ms). */
export const QUOTE_DEBOUNCE_MS = 400;

interface SwapFormProps {
  form: SwapForm;
  setForm(update: (old: SwapForm) => SwapForm): void;
  tokens: TokenView[];
  held: ReadonlyMap<string, BalanceRow>;
  account: string | null;
  onStarted(record: SwapRecordView): void;
}

export function SwapFormView({ form, setForm, tokens, held, account, onStarted }: SwapFormProps) {
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
        (err: unknown) =>
          n === counter.current &&
          setQuote({ kind: 'error', message: messageOf(err), trouble: troubleOf('quote', err) }),
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, requote]);

  const show = (field: SwapField, value: string) =>
    tried || value.trim() !== '' ? (built.problems[field] ?? null) : null;
  const bind: FieldBinding = (key) => ({ value: form[key], onValue: (v) => set(key, v), error: show(key, form[key]) });

  // A token the account holds is paid from the balance by default (one review, no deposit screen).
  const heldUnits = (assetId: string): bigint | null => {
    const row = held.get(assetId);
    return row && /^\d+$/.test(row.amount) ? BigInt(row.amount) : null;
  };
  const chooseOrigin = (assetId: string) =>
    setForm((old) => {
      const chain = tokenOf(tokens, assetId)?.blockchain ?? null;
      return {
        ...old,
        originAsset: assetId,
        depositType: defaultDepositType(heldUnits(assetId)),
        depositMode: fitDepositMode(chain, old.depositMode),
      };
    });
  const flip = () =>
    setForm((old) => {
      const chain = tokenOf(tokens, old.destinationAsset)?.blockchain ?? null;
      return {
        ...old,
        originAsset: old.destinationAsset,
        destinationAsset: old.originAsset,
        depositType: defaultDepositType(heldUnits(old.destinationAsset)),
        depositMode: fitDepositMode(chain, old.depositMode),
      };
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

  const button = swapButton({
    depositType: form.depositType,
    swapType: form.swapType,
    amount: form.amount,
    origin: origin && { symbol: origin.symbol, decimals: origin.decimals },
    // Unknown until the balances came (an empty map); then a token not held is 0.
    held: origin && held.size > 0 ? (heldUnits(origin.assetId) ?? 0n) : null,
    quotedIn: quote.kind === 'ok' && /^\d+$/.test(quote.view.quote.amountIn) ? BigInt(quote.view.quote.amountIn) : null,
    quoteError: quote.kind === 'error' ? quote.message : null,
  });
  return (
    <form onSubmit={submit} noValidate ref={formRef} data-testid="swap-form">
      {anyInput ? (
        <p class="hint" data-testid="swap-any-input-note">
          <strong>{t('swapForm_anyInputTitle')}</strong> {t('swapForm_anyInputText', readableUsd(1000))}
        </p>
      ) : (
        <TokenPicker
          label={t('swapForm_youSend')}
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
          label={
            form.swapType === 'EXACT_OUTPUT'
              ? amountToken
                ? t('swapForm_amountToReceiveOf', amountToken.symbol)
                : t('swapForm_amountToReceive')
              : amountToken
                ? t('swapForm_amountToSendOf', amountToken.symbol)
                : t('swapForm_amountToSend')
          }
          {...bind('amount')}
          inputMode="decimal"
          verbatim
          testid="swap-amount"
          hint={amountUsd !== null ? t('amount_aboutUsd', readableUsd(amountUsd)) : undefined}
          aside={
            originHeld && (
              <button
                type="button"
                class="link"
                onClick={() => takeMax(originHeld)}
                aria-label={t(
                  'amount_maxAll',
                  readableAmount(BigInt(originHeld.amount), originHeld.decimals),
                  originHeld.symbol,
                )}
                data-testid="swap-origin-max"
              >
                {t('amount_max')}
              </button>
            )
          }
        />
      )}
      {!anyInput && (
        <div class="flip">
          <button
            type="button"
            class="icon"
            onClick={flip}
            disabled={!form.originAsset && !form.destinationAsset}
            aria-label={t('swapForm_flip')}
            title={t('swapForm_flip')}
            data-testid="swap-flip"
          >
            ⇅
          </button>
        </div>
      )}
      <TokenPicker
        label={t('swapForm_youReceive')}
        tokens={tokens}
        value={form.destinationAsset}
        onValue={(v) => set('destinationAsset', v)}
        testid="swap-destination"
        error={tried || form.destinationAsset ? built.problems.destinationAsset : null}
        held={held}
      />
      <QuotePanel
        state={quote}
        swapType={form.swapType}
        destination={destination}
        origin={origin}
        onRetry={() => setRequote((n) => n + 1)}
      />
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
        blocked={button.blocked}
        label={button.label}
        busyLabel={button.busyLabel}
        submitTestid="swap-start"
        trouble={action.trouble('swap')}
        errorTestid="swap-start-error"
      />
    </form>
  );
}
