// Reliability: a service-worker stop during each of signing, publishing and tracking loses
// nothing — in real Chromium with the built extension, against the real simulator, the worker stopped
// through CDP (ServiceWorker.stopAllWorkers) and seen stopped before the test goes on. Every page
// promise has a timeout, so "silence" shows up as a failure, never as a hang.
// - signing: a request waiting in the approval window when the worker stops still completes on Confirm
//   (the payload signed is the one shown before the stop);
// - publishing: the worker stopped right after Confirm, and (deterministically, through a proxy that
//   holds the bus's answer) after the bus accepted the intent but before the page was told: the page
//   gets an answer or a clean error, and the bus holds the intent at most once, the balance moved once;
// - tracking: a swap started from an extension page, deposited, the worker stopped (twice): the alarm
//   wakes it and the swap reaches SUCCESS with its status history intact; the test observes through
//   chrome.storage from a page that never messages the worker.

import { verifyQuoteSignature } from '@defuse-protocol/one-click-sdk-typescript';
import { verifySignature } from '@near-wallet-selector/core';
import type { Page } from '@playwright/test';
import type { QuoteParams, SwapRecordView } from '../../src/api/swapApi';
import { WALLET } from '../../src/api/walletApi';
import { ERROR_CODES } from '../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../src/sim/server';
import {
  balances,
  confirm,
  dappForFile,
  errorOf,
  expectClosed,
  nonce32,
  ONE_WNEAR,
  type Outcome,
  PAGE_SITE,
  request,
  resultOf,
  signedIntentVerifies,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { busIntents, openObserver, readAllLocal, startBusProxy } from './reliability-helpers';
import { expect, ledgerView, test, walletCall } from './sim';
import { stopWorker, watchWorkerForFile } from './worker';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const session = dappForFile({
  connect: true,
  fundWnear: TEN_WNEAR,
  ...watchWorkerForFile,
});

/** The worker ran again after the stop whose events start at `from`. */
function expectRestarted(from: number): void {
  const after = session.sw.events().slice(from);
  expect(after.lastIndexOf('running'), after.join(',')).toBeGreaterThan(after.indexOf('stopped'));
}

const transfer = (amount = ONE_WNEAR) => [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: amount } }];

/**
 * After a stop in the middle of Confirm the window says the wallet did not answer and shows the request
 * again (it is still queued): the user confirms again. Returns how the page's request settled.
 */
/**
 * `busHasIt`: whether the bus took the intent before the stop. Then the restarted wallet, checking the
 * request anew, finds its nonce used and shows it as resumed: a new view, which needs its own tick, so
 * Confirm waits for it (docs/testing.md, "Found by a full run: a view that changes after the tick").
 */
async function settleAfterStop(
  approval: Page,
  pending: Promise<Outcome>,
  busHasIt: () => boolean,
): Promise<{ outcome: Outcome; confirmedAgain: boolean }> {
  let settled: Outcome | null = null;
  void pending.then((o) => (settled = o));
  const refused = approval.getByTestId('approval-error');
  await expect
    .poll(async () => settled !== null || (!approval.isClosed() && (await refused.isVisible().catch(() => false))), {
      message: 'the page is answered, or the window says the wallet did not answer',
      timeout: 10_000,
      intervals: [100],
    })
    .toBe(true);
  if (settled) return { outcome: settled, confirmedAgain: false };
  await expect(refused).toContainText(/unreachable|did not answer/);
  const resumed = approval.getByTestId('review-resumed');
  if (busHasIt()) await expect(resumed).toBeVisible({ timeout: 10_000 });
  else await expect(approval.getByTestId('review-result')).toHaveAttribute('data-outcome', 'ok');
  await confirm(approval, { acknowledgeDanger: true });
  return { outcome: await pending, confirmedAgain: true };
}

/** The payload the window shows (raw JSON), as it will be signed. */
async function shownPayload(approval: Page): Promise<{ nonce: string; deadline: string; signer_id: string }> {
  await approval.getByTestId('approval-technical').locator('summary').click();
  await approval.getByTestId('approval-raw-toggle').click();
  return JSON.parse((await approval.getByTestId('approval-raw').textContent()) ?? '') as {
    nonce: string;
    deadline: string;
    signer_id: string;
  };
}

