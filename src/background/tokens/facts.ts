/**
 * Token facts the wallet can stand behind (docs/security.md, "Token facts"). The swap service's token list
 * says each token's decimals and symbol; every amount a person reads is worded with them, so each entry is
 * judged (core `judgeToken`) against a second source: the bundled table of well-known assets
 * (core/knownTokens.ts) or, for a NEP-141 token the table does not know, the contract's own `ft_metadata`
 * through the ledger RPC. Everything that words amounts takes its tokens from here: `table` and
 * `confirmed` hold only confirmed tokens, with the checked facts, so a disputed or unconfirmed token is
 * worded as raw units with its id wherever it appears; `disputes` feeds the approval window's danger
 * finding; `views` is the popup's list, each token with its verdict.
 *
 * Caches: the service's list for 10 minutes per endpoint; each contract's metadata for an hour (a failure
 * for a minute), at most METADATA_MAX contracts. `forget` empties both (another network or endpoint).
 */

import type { TokenView } from '../../api/swapApi';
import type { FtMetadata } from '../../bus';
import { ftContractOf, judgeToken, type KnownToken, type TokenCheck, type TokenTable, tokenTable } from '../../core';
import type { Phrase } from '../../core/phrase';
import type { Token } from '../../oneclick';

export const LIST_TTL_MS = 10 * 60_000;
export const METADATA_TTL_MS = 60 * 60_000;
export const METADATA_FAILURE_TTL_MS = 60_000;
export const METADATA_MAX = 500;
/** ft_metadata calls in flight at once while a list is checked. */
const PARALLEL = 4;

export interface CheckedToken {
  /** The service's entry as it came. */
  token: Token;
  check: TokenCheck;
}

export interface TokenFactsDeps {
  /** The swap-service endpoint now configured. */
  endpoint: () => Promise<string>;
  /** `GET /v0/tokens` of that endpoint (src/oneclick fetchTokens). */
  fetchList: (url: string) => Promise<Token[]>;
  /** `ft_metadata` of a NEP-141 contract through the ledger RPC now configured. */
  ftMetadata: (contractId: string) => Promise<FtMetadata>;
  now: () => number;
  /**
   * The bundled table (core/knownTokens.ts; the extension reads its package file, core/knownTokenRows.ts);
   * tests give a smaller one to reach the contracts. Asked at each judging: the caller keeps it.
   */
  known: () => Promise<ReadonlyMap<string, KnownToken>>;
}

interface Kept {
  at: number;
  ttl: number;
  facts: FtMetadata | null;
}

/** The service's entry with the checked facts, for code that words amounts (confirmed tokens only). */
const withFacts = (c: CheckedToken & { check: { status: 'confirmed' } }): Token => ({ ...c.token, ...c.check.facts });

export class TokenFacts {
  private list: { at: number; url: string; tokens: Promise<Token[]> } | null = null;
  private readonly metadata = new Map<string, Kept>();
  private readonly asking = new Map<string, Promise<FtMetadata | null>>();
  private generation = 0;

  constructor(private readonly d: TokenFactsDeps) {}

  async checked(): Promise<CheckedToken[]> {
    const tokens = await this.serviceList();
    const out: CheckedToken[] = new Array(tokens.length);
    let next = 0;
    // Contracts are asked a few at a time.
    const worker = async () => {
      for (let i = next++; i < tokens.length; i = next++) out[i] = await this.judge(tokens[i]!);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, tokens.length) }, worker));
    return out;
  }

  /** Tokens whose facts are confirmed, with the checked decimals and symbol. */
  async confirmed(): Promise<Token[]> {
    return (await this.checked()).flatMap((c) =>
      c.check.status === 'confirmed' ? [withFacts(c as CheckedToken & { check: { status: 'confirmed' } })] : [],
    );
  }

  /** The same as a table for core's wording (describeIntent, formatTokenAmount, risk). */
  async table(): Promise<TokenTable> {
    return tokenTable(await this.confirmed());
  }

  /** Asset id → what disagrees, for every disputed token. */
  async disputes(): Promise<ReadonlyMap<string, Phrase>> {
    return new Map(
      (await this.checked()).flatMap((c) =>
        c.check.status === 'disputed' ? [[c.token.assetId, c.check.note] as const] : [],
      ),
    );
  }

  /** The popup's list: decimals only where confirmed, each with its verdict and why. */
  async views(): Promise<TokenView[]> {
    return (await this.checked()).map(viewOf);
  }

  /** Another network or endpoint: nothing kept is believed any more. */
  forget(): void {
    this.list = null;
    this.metadata.clear();
    this.asking.clear();
    this.generation++;
  }

  private async serviceList(): Promise<Token[]> {
    const url = await this.d.endpoint();
    if (!this.list || this.list.url !== url || this.d.now() - this.list.at >= LIST_TTL_MS) {
      const tokens = this.d.fetchList(url);
      this.list = { at: this.d.now(), url, tokens };
      // A failed fetch is not kept: the next call asks again.
      tokens.catch(() => {
        if (this.list?.tokens === tokens) this.list = null;
      });
    }
    return this.list.tokens;
  }

  /**
   * Kept while there is room: expired answers make room first; when all METADATA_MAX are still fresh, the
   * new answer is used once and not kept (dropping older ones would make a long list ask every contract
   * on every pass).
   */
  private keep(contractId: string, facts: FtMetadata | null, ttl: number): void {
    this.metadata.delete(contractId);
    if (this.metadata.size >= METADATA_MAX)
      for (const [id, k] of this.metadata) if (this.d.now() - k.at >= k.ttl) this.metadata.delete(id);
    if (this.metadata.size < METADATA_MAX) this.metadata.set(contractId, { at: this.d.now(), ttl, facts });
  }

  /** The contract's own facts (cached), or null when it did not say. */
  private contractFacts(contractId: string): Promise<FtMetadata | null> {
    const kept = this.metadata.get(contractId);
    if (kept && this.d.now() - kept.at < kept.ttl) return Promise.resolve(kept.facts);
    const pending = this.asking.get(contractId);
    if (pending) return pending;
    const started = this.generation;
    const ask = this.d
      .ftMetadata(contractId)
      .then(
        (facts) => {
          if (started === this.generation) this.keep(contractId, facts, METADATA_TTL_MS);
          return facts;
        },
        () => {
          if (started === this.generation) this.keep(contractId, null, METADATA_FAILURE_TTL_MS);
          return null;
        },
      )
      .finally(() => this.asking.delete(contractId));
    this.asking.set(contractId, ask);
    return ask;
  }

  private async judge(token: Token): Promise<CheckedToken> {
    const service = { symbol: token.symbol, decimals: token.decimals, blockchain: token.blockchain };
    const entry = (await this.d.known()).get(token.assetId);
    if (entry) return { token, check: judgeToken(token.assetId, service, { facts: entry, source: 'table' }) };
    const contract = ftContractOf(token.assetId);
    const facts = contract ? await this.contractFacts(contract) : null;
    return { token, check: judgeToken(token.assetId, service, facts ? { facts, source: 'contract' } : null) };
  }
}

export function viewOf({ token, check }: CheckedToken): TokenView {
  const base = {
    assetId: token.assetId,
    blockchain: token.blockchain,
    price: token.price,
    priceUpdatedAt: token.priceUpdatedAt,
    contractAddress: token.contractAddress ?? null,
  };
  return check.status === 'confirmed'
    ? { ...base, symbol: check.facts.symbol, decimals: check.facts.decimals, facts: 'confirmed', factsNote: null }
    : { ...base, symbol: token.symbol, decimals: null, facts: check.status, factsNote: check.note };
}
