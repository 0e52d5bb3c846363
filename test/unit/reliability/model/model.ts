/**
 * What the model-based test knows of a run (what the person did, what pages asked and were told) and
 * the invariants checked after every step against the real background, its storage and the simulator:
 * - every page request ends at most once, and one that has not ended waits in the queue while its page is there;
 * - the queue never holds a request whose page is gone, and never waits without an open window;
 * - no signature reaches a page that the person did not approve for that exact request, and none signs
 *   other intents than the page asked for;
 * - no nonce is signed twice;
 * - grants and waiting requests survive a worker restart;
 * - the simulator's balances move only by what the person approved (published intents, Sends, swaps
 *   paid from the intents balance, Withdraw), each payment once (one left unanswered by a timeout or a
 *   lost answer may have moved, once, or not);
 * - the Swap tab's in-progress list is the tracker's schedule, each unfinished swap once.
 * Each failed check throws (fast-check shrinks the sequence that led to it).
 */
import { isDeepStrictEqual } from 'node:util';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SWAP, type SwapRecordView } from '../../../../src/api/swapApi';
import type { Pending } from '../../../../src/background/approvals/pending';
import { extractIntentPayload, type SignedIntent } from '../../../../src/core';
import { call } from '../../background/harness';
import { trackOf } from '../helpers';
import { balanceOf, type Doc, type World } from './world';

export type PageKind = 'connect' | 'signIntents' | 'publishIntents' | 'signMessage';

export interface PageRequest {
  id: string;
  kind: PageKind;
  doc: Doc;
  params: Record<string, unknown>;
  /** What the transfer would move out of the account, if published. */
  amount: bigint;
}

export interface Figures {
  sequences: number;
  steps: number;
  faults: number;
  invariants: number;
}

export const figures: Figures = { sequences: 0, steps: 0, faults: 0, invariants: 0 };

export class Model {
  readonly requests = new Map<string, PageRequest>();
  /** Requests the person confirmed in the window (the only ones that may be answered with a signature). */
  readonly confirmed = new Set<string>();
  /** wNEAR the person approved to leave each account, as the simulator should see it. */
  readonly spent = new Map<string, bigint>();
  /**
   * Approved payments whose answer never came (a timeout, a lost answer): each may have moved its
   * amount, once, or not at all. Keyed by what pays (a page request, a Send, a swap), so a swap paid
   * after its lost answer counts once.
   */
  readonly possible = new Map<string, { account: string; amount: bigint }>();
  /** Swaps started to be paid from the intents balance: who pays, how much, and whether it was paid. */
  readonly swaps: { id: string; account: string; amount: bigint; paid: boolean }[] = [];
  readonly startBalance = new Map<string, bigint>();
  /** `${account}:${nonce}` of everything signed. */
  private readonly nonces = new Set<string>();
  /** Answers already checked (index into the browser's pushes). */
  private seen = 0;
  private readonly answered = new Set<string>();
  unlocked = true;

  constructor(readonly world: World) {}

  async init(): Promise<void> {
    for (const a of this.world.seed.accounts) this.startBalance.set(a, await balanceOf(this.world.sim, a));
  }

  spend(account: string, amount: bigint): void {
    this.spent.set(account, (this.spent.get(account) ?? 0n) + amount);
  }

  /** An approved payment with no answer: it may have moved `amount`, once. */
  maybe(key: string, account: string, amount: bigint): void {
    this.possible.set(key, { account, amount });
  }

  /** A payment answered as done: it moved `amount`, whatever an earlier unanswered attempt did. */
  settle(key: string, account: string, amount: bigint): void {
    this.possible.delete(key);
    this.spend(account, amount);
  }

  private fail(what: string): never {
    throw new Error(`invariant broken: ${what}`);
  }

  private count(n = 1): void {
    figures.invariants += n;
  }

  /** Every invariant, after a step. */
  async check(): Promise<void> {
    figures.steps += 1;
    await this.checkAnswers();
    const items = await this.world.bg.queue.list();
    await this.checkQueue(items);
    await this.checkBalances();
    await this.checkSwapIndex();
  }

