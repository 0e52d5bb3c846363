/** Dev controls owned by the core of the simulator: who it is, clock and fault injection (`/dev/...`). */
import { Hono } from 'hono';
import { z } from 'zod';
import { formatPublicKey } from '../core';
import { SIMULATOR_ID, SIMULATOR_INFO_PATH, SIMULATOR_PATHS, type SimulatorInfo } from '../core/simulatorInfo';
import type { SimContext } from './context';
import { BadJson, readJsonObject, restError } from './http';

const advanceSchema = z.strictObject({
  ms: z
    .number()
    .int()
    .nonnegative()
    .max(10 * 365 * 24 * 3600_000),
});
const faultSchema = z.strictObject({
  kind: z.enum(['429', '500', 'timeout', 'lost']),
  count: z.number().int().min(1).max(1000).default(1),
  pathPrefix: z.string().startsWith('/').default('/'),
});

const liquiditySchema = z.strictObject({ assetIn: z.string(), assetOut: z.string(), available: z.boolean() });

export function devCoreRoutes(ctx: SimContext, advance: (ms: number) => void): Hono {
  const app = new Hono();
  const clockView = () => ({ now: ctx.clock.now().toISOString(), offsetMs: ctx.clock.offset, mode: ctx.clock.mode });
  // What the wallet's "Find simulator" reads (src/core/simulatorInfo.ts). The credentials are the
  // simulator's public development ones, the same `npm run sim` prints.
  const info: SimulatorInfo = {
    simulator: SIMULATOR_ID,
    verifierId: ctx.config.verifierId,
    quoteSigningKey: formatPublicKey(ctx.quoteSigner.publicKey),
    busApiKey: ctx.busApiKey,
    devJwt: ctx.devJwt,
    paths: SIMULATOR_PATHS,
  };
  app.get(SIMULATOR_INFO_PATH, (c) => c.json(info));
  app.get('/dev/clock', (c) => c.json(clockView()));
  app.post('/dev/clock/advance', async (c) => {
    const body = advanceSchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, `ms must be a non-negative integer: ${body.error.issues[0]?.message}`);
    advance(body.data.ms);
    return c.json(clockView());
  });
  app.post('/dev/faults', async (c) => {
    const body = faultSchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, `invalid fault: ${body.error.issues[0]?.message}`);
    ctx.faults.add(body.data.kind, body.data.count, body.data.pathPrefix);
    return c.json({ faults: ctx.faults.list() });
  });
  app.post('/dev/liquidity', async (c) => {
    const body = liquiditySchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, `invalid liquidity change: ${body.error.issues[0]?.message}`);
    if (body.data.available) ctx.liquidity.unblock(body.data.assetIn, body.data.assetOut);
    else ctx.liquidity.block(body.data.assetIn, body.data.assetOut);
    return c.json(body.data);
  });
  app.delete('/dev/faults', (c) => {
    ctx.faults.clear();
    return c.json({ faults: [] });
  });
  app.onError((err, c) =>
    err instanceof BadJson ? restError(c, 400, err.message) : restError(c, 500, 'Internal error'),
  );
  return app;
}
