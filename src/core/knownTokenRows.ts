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

const rowSchema = z.union([
  z.tuple([z.string(), z.string(), z.number().check(z.int(), z.gte(0), z.lte(255))]),
  z.tuple([z.string(), z.string(), z.number().check(z.int(), z.gte(0), z.lte(255)), z.array(z.string())]),
]);

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
  return knownTokenTable(z.array(rowSchema).parse(json));
}