  private async checkAnswers(): Promise<void> {
    const pushes = this.world.browser.pushes;
    for (; this.seen < pushes.length; this.seen++) {
      const { message } = pushes[this.seen]!;
      if (message.type !== 'approvalResult') continue;
      const r = this.requests.get(message.approvalId);
      if (!r) this.fail(`an answer to ${message.approvalId}, which no page asked`);
      if (this.answered.has(r.id)) this.fail(`request ${r.id} (${r.kind}) answered twice`);
      this.answered.add(r.id);
      this.count();
      if (message.doc !== r.doc.doc) this.fail(`request ${r.id} answered to another document`);
      if (!message.reply.ok) {
        // A publish the person confirmed that failed on the way (a timeout, a lost answer) may have been carried out.
        if (r.kind === 'publishIntents' && this.confirmed.has(r.id))
          this.maybe(`page:${r.id}`, String(r.params.signerId ?? ''), r.amount);
        continue;
      }
      if (r.kind !== 'connect' && !this.confirmed.has(r.id))
        this.fail(`request ${r.id} (${r.kind}) answered with a result the person never confirmed`);
      this.count();
      this.checkSignature(r, message.reply.result);
    }
  }

  private checkSignature(r: PageRequest, result: unknown): void {
    if (r.kind === 'signIntents') {
      const payload = extractIntentPayload((result as { signed: SignedIntent }).signed);
      if (!isDeepStrictEqual(payload.intents, r.params.intents))
        this.fail(`request ${r.id}: signed other intents than the page asked for`);
      this.nonce(payload.signer_id, payload.nonce);
    } else if (r.kind === 'signMessage') {
      const { accountId } = result as { accountId: string };
      this.nonce(accountId, String(r.params.nonce));
    } else if (r.kind === 'publishIntents') {
      // Published: the amount left the account that signed it (the window's request names it).
      this.spend(String(r.params.signerId ?? ''), r.amount);
    }
  }

  private nonce(account: string, nonce: string): void {
    const key = `${account}:${nonce}`;
    if (this.nonces.has(key)) this.fail(`nonce ${nonce} of ${account} signed twice`);
    this.nonces.add(key);
    this.count();
  }

  private async checkQueue(items: Pending[]): Promise<void> {
    const { alive, windowsOpen } = this.world.browser;
    for (const p of items) {
      if (!alive.has(`${p.tabId}:${p.doc}`)) this.fail(`request ${p.id} waits though its page is gone`);
      if (this.answered.has(p.id)) this.fail(`request ${p.id} waits though it was answered`);
    }
    this.count(items.length);
    const waiting = new Set(items.map((p) => p.id));
    for (const r of this.requests.values()) {
      const pageThere = alive.has(`${r.doc.tabId}:${r.doc.doc}`);
      if (pageThere && !this.answered.has(r.id) && !waiting.has(r.id))
        this.fail(`request ${r.id} (${r.kind}) neither answered nor waiting, and its page is there`);
    }
    this.count(this.requests.size);
    if (items.length > 0) {
      const state = (await fakeBrowser.storage.session.get('approvals')).approvals as { windowId: number | null };
      const stored = state.windowId;
      if (stored === null || !windowsOpen.has(stored))
        this.fail(`${items.length} request(s) wait without an open window (stored window ${stored})`);
      this.count();
    }
  }

  /** What left each account: all that was answered as paid, and at most once each payment left unanswered. */
  private async checkBalances(): Promise<void> {
    for (const [account, start] of this.startBalance) {
      const moved = start - (await balanceOf(this.world.sim, account));
      const spent = this.spent.get(account) ?? 0n;
      let unanswered = 0n;
      for (const p of this.possible.values()) if (p.account === account) unanswered += p.amount;
      if (moved < spent || moved > spent + unanswered)
        this.fail(
          `${moved} left ${account}, but the person's approved payments answered as done make ${spent}` +
            (unanswered ? ` (and up to ${unanswered} more left unanswered)` : ''),
        );
      this.count();
    }
  }

  /** The in-progress list is the tracker's schedule (the index of unfinished swaps), each swap once. */
  private async checkSwapIndex(): Promise<void> {
    if (this.swaps.length === 0) return;
    const listed = (await call<SwapRecordView[]>(this.world.bg, SWAP.list).catch(() => null))?.map((r) => r.id);
    if (!listed) return; // locked: the records cannot be read
    const schedule = (await trackOf(this.world.bg)).map((t) => t.id);
    if (!isDeepStrictEqual([...listed].sort(), [...new Set(schedule)].sort()) || schedule.length !== listed.length)
      this.fail(
        `the in-progress list ${JSON.stringify(listed)} is not the tracker's schedule ${JSON.stringify(schedule)}`,
      );
    this.count();
  }
}
