/** zod schemas for the wallet API's params (src/provider/walletApi.ts): the background trusts no page. */
import { z } from 'zod';
import { accountIdSchema } from '../core';
import { settingsChangeSchema } from './settings';

const password = z.string().min(1, 'enter the password').max(1024);
const publicKey = z.string().min(1).max(128);

export const keySourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('generate') }),
  z.strictObject({ kind: z.literal('newPhrase'), words: z.union([z.literal(12), z.literal(24)]) }),
  z.strictObject({ kind: z.literal('importPhrase'), phrase: z.string().min(1).max(1024) }),
  z.strictObject({ kind: z.literal('importKey'), secretKey: z.string().min(1).max(256), accountId: accountIdSchema.optional() }),
]);

export const walletParams = {
  wallet_status: z.unknown(),
  wallet_create: z.strictObject({ password: z.string().max(1024), source: keySourceSchema }),
  wallet_unlock: z.strictObject({ password }),
  wallet_lock: z.unknown(),
  wallet_changePassword: z.strictObject({ oldPassword: password, newPassword: z.string().max(1024) }),
  wallet_setAutoLock: z.strictObject({ minutes: z.number().int().min(1).max(1440) }),
  wallet_exportKey: z.strictObject({ password, publicKey }),
  wallet_exportPhrase: z.strictObject({ password, phraseId: z.string().min(1).max(64) }),
  wallet_confirmBackup: z.strictObject({ phraseId: z.string().min(1).max(64) }),
  wallet_addAccount: z.strictObject({
    source: z.union([
      keySourceSchema,
      z.strictObject({ kind: z.literal('named'), accountId: accountIdSchema, publicKey }),
    ]),
    label: z.string().trim().min(1).max(64).optional(),
  }),
  wallet_renameAccount: z.strictObject({ accountId: accountIdSchema, label: z.string().max(64) }),
  wallet_removeAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_selectAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_listKeys: z.strictObject({ accountId: accountIdSchema }),
  wallet_addKey: z.strictObject({ accountId: accountIdSchema, publicKey: publicKey.optional() }),
  wallet_removeKey: z.strictObject({ accountId: accountIdSchema, publicKey, confirmRemovingSigningKey: z.boolean().optional() }),
  wallet_useSigningKey: z.strictObject({ accountId: accountIdSchema, publicKey }),
  wallet_getSettings: z.unknown(),
  wallet_setSettings: settingsChangeSchema,
} as const;

export type WalletParams = { [K in keyof typeof walletParams]: z.output<(typeof walletParams)[K]> };
