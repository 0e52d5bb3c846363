/**
 * The memo a receiving address needs on some chains (an exchange's shared address credits a deposit by
 * it: sent without it, the deposit is lost), and whether a withdrawal through the swap service can carry
 * it. One home for these rules: the popup's Withdraw and swap form, the background's quote parameters and
 * client, and the simulator use them (docs/services.md, "Recipient memos").
 *
 * - XRP Ledger: the destination tag, an unsigned 32-bit integer
 *   (https://xrpl.org/docs/concepts/transactions/source-and-destination-tags). The swap service has no
 *   memo field (one-click-sdk-typescript 0.1.25 `QuoteRequest.recipient`: "Destination routing metadata,
 *   when required, must be encoded according to the destination chain address format"), and for XRP that
 *   format is the X-address: "Classic addresses with destination tags are NOT supported for our 1Click
 *   Swap service", the X-address "encodes classic address + destination tag"
 *   (https://docs.near-intents.org/resources/chain-support, "XRP Ledger"). The bridge withdrawal on the
 *   verifier carries it in its memo as `WITHDRAW_TO:<address>:<tag>` (defuse-protocol/sdk-monorepo
 *   packages/intents-sdk/src/bridges/poa-bridge/poa-bridge-utils.ts `createWithdrawMemo`).
 * - Stellar (memo) and TON (comment): no route carries one. The same chain list gives only plain `G…`
 *   and TON addresses, and the intents SDK refuses a destination memo for them ("Destination memo is only
 *   supported for XRP Ledger withdrawals": packages/intents-sdk/src/classes/errors.ts,
 *   bridges/hot-bridge/hot-bridge.ts). A memo typed for them is refused, never dropped.
 * - No other chain takes one; the token list has no flag saying which do (SDK `TokenResponse`).
 * Which chains take one, and what they call it, is in the chain table (./chains.ts); how it is checked
 * and carried is here.
 */
import { type AddressFamily, type MemoKind, type MemoRule, memoChainOfFamily, memoRuleOfFamily } from './chains';
import { type Phrase, phrase } from './phrase';
import { decodeXAddress, encodeXAddress, isXrpAddress } from './xrpAddress';

export type { MemoKind, MemoRule };

/** The memo rule of an address family (the chain table's, ./chains.ts); null for families whose addresses need none. */
export function memoRuleOf(family: AddressFamily | null): MemoRule | null {
  const memo = family ? memoRuleOfFamily(family) : undefined;
  return memo ? { kind: memo.kind, carried: memo.carried } : null;
}

/** The memo's name as a field label ("Destination tag"), in the person's language. */
export const memoLabel = (kind: MemoKind): Phrase => phrase(`memo_${kind}Label`);
/** The memo's name inside a sentence ("destination tag"). */
export const memoWord = (kind: MemoKind): Phrase => phrase(`memo_${kind}Word`);

const TAG_RE = /^(0|[1-9]\d{0,9})$/;
const MAX_TAG = 0xffffffff;

/** A destination tag as typed: a whole number from 0 to 4294967295, written without leading zeros; null otherwise. */
export function parseDestinationTag(text: string): number | null {
  if (!TAG_RE.test(text)) return null;
  const n = Number(text);
  return n <= MAX_TAG ? n : null;
}

/**
 * What is wrong with the memo typed for an address of this family, in words that name the field, or null.
 * An empty memo is fine everywhere (the receiver may need none); `address` is checked against the memo
 * only where the address can hold one itself (an X-address's tag).
 */
export function memoProblem(family: AddressFamily | null, memo: string, address = ''): Phrase | null {
  const rule = memoRuleOf(family);
  if (memo === '') return null;
  if (!rule) return phrase('memo_none');
  if (memo.trim() !== memo) return phrase(`memo_${rule.kind}Spaces`);
  if (!rule.carried) return phrase(`memo_${rule.kind}NotCarried`, memoChainOfFamily(family!)?.name ?? '');
  const tag = parseDestinationTag(memo);
  if (tag === null) return phrase('memo_tagNotNumber');
  const x = decodeXAddress(address);
  if (x && x.tag !== null && x.tag !== tag) return phrase('memo_tagOtherInAddress', String(x.tag));
  return null;
}

/**
 * The recipient as the swap service takes it with `memo`: only an XRP Ledger address carries one, as the
 * X-address of its classic address and the tag. An empty memo leaves the recipient as it is. Throws for a
 * memo no route carries or that memoProblem refuses: a memo is never dropped on the way.
 */
export function recipientWithMemo(recipient: string, memo: string | undefined): string {
  if (memo === undefined || memo === '') return recipient;
  if (!isXrpAddress(recipient)) throw new Error('Only an XRP Ledger address can carry a memo (as its destination tag)');
  const problem = memoProblem('xrp', memo, recipient);
  if (problem) throw new Error(`The memo is refused (${problem.key})`);
  const classic = decodeXAddress(recipient)?.classic ?? recipient;
  return encodeXAddress(classic, parseDestinationTag(memo));
}

/**
 * The address and memo a recipient the service took stands for: an X-address splits into its classic
 * address and tag (the tag as a decimal string); any other recipient is itself, with no memo.
 */
export function splitRecipient(recipient: string): { address: string; memo: string | null } {
  const x = decodeXAddress(recipient);
  return x ? { address: x.classic, memo: x.tag === null ? null : String(x.tag) } : { address: recipient, memo: null };
}
