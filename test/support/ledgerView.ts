// The simulator's verifier, asked directly through its ledger RPC: what the ledger holds, past the
// extension and past any proxy a test puts in front of it (end-to-end, integration and bench alike). The
// one place a test writes the RPC's `query` / `call_function` request (docs/interface.md, "Ledger RPC: views").
import type { RunningSimulator } from '../../src/sim/server';

/** Where the ledger RPC is and which contract it asks: a running simulator, or its two addresses. */
export type LedgerTarget = Pick<RunningSimulator, 'verifierId'> & { urls: Pick<RunningSimulator['urls'], 'ledgerRpc'> };

/**
 * Calls a view method of the verifier contract, independently of the extension, and returns its decoded
 * JSON value, or `{error}` when the view panicked (the RPC's `result.error`). A transport or JSON-RPC
 * error throws.
 */
export async function ledgerAnswer<T = unknown>(
  sim: LedgerTarget,
  method: string,
  args: Record<string, unknown> = {},
  contract = sim.verifierId,
): Promise<{ value?: T; error?: string }> {
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
  const text = await res.text();
  const body = JSON.parse(text) as { result?: { result?: number[]; error?: string }; error?: unknown };
  if (!body.result) throw new Error(`ledger RPC ${method}: ${text}`);
  if (body.result.error !== undefined) return { error: body.result.error };
  return { value: JSON.parse(Buffer.from(body.result.result ?? []).toString('utf8')) as T };
}

/** A view method's decoded value; a panic throws, with the verifier's words. */
export async function ledgerView<T = unknown>(
  sim: LedgerTarget,
  method: string,
  args: Record<string, unknown> = {},
  contract = sim.verifierId,
): Promise<T> {
  const answer = await ledgerAnswer<T>(sim, method, args, contract);
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error}`);
  return answer.value as T;
}

/** `has_public_key` on the simulator's ledger, asked directly. */
export function ledgerHasPublicKey(sim: LedgerTarget, accountId: string, publicKey: string): Promise<boolean> {
  return ledgerView<boolean>(sim, 'has_public_key', { account_id: accountId, public_key: publicKey });
}

/** The verifier's current salt (`current_salt`, hex), which a versioned nonce carries. */
export function ledgerSalt(sim: LedgerTarget): Promise<string> {
  return ledgerView<string>(sim, 'current_salt');
}
