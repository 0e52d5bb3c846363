/**
 * The bundled table of well-known assets (./knownTokens.ts) as the extension ships it: a package file,
 * `known-tokens.json`, written from that table at build time (wxt.config.ts), so the background's
 * script does not carry it (docs/architecture.md, "Budgets") and reads it when a token list is first
 * judged. What is read is checked row by row like anything else that comes in.
 */
import * as z from 'zod/mini';
import type { KnownToken } from './tokenFacts';

/** Its path in the extension package. */
export const KNOWN_TOKENS_FILE = 'known-tokens.json';

export type KnownTokenRow = readonly [assetId: string, symbol: string, decimals: number, aliases?: readonly string[]];

/** A row as the file holds it (an object per row: the schemas the background has already). */
const rowSchema = z.lazy(() =>
  z.object({
    assetId: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
    aliases: z.optional(z.array(z.string())),
  }),
);

/** The file's contents for `rows` (written at build time). */
export function knownTokensJson(rows: readonly KnownTokenRow[]): string {
  return JSON.stringify(rows.map(([assetId, symbol, decimals, aliases]) => ({ assetId, symbol, decimals, aliases })));
}

/** The table, by asset id. */
export function knownTokenTable(rows: readonly KnownTokenRow[]): ReadonlyMap<string, KnownToken> {
  return new Map(
    rows.map(([assetId, symbol, decimals, aliases]) => [
      assetId,
      aliases ? { symbol, decimals, aliases } : { symbol, decimals },
    ]),
  );
}

/** The shipped file's contents as the table; throws on anything that is not a list of rows. */
export function parseKnownTokens(json: unknown): ReadonlyMap<string, KnownToken> {
  return knownTokenTable(
    z
      .array(rowSchema)
      .parse(json)
      .map((r) => [r.assetId, r.symbol, r.decimals, r.aliases]),
  );
}
