/** The message bus's persisted slice: solver quotes and published intents (JSON only; amounts as strings). */
import type { SignedIntent } from '../../core';

export interface StoredQuote {
  quoteHash: string;
  solverId: string;
  assetIn: string;
  assetOut: string;
  amountIn: string;
  amountOut: string;
  expiresAtMs: number;
  /** The solver's signed counter-intent (token_diff, nep413). */
  signed: SignedIntent;
  /** Intent hash of the user intent it was settled with. */
  usedBy?: string;
}

export type IntentStatus = 'PENDING' | 'TX_BROADCASTED' | 'SETTLED';

export interface PublishedIntent {
  intentHash: string;
  status: IntentStatus;
  publishedAtMs: number;
  txHash: string;
}

export interface BusState {
  quotes: Record<string, StoredQuote>;
  intents: Record<string, PublishedIntent>;
  /** Solvers got their starting liquidity (once, so a restart does not fund them again). */
  solversFunded: boolean;
}

export function initialBusState(): BusState {
  return { quotes: {}, intents: {}, solversFunded: false };
}
