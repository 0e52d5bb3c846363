/** Swap-service and transactions-API client (zod-checked, D1 names normalised). */
export { type Token, tokenSchema, fetchTokens, chainId } from './tokens';
export * from './schemas';
export * from './client';
