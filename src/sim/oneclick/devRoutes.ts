/**
 * Dev controls of the swap service:
 * - `POST /dev/deposit {depositAddress, amount, memo?, assetId?, txHash?, sender?}`: a deposit seen on
 *   the origin chain (for `depositType: INTENTS`, the deposit account is credited on the ledger).
 * - `POST /dev/seed-swaps {count, testEvery?}`: many frozen swaps for history screens.
 * - `POST /dev/price-shift {bps}`: execution prices move from quoted ones (slippage, min-out refunds).
 * - `POST /dev/swap-outcome {depositAddress, memo?, outcome}`: force a swap's execution result
 *   (a refund reason, FAILED, or NONE to clear).
 * - `GET /dev/deliveries?depositAddress=&memo=`: what the swap paid out on the destination chain, with
 *   the destination tag and the bridge withdrawal's memo (model.ts `Delivery`).
 */
import { Hono } from 'hono';
import type { z } from 'zod';
import type { SimContext } from '../context';
import { restError } from '../http';
import type { SwapEngine } from './engine';
import type { LedgerPort } from './ledgerPort';
import { jsonBody, NOT_FOUND_MESSAGE } from './routes';
import { devDepositSchema, priceShiftSchema, seedSchema, swapOutcomeSchema, zodMessage } from './schemas';
import { seedSwaps } from './seed';
import type { SwapStore } from './swapStore';
import { statusView } from './views';

export interface DevDeps {
  ctx: SimContext;
  swaps: SwapStore;
  engine: SwapEngine;
  ledger: LedgerPort;
}

export function swapDevRoutes({ ctx, swaps, engine, ledger }: DevDeps): Hono {
  const app = new Hono();

  async function parse<T extends z.ZodType>(
    c: Parameters<typeof jsonBody>[0],
    schema: T,
  ): Promise<z.output<T> | Response> {
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : restError(c, 400, zodMessage(parsed.error));
  }

  app.post('/dev/deposit', async (c) => {
    const body = await parse(c, devDepositSchema);
    if (body instanceof Response) return body;
    const swap = swaps.find(body.depositAddress, body.memo);
    if (!swap) return restError(c, 404, NOT_FOUND_MESSAGE);
    if (swap.seeded) return restError(c, 400, 'seeded swaps take no deposits');
    const req = swap.quoteResponse.quoteRequest;
    const assetId = body.assetId ?? (req.swapType === 'ANY_INPUT' ? undefined : req.originAsset);
    if (!assetId) return restError(c, 400, 'assetId is required for ANY_INPUT deposits');
    if (req.swapType !== 'ANY_INPUT' && assetId !== req.originAsset)
      return restError(c, 400, `assetId must be the quote's originAsset ${req.originAsset}`);
    const amount = BigInt(body.amount);
    const intents = req.depositType === 'INTENTS';
    const txHash = body.txHash ?? engine.originTxHash(swap);
    const known = swap.deposits.some((d) => d.txHash === txHash && d.assetId === assetId);
    // A direct deposit into the verifier lands in the deposit account's balance.
    if (intents && !known) ledger.credit(body.depositAddress, assetId, amount);
    engine.addDeposit(
      swap,
      {
        txHash,
        assetId,
        amount,
        memo: body.memo ?? null,
        sender: body.sender ?? null,
        via: intents ? 'intents' : 'origin',
        intentHash: null,
      },
      ctx.clock.nowMs(),
    );
    ctx.commit();
    return c.json({ txHash, status: statusView(swap) });
  });

  app.get('/dev/deliveries', (c) => {
    const address = c.req.query('depositAddress');
    const swap = address ? swaps.find(address, c.req.query('memo')) : undefined;
    if (!swap) return restError(c, 404, NOT_FOUND_MESSAGE);
    return c.json({ depositAddress: address, deliveries: swap.deliveries ?? [] });
  });

  app.post('/dev/seed-swaps', async (c) => {
    const body = await parse(c, seedSchema);
    if (body instanceof Response) return body;
    const seeded = seedSwaps(ctx, swaps, body.count, body.testEvery);
    ctx.commit();
    return c.json({ seeded });
  });

  app.post('/dev/price-shift', async (c) => {
    const body = await parse(c, priceShiftSchema);
    if (body instanceof Response) return body;
    swaps.priceShiftBps = body.bps;
    ctx.commit();
    return c.json({ bps: swaps.priceShiftBps });
  });

  app.post('/dev/swap-outcome', async (c) => {
    const body = await parse(c, swapOutcomeSchema);
    if (body instanceof Response) return body;
    const swap = swaps.find(body.depositAddress, body.memo);
    if (!swap) return restError(c, 404, NOT_FOUND_MESSAGE);
    swap.forcedOutcome = body.outcome === 'NONE' ? null : body.outcome;
    ctx.commit();
    return c.json({ depositAddress: body.depositAddress, outcome: swap.forcedOutcome });
  });

  return app;
}
