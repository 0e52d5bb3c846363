/**
 * `GET /v0/tokens` (docs/services.md, "The swap service"). The live service names the ledger's chain
 * `near`; it becomes `home` here (./wireNames, "Wire names"). Optional fields may
 * be null.
 */
import * as z from 'zod/mini';
import { type HttpDeps, requestJson } from '../core';
import { chainId } from './wireNames';

export const tokenSchema = z.object({
  assetId: z.string(),
  decimals: z.int().check(z.minimum(0), z.maximum(255)),
  blockchain: chainId,
  symbol: z.string(),
  price: z.number(),
  priceUpdatedAt: z.string(),
  contractAddress: z.optional(z.nullable(z.string())),
});
export type Token = z.output<typeof tokenSchema>;

/** Entries that fail the schema are dropped, not fatal: one odd token must not hide the others. */
export async function fetchTokens(deps: HttpDeps, baseUrl: string, signal?: AbortSignal): Promise<Token[]> {
  const { json } = await requestJson(deps, { url: `${baseUrl.replace(/\/$/, '')}/v0/tokens`, ...(signal ? { signal } : {}) });
  if (!Array.isArray(json)) throw new Error('the token list is not an array');
  return json.flatMap((t) => {
    const parsed = tokenSchema.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });
}
