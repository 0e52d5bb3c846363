/** What `core` needs to know of a token to show amounts: a subset of the swap service's token list. */
import { formatUnits } from './amounts';
import { amountOf, phrase, type Sub } from './phrase';
import { visibleText } from './visibleText';

export interface TokenInfo {
  assetId: string;
  symbol: string;
  decimals: number;
  blockchain: string;
  price?: number | undefined;
}

export type TokenTable = ReadonlyMap<string, TokenInfo>;

export function tokenTable(tokens: readonly TokenInfo[]): TokenTable {
  return new Map(tokens.map((t) => [t.assetId, t]));
}

/**
 * "1.5 USDC" when the token is known, else "1500000 units of <token id>". The id (inner NFT/MT ids
 * are free text from the page) and the symbol are shown with hidden characters escaped.
 */
export function formatTokenAmount(amount: bigint, tokenId: string, tokens: TokenTable): string {
  const info = tokens.get(tokenId);
  if (!info) return `${amount} units of ${visibleText(tokenId)}`;
  return `${formatUnits(amount, info.decimals)} ${visibleText(info.symbol)}`;
}

/**
 * Reads back what formatTokenAmount wrote (a swap record keeps its amount to send so): the decimal and the
 * symbol, or the units and the token id; null for any other text.
 */
export function readTokenAmount(
  text: string,
): { decimal: string; symbol: string } | { units: string; tokenId: string } | null {
  const units = /^(\d+) units of (\S+)$/.exec(text);
  if (units) return { units: units[1]!, tokenId: units[2]! };
  const amount = /^(\d+(?:\.\d+)?) (.+)$/.exec(text);
  return amount ? { decimal: amount[1]!, symbol: amount[2]! } : null;
}

/**
 * `amount` of `tokenId` for a person: "1.5 USDC" (an Amount, its mark the reader's) when the token is known, else its smallest units and the id
 * as a phrase the page words in the person's language (formatTokenAmount's English is for logs and records).
 */
export function tokenAmountWords(amount: bigint, tokenId: string, tokens: TokenTable): Sub {
  const info = tokens.get(tokenId);
  if (!info) return phrase('amount_unitsOf', String(amount), visibleText(tokenId));
  return amountOf(formatUnits(amount, info.decimals), visibleText(info.symbol));
}

/** A signed amount in words: "-1.5 wNEAR", or an unconfirmed token's "+7 units of …" phrase. */
export function signedAmountWords(d: bigint, tokenId: string, tokens: TokenTable): Sub {
  const sign = d < 0n ? '-' : '+';
  const info = tokens.get(tokenId);
  if (!info) return phrase('amount_unitsOf', `${sign}${d < 0n ? -d : d}`, visibleText(tokenId));
  return amountOf(`${sign}${formatUnits(d < 0n ? -d : d, info.decimals)}`, visibleText(info.symbol));
}

/**
 * Shortens long addresses for notifications about the user's own swaps ("0xab58…eccd"). Never for
 * anything the user approves: there every receiver, key and address is shown in full.
 */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
