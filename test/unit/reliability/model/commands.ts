/**
 * The steps of the model-based test: what pages, the person and the browser do, and network faults.
 * Each runs against the real background (./world.ts), records what it did in the model (./model.ts),
 * and the model's invariants are checked after it. `Together` runs two steps at once with fast-check's
 * scheduler deciding the order in which the browser's and the storage's answers come back. Over 300
 * lines: every step and the arbitraries that weigh them are one list, read together.
 */

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { APPROVAL, type ApprovalViewWire } from '../../../../src/api/approvalApi';
import { type PaymentPreview, SWAP, type SwapRecordView } from '../../../../src/api/swapApi';
import { WALLET } from '../../../../src/api/walletApi';
import { METHODS } from '../../../../src/provider/protocol';
import { call, PASSWORD } from '../../background/harness';
import { dev, swapParams, trackOf, WNEAR } from '../helpers';
import { figures, type Model, type PageKind } from './model';
import { ORIGINS, TABS } from './world';

export interface Step {
  /** Does the step, without checking the invariants (Together runs two of these at once). */
  act(m: Model): Promise<void>;
  toString(): string;
}

/** Calls that may fail as the person sees them (a locked wallet, a request already gone): only the outcome counts. */
const tolerant = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch {
    // The refusal is part of the run: the invariants judge what happened.
  }
};

const nonce = (n: number) => Buffer.alloc(32, n).toString('base64');
const transfer = (amount: bigint) => [
  { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: String(amount) } },
];

class PageAsks implements Step {
  constructor(
    readonly tab: number,
    readonly kind: PageKind,
    readonly variant: number,
  ) {}
  params(): { params: Record<string, unknown>; amount: bigint } {
    const amount = BigInt(this.variant + 1) * 1000n;
    switch (this.kind) {
      case 'connect':
        return { params: {}, amount: 0n };
      case 'signMessage':
        // Nonces from a pool of three: a page asking twice with one must not get it signed twice.
        return {
          params: { message: `hello ${this.variant}`, recipient: 'app.example', nonce: nonce(this.variant % 3) },
          amount: 0n,
        };
      case 'signIntents':
        return {
          params: {
            intents: this.variant % 2 ? transfer(amount) : [],
            ...(this.variant > 1 ? { nonce: nonce(this.variant % 3) } : {}),
          },
          amount: 0n,
        };
      case 'publishIntents':
        return { params: { intents: transfer(amount) }, amount };
    }
  }
  async act(m: Model): Promise<void> {
    const doc = m.world.docs.get(this.tab)!;
    const { params, amount } = this.params();
    const method = {
      connect: METHODS.requestAccounts,
      signMessage: METHODS.signMessage,
      signIntents: METHODS.signIntents,
      publishIntents: METHODS.publishIntents,
    }[this.kind];
    const reply = await m.world.page(doc, method, params);
    if (reply.ok === 'deferred')
      m.requests.set(reply.approvalId, { id: reply.approvalId, kind: this.kind, doc, params, amount });
  }
  toString() {
    return `PageAsks(tab ${this.tab}, ${this.kind}, ${this.variant})`;
  }
}

/** The person answers the window (it looks at the request first, as the window does). */
class Answer implements Step {
  constructor(readonly approve: boolean) {}
  async act(m: Model): Promise<void> {
    const view = await call<ApprovalViewWire | null>(m.world.bg, APPROVAL.current).catch(() => null);
    if (!view) return;
    const pending = await m.world.bg.queue.get(view.id);
    const r = m.requests.get(view.id);
    if (this.approve && r && pending && 'signerId' in pending.params) r.params.signerId = pending.params.signerId;
    if (this.approve) m.confirmed.add(view.id);
    // Locked, the window shows no account: the person picks the first they know.
    const account = m.world.bg.wallet.vault.isUnlocked
      ? ((await m.world.bg.wallet.selectedAccountId()) ?? m.world.seed.accounts[0]!)
      : m.world.seed.accounts[0]!;
    await tolerant(
      call(m.world.bg, APPROVAL.resolve, {
        id: view.id,
        approve: this.approve,
        ...(view.kind === 'connect' && this.approve ? { accounts: [account] } : {}),
        ...(this.approve ? { acknowledgeDanger: true } : {}),
      }),
    );
  }
  toString() {
    return this.approve ? 'Confirm' : 'Reject';
  }
}

