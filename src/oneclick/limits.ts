/**
 * What the live swap service takes in a quote request, checked by the wallet before anything is sent
 * (docs/services.md, "Live limits"; the popup's form and the background's params schema read these):
 * - `appFees`: each fee 0–500 basis points (the SDK's `AppFee`, https://docs.near-intents.org fee-config).
 *   Their sum is held to the same 500 (our rule): every fee is taken from the user's swap, and no app
 *   takes more than 5 % of it by splitting its fee between recipients.
 * - `customRecipientMsg`: only for a NEP-141 destination. It is passed to `ft_transfer_call`, and the SDK
 *   warns that funds are lost with any other token (one-click-sdk-typescript `QuoteRequest`,
 *   "HIGHLY EXPERIMENTAL").
 */
// The module, not the core index: the popup's swap form imports this file, and the index brings the curve code.
import { parseTokenId } from '../core/tokenId';

export const APP_FEE_MAX_BPS = 500;
export const APP_FEES_TOTAL_MAX_BPS = 500;

/** Whether a custom recipient message can be sent for this destination asset (a NEP-141 token id). */
export function takesRecipientMsg(destinationAsset: string): boolean {
  try {
    return parseTokenId(destinationAsset).standard === 'nep141';
  } catch {
    return false;
  }
}
