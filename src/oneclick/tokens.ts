/**
 * `GET /v0/tokens` (docs/services.md, "The swap service"). The live service names the ledger's chain
 * `near`; it becomes `home` here (./wireNames, "Wire names"). Optional fields may
 * be null.
 */
import * as z from 'zod/mini';
import { type HttpDeps, requestJson } from '../core';
import { chainId } from './wireNames';

export const tokenSchema = z.lazy(() =>
  z.object({
    assetId: z.string(),
    decimals: z.int().check(z.minimum(0), z.maximum(255)),
    blockchain: chainId,
    symbol: z.string(),
    // Non-negative: a price is multiplied into balances' USD values (src/core/amounts.ts usdValue refuses a negative one).
    price: z.number().check(z.minimum(0)),
    priceUpdatedAt: z.string(),
    contractAddress: z.optional(z.nullable(z.string())),
  }),
);
export type Token = z.output<typeof tokenSchema>;

/**
 * Entries that fail the schema are dropped, not fatal: one odd token must not hide the others. An asset
 * listed more than once is kept once when every entry gives it the same decimals, symbol and chain, and
 * dropped otherwise: the amount field (first entry) and the review (token table, last entry) would read
 * one amount with two scales (docs/security.md, "What the window shows").
 */
export async function fetchTokens(deps: HttpDeps, baseUrl: string, signal?: AbortSignal): Promise<Token[]> {
  const { json } = await requestJson(deps, {
    url: `${baseUrl.replace(/\/$/, '')}/v0/tokens`,
    ...(signal ? { signal } : {}),
  });
  if (!Array.isArray(json)) throw new Error('the token list is not an array');
  const parsed = json.flatMap((t) => {
    const r = tokenSchema.safeParse(t);
    return r.success ? [r.data] : [];
  });
  const first = new Map<string, Token>();
  const ambiguous = new Set<string>();
  for (const t of parsed) {
    const seen = first.get(t.assetId);
    if (!seen) first.set(t.assetId, t);
    else if (seen.decimals !== t.decimals || seen.symbol !== t.symbol || seen.blockchain !== t.blockchain)
      ambiguous.add(t.assetId);
  }
  return [...first.values()].filter((t) => !ambiguous.has(t.assetId));
}