class CloseWindow implements Step {
  async act(m: Model): Promise<void> {
    const { browser } = m.world;
    for (const id of [...browser.windowsOpen]) {
      browser.windowsOpen.delete(id);
      for (const l of browser.onWindowRemoved) l(id);
      await m.world.bg.queue.windowClosed(id);
    }
  }
  toString() {
    return 'CloseWindow';
  }
}

class Navigate implements Step {
  constructor(
    readonly tab: number,
    readonly origin: number,
  ) {}
  async act(m: Model): Promise<void> {
    m.world.show(this.tab, ORIGINS[this.origin]!);
    for (const l of m.world.browser.onTabUpdated) l(this.tab, { status: 'loading' });
    await m.world.bg.queue.checkTab(this.tab);
  }
  toString() {
    return `Navigate(tab ${this.tab} → ${ORIGINS[this.origin]})`;
  }
}

class CloseTab implements Step {
  constructor(readonly tab: number) {}
  async act(m: Model): Promise<void> {
    const { browser, docs } = m.world;
    browser.alive.delete(`${this.tab}:${docs.get(this.tab)!.doc}`);
    for (const l of browser.onTabRemoved) l(this.tab);
    await m.world.bg.queue.dropTab(this.tab);
    // The person opens the site again in that slot (a new document).
    m.world.show(this.tab, docs.get(this.tab)!.origin);
  }
  toString() {
    return `CloseTab(${this.tab})`;
  }
}

class Lock implements Step {
  async act(m: Model): Promise<void> {
    await call(m.world.bg, WALLET.lock);
  }
  toString() {
    return 'Lock';
  }
}

class Unlock implements Step {
  async act(m: Model): Promise<void> {
    await tolerant(call(m.world.bg, WALLET.unlock, { password: PASSWORD }));
  }
  toString() {
    return 'Unlock';
  }
}

class SwitchAccount implements Step {
  constructor(readonly index: number) {}
  async act(m: Model): Promise<void> {
    await tolerant(call(m.world.bg, WALLET.selectAccount, { accountId: m.world.seed.accounts[this.index]! }));
  }
  toString() {
    return `SwitchAccount(${this.index})`;
  }
}

/** The swaps stored (their ids) and the tracker's schedule, as storage holds them (readable while unlocked). */
async function swapsKept(m: Model): Promise<unknown> {
  const bg = m.world.bg;
  // As the popup reads them: its first call restores a new worker's unlocked session.
  await call(bg, WALLET.status);
  if (!bg.wallet.vault.isUnlocked) return null;
  return {
    ids: await bg.local.read('swapIds', z.array(z.string())),
    schedule: (await trackOf(bg)).map((t) => t.id).sort(),
  };
}

/**
 * The signatures the wallet keeps in storage.local until their fate is known: a Send's signed transfer
 * (`sendSigned:`), a swap payment's (`swapPayment:`) and the used-nonce registry (`usedNonces`).
 */
async function signaturesKept(): Promise<Record<string, unknown>> {
  const all = await fakeBrowser.storage.local.get(null);
  return Object.fromEntries(Object.entries(all).filter(([k]) => /^(sendSigned:|swapPayment:|usedNonces)/.test(k)));
}

class Restart implements Step {
  async act(m: Model): Promise<void> {
    const before = await m.world.bg.queue.list();
    const grants = await m.world.bg.permissions.all();
    const swaps = await swapsKept(m);
    const signatures = await signaturesKept();
    m.world.restart();
    const after = await m.world.bg.queue.list();
    if (!isDeepStrictEqual(after, before))
      throw new Error(
        `invariant broken: waiting requests lost across a restart: ${JSON.stringify(before.map((p) => p.id))} → ${JSON.stringify(after.map((p) => p.id))}`,
      );
    if (!isDeepStrictEqual(await m.world.bg.permissions.all(), grants))
      throw new Error('invariant broken: grants lost across a restart');
    if (!isDeepStrictEqual(await swapsKept(m), swaps))
      throw new Error('invariant broken: swap records or their schedule lost across a restart');
    if (!isDeepStrictEqual(await signaturesKept(), signatures))
      throw new Error('invariant broken: a kept signature or the used-nonce registry changed across a restart');
    figures.invariants += 4;
  }
  toString() {
    return 'Restart';
  }
}

