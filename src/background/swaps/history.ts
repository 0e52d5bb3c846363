/**
 * `swap_history` (docs/services.md, "The transactions API"): local swaps merged with the transactions API
 * when a JWT is set, de-duplicated by deposit address and memo. Every query parameter goes to the API; local
 * swaps are filtered the same way here. Paging is the API's cursor (lastDepositAddress/lastDepositMemo and
 * direction): the API gives the n records next to the cursor, local swaps on the same side of the cursor's
 * time are merged in, and the n nearest of the union form the page, which is exact because no record the API
 * left out can be nearer than the n it gave. If the API fails, local swaps still come. Without a JWT only
 * the local swaps of the page are read (./stored.ts), so a page costs the same however long the history.
 */

import {
  ANY_INPUT_ASSET,
  type HistoryItem,
  type HistoryPage,
  type HistoryQuery,
  type QuoteParams,
  type SwapFlow,
  type SwapRecordView,
  type SwapStatus,
} from '../../api/swapApi';
import { formatUnits, type HttpDeps } from '../../core';
import { recipientWithMemo } from '../../core/destinationMemo';
import { errorText, type FailureFacts, failureFacts } from '../../core/errorText';
import { getTransactions, type Token } from '../../oneclick';
import { type SettingsStore, wireNamesOf } from '../wallet/settings';
import type { Nearest } from './stored';
import { quoteWords } from './storedQuote';

export interface HistoryDeps {
  /** Every local swap, newest first. */
  list: () => Promise<SwapRecordView[]>;
  /** The local swaps of one page (./stored.ts). */
  nearest: (w: Nearest) => Promise<SwapRecordView[]>;
  settings: SettingsStore;
  http: HttpDeps;
  tokens: () => Promise<Token[]>;
}

const keyOf = (address: string, memo?: string | null) => (memo ? `${address}_${memo}` : address);
/** The transactions API counts a detected, unconfirmed deposit as pending. */
const pending = (s: SwapStatus) => (s === 'KNOWN_DEPOSIT_TX' ? 'PENDING_DEPOSIT' : s);
const time = (i: HistoryItem) => Date.parse(i.createdAt);
/** Both sides' USD values within the query's bounds (an unknown value passes). */
const usdWithin = (i: HistoryItem, q: HistoryQuery) =>
  [i.amountInUsd, i.amountOutUsd]
    .filter((u): u is string => !!u && Number.isFinite(Number(u)))
    .map(Number)
    .every((u) => u >= (q.minUsdPrice ?? -Infinity) && u <= (q.maxUsdPrice ?? Infinity));

/**
 * An ANY_INPUT swap in history: it never ends, so what it delivered is the sum of the payouts the service
 * listed (./anyInput), and their transactions are its delivery transactions.
 */
function anyInputAmounts(r: SwapRecordView, tokens: Token[]): Partial<HistoryItem> {
  const paid = (r.withdrawals ?? []).filter((w) => w.status === 'SUCCESS');
  const token = tokens.find((t) => t.assetId === r.request.destinationAsset);
  const total = paid.reduce((n, w) => n + BigInt(w.amountOut), 0n);
  return {
    amountIn: null,
    amountInFormatted: 'any',
    amountInUsd: null,
    amountOut: total.toString(),
    // Worded with checked decimals only (tokens are the confirmed ones), else the units themselves.
    amountOutFormatted: token ? formatUnits(total, token.decimals) : total.toString(),
    amountOutUsd: null,
    destinationChainTxHashes: paid.map((w) => w.hash),
  };
}

/** What a swap started here did for this wallet (SwapFlow), read from its request. */
export function flowOf(q: QuoteParams): SwapFlow {
  if (q.swapType === 'ANY_INPUT') return 'swap';
  if (q.depositType === 'INTENTS' && q.recipientType === 'DESTINATION_CHAIN') return 'withdraw';
  if (q.depositType === 'ORIGIN_CHAIN' && q.recipientType === 'INTENTS' && q.originAsset === q.destinationAsset)
    return 'receive';
  return 'swap';
}

/**
 * A receive request nothing was sent to yet: the address is for the Receive screen; listing it in the Swap
 * tab or Activity as "Waiting for deposit" would fill them with requests never used. It shows once a
 * deposit is seen.
 */
export const unusedReceive = (s: { flow?: SwapFlow | undefined; status: SwapStatus }): boolean =>
  s.flow === 'receive' && s.status === 'PENDING_DEPOSIT';

