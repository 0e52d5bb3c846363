// Red team: a service that answers with a redirect (docs/security.md, "No redirects"). After Confirm the
// wallet sends the real signature to the ledger RPC's `simulate_intents`, and nowhere else. A ledger RPC
// (or anyone on its path) that answers that call with `307 Temporary Redirect` would, if the wallet
// followed it, have the same POST, signature included, re-sent to a host of its choosing. No service
// call follows a redirect, credentialed or not: the recorder the redirect names must never hear of the
// signature, and the request fails with an error that says why. Tried in the real extension against the
// real simulator, behind a ledger-RPC proxy that redirects only `simulate_intents`.
import { WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import { balances, dappForFile, errorOf, ONE_WNEAR, request, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { attempt, type RecordingServer, realRequests, signaturesIn, startRecorder } from './helpers';

test.describe.configure({ timeout: 60_000 });

/** The view a ledger-RPC `query` calls, or null. */
function viewOf(body: string): string | null {
  try {
    const params = (JSON.parse(body) as { params?: { method_name?: unknown } }).params;
    return typeof params?.method_name === 'string' ? params.method_name : null;
  } catch {
    return null;
  }
}

/** The ledger RPC as the attacker runs it: the simulator's, except that `simulate_intents` is redirected to `to`. */
async function redirectingLedger(sim: RunningSimulator, to: RecordingServer): Promise<RecordingServer> {
  return startRecorder(async (req, res, cors) => {
    if (viewOf(req.body) === 'simulate_intents')
      return void res.writeHead(307, { ...cors, location: `${to.url}/ledger-rpc` }).end();
    const answer = await fetch(sim.urls.ledgerRpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: req.body,
    });
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(await answer.text());
  });
}

const session = dappForFile({
  connect: true,
  fundWnear: TEN_WNEAR,
  setUp: async (s, sim) => {
    const recorder = await startRecorder(
      (_req, res, cors) =>
        void res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":1,"result":{"result":[],"logs":[]}}'),
    );
    const ledger = await redirectingLedger(sim, recorder);
    await walletCall(s.w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: ledger.url } });
    return { recorder, ledger };
  },
  tearDown: async ({ recorder, ledger }) => {
    await ledger?.close();
    await recorder?.close();
  },
});

test('a 307 from the ledger RPC for simulate_intents: the signature goes nowhere else, nothing is released, the error says why', async ({
  sim,
}) => {
  const transfer = { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } };
  // The worker's simulator is shared: bob.near may hold what other tests sent it.
  const bobBefore = (await balances(sim, 'bob.near'))[WNEAR];
  const tried = await attempt(
    session.w.context,
    () => request(session.dapp, 'intents_publishIntents', { intents: [transfer] }),
    'confirm',
  );
  expect(tried.windows, 'the victim saw and confirmed the window').toBe(1);
  // The wallet did ask the ledger RPC to check it (so the redirect was met) ...
  expect(realRequests(session.ledger.requests()).map((r) => viewOf(r.body))).toContain('simulate_intents');
  // ... and never followed it: the redirect's target heard nothing, signature or not.
  expect(signaturesIn(session.recorder.requests())).toEqual([]);
  expect(realRequests(session.recorder.requests())).toEqual([]);
  const error = errorOf(tried.outcome);
  expect(error.message).toMatch(/redirect/i);
  // ... in words that do not name the ledger RPC's host (a private endpoint is not the page's to learn).
  expect(error.message).not.toContain(new URL(session.ledger.url).host);
  // Nothing was published: the transfer did not happen.
  expect((await balances(sim, session.w.accountId))[WNEAR]).toBe(TEN_WNEAR);
  expect((await balances(sim, 'bob.near'))[WNEAR]).toBe(bobBefore);
  // The signature the wallet made never left in a page's answer either.
  expect(JSON.stringify(tried.outcome)).not.toMatch(/"signature"/);
});
