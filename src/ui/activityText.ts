// What each Activity row says: its kind (Swap, Withdraw, Receive, Send, dApp intent and the site), one
// line of what it did, its status and colour. Intents bring their own plain words from the background
// (src/core/describe.ts); swaps are worded here from their amounts. Pure.
import { type ActivityItem, AS_SWAP_STATUS, type PublishedIntentView, type PublishedStatus } from '../api/activity';
import { ANY_INPUT_ASSET, type HistoryItem, type SwapStatus, type TokenView } from '../api/swapApi';
import { isConfirmed, readableDecimal, tokenAmountText } from './amountText';
import { chainName } from './chains';
import { shortAccount } from './format';
import { STATUS_TEXT } from './swapText';

export const INTENT_STATUS_TEXT: Record<PublishedStatus, { label: string; explain: string }> = {
  PENDING: { label: 'Published', explain: 'Published on the message bus; waiting to be executed.' },
  TX_BROADCASTED: { label: 'Executing', explain: 'Being executed on the ledger.' },
  SETTLED: { label: 'Settled', explain: 'Executed on the ledger.' },
  NOT_FOUND_OR_NOT_VALID: {
    label: 'Not executed',
    explain: 'The verifier did not execute it; nothing left the account.',
  },
  FAILED: { label: 'Refused', explain: 'Publishing it was refused; nothing left the account.' },
};

/**
 * "USDC" for a token whose symbol is confirmed (docs/security.md, "Token facts"), else the token part of
 * the id ("nep141:wrap.near" → "wrap.near").
 */
export function symbolOf(assetId: string, tokens: ReadonlyMap<string, TokenView>): string {
  const t = tokens.get(assetId);
  if (t?.facts === 'confirmed') return t.symbol;
  if (assetId === ANY_INPUT_ASSET) return 'any token';
  const bare = assetId.replace(/^nep\d+:/, '');
  return bare.length > 18 ? `${bare.slice(0, 8)}…${bare.slice(-6)}` : bare;
}

const dateFormat = new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'short' });
export function historyDate(iso: string | number): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return Number.isNaN(ms) ? String(iso) : dateFormat.format(ms);
}

/** "app.example.com" from "https://app.example.com". */
export const siteOf = (origin: string) => origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

export function swapKind(item: HistoryItem): string {
  return item.flow === 'withdraw' ? 'Withdraw' : item.flow === 'receive' ? 'Receive' : 'Swap';
}

export function intentKind(intent: PublishedIntentView): string {
  return intent.kind === 'send' ? 'Send' : `dApp intent · ${intent.origin ? siteOf(intent.origin) : 'a site'}`;
}

export const kindOf = (item: ActivityItem) => (item.type === 'swap' ? swapKind(item.swap) : intentKind(item.intent));

/**
 * One side of a swap for reading: from its smallest units with the token's confirmed decimals, else the
 * units with the asset id (docs/security.md, "Token facts"). Without units (the service gave none), its
 * figure: with the confirmed symbol, or flagged as the service's with the asset id.
 */
export function sideText(
  raw: string | null | undefined,
  formatted: string,
  assetId: string,
  tokens: ReadonlyMap<string, TokenView>,
): string {
  if (assetId === ANY_INPUT_ASSET) return 'any token';
  const token = tokens.get(assetId);
  if (raw && /^\d+$/.test(raw)) return tokenAmountText(BigInt(raw), assetId, token);
  return isConfirmed(token)
    ? `${readableDecimal(formatted)} ${token.symbol}`
    : `${readableDecimal(formatted)} of ${assetId} (the service's figure)`;
}

/** "1 wNEAR → 2.5 USDT"; a withdrawal "25 USDC to 0x5aAe…eAed"; a receipt "10 USDC from Ethereum". */
export function swapLine(item: HistoryItem, tokens: ReadonlyMap<string, TokenView>): string {
  const amountIn = sideText(item.amountIn, item.amountInFormatted, item.originAsset, tokens);
  const amountOut = sideText(item.amountOut, item.amountOutFormatted, item.destinationAsset, tokens);
  if (item.flow === 'withdraw') {
    const as = item.originAsset === item.destinationAsset ? '' : ` as ${amountOut}`;
    return `${amountIn}${as} to ${shortAccount(item.recipient)}`;
  }
  if (item.flow === 'receive') {
    const chain = tokens.get(item.originAsset)?.blockchain;
    return chain ? `${amountOut} from ${chainName(chain)}` : amountOut;
  }
  return `${amountIn} → ${amountOut}`;
}

/** An intent's plain words on one line. */
export const intentLine = (intent: PublishedIntentView) => intent.summary.join('; ') || 'Intents';

export const lineOf = (item: ActivityItem, tokens: ReadonlyMap<string, TokenView>) =>
  item.type === 'swap' ? swapLine(item.swap, tokens) : intentLine(item.intent);

/** The label of a row's status, and the swap status whose colour it takes. */
export function statusOf(item: ActivityItem): { label: string; colour: SwapStatus; code: string } {
  if (item.type === 'swap')
    return {
      label: STATUS_TEXT[item.swap.status]?.label ?? item.swap.status,
      colour: item.swap.status,
      code: item.swap.status,
    };
  const s = item.intent.status;
  return { label: INTENT_STATUS_TEXT[s].label, colour: AS_SWAP_STATUS[s], code: s };
}
