/**
 * The whole simulated network as one Hono app: swap service (/v0), transactions API (/api/v0),
 * message bus (/rpc), ledger RPC (/ledger-rpc), the PoA bridge (/bridge-rpc) and dev controls (/dev). Modules share one context.
 */

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { errorText } from '../core/errorText';
import { createBridgeModule } from './bridge';
import type { SimConfig } from './config';
import { createContext, type SimContext, type SimModule } from './context';
import { demoRoutes } from './demo/routes';
import { devCoreRoutes } from './devRoutes';
import { restError } from './http';
import { createLedgerModule } from './ledger';
import { createOneClickModule } from './oneclick';

export interface SimApp {
  app: Hono;
  ctx: SimContext;
  /** Advances every time-based state machine to the clock's now. */
  tick(): void;
  /** Moves the clock forward by `ms`, brings every state machine up to it and persists (as `/dev/clock/advance`). */
  advance(ms: number): void;
}

/** How long an injected `timeout` fault holds a request before answering 504. */
const TIMEOUT_FAULT_HOLD_MS = 30_000;

export function createSimApp(config: SimConfig): SimApp {
  const ctx = createContext(config);
  const ledger = createLedgerModule(ctx);
  const oneclick = createOneClickModule(ctx, ledger.ledger);
  const bridge = createBridgeModule(ctx, ledger.ledger);
  const modules: SimModule[] = [ledger, oneclick, bridge];
  const tick = () => {
    for (const m of modules) m.tick?.();
  };
  const advance = (ms: number) => {
    ctx.clock.advance(ms);
    tick();
    ctx.commit();
  };

  const app = new Hono();
  // Web pages and the extension (chrome-extension:// origins) call the simulator directly.
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowHeaders: ['Content-Type', 'Authorization', 'X-API-Key'],
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({ maxSize: config.bodyLimit, onError: (c) => restError(c, 413, 'Request body is too large') }),
  );
  if (config.log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // Method, path and status only: never headers (JWTs) or bodies (signatures).
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  app.use('*', ctx.faults.middleware(TIMEOUT_FAULT_HOLD_MS));
  // Lazy state machines: every request first brings time-based state up to the clock.
  app.use('*', async (_c, next) => {
    tick();
    await next();
  });
  app.route('/', devCoreRoutes(ctx, advance));
  for (const m of modules) app.route('/', m.routes);
  app.route('/', demoRoutes(ctx));
  app.notFound((c) => restError(c, 404, `No route for ${c.req.method} ${c.req.path}`));
  app.onError((err, c) => {
    console.error('simulator error:', errorText(err));
    return restError(c, 500, 'Internal server error');
  });
  return { app, ctx, tick, advance };
}
