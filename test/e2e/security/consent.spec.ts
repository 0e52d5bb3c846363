// Red team: no signature before consent (docs/security.md, "No signature before consent").
// Ed25519 signatures are deterministic (RFC 8032 §5.1.6): a signature of the request made for a
// preview is the very signature Confirm would release. The attacker runs the ledger RPC (or sits on
// its http:// path): the wallet's ledger-RPC setting points at a recording proxy on 127.0.0.1 that
// forwards to the simulator and keeps every request body. A connected page asks for a transfer of
// everything to the attacker; while the window shows it, and after a worker stop with the window still
// open, no signature of that payload may reach the proxy. The user rejects; the attacker then
// publishes whatever it captured on the bus, and the balance must not move.

import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import {
  dappForFile,
  errorOf,
  expectClosed,
  reject,
  request,
  TEN_WNEAR,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { stopWorker, type WorkerWatch, watchRunningWorker } from '../worker';
import {
  isForAccount,
  ledgerState,
  publishOnBus,
  type RecordingServer,
  realRequests,
  signaturesIn,
  startRecordingProxy,
} from './helpers';

test.describe.configure({ timeout: 60_000 });

let proxy: RecordingServer;

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

// Registered after dappForFile's hooks, so it runs after them: the proxy is set up once the wallet is
// connected and funded, and closed after the wallet and the page server.
test.beforeAll(async ({ sim }) => {
  proxy = await startRecordingProxy(sim.url);
  await walletCall(session.w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: `${proxy.url}/ledger-rpc` } });
});

test.afterAll(async () => {
  await proxy?.close();
});

const everythingToAttacker = [{ intent: 'transfer', receiver_id: 'attacker.near', tokens: { [WNEAR]: TEN_WNEAR } }];

for (const method of ['intents_publishIntents', 'intents_signIntents'] as const) {
  test(`${method}: no signature of the request reaches the ledger RPC before Confirm, even across a worker stop; rejected, nothing captured executes`, async ({
    sim,
  }) => {
    const before = await ledgerState(sim, session.w.accountId);
    const from = proxy.requests().length;
    const { approval, pending } = await withApproval(session.w.context, () =>
      request(session.dapp, method, { intents: everythingToAttacker }, { timeoutMs: 30_000 }),
    );
    await expect(approval.getByTestId('approval-intent')).toContainText('attacker.near');
    await expect(approval.getByTestId('review-result')).toBeVisible();
    // The preview did ask the ledger RPC (so the proxy is on the path the wallet uses).
    await expect
      .poll(() => realRequests(proxy.requests().slice(from)).length, { message: 'the preview asked the ledger RPC' })
      .toBeGreaterThan(0);

    // A worker stop with the window open: the restarted worker prepares the view again.
    let cdp: Awaited<ReturnType<typeof watchRunningWorker>>['cdp'] | undefined;
    try {
      let sw: WorkerWatch;
      ({ cdp, sw } = await watchRunningWorker(session.w.popup, session.w.extension));
      await stopWorker(cdp, sw);
      // Asked from the window itself: the new worker builds what the window shows before it answers.
      const view = await walletCall<{ kind: string } | null>(approval, 'approval_current');
      expect(view?.kind).toBe(method === 'intents_publishIntents' ? 'publishIntents' : 'signIntents');
      await expect(approval.getByTestId('approval-intent')).toContainText('attacker.near');
    } finally {
      await cdp?.detach().catch(() => undefined);
    }

    // The user says no.
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    await expectClosed(approval);

    // The attacker publishes everything it captured of this account's payloads.
    const captured = signaturesIn(proxy.requests().slice(from)).filter((s) => isForAccount(s, session.w.accountId));
    const published = [];
    for (const s of captured) published.push(await publishOnBus(sim, s));
    test.info().annotations.push({
      type: 'captured',
      description: `${captured.length} signature(s); bus said ${JSON.stringify(published)}`,
    });

    expect(await ledgerState(sim, session.w.accountId), 'the balance did not move').toEqual(before);
    expect(captured, 'no signature of the payload left the wallet before Confirm').toEqual([]);
  });
}
