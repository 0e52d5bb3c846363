// The live dry quote under the swap form: what goes in, what comes out, the minimum, time and fees.
// Amounts are worded from the quote's smallest units with the tokens' checked decimals, never from the
// service's formatted amounts (docs/security.md, "Token facts").

import type { QuoteView, SwapType, TokenView } from '../../api/swapApi';
import { tokenAmountText } from '../amountText';
import type { Trouble } from '../call';
import { Usd } from '../components/Amount';
import { FailureAlert, StatusLine } from '../components/Notice';
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
  if (lo && hi) return `${lo} to ${hi}`;
  return lo ? `at least ${lo}` : hi ? `up to ${hi}` : '—';
}

/** The service's "too low, try at least <smallest units>" in the token's words. */
function tooLow(message: string, origin: TokenView | undefined): string | null {
  const minimum = origin && minimumText(message, origin);
  return minimum ? `the amount is too small for this route (${minimum}).` : null;
}

/**
 * The failure as the person reads it: the service's "too low" names the amount the route takes, and that,
 * in the token's words, is the plain sentence; any other failure is worded by ui/call.ts.
 */
function withMinimum(state: { message: string; trouble: Trouble }, origin: TokenView | undefined): Trouble {
  const low = tooLow(state.message, origin);
  return low ? { text: `No quote: ${low}`, details: state.message } : state.trouble;
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
        Quote
      </h3>
      <StatusLine testid="swap-quote-status">
        {state.kind === 'idle'
          ? 'Fill in the form to see a quote.'
          : state.kind === 'waiting'
            ? 'Getting a quote…'
            : ''}
      </StatusLine>
      {state.kind === 'error' && (
        <FailureAlert trouble={withMinimum(state, origin)} onRetry={onRetry} testid="swap-quote-error" />
      )}
      {q && (
        <div class={state.kind === 'waiting' ? 'stale' : undefined}>
          <dl class="facts">
            <dt>You send</dt>
            <dd data-testid="swap-quote-in">
              {swapType === 'ANY_INPUT' ? (
                'any supported token, priced as each deposit arrives'
              ) : (
                <>
                  {amountOf(q.amountIn, origin) ?? '—'} <Usd value={q.amountInUsd} />
                </>
              )}
            </dd>
            {swapType !== 'EXACT_INPUT' && swapType !== 'ANY_INPUT' && (q.minAmountIn || q.maxAmountIn) && (
              <>
                <dt>Accepted input</dt>
                <dd data-testid="swap-quote-in-range">{inputRange(q.minAmountIn, q.maxAmountIn, origin)}</dd>
              </>
            )}
            <dt>You receive</dt>
            <dd data-testid="swap-quote-out">
              {swapType === 'ANY_INPUT' ? (
                `${destination?.symbol ?? 'the chosen token'}, paid out as the pool reaches about $1,000`
              ) : (
                <>
                  {amountOf(q.amountOut, destination) ?? '—'} <Usd value={q.amountOutUsd} />
                </>
              )}
            </dd>
            {swapType !== 'ANY_INPUT' && (
              <>
                <dt>At least</dt>
                <dd data-testid="swap-quote-min-out">{amountOf(q.minAmountOut, destination) ?? q.minAmountOut}</dd>
              </>
            )}
            <dt>Time</dt>
            <dd data-testid="swap-quote-time">
              about {q.timeEstimate < 90 ? `${q.timeEstimate} s` : `${Math.round(q.timeEstimate / 60)} min`}
            </dd>
            {q.withdrawFee && q.withdrawFee !== '0' && (
              <>
                <dt>Withdrawal fee</dt>
                <dd data-testid="swap-quote-withdraw-fee">
                  {amountOf(q.withdrawFee, destination) ?? q.withdrawFee} (already taken out)
                </dd>
              </>
            )}
            {q.refundFee && q.refundFee !== '0' && (
              <>
                <dt>Refund fee</dt>
                <dd>{amountOf(q.refundFee, origin) ?? q.refundFee}</dd>
              </>
            )}
            {view.appFees.length > 0 && (
              <>
                <dt>App fees</dt>
                <dd data-testid="swap-quote-fees">
                  {view.appFees.map((f) => `${bpsToPercent(f.fee)} to ${f.recipient}`).join(', ')}
                </dd>
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
