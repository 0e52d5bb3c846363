// The simulator's verifier, asked directly through its ledger RPC: what the ledger holds, past the
// extension and past any proxy a test puts in front of it (end-to-end and integration tests alike).
import type { RunningSimulator } from '../../src/sim/server';

/**
 * Calls a view method of the simulator's verifier contract through its ledger RPC, independently of
 * the extension (the real RPC's `query` / `call_function` shape), and returns the decoded JSON value.
 */
export async function ledgerView<T = unknown>(
  sim: RunningSimulator,
  method: string,
  args: Record<string, unknown>,
  contract = sim.verifierId,
): Promise<T> {
  const res = await fetch(sim.urls.ledgerRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'query',
      params: {
        request_type: 'call_function',
        finality: 'optimistic',
        account_id: contract,
        method_name: method,
        args_base64: Buffer.from(JSON.stringify(args)).toString('base64'),
      },
    }),
  });
  const body = (await res.json()) as { result?: { result?: number[]; error?: string }; error?: unknown };
  if (!body.result?.result) throw new Error(`${method}: ${JSON.stringify(body.error ?? body.result?.error ?? body)}`);
  return JSON.parse(Buffer.from(body.result.result).toString('utf8')) as T;
}

/** `has_public_key` on the simulator's ledger, asked directly. */
export function ledgerHasPublicKey(sim: RunningSimulator, accountId: string, publicKey: string): Promise<boolean> {
  return ledgerView<boolean>(sim, 'has_public_key', { account_id: accountId, public_key: publicKey });
}
