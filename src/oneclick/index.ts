/**
 * Swap-service and transactions-API client (zod-checked, `near` names normalised: docs/services.md, "Wire
 * names").
 */
export { type Token, tokenSchema, fetchTokens } from './tokens';
export * from './wireNames';
export * from './schemas';
export * from './client';
export * from './quoteCheck';
export * from './limits';