test.describe('signing', () => {
  test('intents_signMessage waiting in the window; worker stopped; Confirm → a valid signature', async () => {
    const message = 'signed across a worker stop';
    const nonce = nonce32();
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(
        session.dapp,
        'intents_signMessage',
        { message, recipient: PAGE_SITE, nonce: nonce.toString('base64') },
        { timeoutMs: 20_000 },
      ),
    );
    await expect(approval.getByTestId('approval-message')).toHaveText(message);
    const from = await stopWorker(session.cdp, session.sw);
    await confirm(approval);
    const signed = resultOf<{ accountId: string; publicKey: string; signature: string }>(await pending);
    expect(signed.accountId).toBe(session.w.accountId);
    expect(
      verifySignature({
        publicKey: signed.publicKey,
        signature: signed.signature,
        message,
        nonce,
        recipient: PAGE_SITE,
      }),
    ).toBe(true);
    expectRestarted(from);
    await expectClosed(approval);
  });

  test('intents_signIntents waiting in the window; worker stopped; Confirm → the payload shown before the stop, signed', async ({
    sim,
  }) => {
    const intents = transfer();
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(session.dapp, 'intents_signIntents', { intents }, { timeoutMs: 20_000 }),
    );
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signIntents');
    await expect(approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible();
    const shown = await shownPayload(approval);

    const from = await stopWorker(session.cdp, session.sw);
    await confirm(approval, { acknowledgeDanger: true });
    const out = resultOf<{
      signed: {
        standard: string;
        payload: { message: string; nonce: string; recipient: string };
        public_key: string;
        signature: string;
      };
      intentHash: string;
      payload: { signer_id: string; nonce: string; deadline: string; intents: unknown[] };
    }>(await pending);
    expectRestarted(from);
    // The worker that signed after the restart signed exactly what the user saw (stored with the request).
    expect(out.payload).toMatchObject({
      signer_id: session.w.accountId,
      nonce: shown.nonce,
      deadline: shown.deadline,
      intents,
    });
    expect(out.signed.public_key).toBe(session.w.publicKey);
    expect(signedIntentVerifies(out.signed)).toBe(true);
    await expectClosed(approval);
    expect((await balances(sim, session.w.accountId))[WNEAR], 'signed, not published').toBe(TEN_WNEAR);
  });
});

