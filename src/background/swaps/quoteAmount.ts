/**
 * What a swap's quote takes from the user, checked and worded by the wallet before the swap is kept
 * (docs/security.md, "Payments the swap service writes"). The payment from the intents account moves
 * the quote's `amountIn`; for `EXACT_INPUT` and `FLEX_INPUT` the service takes exactly the amount asked
 * (docs/interface.md, "Swap types"), so a quote that takes anything else is refused: otherwise Withdraw
 * would sign more than the user typed. The amount to send is written from `amountIn` and the token's
 * decimals, never from the service's own `amountInFormatted`, which could say less than it takes.
 */

import type { QuoteParams } from '../../api/swapApi';
import {
  formatTokenAmount,
  isU128String,
  type TokenInfo,
  type TokenTable,
  tokenAmountWords,
  tokenTable,
} from '../../core';
import { type Phrase, phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

/** `why` completes the English message for the logs; `words` is what the person reads (docs/architecture.md, "Words and languages"). */
const refuse = (why: string, words: Phrase) =>
  new ProviderError(ERROR_CODES.internal, `The swap service's quote ${why}; the swap was not started.`, { words });

/**
 * EXACT_OUTPUT: the service chooses what it takes, so the swap is tied to the dry quote the person
 * accepted: the real quote may take at most its `amountIn` plus the request's slippage (basis points).
 * More is refused (the price moved): the popup shows the new quote for review.
 */
function withinAccepted(
  request: QuoteParams,
  amountIn: bigint,
  acceptedAmountIn: string | undefined,
  table: TokenTable,
): void {
  if (request.swapType !== 'EXACT_OUTPUT') return;
  if (acceptedAmountIn === undefined)
    throw new ProviderError(
      ERROR_CODES.invalidParams,
      'acceptedAmountIn: an EXACT_OUTPUT swap starts only from a reviewed quote',
      {
        field: 'acceptedAmountIn',
      },
    );
  const allowed = (BigInt(acceptedAmountIn) * (10_000n + BigInt(request.slippageTolerance))) / 10_000n;
  if (amountIn > allowed)
    throw new ProviderError(
      ERROR_CODES.invalidParams,
      `The swap service's quote now takes ${amountIn} of ${request.originAsset}, more than the ${acceptedAmountIn} you accepted allows with your slippage (at most ${allowed}); the swap was not started. Review the new quote.`,
      {
        field: 'acceptedAmountIn',
        requote: true,
        words: phrase(
          'swapQuote_takesMore',
          tokenAmountWords(amountIn, request.originAsset, table),
          tokenAmountWords(BigInt(acceptedAmountIn), request.originAsset, table),
          tokenAmountWords(allowed, request.originAsset, table),
        ),
      },
    );
}

/** The amount the swap takes, as the user reads it ("2 wNEAR"), or a refusal when the quote is not the one asked for. */
export function amountToSend(
  request: QuoteParams,
  amountIn: string,
  tokens: readonly TokenInfo[],
  acceptedAmountIn?: string,
): string {
  if (!isU128String(amountIn))
    throw refuse(`takes '${amountIn}', which is not an amount`, phrase('swapQuote_notAnAmount'));
  const table = tokenTable(tokens);
  withinAccepted(request, BigInt(amountIn), acceptedAmountIn, table);
  if ((request.swapType === 'EXACT_INPUT' || request.swapType === 'FLEX_INPUT') && amountIn !== request.amount) {
    throw refuse(
      `takes ${amountIn} of ${request.originAsset}, not the ${request.amount} asked`,
      phrase(
        'swapQuote_otherAmount',
        tokenAmountWords(BigInt(amountIn), request.originAsset, table),
        isU128String(request.amount)
          ? tokenAmountWords(BigInt(request.amount), request.originAsset, table)
          : request.amount,
      ),
    );
  }
  return formatTokenAmount(BigInt(amountIn), request.originAsset, table);
}
