/**
 * Swap-service and transactions-API client (zod-checked, `near` names normalised: docs/services.md, "Wire
 * names").
 */

export * from './client';
export * from './limits';
export * from './quoteCheck';
export * from './schemas';
export * from './storedAnswer';
export { fetchTokens, type Token, tokenSchema } from './tokens';
export * from './wireNames';