type FaultKind = '429' | '500' | 'timeout' | 'lost';
type FaultPath = '/rpc' | '/ledger-rpc' | '/v0/';

/** The next requests to a service fail: 429, 500, no answer (timeout), or carried out with the answer lost. */
class Fault implements Step {
  constructor(
    readonly kind: FaultKind,
    readonly count: number,
    readonly pathPrefix: FaultPath,
  ) {}
  async act(m: Model): Promise<void> {
    await dev(m.world.sim, '/dev/faults', { kind: this.kind, count: this.count, pathPrefix: this.pathPrefix });
    figures.faults += this.count;
  }
  toString() {
    return `Fault(${this.kind} ×${this.count} on ${this.pathPrefix})`;
  }
}

/** The popup's Send from the intents account: reviewed, then confirmed with the acknowledgement. */
class PopupSend implements Step {
  constructor(readonly variant: number) {}
  async act(m: Model): Promise<void> {
    const amount = BigInt(this.variant + 1) * 7000n;
    const accountId = m.world.seed.accounts[this.variant % 2]!;
    try {
      const { reviewed } = await call<{ reviewed: string }>(m.world.bg, WALLET.previewSend, {
        accountId,
        receiverId: 'carol.near',
        tokenId: WNEAR,
        amount: String(amount),
      });
      const key = `send:${accountId}:${reviewed}`;
      try {
        await call(m.world.bg, WALLET.send, { accountId, reviewed, acknowledgeDanger: true });
        m.settle(key, accountId, amount);
      } catch {
        // Confirmed but failed on the way (a timeout, a lost answer): it may have been carried out, once.
        m.maybe(key, accountId, amount);
      }
    } catch {
      // Refused at review: nothing may have moved (the balance check says whether it did).
    }
  }
  toString() {
    return `PopupSend(${this.variant})`;
  }
}

/**
 * The popup pays a swap from the intents balance: Withdraw (the token to an address on its own chain),
 * a swap whose deposit is taken from the intents account, or the last such swap paid again (a second
 * Pay, another popup). Started, reviewed (swap_previewPayment), then confirmed with the acknowledgement.
 */
class PayFromIntents implements Step {
  constructor(
    readonly variant: number,
    readonly kind: 'withdraw' | 'swap' | 'again',
  ) {}
  private async start(m: Model) {
    const account = m.world.seed.accounts[this.variant % 2]!;
    const r = await call<SwapRecordView>(
      m.world.bg,
      SWAP.start,
      swapParams(m.world.sim.sim.ctx.clock.nowMs(), {
        // The service takes no less than its minimum (about 0.44 wNEAR here).
        amount: String(BigInt(this.variant + 1) * 10n ** 18n),
        depositType: 'INTENTS',
        refundType: 'INTENTS',
        refundTo: account,
        // A swap delivered into another intents account (no bridge); a withdrawal to the token's own chain.
        ...(this.kind === 'withdraw' ? { destinationAsset: WNEAR } : { recipientType: 'INTENTS' }),
      }),
    );
    const amount = BigInt((JSON.parse(r.quoteResponseJson) as { quote: { amountIn: string } }).quote.amountIn);
    const swap = { id: r.id, account, amount, paid: false };
    m.swaps.push(swap);
    return swap;
  }
  async act(m: Model): Promise<void> {
    const again = this.kind === 'again' ? m.swaps.at(-1) : undefined;
    if (this.kind === 'again' && !again) return;
    let swap = again;
    try {
      swap ??= await this.start(m);
      const { reviewed } = await call<PaymentPreview>(m.world.bg, SWAP.previewPayment, {
        id: swap.id,
        accountId: swap.account,
      });
      try {
        await call(m.world.bg, SWAP.payFromIntents, {
          id: swap.id,
          accountId: swap.account,
          reviewed,
          acknowledgeDanger: true,
        });
        if (swap.paid) throw new Error(`invariant broken: swap ${swap.id} answered as paid twice`);
        swap.paid = true;
        if (process.env.MODEL_TRACE) process.stderr.write(`paid ${swap.id} ${swap.amount}\n`);
        m.settle(`swap:${swap.id}`, swap.account, swap.amount);
      } catch (e) {
        if (e instanceof Error && e.message.startsWith('invariant broken')) throw e;
        // Failed on the way (a timeout, a lost answer): it may have been paid, once.
        if (process.env.MODEL_TRACE) process.stderr.write(`pay failed: ${e instanceof Error ? e.message : e}\n`);
        if (!swap.paid) m.maybe(`swap:${swap.id}`, swap.account, swap.amount);
      }
    } catch (e) {
      if (e instanceof Error && e.message.startsWith('invariant broken')) throw e;
      // Refused (locked, already paid, a service failing at start or review): nothing may have moved.
      if (process.env.MODEL_TRACE) process.stderr.write(`pay refused: ${e instanceof Error ? e.message : e}\n`);
    }
  }
  toString() {
    return `PayFromIntents(${this.kind}, ${this.variant})`;
  }
}

