// What a swap paid from the intents balance delivers, and where, for its one review: the transfer the
// person signs goes to the swap's deposit account, so the review also names the real destination (the
// amount from the stored quote, worded with the token's checked decimals; the recipient as requested).
import type { SwapRecordView } from '../api/swapApi';
import { memoRuleOf, memoWord } from '../core/destinationMemo';
import { tokenAmountText, type WordedToken } from './amountText';
import { chainName, familyOf } from './chains';
import { t } from './i18n';
import { said } from './phrase';
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
  if (recipientType === 'INTENTS')
    return recipient === ownAccount ? t('arrives_yourAccount', amount) : t('arrives_intentsAccount', amount, recipient);
  const memoRule = destination ? memoRuleOf(familyOf(destination.blockchain)) : null;
  const at = destination ? t('arrives_onChain', recipient, chainName(destination.blockchain)) : recipient;
  const place = recipientMemo
    ? t('arrives_withMemo', at, memoRule ? said(memoWord(memoRule.kind)) : t('arrives_memo'), recipientMemo)
    : at;
  return t('arrives_address', amount, place);
}
