/** zod schemas for the wallet API's params (src/api/walletApi.ts): the background trusts no page. */
import * as z from 'zod/mini';
import type { ActivityQuery } from '../../api/activity';
import { accountIdSchema } from '../../core';
import { historyFilters, reviewedId, shortId, text } from '../paramFields';
import { passkeyAssertionSchema } from '../signing/passkeyAssertion';
import { passkeyRegistrationSchema, passkeySourceSchema } from '../signing/passkeyRegistration';
import { settingsChangeSchema } from './settingsModel';

const password = z.lazy(() => z.string().check(z.minLength(1, 'enter the password'), z.maxLength(1024)));
const newPassword = z.lazy(() => z.string().check(z.maxLength(1024)));
const publicKey = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(128)));
const label = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));

export const keySourceSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('generate') }),
    z.strictObject({ kind: z.literal('newPhrase'), words: z.union([z.literal(12), z.literal(24)]) }),
    z.strictObject({ kind: z.literal('importPhrase'), phrase: z.string().check(z.minLength(1), z.maxLength(1024)) }),
    z.strictObject({
      kind: z.literal('importKey'),
      secretKey: z.string().check(z.minLength(1), z.maxLength(256)),
      accountId: z.optional(accountIdSchema),
    }),
  ]),
);

export const walletParams = {
  wallet_status: z.unknown(),
  wallet_create: z.lazy(() =>
    z.strictObject({ password: newPassword, source: z.union([keySourceSchema, passkeySourceSchema]) }),
  ),
  wallet_unlock: z.strictObject({ password }),
  wallet_lock: z.unknown(),
  wallet_changePassword: z.strictObject({ oldPassword: password, newPassword }),
  wallet_setAutoLock: z.lazy(() => z.strictObject({ minutes: z.int().check(z.minimum(1), z.maximum(1440)) })),
  wallet_exportKey: z.strictObject({ password, publicKey }),
  wallet_exportPhrase: z.strictObject({ password, phraseId: shortId }),
  wallet_confirmBackup: z.strictObject({ phraseId: shortId }),
  /** Only with the word the popup's confirmation sends: nothing is erased by a call that did not ask for it. */
  wallet_erase: z.strictObject({ confirm: z.literal('erase this wallet') }),
  wallet_addAccount: z.lazy(() =>
    z.strictObject({
      source: z.union([
        keySourceSchema,
        passkeySourceSchema,
        z.strictObject({ kind: z.literal('named'), accountId: accountIdSchema, publicKey }),
        z.strictObject({ kind: z.literal('derive') }),
      ]),
      label: z.optional(label),
    }),
  ),
  wallet_renameAccount: z.lazy(() =>
    z.strictObject({ accountId: accountIdSchema, label: z.string().check(z.maxLength(64)) }),
  ),
  wallet_removeAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_selectAccount: z.strictObject({ accountId: accountIdSchema }),
  wallet_listKeys: z.strictObject({ accountId: accountIdSchema }),
  wallet_addKey: z.lazy(() =>
    z.strictObject({
      accountId: accountIdSchema,
      publicKey: z.optional(publicKey),
      passkey: z.optional(passkeyRegistrationSchema),
    }),
  ),
  wallet_removeKey: z.lazy(() =>
    z.strictObject({
      accountId: accountIdSchema,
      publicKey,
      confirmRemovingSigningKey: z.optional(z.boolean()),
    }),
  ),
  wallet_reviewKeyChange: z.lazy(() =>
    z.strictObject({
      accountId: accountIdSchema,
      change: z.discriminatedUnion('kind', [
        z.strictObject({
          kind: z.literal('add'),
          publicKey: z.optional(publicKey),
          passkey: z.optional(passkeyRegistrationSchema),
        }),
        z.strictObject({
          kind: z.literal('remove'),
          publicKey,
          confirmRemovingSigningKey: z.optional(z.boolean()),
        }),
      ]),
    }),
  ),
  wallet_confirmKeyChange: z.lazy(() =>
    z.strictObject({
      accountId: accountIdSchema,
      reviewed: reviewedId,
      acknowledgeDanger: z.optional(z.boolean()),
      /** The passkey's assertion over the reviewed payload (../signing/passkeyAssertion.ts). */
      passkey: z.optional(passkeyAssertionSchema),
    }),
  ),
  wallet_useSigningKey: z.lazy(() =>
    z.strictObject({
      accountId: accountIdSchema,
      publicKey,
      acceptUnverified: z.optional(z.boolean()),
    }),
  ),
  wallet_getSettings: z.unknown(),
  wallet_setSettings: settingsChangeSchema,
  wallet_findSimulator: z.lazy(() =>
    z.strictObject({ port: z.optional(z.int().check(z.minimum(1), z.maximum(65535))) }),
  ),
  wallet_listSites: z.unknown(),
  wallet_revokeSite: z.lazy(() => z.strictObject({ origin: z.string().check(z.minLength(1), z.maxLength(512)) })),
  wallet_balances: z.lazy(() => z.strictObject({ accountId: z.optional(accountIdSchema) })),
  wallet_keptBalances: z.lazy(() => z.strictObject({ accountId: z.optional(accountIdSchema) })),
  wallet_previewSend: z.lazy(() =>
    z.strictObject({
      accountId: z.optional(accountIdSchema),
      receiverId: accountIdSchema,
      tokenId: z.string().check(z.minLength(1), z.maxLength(256)),
      amount: z.string().check(z.regex(/^\d{1,39}$/, 'must be a whole number of smallest units')),
    }),
  ),
  wallet_send: z.lazy(() =>
    z.strictObject({
      accountId: z.optional(accountIdSchema),
      reviewed: reviewedId,
      acknowledgeDanger: z.optional(z.boolean()),
      /** A passkey account's assertion over the reviewed payload (../signing/passkeyAssertion.ts). */
      passkey: z.optional(passkeyAssertionSchema),
    }),
  ),
  wallet_receiveAddress: z.lazy(() =>
    z.strictObject({
      accountId: z.optional(accountIdSchema),
      assetId: z.string().check(z.minLength(1), z.maxLength(256)),
    }),
  ),
  wallet_receiveDeposits: z.lazy(() =>
    z.strictObject({
      accountId: z.optional(accountIdSchema),
      assetId: z.string().check(z.minLength(1), z.maxLength(256)),
    }),
  ),
  wallet_intentStatus: z.lazy(() => z.strictObject({ intentHash: z.string().check(z.minLength(1), z.maxLength(64)) })),
  wallet_activity: z.lazy(
    () =>
      z.strictObject({
        ...historyFilters,
        allAccounts: z.optional(z.boolean()),
        after: z.optional(
          z.strictObject({
            at: z.number(),
            key: text,
            swap: z.nullable(z.strictObject({ address: text, memo: z.nullable(text) })),
          }),
        ),
      }) satisfies z.ZodMiniType<ActivityQuery>,
  ),
} as const;

export type WalletParams = { [K in keyof typeof walletParams]: z.output<(typeof walletParams)[K]> };
