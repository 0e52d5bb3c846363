/**
 * The swap tracker (docs/services.md, "The swap service"): follows every active swap with one
 * chrome.alarms alarm set to the soonest due check: every 5 s for 2 minutes after a change, then slower
 * (up to 60 s), backing off on errors; it survives popup close and worker or browser restarts because
 * its state is in storage.local (the records, `swap:<id>`, their index and the schedule, `swapTrack`:
 * ./records.ts). Terminal statuses end tracking, raise a notification and lower the badge (the count of
 * tracked swaps). Chrome fires alarms of a packed (store-installed) extension at most every 30 s;
 * unpacked builds and Firefox keep the 5 s steps, and an open popup can ask `swap_refresh` in between
 * (./api.ts answers the popup).
 */

import type { AnyInputWithdrawalView, SwapRecordView, SwapStatus } from '../../api/swapApi';
import { type HttpDeps, isU128String, shortAddress, tokenAmountWords, tokenTable } from '../../core';
import { errorText } from '../../core/errorText';
import { serial } from '../../core/serial';
import { isTerminal, REFUND_REASONS, type RefundReason } from '../../core/swapStatus';
import { getStatus, type QuoteCallOptions, type StatusResponse, type Token } from '../../oneclick';
import { t, uiLocale } from '../i18n';
import type { KeyValue } from '../kv';
import { said, storedAmount } from '../phrase';
import type { StorageProblems } from '../problems';
import type { AlarmsLike } from '../wallet/autoLock';
import { quoteSigningKeyOf, type SettingsStore, wireNamesOf } from '../wallet/settings';
import { ANY_INPUT_POLL_MS, isAnyInput, mergeWithdrawals, readWithdrawals, withdrawalNotice } from './anyInput';
import { flowOf, unusedReceive } from './history';
import { CHECKS_PER_TICK, followed, key, nextAlarm, pollDelay, SWAP_ALARM, type Track } from './records';
import { StoredSwaps } from './stored';
import { quoteWords } from './storedQuote';
import { UnfinishedIndex } from './unfinished';

export { pollDelay, SWAP_ALARM } from './records';

export { isTerminal };

export interface TrackerDeps {
  local: KeyValue;
  settings: SettingsStore;
  http: HttpDeps;
  now: () => number;
  /** Tokens whose decimals and symbol are confirmed, with those facts (../tokens/facts): amounts are worded with these only. */
  tokens: () => Promise<Token[]>;
  alarms: AlarmsLike;
  notify: (id: string, title: string, message: string) => unknown;
  badge: (text: string) => unknown;
  problems?: StorageProblems | undefined;
}

/** One check of a swap: the service asked, and its answer or error; `kick` starts the fast checks over. */
export interface Check {
  url: string;
  st?: StatusResponse | undefined;
  error?: string | undefined;
  kick?: boolean;
}

/** The swap service a swap is followed on, and how to speak to it. */
export interface ServiceOf {
  url: string;
  o: QuoteCallOptions;
}

export class SwapTracker {
  private readonly serial = serial();
  private ticking: Promise<void> | undefined;
  readonly stored: StoredSwaps;
  /** The schedule, which is the index of unfinished swaps (./unfinished.ts); written under the lock only. */
  private readonly index: UnfinishedIndex;

  constructor(private readonly d: TrackerDeps) {
    this.stored = new StoredSwaps(d.local, d.problems);
    this.index = new UnfinishedIndex({
      local: d.local,
      stored: this.stored,
      now: d.now,
      serviceUrl: async () => (await d.settings.get()).endpoints.swap,
      problems: d.problems,
    });
  }

  /** Serialises read-modify-write of records, index and schedule. */
  lock<T>(f: () => Promise<T>): Promise<T> {
    return this.serial(f);
  }

  readonly get = (id: string): Promise<SwapRecordView> => this.stored.get(id);
  /** Every stored swap, newest first (./stored.ts). */
  readonly list = (): Promise<SwapRecordView[]> => this.stored.list();

  /**
   * The unfinished swaps, newest first: the index and the records it names (./unfinished.ts). An index
   * rebuilt from damage is stored at once, under the lock.
   */
  async inProgress(): Promise<SwapRecordView[]> {
    let schedule = await this.index.read();
    if (schedule.repaired)
      schedule = await this.lock(async () => {
        const again = await this.index.read();
        if (again.repaired) await this.index.write(again.items);
        return again;
      });
    return (await this.index.list(schedule)).filter(
      (r) => !unusedReceive({ flow: flowOf(r.request), status: r.status }),
    );
  }

  private async track(): Promise<Track> {
    return (await this.index.read()).items;
  }

  private async untrack(id: string) {
    await this.index.write((await this.track()).filter((t) => t.id !== id));
  }

  /** The swap service a tracked swap was made on (and the names it speaks), else the current one. */
  async serviceOf(id: string): Promise<ServiceOf> {
    const s = await this.d.settings.get();
    const url = (await this.track()).find((t) => t.id === id)?.url ?? s.endpoints.swap;
    return { url, o: { jwt: s.jwt, wireNames: wireNamesOf(s, url), quoteSigningKey: quoteSigningKeyOf(s, url) } };
  }

  /** Amounts in the wallet's words: checked decimals and symbol, else raw units with the token id; never the service's formatting. */
  private async wording() {
    const table = tokenTable(await this.d.tokens().catch(() => []));
    return (raw: string | undefined, assetId: string) =>
      raw !== undefined && isU128String(raw) ? said(tokenAmountWords(BigInt(raw), assetId, table)) : null;
  }

