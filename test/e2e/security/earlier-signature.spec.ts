// Red team: a Send's signature an RPC kept (docs/security.md, "No signature before consent"). The attacker
// runs the ledger RPC: the wallet's ledger-RPC setting points at a proxy on 127.0.0.1 that forwards
// every view to the simulator but keeps `simulate_intents` to itself (it drops the connection, so the
// signed transfer it received is never checked, never answered). The attacker now holds a valid
// signature it can publish until its deadline. Then the proxy says the transfer's nonce is used
// (`is_nonce_used: true`), hoping the wallet forgets it: the next Send review must still open with the
// danger finding `earlier_signature_live`. One RPC's word never clears it; only the bus's SETTLED,
// Activity's record of it settled, or its deadline passing does.
import type { ServerResponse } from 'node:http';
import { WALLET } from '../../../src/api/walletApi';
import { utf8 } from '../../../src/core';
import { fund, openWallet, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { isForAccount, type Recorded, signaturesIn, startRecorder } from './helpers';

test.describe.configure({ timeout: 90_000 });

interface ViewCall {
  id: unknown;
  method_name: string;
}

/** The JSON-RPC `query` / `call_function` in a ledger-RPC body, or null. */
function viewCall(r: Recorded): ViewCall | null {
  try {
    const b = JSON.parse(r.body) as { id?: unknown; method?: unknown; params?: { method_name?: unknown } };
    return b.method === 'query' && typeof b.params?.method_name === 'string'
      ? { id: b.id, method_name: b.params.method_name }
      : null;
  } catch {
    return null;
  }
}

/** A view's answer as nearcore gives it: the JSON value's UTF-8 bytes in `result.result`. */
function viewAnswer(res: ServerResponse, cors: Record<string, string>, id: unknown, value: unknown): void {
  const result = {
    result: [...utf8.encode(JSON.stringify(value))],
    logs: [],
    block_height: 1,
    block_hash: '11111111111111111111111111111111',
  };
  res
    .writeHead(200, { ...cors, 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id, result }));
}

test('an RPC that kept a Send’s signature and then says its nonce is used: the next Send review still warns that the earlier transfer can execute', async ({
  sim,
}) => {
  let lying = false;
  const proxy = await startRecorder(async (r, res, cors) => {
    const call = viewCall(r);
    // The signed transfer stays here: the wallet never hears back.
    if (call?.method_name === 'simulate_intents') return void res.socket?.destroy();
    if (lying && call?.method_name === 'is_nonce_used') return viewAnswer(res, cors, call.id, true);
    const answer = await fetch(`${sim.url}${r.path}`, {
      method: r.method,
      headers: { 'content-type': 'application/json' },
      body: r.body,
    });
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(await answer.text());
  });
  const w = await openWallet(sim);
  try {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await walletCall(w.popup, WALLET.setSettings, { endpoints: { ledgerRpc: `${proxy.url}/ledger-rpc` } });
    const stamp = Date.now();
    const carol = `carol${stamp}.near`;
    const page = w.popup;
    await page.reload();

    // The first Send: reviewed, confirmed; the RPC takes the signature for simulate_intents and drops the line.
    await page.getByTestId('nav-home').click();
    await page.getByTestId('home-send').click();
    await page.getByTestId('send-to').fill(carol);
    await page.getByTestId('send-amount').fill('1');
    await page.getByTestId('send-review').click();
    await expect(page.getByTestId('send-dialog').getByTestId('approval-intent')).toContainText(carol);
    await page.getByTestId('send-confirm').click();
    await expect(page.getByTestId('send-dialog-error')).toBeVisible({ timeout: 30_000 });
    const held = signaturesIn(proxy.requests()).filter((s) => isForAccount(s, w.accountId));
    expect(held.length, 'the RPC holds a signed transfer of this account').toBeGreaterThan(0);
    expect(JSON.stringify(held[0]!.payload)).toContain(carol);

    // Now the RPC says that transfer's nonce is used, as if it had executed.
    lying = true;
    await page.getByTestId('send-cancel').click();
    await page.getByTestId('send-to').fill(`dave${stamp}.near`);
    await page.getByTestId('send-review').click();
    const dialog = page.getByTestId('send-dialog');
    await expect(dialog.getByTestId('approval-intent')).toContainText(`dave${stamp}.near`);
    // The lie was asked and told (the proxy is on the path the review uses).
    expect(proxy.requests().some((r) => viewCall(r)?.method_name === 'is_nonce_used')).toBe(true);
    const finding = dialog.locator('[data-testid="approval-finding"][data-code="earlier_signature_live"]');
    await expect(finding, 'the earlier signature is still live: the review says so').toBeVisible();
    await expect(finding).toHaveAttribute('data-level', 'danger');
    await expect(finding).toContainText(carol);
  } finally {
    await w.close();
    await proxy.close();
  }
});
