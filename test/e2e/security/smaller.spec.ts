// Red team: the smaller holes (docs/security.md). Each is an attack of its own, tried through the
// public provider API, the real approval window or the wallet's own API as the popup calls it:
// - file:// pages: no origin a person can check, and every file would share one grant;
// - free text of any size (a 100 kB memo cannot be read in a window, nor checked by anyone);
// - a password change that leaves the old derived key behind: the wallet must keep working after a
//   service-worker stop;
// - wrong passwords tried in parallel, to slip past the unlock throttle that serial tries meet;
// - paying a swap from the intents account, interrupted by a worker stop after the bus accepted the
//   transfer, then retried: it must pay once (https://docs.near-intents.org: an intent executes once
//   per nonce; a second, freshly signed transfer is a second payment);
// - a page asking to sign as an account it was not granted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifySignature } from '@near-wallet-selector/core';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { startSimulator } from '../../../src/sim/server';
import {
  balances,
  confirm,
  connectDapp,
  expectClosed,
  fund,
  nonce32,
  openWallet,
  PAGE_SITE,
  PASSWORD,
  request,
  resultOf,
  TEN_WNEAR,
  WNEAR,
  withApproval,
  withDapp,
} from '../provider-helpers';
import { startBusProxy } from '../reliability-helpers';
import { expect, test, walletCall } from '../sim';
import { stopWorker, watchRunningWorker } from '../worker';
import { attempt, intentsSwap, ledgerState } from './helpers';

test.describe.configure({ timeout: 90_000 });

const DAPP_HTML = readFileSync(new URL('../pages/dapp.html', import.meta.url), 'utf8');