function localItem(r: SwapRecordView, tokens: Token[]): HistoryItem {
  const q = quoteWords(r);
  const s = r.swapDetails;
  const hashes = (l?: { hash: string }[]) => l?.map((t) => t.hash) ?? [];
  const item: HistoryItem = {
    key: keyOf(r.depositAddress, r.depositMemo),
    source: 'local',
    originAsset: r.request.originAsset,
    destinationAsset: r.request.destinationAsset,
    depositAddress: r.depositAddress,
    depositMemo: r.depositMemo,
    // As the service lists it: an XRP recipient with a destination tag is its X-address (core/destinationMemo).
    recipient: wireRecipient(r.request.recipient, r.request.recipientMemo),
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    amountIn: s?.amountIn ?? q?.amountIn ?? null,
    amountOut: s?.amountOut ?? q?.amountOut ?? null,
    amountInFormatted: s?.amountInFormatted ?? q?.amountInFormatted ?? '?',
    amountOutFormatted: s?.amountOutFormatted ?? q?.amountOutFormatted ?? '?',
    amountInUsd: s?.amountInUsd ?? q?.amountInUsd ?? null,
    amountOutUsd: s?.amountOutUsd ?? q?.amountOutUsd ?? null,
    refundReason: s?.refundReason ?? null,
    referral: r.request.referral ?? null,
    intentHashes: [...(s?.intentHashes ?? []), ...(r.paidIntentHash ? [r.paidIntentHash] : [])],
    homeTxHashes: s?.homeTxHashes ?? [],
    originChainTxHashes: hashes(s?.originChainTxHashes),
    destinationChainTxHashes: hashes(s?.destinationChainTxHashes),
    senders: [],
    refundTo: r.request.refundTo,
    localId: r.id,
    flow: flowOf(r.request),
  };
  return r.request.swapType === 'ANY_INPUT' ? { ...item, ...anyInputAmounts(r, tokens) } : item;
}

/** The recipient as the service took it; a record whose memo cannot be carried (never stored so) shows its address. */
function wireRecipient(recipient: string, memo: string | undefined): string {
  try {
    return recipientWithMemo(recipient, memo);
  } catch {
    return recipient;
  }
}

