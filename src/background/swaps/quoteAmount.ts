/**
 * What a swap's quote takes from the user, checked and worded by the wallet before the swap is kept
 * (docs/security.md, "Payments the swap service writes"). The payment from the intents account moves
 * the quote's `amountIn`; for `EXACT_INPUT` and `FLEX_INPUT` the service takes exactly the amount asked
 * (docs/interface.md, "Swap types"), so a quote that takes anything else is refused: otherwise Withdraw
 * would sign more than the user typed. The amount to send is written from `amountIn` and the token's
 * decimals, never from the service's own `amountInFormatted`, which could say less than it takes.
 */

import type { QuoteParams } from '../../api/swapApi';
import { formatTokenAmount, isU128String, type TokenInfo, tokenTable } from '../../core';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

const refuse = (why: string) =>
  new ProviderError(ERROR_CODES.internal, `The swap service's quote ${why}; the swap was not started.`);

/** The amount the swap takes, as the user reads it ("2 wNEAR"), or a refusal when the quote is not the one asked for. */
export function amountToSend(request: QuoteParams, amountIn: string, tokens: readonly TokenInfo[]): string {
  if (!isU128String(amountIn)) throw refuse(`takes '${amountIn}', which is not an amount`);
  if ((request.swapType === 'EXACT_INPUT' || request.swapType === 'FLEX_INPUT') && amountIn !== request.amount) {
    throw refuse(`takes ${amountIn} of ${request.originAsset}, not the ${request.amount} asked`);
  }
  return formatTokenAmount(BigInt(amountIn), request.originAsset, tokenTable(tokens));
}
