// What a swap paid from the intents balance delivers, and where, for its one review: the transfer the
// person signs goes to the swap's deposit account, so the review also names the real destination (the
// amount from the stored quote, worded with the token's checked decimals; the recipient as requested).
import type { SwapRecordView } from '../api/swapApi';
import { memoRuleOf } from '../core/destinationMemo';
import { tokenAmountText, type WordedToken } from './amountText';
import { chainName, familyOf } from './chains';
import { quoteFacts } from './swapText';

export function arrivesText(
  record: SwapRecordView,
  destination: (WordedToken & { blockchain: string }) | undefined,
  ownAccount: string | null,
): string | null {
  const out = quoteFacts(record.quoteResponseJson).amountOut;
  if (out === null || !/^\d+$/.test(out)) return null;
  const amount = tokenAmountText(BigInt(out), record.request.destinationAsset, destination);
  const { recipient, recipientType, recipientMemo } = record.request;
  const memoLabel = destination ? (memoRuleOf(familyOf(destination.blockchain))?.label ?? 'memo') : 'memo';
  const where =
    recipientType === 'INTENTS'
      ? recipient === ownAccount
        ? 'in your intents account'
        : `in the intents account ${recipient}`
      : `at ${recipient}${destination ? ` on ${chainName(destination.blockchain)}` : ''}${recipientMemo ? ` (${memoLabel.toLowerCase()} ${recipientMemo})` : ''}`;
  return `Then about ${amount} arrive ${where}.`;
}