  /** The alarm and the badge, from the schedule in storage.local. */
  readonly schedule = async (): Promise<void> => {
    const due = (await this.track()).map((t) => t.due);
    await this.d.badge(due.length ? String(due.length) : '');
    await (due.length
      ? this.d.alarms.create(SWAP_ALARM, { when: nextAlarm(due, this.d.now()) })
      : this.d.alarms.clear(SWAP_ALARM));
  };

  /** Reschedules (a failure to is not the caller's) and hands the record back. */
  async withSchedule(r: SwapRecordView): Promise<SwapRecordView> {
    await this.schedule().catch(() => undefined);
    return r;
  }

  private async notify(r: SwapRecordView) {
    const q = quoteWords(r);
    const s = r.swapDetails;
    const amount = await this.wording();
    const { recipient, refundTo, originAsset, destinationAsset } = r.request;
    const refunded = s?.refundedAmount && /[1-9]/.test(s.refundedAmount) ? amount(s.refundedAmount, originAsset) : null;
    const delivered =
      amount(s?.amountOut, destinationAsset) ??
      t('swapNotify_about', (q && amount(q.amountOut, destinationAsset)) ?? t('swapNotify_quotedAmount'));
    const reason: RefundReason = (REFUND_REASONS as readonly string[]).includes(s?.refundReason ?? '')
      ? (s!.refundReason as RefundReason)
      : 'UNKNOWN';
    const [title, text] =
      r.status === 'SUCCESS'
        ? [t('swapNotify_complete'), t('swapNotify_delivered', delivered, shortAddress(recipient))]
        : r.status === 'REFUNDED'
          ? [
              t('swapNotify_refunded'),
              t(
                'swapNotify_returned',
                refunded ?? t('swapNotify_yourDeposit'),
                shortAddress(refundTo),
                t(`refund_${reason}_label`).toLocaleLowerCase(uiLocale()),
              ),
            ]
          : [t('swapNotify_failed'), t('swapNotify_failedText', said(storedAmount(r.amountToSend)))];
    await this.d.notify(`swap-${r.id}`, title, text);
  }

  /** Records a check (status or error) or a kick (checks start over fast), reschedules; the lock is held. */
  async update(r: SwapRecordView, { url, st, error, kick }: Check): Promise<SwapRecordView> {
    const now = this.d.now();
    const all = (await this.index.read(r.id)).items;
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
    // Finished, or past the deadline of an unfunded address or an ANY_INPUT pool (./records.ts): tracking stops there.
    if (followed(r, now)) {
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
    await this.d.local.write(key(r.id), r);
    await this.index.write(rest);
    return r;
  }

  /**
   * Applies a check to the stored record; a terminal status reached now raises the notification, as do
   * ANY_INPUT payouts seen for the first time.
   */
  async record(id: string, check: Check & { payouts?: AnyInputWithdrawalView[] | undefined }): Promise<SwapRecordView> {
    let was: SwapStatus = 'PENDING_DEPOSIT';
    let fresh: AnyInputWithdrawalView[] = [];
    const r = await this.lock(async () => {
      const r = await this.get(id);
      was = r.status;
      if (check.payouts) fresh = mergeWithdrawals(r, check.payouts);
      return this.update(r, check);
    });
    if (isTerminal(r.status) && !isTerminal(was)) await this.notify(r).catch(() => undefined);
    if (fresh.length) {
      const amount = await this.wording();
      const asset = r.request.destinationAsset;
      const [title, text] = withdrawalNotice(
        fresh,
        (raw) => amount(raw, asset) ?? t('amount_unitsOf', raw, asset),
        shortAddress(r.request.recipient),
      );
      await (async () => this.d.notify(`swap-${r.id}-payout-${fresh.at(-1)?.hash ?? ''}`, title, text))().catch(
        () => undefined,
      );
    }
    return r;
  }

  /** Asks the service about one swap and records its answer or its error. */
  async check(id: string): Promise<SwapRecordView> {
    const r = await this.get(id);
    const { url, o } = await this.serviceOf(id);
    let st: StatusResponse | undefined;
    let error: string | undefined;
    let payouts: AnyInputWithdrawalView[] | undefined;
    try {
      st = await getStatus(this.d.http, url, r.depositAddress, r.depositMemo, o);
      // An ANY_INPUT swap's progress is its payouts (./anyInput).
      if (isAnyInput(r)) payouts = await readWithdrawals(this.d.http, url, r, o);
    } catch (e) {
      error = errorText(e);
    }
    return this.record(id, { url, st, error, payouts });
  }

  /** The alarm's work: check the due swaps (at most CHECKS_PER_TICK, longest waiting first), then set the alarm. */
  readonly tick = (): Promise<void> =>
    (this.ticking ??= (async () => {
      const now = this.d.now();
      const due = (await this.track())
        .filter((t) => t.due <= now)
        .sort((a, b) => a.due - b.due)
        .slice(0, CHECKS_PER_TICK);
      // A record that cannot be read any more is not tracked any more (no alarm loop on it).
      for (const t of due) await this.check(t.id).catch(() => this.lock(() => this.untrack(t.id)));
      await this.schedule();
    })().finally(() => (this.ticking = undefined)));
}
