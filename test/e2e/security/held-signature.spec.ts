// Red team: a ledger RPC that keeps what it was asked to check (docs/security.md, "Risk rules"). After
// Confirm the wallet runs the verifier's simulate_intents with the real signature before it releases it;
// an RPC that answers "refused" keeps a signature the page never got, which can still execute until its
// deadline. The page then asks again: approved too, both could execute. The window must say so as danger.
import { WALLET } from '../../../src/api/walletApi';
import {
  confirm,
  connectDapp,
  errorOf,
  fund,
  reject,
  request,
  TEN_WNEAR,
  WNEAR,
  withApproval,
  withDapp,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { startTamperingProxy } from './helpers';

const PANIC = 'wasm execution failed with error: HostError(GuestPanic { panic_msg: "insufficient balance" })';

test('a signature the ledger RPC kept after answering "refused": the page’s next request is danger naming it', async ({
  sim,
}) => {
  const proxy = await startTamperingProxy(sim.url, (_path, json, req) => {
    if (req.body.includes('simulate_intents')) json.result = { error: PANIC, logs: [] };
  });
  try {
    await withDapp(sim, async ({ w, dapp }) => {
      await walletCall(w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: `${proxy.url}/ledger-rpc` } });
      expect(await connectDapp(w.context, dapp)).toHaveLength(1);
      await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
      const intents = [{ intent: 'token_diff', diff: { [WNEAR]: '-1', 'nep141:usdt.tether-token.near': '1' } }];

      const first = await withApproval(w.context, () => request(dapp, 'intents_signIntents', { intents }));
      await expect(first.approval.locator('[data-code="refused_signature_live"]')).toHaveCount(0);
      await confirm(first.approval);
      expect(errorOf(await first.pending).message).toMatch(/The verifier refused it/);

      // The window stays open to say why it was not released; the page's next request comes into it.
      const again = request(dapp, 'intents_signIntents', { intents });
      const approval = first.approval;
      const held = approval.locator('[data-testid="approval-finding"][data-code="refused_signature_live"]');
      await expect(held).toHaveAttribute('data-level', 'danger', { timeout: 15_000 });
      await expect(held).toContainText(new URL(dapp.url()).origin);
      await expect(held).toContainText('may pay twice');
      await expect(approval.getByTestId('approval-confirm')).toBeDisabled();
      await reject(approval);
      expect(errorOf(await again).code).toBe(4001);
    });
  } finally {
    await proxy.close();
  }
});
