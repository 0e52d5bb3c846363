/**
 * Whether a token's decimals and symbol can be believed (docs/security.md, "Token facts"). Every amount a
 * person reads is worded with them, so they never rest on the swap service alone: a second source says
 * them too (the bundled table of well-known assets, ./knownTokens, or else the token contract's own
 * `ft_metadata`, NEP-148) and the service's list must agree with it. A disagreement is never resolved
 * silently in either direction: the token is `disputed`, its amounts are shown as raw units with its id,
 * and the approval window says so as danger. A token no second source speaks for is `unconfirmed`,
 * shown the same way without the alarm.
 */
import { chainNamedBy } from './assetChain';
import { type Phrase, phrase } from './phrase';
import { parseTokenId } from './tokenId';

/** What a source says of a token. */
export interface TokenFacts {
  symbol: string;
  decimals: number;
}

/** The second source: the wallet's bundled table, or the token's contract on the ledger. */
export type FactsSource = 'table' | 'contract';

/** An entry of the bundled table: the symbol the wallet shows, and other spellings the service is known to use. */
export interface KnownToken extends TokenFacts {
  aliases?: readonly string[];
}

/**
 * Every message a token's facts note can be (the disputed chain's from ../background/tokens/facts.ts, a
 * kept balance's from ../background/wallet/balances.ts): one list, so whatever stores a note reads back each.
 */
export const TOKEN_FACTS_NOTES = [
  'tokenFacts_unconfirmed',
  'tokenFacts_disputedTable',
  'tokenFacts_disputedContract',
  'tokenFacts_disputedChain',
  'tokenFacts_kept',
] as const;

export type TokenCheck =
  | { status: 'confirmed'; facts: TokenFacts; source: FactsSource }
  | { status: 'disputed'; service: TokenFacts; checked: TokenFacts; source: FactsSource; note: Phrase }
  | { status: 'unconfirmed'; note: Phrase };

export type TokenFactsStatus = TokenCheck['status'];

/**
 * Symbols agree when they are the same letters in any case: contracts and the service write one ticker
 * in different cases (Tether's NEAR contract says `USDt`, the service `USDT`). Nothing else is folded: a
 * look-alike letter from another script is another symbol.
 */
export function sameSymbol(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The one agreement rule: the chain the list says against the one the id names, then decimals and symbol
 * against the second source. `second` is null when no second source answered. Confirmed facts are the
 * second source's (its symbol is the one shown), never the service's.
 */
export function judgeToken(
  assetId: string,
  listed: TokenFacts & { blockchain?: string },
  second: { facts: KnownToken; source: FactsSource } | null,
): TokenCheck {
  const service = { symbol: listed.symbol, decimals: listed.decimals };
  // The chain the id names is a fact the list must agree with too (./assetChain.ts).
  const named = chainNamedBy(assetId);
  if (named !== null && listed.blockchain !== undefined && named !== listed.blockchain) {
    const note = phrase('tokenFacts_disputedChain', assetId, listed.blockchain, named);
    return { status: 'disputed', service, checked: service, source: second?.source ?? 'table', note };
  }
  if (!second) {
    return {
      status: 'unconfirmed',
      note: phrase('tokenFacts_unconfirmed', assetId),
    };
  }
  const { facts, source } = second;
  const symbols = [facts.symbol, ...(facts.aliases ?? [])];
  if (service.decimals === facts.decimals && symbols.some((s) => sameSymbol(s, service.symbol))) {
    return { status: 'confirmed', facts: { symbol: facts.symbol, decimals: facts.decimals }, source };
  }
  const checked = { symbol: facts.symbol, decimals: facts.decimals };
  return {
    status: 'disputed',
    service,
    checked,
    source,
    note: phrase(
      source === 'table' ? 'tokenFacts_disputedTable' : 'tokenFacts_disputedContract',
      assetId,
      String(service.decimals),
      service.symbol,
      String(checked.decimals),
      checked.symbol,
    ),
  };
}

/** The NEP-141 contract whose `ft_metadata` speaks for this asset, or null (other standards have none). */
export function ftContractOf(assetId: string): string | null {
  try {
    const id = parseTokenId(assetId);
    return id.standard === 'nep141' ? id.contractId : null;
  } catch {
    return null;
  }
}
