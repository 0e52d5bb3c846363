/**
 * What the swap service needs of the verifier ledger: multi-token balances it can credit and debit
 * (deliveries and refunds to intents accounts, funds leaving a deposit account). Kept to this small
 * interface so the swap service does not depend on the ledger's files.
 */
export interface LedgerPort {
  credit(accountId: string, tokenId: string, amount: bigint): void;
  debit(accountId: string, tokenId: string, amount: bigint): void;
  balanceOf(accountId: string, tokenId: string): bigint;
}
