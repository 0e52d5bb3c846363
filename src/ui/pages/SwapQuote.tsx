// The live dry quote under the swap form: what goes in, what comes out, the minimum, time and fees.
// Amounts are worded from the quote's smallest units with the tokens' checked decimals, never from the
// service's formatted amounts (docs/security.md, "Token facts").

import type { QuoteView, SwapType, TokenView } from '../../api/swapApi';
import { readableUsd, tokenAmountText } from '../amountText';
import type { Trouble } from '../call';
import { Usd } from '../components/Amount';
import { FailureAlert, StatusLine } from '../components/Notice';
import { t } from '../i18n';
import { minimumText } from '../swapButton';
import { bpsToPercent } from '../swapForm';

export type QuoteState =
  | { kind: 'idle' }
  | { kind: 'waiting'; last: QuoteView | null }
  | { kind: 'ok'; view: QuoteView }
  | { kind: 'error'; message: string; trouble: Trouble };

function amountOf(raw: string | undefined, token: TokenView | undefined): string | null {
  if (!raw || !token || !/^\d+$/.test(raw)) return null;
  return tokenAmountText(BigInt(raw), token.assetId, token);
}

/** "1 to 1.2 USDC", "at least 1 USDC" or "up to 1.2 USDC". */
function inputRange(min: string | undefined, max: string | undefined, token: TokenView | undefined): string {
  const lo = amountOf(min, token);
  const hi = amountOf(max, token);
  if (lo && hi) return t('quote_range', lo, hi);
  return lo ? t('quote_atLeastAmount', lo) : hi ? t('quote_upTo', hi) : '—';
}

/** The service's "too low, try at least <smallest units>" in the token's words. */
function tooLow(message: string, origin: TokenView | undefined): string | null {
  const minimum = origin && minimumText(message, origin);
  return minimum ? t('quote_tooSmall', minimum) : null;
}

/**
 * The failure as the person reads it: the service's "too low" names the amount the route takes, and that,
 * in the token's words, is the plain sentence; any other failure is worded by ui/call.ts.
 */
function withMinimum(state: { message: string; trouble: Trouble }, origin: TokenView | undefined): Trouble {
  const low = tooLow(state.message, origin);
  return low ? { text: t('quote_none', low), details: state.message } : state.trouble;
}

interface QuotePanelProps {
  state: QuoteState;
  swapType: SwapType;
  origin: TokenView | undefined;
  destination: TokenView | undefined;
  /** Asks for the quote again (after a failure). */
  onRetry(): void;
}

export function QuotePanel({ state, swapType, origin, destination, onRetry }: QuotePanelProps) {
  const view = state.kind === 'ok' ? state.view : state.kind === 'waiting' ? state.last : null;
  const q = view?.quote;
  return (
    <section class="quote" aria-labelledby="swap-quote-heading" data-testid="swap-quote" data-state={state.kind}>
      <h3 id="swap-quote-heading" class="sr-only">
        {t('quote_heading')}
      </h3>
      <StatusLine testid="swap-quote-status">
        {state.kind === 'idle' ? t('quote_fillIn') : state.kind === 'waiting' ? t('quote_getting') : ''}
      </StatusLine>
      {state.kind === 'error' && (
        <FailureAlert trouble={withMinimum(state, origin)} onRetry={onRetry} testid="swap-quote-error" />
      )}
      {q && (
        <div class={state.kind === 'waiting' ? 'stale' : undefined}>
          <dl class="facts">
            <dt>{t('swapForm_youSend')}</dt>
            <dd data-testid="swap-quote-in">
              {swapType === 'ANY_INPUT' ? (
                t('quote_anyToken')
              ) : (
                <>
                  {amountOf(q.amountIn, origin) ?? '—'} <Usd value={q.amountInUsd} />
                </>
              )}
            </dd>
            {swapType !== 'EXACT_INPUT' && swapType !== 'ANY_INPUT' && (q.minAmountIn || q.maxAmountIn) && (
              <>
                <dt>{t('quote_acceptedInput')}</dt>
                <dd data-testid="swap-quote-in-range">{inputRange(q.minAmountIn, q.maxAmountIn, origin)}</dd>
              </>
            )}
            <dt>{t('swapForm_youReceive')}</dt>
            <dd data-testid="swap-quote-out">
              {swapType === 'ANY_INPUT' ? (
                t('quote_paidOut', destination?.symbol ?? t('quote_chosenToken'), readableUsd(1000))
              ) : (
                <>
                  {amountOf(q.amountOut, destination) ?? '—'} <Usd value={q.amountOutUsd} />
                </>
              )}
            </dd>
            {swapType !== 'ANY_INPUT' && (
              <>
                <dt>{t('quote_atLeast')}</dt>
                <dd data-testid="swap-quote-min-out">{amountOf(q.minAmountOut, destination) ?? q.minAmountOut}</dd>
              </>
            )}
            <dt>{t('quote_time')}</dt>
            <dd data-testid="swap-quote-time">
              {q.timeEstimate < 90
                ? t('quote_aboutSeconds', String(q.timeEstimate))
                : t('quote_aboutMinutes', String(Math.round(q.timeEstimate / 60)))}
            </dd>
            {q.withdrawFee && q.withdrawFee !== '0' && (
              <>
                <dt>{t('quote_withdrawalFee')}</dt>
                <dd data-testid="swap-quote-withdraw-fee">
                  {t('quote_alreadyTaken', amountOf(q.withdrawFee, destination) ?? q.withdrawFee)}
                </dd>
              </>
            )}
            {q.refundFee && q.refundFee !== '0' && (
              <>
                <dt>{t('quote_refundFee')}</dt>
                <dd>{amountOf(q.refundFee, origin) ?? q.refundFee}</dd>
              </>
            )}
            {view.appFees.length > 0 && (
              <>
                <dt>{t('quote_appFees')}</dt>
                <dd data-testid="swap-quote-fees">
                  {view.appFees.map((f) => t('quote_feeTo', bpsToPercent(f.fee), f.recipient)).join(', ')}
                </dd>
              </>
            )}
          </dl>
          {view.feeWithoutJwt && (
            <p class="hint" data-testid="swap-fee-notice">
              {t('quote_noJwt')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
