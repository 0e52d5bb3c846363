/**
 * Swaps the user starts here (docs/services.md, "The swap service"): the record (whole quote response with
 * its signature, request, deposit address and memo) is in storage.local before the address is shown; one
 * record per key (`swap:<id>`), an index of ids, and the tracker's schedule (`swapTrack`). The tracker
 * follows every active swap with one chrome.alarms alarm set to the soonest due check: every 5 s for 2
 * minutes after a change, then slower (up to 60 s), backing off on errors; it survives popup close and worker
 * or browser restarts because its state is in storage.local. Terminal statuses end tracking, raise a
 * notification and lower the badge (the count of tracked swaps). Chrome fires alarms of a packed
 * (store-installed) extension at most every 30 s; unpacked builds and Firefox keep the 5 s steps, and an open
 * popup can ask `swap_refresh` in between.
 */

import type {
  AnyInputWithdrawalView,
  PaymentPreview,
  QuoteView,
  SwapRecordView,
  SwapStatus,
  TokenView,
} from '../../api/swapApi';
import { formatTokenAmount, type HttpDeps, hex, isU128String, type Random, shortAddress, tokenTable } from '../../core';
import { isTerminal, refundReasonText } from '../../core/swapStatus';
import { getQuote, getStatus, type StatusResponse, submitDeposit, type Token } from '../../oneclick';
import { ERROR_CODES } from '../../provider/protocol';
import type { KeyValue } from '../kv';
import type { StorageProblems } from '../problems';
import { ProviderError } from '../providerError';
import type { AlarmsLike } from '../wallet/autoLock';
import type { SwapParams } from '../wallet/schemas';
import { quoteSigningKeyOf, type SettingsStore, wireNamesOf } from '../wallet/settings';
import {
  ANY_INPUT_AMOUNT,
  ANY_INPUT_POLL_MS,
  isAnyInput,
  mergeWithdrawals,
  readWithdrawals,
  withdrawalNotice,
} from './anyInput';
import { type PaymentDeps, swapPayments } from './payment';
import { amountToSend } from './quoteAmount';
import { CHECKS_PER_TICK, key, nextAlarm, pollDelay, SWAP_ALARM, TRACK, type Track, trackSchema } from './records';
import { storedSwaps } from './stored';
import { quoteWords } from './storedQuote';

export { pollDelay, SWAP_ALARM } from './records';

export { isTerminal };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface SwapDeps {
  local: KeyValue;
  settings: SettingsStore;
  http: HttpDeps;
  now: () => number;
  random: Random;
  /** Tokens whose decimals and symbol are confirmed, with those facts (../tokens/facts): amounts are worded with these only. */
  tokens: () => Promise<Token[]>;
  /** The popup's token list, each token with its verdict. */
  tokenViews: () => Promise<TokenView[]>;
  alarms: AlarmsLike;
  notify: (id: string, title: string, message: string) => unknown;
  badge: (text: string) => unknown;
  selectedAccount: () => Promise<string | null>;
  /** Paying INTENTS swaps from the intents account (./payment). */
  payment: Omit<PaymentDeps, 'local' | 'http' | 'now'>;
  problems?: StorageProblems;
}

/** One check of a swap: the service asked, and its answer or error; `kick` starts the fast checks over. */
interface Check {
  url: string;
  st?: StatusResponse | undefined;
  error?: string | undefined;
  kick?: boolean;
}