/** Two steps at once; the scheduler orders the answers of the browser and of storage between them. */
class Together implements Step {
  constructor(
    readonly a: Step,
    readonly b: Step,
    readonly s: fc.Scheduler,
  ) {}
  async act(m: Model): Promise<void> {
    const release = m.world.schedule(this.s);
    try {
      await this.s.waitFor(Promise.all([tolerant(this.a.act(m)), tolerant(this.b.act(m))]));
      // Work the two started and did not wait for (a listener's, an answer's delivery) is let through too.
      await this.s.waitAll();
    } finally {
      release();
    }
  }
  toString() {
    return `Together(${this.a}, ${this.b}) ${this.s.report().length} scheduled`;
  }
}

/** A step as fast-check runs it: the step, then every invariant. */
class Checked implements fc.AsyncCommand<Model, Model> {
  constructor(readonly step: Step) {}
  check = () => true;
  async run(m: Model): Promise<void> {
    if (process.env.MODEL_TRACE) process.stderr.write(`step ${this.step}\n`);
    await this.step.act(m);
    await m.check();
  }
  toString() {
    return this.step.toString();
  }
}

const tab = fc.constantFrom(...TABS);
const pageAsks = fc
  .tuple(
    tab,
    fc.constantFrom<PageKind>('connect', 'connect', 'signIntents', 'publishIntents', 'signMessage'),
    fc.nat(3),
  )
  .map(([t, k, v]) => new PageAsks(t, k, v));
const person = fc.oneof(
  { arbitrary: fc.constant(new Answer(true)), weight: 4 },
  { arbitrary: fc.constant(new Answer(false)), weight: 1 },
  { arbitrary: fc.constant(new CloseWindow()), weight: 2 },
);
const browserStep = fc.oneof(
  fc.tuple(tab, fc.nat(ORIGINS.length - 1)).map(([t, o]) => new Navigate(t, o)),
  tab.map((t) => new CloseTab(t)),
);
const single: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: pageAsks, weight: 6 },
  { arbitrary: person, weight: 6 },
  { arbitrary: browserStep, weight: 2 },
  { arbitrary: fc.constant(new Lock()), weight: 1 },
  { arbitrary: fc.constant(new Unlock()), weight: 1 },
  { arbitrary: fc.nat(1).map((i) => new SwitchAccount(i)), weight: 1 },
  { arbitrary: fc.constant(new Restart()), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom<FaultKind>('429', '500', 'timeout', 'lost'),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<FaultPath>('/rpc', '/ledger-rpc', '/v0/'),
      )
      .map(([k, n, p]) => new Fault(k, n, p)),
    weight: 2,
  },
  { arbitrary: fc.nat(3).map((v) => new PopupSend(v)), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.nat(3), fc.constantFrom<PayFromIntents['kind']>('withdraw', 'swap', 'again'))
      .map(([v, k]) => new PayFromIntents(v, k)),
    weight: 2,
  },
);
const together = fc
  .tuple(fc.oneof(pageAsks, person, browserStep), fc.oneof(pageAsks, person, browserStep), fc.scheduler())
  .map(([a, b, s]) => new Together(a, b, s));

export const commands = (maxCommands: number) =>
  fc.commands([single.map((s) => new Checked(s)), together.map((s) => new Checked(s))], { maxCommands, size: 'max' });
