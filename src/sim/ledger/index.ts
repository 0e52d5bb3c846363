/**
 * The verifier ledger module: the simulated contract (ledger.ts), its RPC (`POST /ledger-rpc`), the
 * message bus that publishes to it (`POST /rpc`, ../bus) and its dev controls (`/dev/fund`,
 * `/dev/balances`, `/dev/salt…`).
 */
import { Hono } from 'hono';
import { createBus } from '../bus';
import type { SimContext, SimModule } from '../context';
import { ledgerDevRoutes } from './devRoutes';
import { VerifierLedger } from './ledger';
import { ledgerRpcRoutes } from './rpc';

export { closureDelta } from './closure';
export { ERR, VerifierError } from './errors';
export type { InvariantViolated } from './invariant';
export { type ExecuteOptions, type ExecutionResult, VerifierLedger } from './ledger';
export type { OutgoingRecord } from './state';

export interface LedgerModule extends SimModule {
  readonly ledger: VerifierLedger;
  /** Ledger accounts of the bus's simulated solvers. */
  readonly solverIds: readonly string[];
}

export function createLedgerModule(ctx: SimContext): LedgerModule {
  const ledger = new VerifierLedger(ctx);
  const bus = createBus(ctx, ledger);
  const routes = new Hono();
  routes.route('/', ledgerRpcRoutes(ledger));
  routes.route('/', bus.routes);
  routes.route('/', ledgerDevRoutes(ledger));
  return { routes, tick: bus.tick, ledger, solverIds: bus.solverIds };
}
