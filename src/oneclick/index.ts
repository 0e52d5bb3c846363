/** Swap-service and transactions-API client (zod-checked, D1 names normalised). */
export { type Token, tokenSchema, fetchTokens } from './tokens';