export class SwapHistory {
  /** Times of records the API returned, to place local swaps after a cursor only the API knows. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly d: HistoryDeps) {}

  /** One page of `swap_history`. */
  async page(q: HistoryQuery): Promise<HistoryPage> {
    const n = q.numberOfTransactions ?? 50;
    const prev = q.direction === 'prev';
    const [s, tokens] = await Promise.all([this.d.settings.get(), this.d.tokens().catch((): Token[] => [])]);
    const chainOf = (assetId: string) => tokens.find((t) => t.assetId === assetId)?.blockchain;
    const wanted = q.statuses?.map(pending);
    const needle = q.search?.toLowerCase();
    const after = (t?: string) => (t ? Date.parse(t) : undefined);
    const [start, end] = [after(q.startTimestamp), after(q.endTimestamp)];
    const cursor = q.lastDepositAddress === undefined ? undefined : keyOf(q.lastDepositAddress, q.lastDepositMemo);
    /** The query's filters, applied to a local swap as the API applies them to its records. */
    const passes = (r: SwapRecordView, i: HistoryItem) => {
      const t = r.createdAt;
      return (
        i.key !== cursor &&
        (!wanted || wanted.includes(pending(i.status))) &&
        (!needle ||
          [
            i.depositAddress,
            i.key,
            i.recipient,
            ...i.intentHashes,
            ...i.homeTxHashes,
            ...i.originChainTxHashes,
            ...i.destinationChainTxHashes,
          ].some((x) => x.toLowerCase() === needle)) &&
        (q.fromTokenId
          ? i.originAsset === q.fromTokenId
          : !q.fromChainId || chainOf(i.originAsset) === q.fromChainId) &&
        (q.toTokenId
          ? i.destinationAsset === q.toTokenId
          : !q.toChainId || chainOf(i.destinationAsset) === q.toChainId) &&
        (!q.referral || i.referral === q.referral) &&
        (!q.affiliate || (r.request.appFees ?? []).some((f) => f.recipient === q.affiliate)) &&
        usdWithin(i, q) &&
        !(start !== undefined && t <= start) &&
        !(end !== undefined && t >= end)
      );
    };
    let serviceFailure: FailureFacts | undefined;
    const answer = (items: HistoryItem[], serviceError: string | null): HistoryPage => {
      for (const i of items) this.seen.set(i.key, time(i));
      return {
        items,
        serviceIncluded: !!s.jwt && !serviceError,
        serviceError,
        ...(serviceError !== null && serviceFailure && { serviceFailure }),
      };
    };

    if (!s.jwt) {
      // Local swaps only: read from the cursor's time outward, the page's records and no more. (A cursor
      // this worker has not shown, after a restart, is looked up once among every stored swap.)
      const known =
        cursor === undefined
          ? undefined
          : (this.seen.get(cursor) ??
            (await this.d.list()).find((r) => keyOf(r.depositAddress, r.depositMemo) === cursor)?.createdAt);
      if (cursor !== undefined && known === undefined) return answer([], null);
      const edge = known ?? (prev ? -Infinity : Infinity);
      const records = await this.d.nearest({ edge, prev, n, keep: (r) => passes(r, localItem(r, tokens)) });
      return answer(
        records.map((r) => localItem(r, tokens)),
        null,
      );
    }

    const records = await this.d.list();
    const local = records.map((r) => [r, localItem(r, tokens)] as const);
    const byKey = new Map(local.map(([, i]) => [i.key, i]));

    let remote: HistoryItem[] = [];
    let serviceError: string | null = null;
    try {
      // None chosen: the client names every status (the explorer's default leaves pending rows out).
      const statuses = q.statuses && [...new Set(q.statuses.map(pending))];
      // Chain ids leave as the network spells them (`home` is `near` on live services: oneclick/wireNames).
      const names = wireNamesOf(s, s.endpoints.transactions);
      const txs = await getTransactions(
        this.d.http,
        s.endpoints.transactions,
        { ...q, statuses },
        { jwt: s.jwt, wireNames: names },
      );
      remote = txs.map((tx) => {
        const key = keyOf(tx.depositAddress, tx.depositMemo);
        const mine = byKey.get(key);
        return {
          ...tx,
          key,
          source: mine ? 'both' : 'service',
          depositMemo: tx.depositMemo ?? null,
          amountIn: tx.amountIn ?? null,
          amountOut: tx.amountOut ?? null,
          amountInUsd: tx.amountInUsd ?? null,
          amountOutUsd: tx.amountOutUsd ?? null,
          refundReason: tx.refundReason ?? null,
          referral: tx.referral ?? null,
          intentHashes: tx.intentHashes?.split(',') ?? [],
          refundTo: tx.refundTo ?? null,
          localId: mine?.localId ?? null,
          ...(mine?.flow && { flow: mine.flow }),
          // What this wallet asked for is its own record's, not the explorer's word: who is paid, where a
          // refund goes, which tokens (an explorer answer could name another recipient, then offered as a contact).
          ...(mine && {
            recipient: mine.recipient,
            refundTo: mine.refundTo,
            originAsset: mine.originAsset,
            destinationAsset: mine.destinationAsset,
          }),
          // The explorer does not know an ANY_INPUT pool's payouts; the local record does.
          ...(mine?.originAsset === ANY_INPUT_ASSET && {
            amountIn: mine.amountIn,
            amountOut: mine.amountOut,
            amountInFormatted: mine.amountInFormatted,
            amountOutFormatted: mine.amountOutFormatted,
            destinationChainTxHashes: [...new Set([...tx.destinationChainTxHashes, ...mine.destinationChainTxHashes])],
          }),
        };
      });
      // The live explorer takes no USD bounds (oneclick/wireNames LOCAL_ONLY_FILTERS): applied here.
      if (names === 'live') remote = remote.filter((i) => usdWithin(i, q));
    } catch (e) {
      serviceError = errorText(e);
      serviceFailure = failureFacts(e);
    }
    for (const i of remote) this.seen.set(i.key, time(i));

    const mine = cursor === undefined ? undefined : byKey.get(cursor);
    const known = cursor === undefined ? undefined : (this.seen.get(cursor) ?? (mine && time(mine)));
    const times = remote.map(time);
    // No cursor: everything. A cursor known by neither side (restarted worker): only local swaps
    // within the API's page can be placed.
    const edge =
      cursor === undefined
        ? prev
          ? -Infinity
          : Infinity
        : (known ?? (prev ? Math.min(...times) - 1 : Math.max(...times) + 1));

    const merged = new Map(remote.map((i) => [i.key, i]));
    for (const [r, i] of local) {
      const t = r.createdAt;
      if ((prev ? t > edge : t < edge) && passes(r, i) && !merged.has(i.key)) merged.set(i.key, i);
    }
    // Newest first; the sort is stable, so the API's own order holds between equal times.
    const items = [...merged.values()].sort((a, b) => time(b) - time(a));
    return answer(prev ? items.slice(-n) : items.slice(0, n), serviceError);
  }
}
