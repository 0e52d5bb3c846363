/**
 * `POST /ledger-rpc`: the ledger RPC's `query` / `call_function`, answering in the real RPC's shapes.
 *  - success: `{jsonrpc, id, result: {result: <bytes of the JSON return value>, logs: [], block_height, block_hash}}`
 *  - contract panic: `{jsonrpc, id, result: {error: "wasm execution failed with error: HostError(GuestPanic
 *    { panic_msg: \"<msg>\" })", logs: [], block_height, block_hash}}` — nearcore keeps this legacy,
 *    in-`result` form for `ContractExecutionError` (near/nearcore chain/jsonrpc/src/lib.rs
 *    `process_query_response`; mainnet answers seen as `{"result":{"block_hash":…,"block_height":…,
 *    "error":"wasm execution failed with error: HostError(GuestPanic { panic_msg: \"…\" })","logs":[]}}`).
 *    A method the contract lacks is `…: MethodResolveError(MethodNotFound)` in the same place.
 *  - request errors use nearcore's structured errors (docs.near.org/api/rpc/errors):
 *    `{error: {name, cause: {name, info}, code, message, data}}`.
 * Views read the current state whatever `finality` or `block_id` is asked for. Besides the verifier, the
 * ledger has a contract for each NEP-141 token the simulator lists (`nep141:<account>`), which answers
 * `ft_metadata` (NEP-148, https://nomicon.io/Standards/Tokens/FungibleToken/Metadata) with that token's
 * symbol and decimals, as a token contract on a real RPC does.
 */
import { Hono } from 'hono';
import { base64, utf8 } from '../../core';
import { findToken } from '../tokenList';
import { VerifierError } from './errors';
import type { VerifierLedger } from './ledger';
import { VIEWS } from './views';

type Id = string | number | null;

/** Stands for arguments that are not JSON: every schema refuses it, methods without parameters ignore it. */
const UNPARSABLE = Symbol('unparsable arguments');

const rpcError = (
  id: Id,
  name: string,
  causeName: string,
  info: Record<string, unknown>,
  code: number,
  message: string,
  data: string,
) => ({
  jsonrpc: '2.0',
  id,
  error: { name, cause: { name: causeName, info }, code, message, data },
});

const parseError = (id: Id, detail: string) =>
  rpcError(id, 'REQUEST_VALIDATION_ERROR', 'PARSE_ERROR', { error_message: detail }, -32700, 'Parse error', detail);

/** Rust's `{:?}` of a string: quoted, with `"` and `\` escaped (JSON's escaping agrees for these texts). */
function debugString(text: string): string {
  return JSON.stringify(text);
}

export function ledgerRpcRoutes(ledger: VerifierLedger): Hono {
  const app = new Hono();
  app.post('/ledger-rpc', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(parseError(null, 'Body is not valid JSON'));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return c.json(parseError(null, 'Request must be a JSON object'));
    const req = body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
    const id: Id = typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null;
    if (req.jsonrpc !== '2.0') return c.json(parseError(id, "jsonrpc must be '2.0'"));
    if (req.method !== 'query') {
      const method = String(req.method);
      return c.json(
        rpcError(
          id,
          'REQUEST_VALIDATION_ERROR',
          'METHOD_NOT_FOUND',
          { method_name: method },
          -32601,
          'Method not found',
          method,
        ),
      );
    }
    const params = req.params as Record<string, unknown> | null | undefined;
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return c.json(parseError(id, 'params must be an object'));
    if (params.request_type !== 'call_function') {
      return c.json(
        parseError(id, `request_type '${String(params.request_type)}' is not simulated; only call_function is`),
      );
    }
    if (params.finality === undefined && params.block_id === undefined) {
      return c.json(parseError(id, 'either finality or block_id is required'));
    }
    const { account_id: accountId, method_name: methodName, args_base64: argsBase64 } = params;
    if (typeof accountId !== 'string' || typeof methodName !== 'string' || typeof argsBase64 !== 'string') {
      return c.json(parseError(id, 'account_id, method_name and args_base64 are required strings'));
    }
    const block = { block_height: ledger.blockHeight, block_hash: ledger.blockHash };
    const failed = (vmError: string) =>
      c.json({
        jsonrpc: '2.0',
        id,
        result: { error: `wasm execution failed with error: ${vmError}`, logs: [], ...block },
      });
    const answer = (value: unknown) =>
      c.json({ jsonrpc: '2.0', id, result: { result: [...utf8.encode(JSON.stringify(value))], logs: [], ...block } });
    const token = accountId !== ledger.verifierId ? findToken(`nep141:${accountId}`) : undefined;
    if (token) {
      if (methodName !== 'ft_metadata') return failed('MethodResolveError(MethodNotFound)');
      return answer({
        spec: 'ft-1.0.0',
        name: token.symbol,
        symbol: token.symbol,
        icon: null,
        reference: null,
        reference_hash: null,
        decimals: token.decimals,
      });
    }
    if (accountId !== ledger.verifierId) {
      const data = `account ${accountId} does not exist while viewing`;
      return c.json(
        rpcError(
          id,
          'HANDLER_ERROR',
          'UNKNOWN_ACCOUNT',
          { requested_account_id: accountId, ...block },
          -32000,
          'Server error',
          data,
        ),
      );
    }
    let argsBytes: Uint8Array;
    try {
      argsBytes = base64.decode(argsBase64);
    } catch {
      return c.json(parseError(id, 'args_base64 is not valid base64'));
    }
    const run = Object.hasOwn(VIEWS, methodName) ? VIEWS[methodName] : undefined;
    if (!run) return failed('MethodResolveError(MethodNotFound)');
    let args: unknown;
    try {
      args = argsBytes.length === 0 ? undefined : JSON.parse(utf8.decode(argsBytes));
    } catch {
      args = UNPARSABLE;
    }
    try {
      return answer(run(ledger, args));
    } catch (e) {
      if (e instanceof VerifierError) return failed(`HostError(GuestPanic { panic_msg: ${debugString(e.message)} })`);
      throw e;
    }
  });
  return app;
}
