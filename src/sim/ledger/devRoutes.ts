/**
 * Dev controls of the ledger (`/dev/...`): fund an account, read its balances, and the salt admin
 * actions (set, rotate, invalidate — docs/protocol.md, "Nonces"). Errors are REST errors (docs/services.md,
 * "Errors as they arrive").
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isU128String, isValidAccountId, isValidTokenId } from '../../core';
import { BadJson, readJsonObject, restError } from '../http';
import { VerifierError } from './errors';
import type { VerifierLedger } from './ledger';

const fundSchema = z.strictObject({
  accountId: z.string().refine(isValidAccountId, { message: 'accountId is not a valid account id' }),
  tokenId: z
    .string()
    .refine(isValidTokenId, { message: 'tokenId is not a valid token id (nep141:…, nep171:…:…, nep245:…:…)' }),
  amount: z
    .string()
    .refine((s) => isU128String(s) && s !== '0', { message: 'amount must be a positive u128 decimal string' }),
});
const saltSchema = z.strictObject({
  salt: z.string().regex(/^[0-9a-fA-F]{8}$/, { message: 'salt must be 8 hex characters' }),
});
const invalidateSchema = z.strictObject({
  salts: z.array(z.string()).min(1, { message: 'salts must name at least one salt' }),
});

export function ledgerDevRoutes(ledger: VerifierLedger): Hono {
  const app = new Hono();
  const salts = () => ({ current_salt: ledger.currentSalt() });

  app.post('/dev/fund', async (c) => {
    const body = fundSchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, body.error.issues[0]?.message ?? 'invalid fund request');
    const { accountId, tokenId, amount } = body.data;
    ledger.credit(accountId, tokenId, BigInt(amount));
    return c.json({ accountId, tokenId, balance: ledger.balanceOf(accountId, tokenId).toString() });
  });
  app.get('/dev/balances', (c) => {
    const accountId = c.req.query('accountId') ?? '';
    if (!isValidAccountId(accountId)) return restError(c, 400, 'accountId is not a valid account id');
    return c.json({ accountId, balances: ledger.balancesOf(accountId) });
  });
  app.post('/dev/salt', async (c) => {
    const body = saltSchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, body.error.issues[0]?.message ?? 'invalid salt');
    ledger.setSalt(body.data.salt);
    return c.json(salts());
  });
  app.post('/dev/salt/rotate', (c) => {
    const previous = ledger.currentSalt();
    ledger.rotateSalt();
    return c.json({ previous, ...salts() });
  });
  app.post('/dev/salt/invalidate', async (c) => {
    const body = invalidateSchema.safeParse(await readJsonObject(c));
    if (!body.success) return restError(c, 400, body.error.issues[0]?.message ?? 'invalid request');
    ledger.invalidateSalts(body.data.salts);
    return c.json(salts());
  });
  app.onError((err, c) => {
    if (err instanceof BadJson || err instanceof VerifierError) return restError(c, 400, err.message);
    console.error('simulator ledger dev route error:', err.message);
    return restError(c, 500, 'Internal server error');
  });
  return app;
}
