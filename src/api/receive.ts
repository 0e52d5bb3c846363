// Receive's contract with the background: reusable deposit addresses and what arrived there (types only).

/** An intents account's reusable deposit address for a token's chain (docs/services.md, "Home: balances, receive, send, withdraw"). */
export interface ReceiveAddress {
  assetId: string;
  blockchain: string;
  address: string;
}

/** A deposit the bridge saw at that address, worded. */
export interface ReceiveDeposit {
  txHash: string | null;
  /** Formatted with the token's decimals, and its symbol when known. */
  amount: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'OTHER';
}