export function swapService(d: SwapDeps) {
  let chain: Promise<unknown> = Promise.resolve();
  /** Serialises read-modify-write of records, index and schedule. */
  const lock = <T>(f: () => Promise<T>): Promise<T> => {
    const p = chain.then(f);
    chain = p.catch(() => undefined);
    return p;
  };
  const stored = storedSwaps(d.local, d.problems);
  const { get, list } = stored;
  const track = async (): Promise<Track> => (await d.local.read(TRACK, trackSchema)) ?? [];
  const untrack = async (id: string) =>
    d.local.write(
      TRACK,
      (await track()).filter((t) => t.id !== id),
    );
  const config = async () => {
    const s = await d.settings.get();
    return {
      url: s.endpoints.swap,
      o: { jwt: s.jwt, wireNames: wireNamesOf(s, s.endpoints.swap), quoteSigningKey: quoteSigningKeyOf(s) },
      verifierId: s.verifierId,
    };
  };
  /** The swap service a tracked swap was made on (and the names it speaks), else the current one. */
  const serviceOf = async (id: string) => {
    const s = await d.settings.get();
    const url = (await track()).find((t) => t.id === id)?.url ?? s.endpoints.swap;
    return { url, o: { jwt: s.jwt, wireNames: wireNamesOf(s, url), quoteSigningKey: quoteSigningKeyOf(s, url) } };
  };
  const payments = swapPayments({ ...d.payment, local: d.local, http: d.http, now: d.now });
  /** A swap that can be paid from the intents account (not paid yet, its deposit on the ledger). */
  const payable = async (id: string) => {
    const r = await get(id);
    const refuse = (m: string) => new ProviderError(ERROR_CODES.invalidParams, m, { field: 'id' });
    if (r.request.depositType !== 'INTENTS')
      throw refuse('This swap takes its deposit on the origin chain, not from an intents account');
    if (r.paidIntentHash) throw refuse('This swap was already paid from the intents account');
    if (isAnyInput(r))
      throw refuse('An ANY_INPUT swap takes any token in any amount: transfer tokens to its address instead');
    return r;
  };
  const payer = async (accountId: string | undefined) => {
    const signerId = accountId ?? (await d.selectedAccount());
    if (!signerId) throw new ProviderError(ERROR_CODES.unauthorized, 'Unlock the wallet and choose an account first');
    return signerId;
  };
  /** Amounts in the wallet's words: checked decimals and symbol, else raw units with the token id; never the service's formatting. */
  const wording = async () => {
    const table = tokenTable(await d.tokens().catch(() => []));
    return (raw: string | undefined, assetId: string) =>
      raw !== undefined && isU128String(raw) ? formatTokenAmount(BigInt(raw), assetId, table) : null;
  };

  const schedule = async () => {
    const due = (await track()).map((t) => t.due);
    await d.badge(due.length ? String(due.length) : '');
    await (due.length ? d.alarms.create(SWAP_ALARM, { when: nextAlarm(due, d.now()) }) : d.alarms.clear(SWAP_ALARM));
  };

  const notify = async (r: SwapRecordView) => {
    const q = quoteWords(r);
    const s = r.swapDetails;
    const amount = await wording();
    const { recipient, refundTo, originAsset, destinationAsset } = r.request;
    const refunded = s?.refundedAmount && /[1-9]/.test(s.refundedAmount) ? amount(s.refundedAmount, originAsset) : null;
    const delivered =
      amount(s?.amountOut, destinationAsset) ??
      `about ${(q && amount(q.amountOut, destinationAsset)) ?? 'the quoted amount'}`;
    const [title, text] =
      r.status === 'SUCCESS'
        ? ['Swap complete', `${delivered} delivered to ${shortAddress(recipient)}`]
        : r.status === 'REFUNDED'
          ? [
              'Swap refunded',
              `${refunded ?? 'your deposit'} returned to ${shortAddress(refundTo)} (${(refundReasonText(s?.refundReason) ?? refundReasonText('UNKNOWN'))!.label.toLowerCase()})`,
            ]
          : [
              'Swap failed',
              `the service could not complete the ${r.amountToSend} swap; open the wallet to see what happened to the deposit`,
            ];
    await d.notify(`swap-${r.id}`, title, text);
  };

  /** Records a check (status or error) or a kick (checks start over fast), reschedules; the lock is held. */
  const update = async (r: SwapRecordView, { url, st, error, kick }: Check) => {
    const now = d.now();
    const all = await track();
    const e = all.find((t) => t.id === r.id);
    const rest = all.filter((t) => t !== e);
    const was = r.status;
    if (st || error !== undefined) Object.assign(r, { checkedAt: now, lastError: error ?? null });
    if (st) {
      r.swapDetails = st.swapDetails;
      if (st.status !== was) {
        r.status = st.status;
        r.statusHistory.push({ status: st.status, at: now });
      }
    }
    // Past the deadline an unfunded address has no further status, nor ever has an ANY_INPUT one
    // (docs/services.md, "The swap service"): tracking stops there.
    const over =
      (r.status === 'PENDING_DEPOSIT' || r.request.swapType === 'ANY_INPUT') &&
      r.deadline &&
      now > Date.parse(r.deadline);
    if (!isTerminal(r.status) && !over) {
      const since = kick || r.status !== was || !e ? now : e.since;
      const n = error === undefined ? 0 : (e?.n ?? 0) + 1;
      const delay = pollDelay(now - since, n);
      rest.push({
        id: r.id,
        since,
        n,
        url: e?.url ?? url,
        due: now + (isAnyInput(r) ? Math.max(delay, ANY_INPUT_POLL_MS) : delay),
      });
    }
    await d.local.write(key(r.id), r);
    await d.local.write(TRACK, rest);
    return r;
  };

  /**
   * Applies a check to the stored record; a terminal status reached now raises the notification, as do
   * ANY_INPUT payouts seen for the first time.
   */
  const record = async (id: string, check: Check & { payouts?: AnyInputWithdrawalView[] | undefined }) => {
    let was: SwapStatus = 'PENDING_DEPOSIT';
    let fresh: AnyInputWithdrawalView[] = [];
    const r = await lock(async () => {
      const r = await get(id);
      was = r.status;
      if (check.payouts) fresh = mergeWithdrawals(r, check.payouts);
      return update(r, check);
    });
    if (isTerminal(r.status) && !isTerminal(was)) await notify(r).catch(() => undefined);
    if (fresh.length) {
      const amount = await wording();
      const asset = r.request.destinationAsset;
      const [title, text] = withdrawalNotice(
        fresh,
        (raw) => amount(raw, asset) ?? `${raw} units of ${asset}`,
        shortAddress(r.request.recipient),
      );
      await (async () => d.notify(`swap-${r.id}-payout-${fresh.at(-1)?.hash ?? ''}`, title, text))().catch(
        () => undefined,
      );
    }
    return r;
  };

  const check = async (id: string) => {
    const r = await get(id);
    const { url, o } = await serviceOf(id);
    let st: StatusResponse | undefined;
    let error: string | undefined;
    let payouts: AnyInputWithdrawalView[] | undefined;
    try {
      st = await getStatus(d.http, url, r.depositAddress, r.depositMemo, o);
      // An ANY_INPUT swap's progress is its payouts (./anyInput).
      if (isAnyInput(r)) payouts = await readWithdrawals(d.http, url, r, o);
    } catch (e) {
      error = message(e);
    }
    return record(id, { url, st, error, payouts });
  };

  let ticking: Promise<void> | undefined;
  /** The alarm's work: check the due swaps (at most CHECKS_PER_TICK, longest waiting first), then set the alarm. */
  const tick = () =>
    (ticking ??= (async () => {
      const now = d.now();
      const due = (await track())
        .filter((t) => t.due <= now)
        .sort((a, b) => a.due - b.due)
        .slice(0, CHECKS_PER_TICK);
      // A record that cannot be read any more is not tracked any more (no alarm loop on it).
      for (const t of due) await check(t.id).catch(() => lock(() => untrack(t.id)));
      await schedule();
    })().finally(() => (ticking = undefined)));

  const withSchedule = async (r: SwapRecordView) => {
    await schedule().catch(() => undefined);
    return r;
  };

  return {
    tick,
    schedule,
    list,
    /** The account left the wallet: the payments it reviewed or signed go with it (./payment). */
    forgetAccount: async (accountId: string) => payments.forget(accountId, await list()),
    nearest: stored.nearest,
    handlers: {
      swap_tokens: (): Promise<TokenView[]> => d.tokenViews(),
      swap_quote: async (p: SwapParams['swap_quote']): Promise<QuoteView> => {
        const { url, o } = await config();
        const { response } = await getQuote(d.http, url, { dry: true, ...p }, o);
        return { quote: response.quote, feeWithoutJwt: !o.jwt, appFees: response.quoteRequest.appFees ?? [] };
      },
      swap_start: async (p: SwapParams['swap_start']): Promise<SwapRecordView> => {
        const { url, o, verifierId } = await config();
        const { response, rawText } = await getQuote(d.http, url, { dry: false, ...p }, o);
        const q = response.quote;
        const depositAddress = q.depositAddress;
        if (!depositAddress) throw new ProviderError(ERROR_CODES.internal, 'The swap service gave no deposit address');
        // Checked and worded before anything is kept: a quote that takes another amount than asked is refused (./quoteAmount).
        const toSend =
          p.swapType === 'ANY_INPUT' ? ANY_INPUT_AMOUNT : amountToSend(p, q.amountIn, await d.tokens().catch(() => []));
        // Made under the lock: createdAt follows the order of `swapIds` (./stored.ts pages by it).
        const stamped = (now: number): SwapRecordView => ({
          id: hex.encode(d.random(8)),
          createdAt: now,
          request: p,
          quoteResponseJson: rawText,
          depositAddress,
          depositMemo: q.depositMemo ?? null,
          amountToSend: toSend,
          timeWhenInactive: q.timeWhenInactive ?? null,
          deadline: q.deadline ?? null,
          status: 'PENDING_DEPOSIT',
          statusHistory: [{ status: 'PENDING_DEPOSIT', at: now }],
          swapDetails: null,
          checkedAt: null,
          lastError: null,
          paidIntentHash: null,
          verifierId, // the network it is made on, the only one it is paid on (./payment)
        });
        // The evidence is on disk before anyone sees the address; a failed write fails the call.
        const r = await lock(async () => {
          const r = stamped(d.now());
          await d.local.write(key(r.id), r);
          await stored.addId(r.id);
          return update(r, { url, kick: true });
        });
        return withSchedule(r);
      },
      swap_submitDeposit: async (p: SwapParams['swap_submitDeposit']) => {
        const r = await get(p.id);
        const { url, o } = await serviceOf(p.id);
        // homeSenderAccount leaves as nearSenderAccount on live services (oneclick/wireNames).
        const body = {
          txHash: p.txHash,
          depositAddress: r.depositAddress,
          homeSenderAccount: p.homeSenderAccount,
          memo: p.memo ?? r.depositMemo ?? undefined,
        };
        const st = await submitDeposit(d.http, url, body, o);
        return withSchedule(await record(p.id, { url, st, kick: true }));
      },
      swap_previewPayment: async (p: SwapParams['swap_previewPayment']): Promise<PaymentPreview> => {
        const r = await payable(p.id);
        return payments.preview(r, await payer(p.accountId), await serviceOf(p.id));
      },
      swap_payFromIntents: async (p: SwapParams['swap_payFromIntents']) =>
        withSchedule(
          await lock(async () => {
            const r = await payable(p.id);
            r.paidIntentHash = await payments.pay(
              r,
              { reviewed: p.reviewed, acknowledgeDanger: p.acknowledgeDanger === true },
              await serviceOf(p.id),
            );
            return update(r, { url: (await serviceOf(p.id)).url, kick: true });
          }),
        ),
      swap_list: list,
      swap_get: (p: SwapParams['swap_get']) => get(p.id),
      swap_refresh: async (p: SwapParams['swap_refresh']) => withSchedule(await check(p.id)),
    },
  };
}
