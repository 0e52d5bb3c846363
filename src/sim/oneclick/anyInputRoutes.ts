/**
 * `GET /v0/any-input/withdrawals` (docs/services.md, "ANY_INPUT"; one-click-sdk-typescript
 * `OneClickService.getAnyInputQuoteWithdrawals`, models `GetAnyInputQuoteWithdrawals` and
 * `AnyInputQuoteWithdrawal`): the withdrawals of an ANY_INPUT pool, newest first by default, up to 50 a
 * page. ANY_INPUT swaps never reach a terminal status; this list is how a client learns what was paid.
 * A partner key is required, and only the partner that asked for the quote sees its pool.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { SimContext } from '../context';
import { restError } from '../http';
import { findToken } from '../tokenList';
import { formatted, usd } from './pricing';
import { NOT_FOUND_MESSAGE, partnerOf, UNAUTHORIZED_MESSAGE } from './routes';
import { isIsoDateTime, zodMessage } from './schemas';
import type { SwapStore } from './swapStore';

/** The service's page cap (the SDK's doc comment on `limit`: "max: 50, default: 50"). */
const MAX_LIMIT = 50;

const querySchema = z.strictObject({
  depositAddress: z.string().min(1, '$ should not be empty'),
  depositMemo: z.string().optional(),
  timestampFrom: z.string().refine(isIsoDateTime, '$ must be a valid ISO 8601 date string').optional(),
  page: z.coerce.number().int('$ must be an integer number').min(1, '$ must not be less than 1').default(1),
  limit: z.coerce
    .number()
    .int('$ must be an integer number')
    .min(1, '$ must not be less than 1')
    .max(MAX_LIMIT, `$ must not be greater than ${MAX_LIMIT}`)
    .default(MAX_LIMIT),
  sortOrder: z.enum(['asc', 'desc'], { error: '$ must be one of the following values: asc, desc' }).default('desc'),
});

export function anyInputRoutes(ctx: SimContext, swaps: SwapStore): Hono {
  const app = new Hono();
  app.get('/v0/any-input/withdrawals', (c) => {
    const partner = partnerOf(ctx, c);
    if (!partner) return restError(c, 401, UNAUTHORIZED_MESSAGE);
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) return restError(c, 400, zodMessage(parsed.error));
    const q = parsed.data;
    const swap = swaps.find(q.depositAddress, q.depositMemo || undefined);
    if (!swap || swap.partner !== partner) return restError(c, 404, NOT_FOUND_MESSAGE);
    const req = swap.quoteResponse.quoteRequest;
    if (req.swapType !== 'ANY_INPUT') return restError(c, 400, 'Quote is not an ANY_INPUT quote');
    const token = findToken(req.destinationAsset);
    const from = q.timestampFrom ? Date.parse(q.timestampFrom) : -Infinity;
    const all = (swap.pool?.withdrawals ?? []).filter((w) => w.atMs >= from);
    const ordered = q.sortOrder === 'asc' ? all : [...all].reverse();
    const page = ordered.slice((q.page - 1) * q.limit, q.page * q.limit);
    return c.json({
      asset: req.destinationAsset,
      recipient: req.recipient,
      affiliateRecipient: req.appFees?.[0]?.recipient ?? '',
      withdrawals: page.map((w) => ({
        status: w.status,
        amountOut: w.amountOut,
        amountOutFormatted: formatted(BigInt(w.amountOut), token),
        amountOutUsd: usd(BigInt(w.amountOut), token),
        withdrawFee: w.withdrawFee,
        withdrawFeeFormatted: formatted(BigInt(w.withdrawFee), token),
        withdrawFeeUsd: usd(BigInt(w.withdrawFee), token),
        timestamp: new Date(w.atMs).toISOString(),
        hash: w.hash,
      })),
    });
  });
  return app;
}
