/**
 * The swap service's REST routes (`/v0/...`, docs/services.md "The swap service") and the transactions API
 * (`/api/v0/transactions`). Errors are `{message, correlationId, timestamp}` (docs/services.md, "Errors as
 * they arrive").
 */
import { type Context, Hono } from 'hono';
import type { SimContext } from '../context';
import { BadJson, readJsonObject, restError } from '../http';
import { PRICE_UPDATED_AT, SIM_TOKENS } from '../tokenList';
import type { SwapEngine } from './engine';
import { makeQuote, QuoteError } from './quote';
import { statusQuerySchema, submitDepositSchema, zodMessage } from './schemas';
import type { SwapStore } from './swapStore';
import { listTransactions, parseTransactionsQuery, TransactionsError } from './transactions';
import { statusView } from './views';

export const NOT_FOUND_MESSAGE = 'Deposit address not found';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized - API key or JWT token is invalid';

export interface RouteDeps {
  ctx: SimContext;
  swaps: SwapStore;
  engine: SwapEngine;
}

/**
 * The subject of a valid partner JWT (Bearer or X-API-Key, docs/services.md "Credentials and auth headers"),
 * else null.
 */
export function partnerOf(ctx: SimContext, c: Context): string | null {
  const auth = ctx.auth.fromHeaders((name) => c.req.header(name));
  return auth?.aud === 'partner' ? auth.sub : null;
}

/** Reads a JSON object body, or answers 400 for a body that is not one. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | Response> {
  try {
    return await readJsonObject(c);
  } catch (e) {
    if (e instanceof BadJson) return restError(c, 400, e.message);
    throw e;
  }
}

export function swapServiceRoutes({ ctx, swaps, engine }: RouteDeps): Hono {
  const app = new Hono();

  app.get('/v0/tokens', (c) =>
    c.json(
      SIM_TOKENS.map((t) => ({
        assetId: t.assetId,
        decimals: t.decimals,
        blockchain: t.blockchain,
        symbol: t.symbol,
        price: t.price,
        priceUpdatedAt: PRICE_UPDATED_AT,
        contractAddress: t.contractAddress,
      })),
    ),
  );

  app.post('/v0/quote', async (c) => {
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    try {
      const response = makeQuote({ ctx, swaps }, body, { partner: partnerOf(ctx, c) });
      // The swap is on disk before the client learns its deposit address.
      if (!response.quoteRequest.dry) ctx.commit();
      return c.json(response);
    } catch (e) {
      if (e instanceof QuoteError) return restError(c, e.status, e.message);
      throw e;
    }
  });

  app.post('/v0/deposit/submit', async (c) => {
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = submitDepositSchema.safeParse(body);
    if (!parsed.success) return restError(c, 400, zodMessage(parsed.error));
    const { txHash, depositAddress, memo } = parsed.data;
    const swap = swaps.find(depositAddress, memo);
    if (!swap) return restError(c, 404, NOT_FOUND_MESSAGE);
    const sender = parsed.data.homeSenderAccount ?? parsed.data.nearSenderAccount ?? null;
    engine.submitTx(swap, txHash, sender, ctx.clock.nowMs());
    ctx.commit();
    return c.json(statusView(swap));
  });

  app.get('/v0/status', (c) => {
    const parsed = statusQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return restError(c, 400, zodMessage(parsed.error));
    const swap = swaps.find(parsed.data.depositAddress, parsed.data.depositMemo || undefined);
    if (!swap) return restError(c, 404, NOT_FOUND_MESSAGE);
    return c.json(statusView(swap));
  });

  app.get('/api/v0/transactions', (c) => {
    if (!partnerOf(ctx, c)) return restError(c, 401, UNAUTHORIZED_MESSAGE);
    try {
      return c.json(listTransactions(swaps, parseTransactionsQuery(c.req.queries())));
    } catch (e) {
      if (e instanceof TransactionsError) return restError(c, 400, e.message);
      throw e;
    }
  });

  return app;
}
