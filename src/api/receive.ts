// Receive's contract with the background: reusable deposit addresses and what arrived there (types only).
import type { Sub } from '../core/phrase';

/** An intents account's reusable deposit address for a token's chain (docs/services.md, "Home: balances, receive, send, withdraw"). */
export interface ReceiveAddress {
  assetId: string;
  blockchain: string;
  address: string;
}

/** A deposit the bridge saw at that address, worded. */
export interface ReceiveDeposit {
  txHash: string | null;
  /** Worded with the confirmed token's decimals when the bridge agrees, else as units of its asset id. */
  amount: Sub;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'OTHER';
}