test('file:// pages are refused (4100) without a window, and never share a grant', async ({ sim }) => {
  const w = await openWallet(sim);
  const dir = mkdtempSync(path.join(tmpdir(), 'redteam-file-'));
  try {
    const before = await ledgerState(sim, w.accountId);
    writeFileSync(path.join(dir, 'a.html'), DAPP_HTML);
    writeFileSync(path.join(dir, 'b.html'), DAPP_HTML);
    const a = await w.context.newPage();
    await a.goto(`file://${dir}/a.html`);
    const b = await w.context.newPage();
    await b.goto(`file://${dir}/b.html`);
    await a.waitForFunction(() => 'intentsCompanion' in window);

    // The victim connects whatever asks.
    const connect = await attempt(w.context, () => request(a, 'intents_requestAccounts', {}), 'confirm');
    const sign = await attempt(
      w.context,
      () =>
        request(a, 'intents_signMessage', {
          message: 'm',
          recipient: 'example.org',
          nonce: nonce32().toString('base64'),
        }),
      'confirm',
    );
    const other = await request(b, 'intents_accounts');
    // No window, no grant, no signature...
    expect(other.ok === true ? other.result : [], "another file's page sees no account").toEqual([]);
    for (const [what, t] of [
      ['connect', connect],
      ['signMessage', sign],
    ] as const) {
      expect(t.windows, `no window for ${what}`).toBe(0);
      expect(t.outcome.ok, `no result for ${what}`).not.toBe(true);
    }
    // ...and the page is told so (4100), not left waiting.
    for (const [what, o] of [
      ['connect', connect.outcome],
      ['signMessage', sign.outcome],
      ['intents_accounts', other],
    ] as const) {
      expect(o, `${what} from a file:// page`).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
    }
    expect(await ledgerState(sim, w.accountId)).toEqual(before);
  } finally {
    await w.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('free text of any size is refused (-32602 naming the field) without a window: memo, msg, token_id, state_init', async ({
  sim,
}) => {
  await withDapp(sim, async ({ w, dapp }) => {
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    const before = await ledgerState(sim, w.accountId);
    const big = 'A'.repeat(100 * 1024); // 100 kB
    const cases: [string, unknown][] = [
      ['intents.0.memo', { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' }, memo: big }],
      ['intents.0.msg', { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' }, msg: big }],
      [
        'intents.0.token_id',
        { intent: 'nft_withdraw', token: 'nft.example.near', token_id: big, receiver_id: 'bob.near' },
      ],
      [
        'intents.0.state_init',
        { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '1' }, msg: '{}', state_init: { code: big } },
      ],
    ];
    const tries = [];
    for (const [field, intent] of cases)
      tries.push({
        field,
        ...(await attempt(w.context, () => request(dapp, 'intents_signIntents', { intents: [intent] }), 'reject')),
      });
    for (const t of tries) {
      expect(t.outcome, t.field).toMatchObject({
        ok: false,
        error: { code: ERROR_CODES.invalidParams, data: { field: t.field } },
      });
      expect(t.windows, `no window for an oversized ${t.field}`).toBe(0);
    }
    expect(await ledgerState(sim, w.accountId)).toEqual(before);
  });
});

test('after a password change and a worker stop the wallet is still unlocked and signs', async ({ sim }) => {
  await withDapp(sim, async ({ w, dapp }) => {
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    const before = await ledgerState(sim, w.accountId);
    await walletCall(w.popup, WALLET.changePassword, {
      oldPassword: PASSWORD,
      newPassword: 'a new and longer passphrase 7',
    });
    const { cdp, sw } = await watchRunningWorker(w.popup, w.extension);
    try {
      await stopWorker(cdp, sw);
    } finally {
      await cdp.detach().catch(() => undefined);
    }
    expect(await walletCall<{ unlocked: boolean }>(w.popup, WALLET.status), 'status after the restart').toMatchObject({
      unlocked: true,
      problem: null,
    });

    const message = 'signed after a password change and a restart';
    const nonce = nonce32();
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_signMessage', { message, recipient: PAGE_SITE, nonce: nonce.toString('base64') }),
    );
    await expect(approval.getByTestId('approval-message')).toHaveText(message);
    await confirm(approval);
    const signed = resultOf<{ publicKey: string; signature: string }>(await pending);
    expect(
      verifySignature({
        publicKey: signed.publicKey,
        signature: signed.signature,
        message,
        nonce,
        recipient: PAGE_SITE,
      }),
    ).toBe(true);
    await expectClosed(approval);
    expect(await ledgerState(sim, w.accountId)).toEqual(before);
  });
});

test('wrong passwords tried in parallel are throttled like serial ones', async ({ sim }) => {
  const w = await openWallet(sim);
  try {
    const before = await ledgerState(sim, w.accountId);
    await walletCall(w.popup, WALLET.lock);
    const reasons = await w.popup.evaluate(async (n) => {
      const runtime = (
        globalThis as unknown as {
          chrome: {
            runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; error?: { data?: { reason?: string } } }> };
          };
        }
      ).chrome.runtime;
      const replies = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          runtime.sendMessage({ type: 'request', method: 'wallet_unlock', params: { password: `guess number ${i}` } }),
        ),
      );
      return replies.map((r) => (r.ok ? 'unlocked' : (r.error?.data?.reason ?? 'other')));
    }, 12);
    const checked = reasons.filter((r) => r === 'wrong_password').length;
    test.info().annotations.push({ type: 'replies', description: reasons.join(', ') });
    expect(reasons).not.toContain('unlocked');
    // One at a time, a guesser gets 3 free tries before the first delay (src/vault/throttle.ts).
    expect(checked, 'guesses actually checked').toBeLessThanOrEqual(3);
    expect(reasons.filter((r) => r === 'throttled').length).toBe(reasons.length - checked);
    expect(await walletCall<{ unlocked: boolean }>(w.popup, WALLET.status)).toMatchObject({ unlocked: false });
    expect(await ledgerState(sim, w.accountId)).toEqual(before);
  } finally {
    await w.close();
  }
});

test('paying a swap from the intents account, interrupted after the bus took the transfer and retried, pays once', async () => {
  // Its own simulator, on the manual clock with two-minute steps: the swap service has not noticed the
  // deposit when the user retries (as on a slow network), however long the test takes.
  const sim = await startSimulator({
    port: 0,
    clock: 'manual',
    timing: { depositDetectMs: 120_000, confirmMs: 120_000, processMs: 120_000, busStepMs: 200, solverLatencyMs: 20 },
  });
  const w = await openWallet(sim);
  const proxy = await startBusProxy(sim);
  try {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await walletCall(w.popup, WALLET.setSettings, { endpoints: { bus: `${proxy.url}/rpc` } });
    await walletCall(w.popup, WALLET.setSettings, { busApiKey: sim.busApiKey });
    const params = intentsSwap(w.accountId, '2000000000000000000000000');
    const swap = await walletCall<SwapRecordView>(w.popup, 'swap_start', params);
    const amountIn = BigInt((JSON.parse(swap.quoteResponseJson) as { quote: { amountIn: string } }).quote.amountIn);
    const start = BigInt((await balances(sim, w.accountId))[WNEAR]!);

    // Pay; the bus accepts the transfer, and the worker stops before it hears back.
    let reviewed = '';
    const { cdp, sw } = await watchRunningWorker(w.popup, w.extension);
    try {
      const accepted = proxy.holdNextPublish();
      ({ reviewed } = await walletCall<{ reviewed: string }>(w.popup, 'swap_previewPayment', { id: swap.id }));
      const first = walletCall(w.popup, 'swap_payFromIntents', { id: swap.id, reviewed, acknowledgeDanger: true }).then(
        () => 'paid',
        (e: Error) => e.message,
      );
      await accepted;
      await stopWorker(cdp, sw);
      proxy.release();
      test.info().annotations.push({ type: 'first try', description: await first });
    } finally {
      await cdp.detach().catch(() => undefined);
    }
    expect(BigInt((await balances(sim, w.accountId))[WNEAR]!), 'the first try paid').toBe(start - amountIn);

    // The user tries again, from the same review.
    const retry = await walletCall<SwapRecordView>(w.popup, 'swap_payFromIntents', {
      id: swap.id,
      reviewed,
      acknowledgeDanger: true,
    }).then(
      (r) => r,
      (e: Error) => e.message,
    );
    test.info().annotations.push({
      type: 'retry',
      description: typeof retry === 'string' ? retry : `paid, ${retry.paidIntentHash}`,
    });

    expect(BigInt((await balances(sim, w.accountId))[WNEAR]!), 'paid once').toBe(start - amountIn);
    expect((await balances(sim, swap.depositAddress))[WNEAR], 'the deposit account received one payment').toBe(
      String(amountIn),
    );
    expect(retry, 'the retry completes the payment it started').toMatchObject({
      id: swap.id,
      paidIntentHash: expect.any(String),
    });
  } finally {
    await w.close();
    await proxy.close();
    await sim.close();
  }
});

test('a page signs only as the account it was granted: another account of the wallet is refused (4100) without a window', async ({
  sim,
}) => {
  await withDapp(sim, async ({ w, dapp }) => {
    expect(await connectDapp(w.context, dapp)).toEqual([{ accountId: w.accountId, publicKey: w.publicKey }]);
    const added = await walletCall<{ status: { accounts: { accountId: string }[] } }>(w.popup, WALLET.addAccount, {
      source: { kind: 'generate' },
    });
    const other = added.status.accounts.find((a) => a.accountId !== w.accountId)!.accountId;
    await fund(sim, other, WNEAR, TEN_WNEAR);
    const before = await ledgerState(sim, other);
    const drain = [{ intent: 'transfer', receiver_id: 'attacker.near', tokens: { [WNEAR]: TEN_WNEAR } }];
    const tries = [
      [
        'signIntents',
        await attempt(
          w.context,
          () => request(dapp, 'intents_signIntents', { intents: drain, signerId: other }),
          'confirm',
        ),
      ],
      [
        'publishIntents',
        await attempt(
          w.context,
          () => request(dapp, 'intents_publishIntents', { intents: drain, signerId: other }),
          'confirm',
        ),
      ],
      [
        'signMessage',
        await attempt(
          w.context,
          () =>
            request(dapp, 'intents_signMessage', {
              message: 'm',
              recipient: 'example.org',
              nonce: nonce32().toString('base64'),
              accountId: other,
            }),
          'confirm',
        ),
      ],
    ] as const;
    expect(await ledgerState(sim, other), 'the other account did not move').toEqual(before);
    for (const [what, t] of tries) {
      expect(t.outcome, what).toMatchObject({ ok: false, error: { code: ERROR_CODES.unauthorized } });
      expect(t.windows, `no window for ${what}`).toBe(0);
    }
  });
});
