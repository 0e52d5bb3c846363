/** What `core` needs to know of a token to show amounts: a subset of the swap service's token list. */
import { formatUnits } from './amounts';

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

/** "1.5 USDC" when the token is known, else "1500000 units of <token id>". */
export function formatTokenAmount(amount: bigint, tokenId: string, tokens: TokenTable): string {
  const info = tokens.get(tokenId);
  if (!info) return `${amount} units of ${tokenId}`;
  return `${formatUnits(amount, info.decimals)} ${info.symbol}`;
}

/** Shortens long addresses for plain-language text: 0xabcdef…1234 → "0xab…34" style with 4+4. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
