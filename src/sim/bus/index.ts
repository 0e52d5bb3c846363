/**
 * The message bus, `POST /rpc` (docs/services.md, "The message bus"):
 * JSON-RPC 2.0 with methods quote, publish_intent, publish_intents and get_status. A valid simulator
 * key is required (`X-API-Key` or `Authorization: Bearer`, docs/services.md "Credentials and auth headers");
 * without one the answer is HTTP 401 with JSON-RPC error code 401, as the live bus (docs/services.md, "Errors
 * as they arrive"). Batches (arrays) are answered item by item.
 */

import { Hono } from 'hono';
import { errorText } from '../../core/errorText';
import type { SimContext } from '../context';
import type { VerifierLedger } from '../ledger/ledger';
import { fail, idOf, ok, parseRequest, RPC, RpcFailure, type RpcResponse, singleParam } from './jsonrpc';
import { publishMany, publishOne } from './publish';
import { quote } from './quote';
import { createSolvers, fundSolvers } from './solvers';
import { type BusState, initialBusState } from './state';
import { advanceStatuses, getStatus } from './status';

export interface Bus {
  routes: Hono;
  tick(): void;
  /** The simulated solvers' ledger accounts. */
  solverIds: readonly string[];
}

export function createBus(ctx: SimContext, ledger: VerifierLedger): Bus {
  const state = ctx.store.slice<BusState>('bus', initialBusState);
  const solvers = createSolvers(ctx);
  if (!state.solversFunded) {
    fundSolvers(ledger, solvers);
    state.solversFunded = true;
    ctx.commit();
  }

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    quote: (p) => quote(ctx, ledger, solvers, state, p),
    publish_intent: (p) => publishOne(ctx, ledger, state, p),
    publish_intents: (p) => publishMany(ctx, ledger, state, p),
    get_status: (p) => getStatus(state, p),
  };

  const call = async (value: unknown): Promise<RpcResponse> => {
    const id = idOf(value);
    try {
      const req = parseRequest(value);
      const method = Object.hasOwn(methods, req.method) ? methods[req.method] : undefined;
      if (!method) return fail(req.id, RPC.methodNotFound, `Method not found: '${req.method}'`);
      return ok(req.id, await method(singleParam(req.params)));
    } catch (e) {
      if (e instanceof RpcFailure) return fail(id, e.code, e.message);
      console.error('simulator bus error:', errorText(e));
      return fail(id, RPC.internalError, 'Internal error');
    }
  };

  const routes = new Hono();
  routes.post('/rpc', async (c) => {
    const text = await c.req.text();
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
    // Auth first, as the bus's gateway does; the id is echoed when there is one.
    if (!ctx.auth.fromHeaders((name) => c.req.header(name))) {
      const message = 'Unauthorized: send a valid key in X-API-Key or Authorization: Bearer';
      return c.json(fail(idOf(body), RPC.unauthorized, message), 401);
    }
    if (!parsed) return c.json(fail(null, RPC.parseError, 'Parse error: the body is not valid JSON'));
    if (!Array.isArray(body)) return c.json(await call(body));
    if (body.length === 0) return c.json(fail(null, RPC.invalidRequest, 'Invalid Request: empty batch'));
    const answers: RpcResponse[] = [];
    for (const item of body) answers.push(await call(item));
    return c.json(answers);
  });

  return { routes, tick: () => advanceStatuses(ctx, state), solverIds: solvers.map((s) => s.accountId) };
}
