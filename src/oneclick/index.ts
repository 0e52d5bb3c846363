/**
 * Swap-service and transactions-API client (zod-checked, `near` names normalised: docs/services.md, "Wire
 * names").
 */
export { type Token, tokenSchema, fetchTokens, chainId } from './tokens';
export * from './schemas';
export * from './client';