test.describe('publishing', () => {
  test('worker stopped right after Confirm → an answer or a clean error; the bus has it at most once', async ({
    sim,
  }) => {
    const before = {
      intents: Object.keys(busIntents(sim)).length,
      wnear: BigInt((await balances(sim, session.w.accountId))[WNEAR]!),
    };
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(session.dapp, 'intents_publishIntents', { intents: transfer() }, { timeoutMs: 25_000 }),
    );
    await expect(approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible();
    const shown = await shownPayload(approval);
    await confirm(approval, { acknowledgeDanger: true });
    const from = await stopWorker(session.cdp, session.sw);
    const { outcome, confirmedAgain } = await settleAfterStop(
      approval,
      pending,
      () => Object.keys(busIntents(sim)).length > before.intents,
    );
    const published = Object.keys(busIntents(sim)).length - before.intents;
    test.info().annotations.push({
      type: 'outcome',
      description: `${JSON.stringify(outcome)}; confirmed again: ${confirmedAgain}; published: ${published}`,
    });
    expect(outcome.ok, 'the page got an answer, not silence').not.toBe('timeout');
    if (confirmedAgain) expectRestarted(from);

    expect(published, 'published at most once').toBeLessThanOrEqual(1);
    // The ledger agrees: the nonce shown (and signed) is used exactly when the intent was published.
    expect(
      await ledgerView<boolean>(sim, 'is_nonce_used', { account_id: session.w.accountId, nonce: shown.nonce }),
    ).toBe(published === 1);
    if (outcome.ok === true) {
      const { intentHash } = resultOf<{ intentHash: string; status: string }>(outcome);
      expect(published).toBe(1);
      expect(busIntents(sim)[intentHash]).toBeDefined();
      await expect
        .poll(
          async () =>
            resultOf<{ status: string }>(await request(session.dapp, 'intents_getIntentStatus', { intentHash })).status,
          { timeout: 10_000 },
        )
        .toBe('SETTLED');
    } else {
      expect(errorOf(outcome).code).toEqual(expect.any(Number));
    }
    const wnear = BigInt((await balances(sim, session.w.accountId))[WNEAR]!);
    expect(wnear, 'the balance moved once per publish').toBe(before.wnear - BigInt(published) * BigInt(ONE_WNEAR));
    await expectClosed(approval);
  });

  /**
   * Publishes a transfer through a proxy that holds the bus's answer, stops the worker once the bus has
   * accepted the intent (before the worker heard back), then lets the user confirm again.
   */
  async function stopAfterBusAccepted(sim: RunningSimulator) {
    const proxy = await startBusProxy(sim);
    try {
      await walletCall(session.w.popup, WALLET.setSettings, {
        endpoints: { bus: `${proxy.url}/rpc` },
        busApiKey: sim.busApiKey,
      });
      const before = {
        intents: Object.keys(busIntents(sim)),
        wnear: BigInt((await balances(sim, session.w.accountId))[WNEAR]!),
      };
      const { approval, pending } = await withApproval(session.w.context, () =>
        request(session.dapp, 'intents_publishIntents', { intents: transfer() }, { timeoutMs: 25_000 }),
      );
      await expect(approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible();
      const shown = await shownPayload(approval);
      const processed = proxy.holdNextPublish();
      await confirm(approval, { acknowledgeDanger: true });
      await processed; // the bus has the intent; the worker has not heard back
      const accepted = Object.keys(busIntents(sim)).filter((h) => !before.intents.includes(h));
      expect(accepted).toHaveLength(1);
      const from = await stopWorker(session.cdp, session.sw);
      proxy.release();
      const { outcome, confirmedAgain } = await settleAfterStop(approval, pending, () => true);
      test.info().annotations.push({
        type: 'outcome',
        description: `${JSON.stringify(outcome)}; confirmed again: ${confirmedAgain}`,
      });
      expectRestarted(from);
      await expectClosed(approval);
      return { outcome, before, shown, intentHash: accepted[0]! };
    } finally {
      await walletCall(session.w.popup, WALLET.setSettings, {
        endpoints: { bus: sim.urls.bus },
        busApiKey: sim.busApiKey,
      });
      await proxy.close();
    }
  }

  test('worker stopped after the bus accepted it, before the page was told → an answer, not silence; published exactly once', async ({
    sim,
  }) => {
    const { outcome, before, shown } = await stopAfterBusAccepted(sim);
    expect(outcome.ok, 'the page got an answer, not silence').not.toBe('timeout');
    expect(Object.keys(busIntents(sim)).length - before.intents.length, 'published exactly once').toBe(1);
    expect(
      await ledgerView<boolean>(sim, 'is_nonce_used', { account_id: session.w.accountId, nonce: shown.nonce }),
    ).toBe(true);
    await expect
      .poll(async () => BigInt((await balances(sim, session.w.accountId))[WNEAR]!), { timeout: 10_000 })
      .toBe(before.wnear - BigInt(ONE_WNEAR));
  });

  // Regression (found by this suite): re-confirming after the stop re-signs the same bytes (the same
  // nonce may be claimed again for the very same intent) and the bus answers "already processed" = OK.
  test('worker stopped after the bus accepted it → the page is told it was published (intentHash, OK)', async ({
    sim,
  }) => {
    const { outcome, intentHash } = await stopAfterBusAccepted(sim);
    expect(outcome).toEqual({ ok: true, result: { intentHash, status: 'OK' } });
  });
});

test.describe('tracking', () => {
  // Its own simulator, on the manual clock: the swap moves on after each worker stop because the test moves
  // it (docs/architecture.md, "The simulator's clock"), not because enough real time passed between the
  // tracker's checks; the swap endpoint only, so the wallet keeps its bus and ledger.
  const TIMING = { depositDetectMs: 500, confirmMs: 4_000, processMs: 2_000, busStepMs: 200, solverLatencyMs: 20 };
  let swapSim: RunningSimulator;
  test.beforeAll(async () => {
    swapSim = await startSimulator({ port: 0, clock: 'manual', timing: TIMING });
  });
  test.afterAll(async () => {
    await swapSim?.close();
  });

  test('swap started, deposited, worker stopped: the alarm wakes it and the swap reaches SUCCESS, history intact', async ({
    sim,
  }) => {
    test.setTimeout(40_000);
    await walletCall(session.w.popup, WALLET.setSettings, {
      endpoints: { swap: swapSim.url, transactions: `${swapSim.url}/api/v0` },
      quoteSigningKey: swapSim.quotePublicKey,
    });
    try {
      const params: QuoteParams = {
        swapType: 'EXACT_INPUT',
        slippageTolerance: 100,
        originAsset: WNEAR,
        depositType: 'ORIGIN_CHAIN',
        destinationAsset: USDT,
        amount: ONE_WNEAR,
        refundTo: session.w.accountId,
        refundType: 'ORIGIN_CHAIN',
        recipient: session.w.accountId,
        recipientType: 'DESTINATION_CHAIN',
        deadline: new Date(swapSim.clock.nowMs() + 3600_000).toISOString(),
      };
      const started = await walletCall<SwapRecordView>(session.w.popup, 'swap_start', params);
      expect(started).toMatchObject({ status: 'PENDING_DEPOSIT', lastError: null });
      const res = await fetch(`${swapSim.url}/dev/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          depositAddress: started.depositAddress,
          amount: ONE_WNEAR,
          ...(started.depositMemo ? { memo: started.depositMemo } : {}),
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);

      // From here the test only reads chrome.storage (the popup tab leaves the wallet's pages). The swap's
      // record is sealed at rest (docs/security.md, "What storage keeps"): a check shows as a rewrite of it.
      await session.w.popup.goto('about:blank');
      const observer = await openObserver(session.w.extension);
      const stored = () => readAllLocal(observer);
      const before = await stored();
      expect(before).not.toContain(started.depositAddress);

      const first = await stopWorker(session.cdp, session.sw);
      swapSim.clock.advance(TIMING.depositDetectMs); // KNOWN_DEPOSIT_TX for the next check
      await expect
        .poll(stored, { message: 'a check after the stop rewrote the record', timeout: 15_000, intervals: [250] })
        .not.toBe(before);
      expectRestarted(first);
      const middle = await stored();
      const second = await stopWorker(session.cdp, session.sw);
      swapSim.clock.advance(TIMING.confirmMs + TIMING.processMs); // SUCCESS for the next check
      await expect
        .poll(stored, { message: 'tracking goes on after the second stop', timeout: 15_000, intervals: [250] })
        .not.toBe(middle);
      expectRestarted(second);

      // The popup's view (this call wakes the worker): SUCCESS, the history whole and in order.
      await session.w.popup.goto(session.w.extension.url('popup.html'));
      await expect
        .poll(async () => (await walletCall<SwapRecordView>(session.w.popup, 'swap_get', { id: started.id })).status, {
          message: 'tracked to SUCCESS',
          timeout: 15_000,
          intervals: [250],
        })
        .toBe('SUCCESS');
      const done = await walletCall<SwapRecordView>(session.w.popup, 'swap_get', { id: started.id });
      test
        .info()
        .annotations.push({ type: 'history', description: done.statusHistory.map((h) => h.status).join(' → ') });
      expect(done.statusHistory[0]).toEqual({ status: 'PENDING_DEPOSIT', at: started.createdAt });
      expect(done.statusHistory.at(-1)!.status).toBe('SUCCESS');
      const times = done.statusHistory.map((h) => h.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(done.statusHistory.map((h) => h.status)).size).toBe(done.statusHistory.length);
      expect(done).toMatchObject({
        lastError: null,
        quoteResponseJson: started.quoteResponseJson,
        depositAddress: started.depositAddress,
      });
      expect(verifyQuoteSignature(JSON.parse(done.quoteResponseJson), swapSim.quotePublicKey)).toBe(true);
      // Finished: kept (swap_get), and out of the Swap tab's in-progress list.
      expect((await walletCall<SwapRecordView>(session.w.popup, 'swap_get', { id: started.id })).status).toBe(
        'SUCCESS',
      );
      expect(
        (await walletCall<SwapRecordView[]>(session.w.popup, 'swap_list')).filter((r) => r.id === started.id),
      ).toHaveLength(0);
      await observer.close();
    } finally {
      if (!session.w.popup.url().startsWith('chrome-extension://'))
        await session.w.popup.goto(session.w.extension.url('popup.html'));
      await walletCall(session.w.popup, WALLET.setSettings, {
        endpoints: { swap: sim.url, transactions: `${sim.url}/api/v0` },
        quoteSigningKey: sim.quotePublicKey,
      });
    }
  });
});

test('after the stops the wallet still answers the page: nothing is left queued', async () => {
  const outcome = await request(session.dapp, 'intents_accounts');
  expect(resultOf(outcome)).toEqual([{ accountId: session.w.accountId, publicKey: session.w.publicKey }]);
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', {
      message: 'last',
      recipient: PAGE_SITE,
      nonce: nonce32().toString('base64'),
    }),
  );
  await expect(approval.getByTestId('approval-message')).toHaveText('last');
  await approval.getByTestId('approval-reject').click();
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
});
