// What each Activity row says: its kind (Swap, Withdraw, Receive, Send, dApp intent and the site), one
// line of what it did, its status and colour. Intents bring their own plain words from the background
// (src/core/describe.ts); swaps are worded here from their amounts. Pure.
import { type ActivityItem, AS_SWAP_STATUS, type PublishedIntentView, type PublishedStatus } from '../api/activity';
import { ANY_INPUT_ASSET, type HistoryItem, type SwapStatus, type TokenView } from '../api/swapApi';
import { isConfirmed, readableDecimal, tokenAmountText } from './amountText';
import { chainName } from './chains';
import { shortAccount } from './format';
import { t, uiLocale } from './i18n';
import { said } from './phrase';

export const INTENT_STATUS_TEXT: Record<PublishedStatus, { label: string; explain: string }> = {
  PENDING: { label: t('intent_inProgress'), explain: t('intent_PENDING') },
  TX_BROADCASTED: { label: t('intent_inProgress'), explain: t('intent_TX_BROADCASTED') },
  SETTLED: { label: t('swapStatus_SUCCESS_label'), explain: t('intent_SETTLED') },
  NOT_FOUND_OR_NOT_VALID: { label: t('step_failed'), explain: t('intent_NOT_FOUND_OR_NOT_VALID') },
  FAILED: { label: t('step_failed'), explain: t('intent_FAILED') },
};

/**
 * "USDC" for a token whose symbol is confirmed (docs/security.md, "Token facts"), else the token part of
 * the id ("nep141:wrap.near" → "wrap.near").
 */
export function symbolOf(assetId: string, tokens: ReadonlyMap<string, TokenView>): string {
  const token = tokens.get(assetId);
  if (token?.facts === 'confirmed') return token.symbol;
  if (assetId === ANY_INPUT_ASSET) return t('activity_anyToken');
  const bare = assetId.replace(/^nep\d+:/, '');
  return bare.length > 18 ? `${bare.slice(0, 8)}…${bare.slice(-6)}` : bare;
}

// Made on first use (./format.ts says why), in the person's locale.
let dateFormat: Intl.DateTimeFormat | undefined;
export function historyDate(iso: string | number): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  dateFormat ??= new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return Number.isNaN(ms) ? String(iso) : dateFormat.format(ms);
}

/** "app.example.com" from "https://app.example.com". */
export const siteOf = (origin: string) => origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

export function swapKind(item: HistoryItem): string {
  return item.flow === 'withdraw'
    ? t('action_withdraw')
    : item.flow === 'receive'
      ? t('activity_receive')
      : t('action_swap');
}

export function intentKind(intent: PublishedIntentView): string {
  return intent.kind === 'send'
    ? t('action_send')
    : t('activity_dappIntent', intent.origin ? siteOf(intent.origin) : t('activity_aSite'));
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
  if (assetId === ANY_INPUT_ASSET) return t('activity_anyToken');
  const token = tokens.get(assetId);
  if (raw && /^\d+$/.test(raw)) return tokenAmountText(BigInt(raw), assetId, token);
  return isConfirmed(token)
    ? `${readableDecimal(formatted)} ${token.symbol}`
    : t('activity_servicesFigure', readableDecimal(formatted), assetId);
}

/** "1 wNEAR → 2.5 USDT"; a withdrawal "25 USDC to 0x5aAe…eAed"; a receipt "10 USDC from Ethereum". */
export function swapLine(item: HistoryItem, tokens: ReadonlyMap<string, TokenView>): string {
  const amountIn = sideText(item.amountIn, item.amountInFormatted, item.originAsset, tokens);
  const amountOut = sideText(item.amountOut, item.amountOutFormatted, item.destinationAsset, tokens);
  if (item.flow === 'withdraw') {
    return item.originAsset === item.destinationAsset
      ? t('activity_withdrawTo', amountIn, shortAccount(item.recipient))
      : t('activity_withdrawAsTo', amountIn, amountOut, shortAccount(item.recipient));
  }
  if (item.flow === 'receive') {
    const chain = tokens.get(item.originAsset)?.blockchain;
    return chain ? t('activity_receiveFrom', amountOut, chainName(chain)) : amountOut;
  }
  return `${amountIn} → ${amountOut}`;
}

/** An intent's plain words on one line. */
export const intentLine = (intent: PublishedIntentView) => intent.summary.map(said).join('; ') || t('activity_intents');

export const lineOf = (item: ActivityItem, tokens: ReadonlyMap<string, TokenView>) =>
  item.type === 'swap' ? swapLine(item.swap, tokens) : intentLine(item.intent);

/**
 * Activity's one status vocabulary: every row, a swap's or an intent's, says one of these words with its
 * icon (docs/services.md, "Activity"); the swap status it resembles gives the colour.
 */
export const ACTIVITY_STATUS = {
  completed: { label: t('swapStatus_SUCCESS_label'), icon: '✓' },
  progress: { label: t('intent_inProgress'), icon: '◔' },
  waiting: { label: t('swapStatus_PENDING_DEPOSIT_label'), icon: '…' },
  short: { label: t('swapStatus_INCOMPLETE_DEPOSIT_label'), icon: '!' },
  refunded: { label: t('step_refunded'), icon: '↩' },
  failed: { label: t('step_failed'), icon: '✕' },
} as const;
export type ActivityPhase = keyof typeof ACTIVITY_STATUS;

const PHASE_OF: Record<SwapStatus, ActivityPhase> = {
  PENDING_DEPOSIT: 'waiting',
  KNOWN_DEPOSIT_TX: 'progress',
  PROCESSING: 'progress',
  SUCCESS: 'completed',
  INCOMPLETE_DEPOSIT: 'short',
  REFUNDED: 'refunded',
  FAILED: 'failed',
};

/** A row's status: its word and icon from the one vocabulary, the swap status whose colour it takes, its code. */
export function statusOf(item: ActivityItem): { label: string; icon: string; colour: SwapStatus; code: string } {
  const colour = item.type === 'swap' ? item.swap.status : AS_SWAP_STATUS[item.intent.status];
  const phase = ACTIVITY_STATUS[PHASE_OF[colour] ?? 'progress'];
  return {
    label: phase.label,
    icon: phase.icon,
    colour,
    code: item.type === 'swap' ? item.swap.status : item.intent.status,
  };
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** A date header: "Today", "Yesterday", else the date ("12 Nov 2026"), in the person's locale. */
export function dayOf(at: number, now: number): string {
  const start = (ms: number) => new Date(ms).setHours(0, 0, 0, 0);
  const days = Math.round((start(now) - start(at)) / 86_400_000);
  if (days === 0) return t('activity_today');
  if (days === 1) return t('activity_yesterday');
  dayFormat ??= new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium' });
  return dayFormat.format(at);
}
