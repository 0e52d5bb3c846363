/**
 * The simulated swap service: tokens, quotes, deposits, status, paying from the intents account
 * (generate/submit intent), the transactions API and their dev controls, as one simulator module. Swaps move on the simulator clock in `tick()`.
 */
import { Hono } from 'hono';
import type { SimContext, SimModule } from '../context';
import { anyInputRoutes } from './anyInputRoutes';
import { swapDevRoutes } from './devRoutes';
import { SwapEngine } from './engine';
import { type IntentLedgerPort, intentRoutes } from './intentRoutes';
import type { LedgerPort } from './ledgerPort';
import { swapServiceRoutes } from './routes';
import { SwapStore } from './swapStore';

export type { LedgerPort } from './ledgerPort';

export interface OneClickModule extends SimModule {
  readonly swaps: SwapStore;
  readonly engine: SwapEngine;
}

export function createOneClickModule(ctx: SimContext, ledger: LedgerPort & IntentLedgerPort): OneClickModule {
  const swaps = new SwapStore(ctx);
  const engine = new SwapEngine(ctx, swaps, ledger);
  // A transfer to an INTENTS deposit account on the ledger is that swap's deposit.
  ctx.events.on('transfer', (event) => {
    if (engine.onTransfer(event, ctx.clock.nowMs())) ctx.commit();
  });
  const routes = new Hono();
  routes.route('/', swapServiceRoutes({ ctx, swaps, engine }));
  routes.route('/', intentRoutes(ctx, swaps, ledger));
  routes.route('/', anyInputRoutes(ctx, swaps));
  routes.route('/', swapDevRoutes({ ctx, swaps, engine, ledger }));
  return {
    routes,
    swaps,
    engine,
    tick() {
      if (engine.tick(ctx.clock.nowMs())) ctx.commit();
    },
  };
}
