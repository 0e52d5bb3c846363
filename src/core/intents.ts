/**
 * Every intent type the `intents.near` verifier accepts (spec/protocol.md §2), as strict zod schemas.
 * Strict on purpose: a wallet must not sign fields it cannot show the user. Amounts are decimal
 * strings (u128; token_diff entries are non-zero i128). Unknown types are refused by name.
 */
import * as z from 'zod/mini';
import { isValidAccountId } from './account';
import { isI128String, isU128String } from './amounts';
import { base58 } from './encoding';
import { ProtocolError } from './errors';
import { isValidTokenId } from './tokenId';
import { protocolErrorFromZod } from './zodError';

export const accountIdSchema = z
  .string()
  .check(z.refine(isValidAccountId, 'is not a valid account id (2–64 lowercase alphanumerics with . - _ separators)'));

export const u128Schema = z.string().check(z.refine(isU128String, 'must be a u128 decimal string'));
export const positiveU128Schema = z.string().check(
  z.refine(isU128String, 'must be a u128 decimal string'),
  z.refine((s) => s !== '0', 'must be greater than 0'),
);
export const i128NonZeroSchema = z
  .string()
  .check(z.refine((s) => isI128String(s) && s !== '0', 'must be a non-zero i128 decimal string'));

const U64_MAX = (1n << 64n) - 1n;
export const gasSchema = z
  .string()
  .check(z.refine((s) => /^(0|[1-9]\d*)$/.test(s) && BigInt(s) <= U64_MAX, 'must be a gas amount (u64 decimal string)'));

export const tokenIdSchema = z
  .string()
  .check(z.refine(isValidTokenId, 'is not a valid token id (nep141:<contract>, nep171:<contract>:<id> or nep245:<contract>:<id>)'));

const KEY_BYTES: Record<string, number> = { ed25519: 32, secp256k1: 64, p256: 64 };

/** Public keys the verifier's key registry accepts: `ed25519:` (32 B), `secp256k1:` / `p256:` (64 B). */
export const intentPublicKeySchema = z.string().check(
  z.refine((s) => {
    const colon = s.indexOf(':');
    const want = KEY_BYTES[s.slice(0, colon)];
    if (colon === -1 || want === undefined) return false;
    try {
      return base58.decode(s.slice(colon + 1)).length === want;
    } catch {
      return false;
    }
  }, 'must be ed25519:<base58 32 bytes>, secp256k1:<base58 64 bytes> or p256:<base58 64 bytes>'),
);

const stateInitSchema = z.record(z.string(), z.unknown());
const memo = z.optional(z.string());

/** `msg` switches a withdrawal to the *_transfer_call form; min_gas only matters with it. */
const withdrawCommon = {
  receiver_id: accountIdSchema,
  memo,
  msg: z.optional(z.string()),
  storage_deposit: z.optional(u128Schema),
  min_gas: z.optional(gasSchema),
};

const nonEmpty = z.refine<Record<string, string>>((m) => Object.keys(m).length > 0, 'must name at least one token');
const tokenAmounts = z.record(tokenIdSchema, positiveU128Schema).check(nonEmpty);

export const addPublicKeyIntent = z.strictObject({ intent: z.literal('add_public_key'), public_key: intentPublicKeySchema });
export const removePublicKeyIntent = z.strictObject({
  intent: z.literal('remove_public_key'),
  public_key: intentPublicKeySchema,
});

export const transferIntent = z
  .strictObject({
    intent: z.literal('transfer'),
    receiver_id: accountIdSchema,
    tokens: tokenAmounts,
    memo,
    msg: z.optional(z.string()),
    min_gas: z.optional(gasSchema),
    state_init: z.optional(stateInitSchema),
  })
  .check(
    z.refine((t) => t.msg !== undefined || (t.min_gas === undefined && t.state_init === undefined), {
      message: 'min_gas and state_init are only allowed together with msg',
      path: ['msg'],
    }),
  );

export const ftWithdrawIntent = z.strictObject({
  intent: z.literal('ft_withdraw'),
  token: accountIdSchema,
  amount: positiveU128Schema,
  ...withdrawCommon,
});

export const nftWithdrawIntent = z.strictObject({
  intent: z.literal('nft_withdraw'),
  token: accountIdSchema,
  token_id: z.string().check(z.minLength(1, 'must not be empty')),
  ...withdrawCommon,
});

export const mtWithdrawIntent = z
  .strictObject({
    intent: z.literal('mt_withdraw'),
    token: accountIdSchema,
    token_ids: z.array(z.string().check(z.minLength(1))).check(z.minLength(1, 'must name at least one token id')),
    amounts: z.array(positiveU128Schema),
    ...withdrawCommon,
  })
  .check(
    z.refine((w) => w.token_ids.length === w.amounts.length, { message: 'must have one amount per token id', path: ['amounts'] }),
  );

export const nativeWithdrawIntent = z.strictObject({
  intent: z.literal('native_withdraw'),
  receiver_id: accountIdSchema,
  amount: positiveU128Schema,
});

/** The verifier's field is `deposit_for_account_id`; it also accepts the alias `account_id` (the interface's name). */
export const storageDepositIntent = z
  .strictObject({
    intent: z.literal('storage_deposit'),
    contract_id: accountIdSchema,
    deposit_for_account_id: z.optional(accountIdSchema),
    account_id: z.optional(accountIdSchema),
    amount: u128Schema,
  })
  .check(
    z.refine((s) => (s.deposit_for_account_id === undefined) !== (s.account_id === undefined), {
      message: 'exactly one of deposit_for_account_id or account_id is required',
      path: ['deposit_for_account_id'],
    }),
  );

export const tokenDiffIntent = z.strictObject({
  intent: z.literal('token_diff'),
  diff: z.record(tokenIdSchema, i128NonZeroSchema).check(nonEmpty),
  memo,
  referral: z.optional(accountIdSchema),
});

export const setAuthByPredecessorIdIntent = z.strictObject({
  intent: z.literal('set_auth_by_predecessor_id'),
  enabled: z.boolean(),
});

export const authCallIntent = z.strictObject({
  intent: z.literal('auth_call'),
  contract_id: accountIdSchema,
  msg: z.string(),
  state_init: z.optional(stateInitSchema),
  attached_deposit: z.optional(u128Schema),
  min_gas: z.optional(gasSchema),
});

export const INTENT_SCHEMAS = {
  add_public_key: addPublicKeyIntent,
  remove_public_key: removePublicKeyIntent,
  transfer: transferIntent,
  ft_withdraw: ftWithdrawIntent,
  nft_withdraw: nftWithdrawIntent,
  mt_withdraw: mtWithdrawIntent,
  native_withdraw: nativeWithdrawIntent,
  storage_deposit: storageDepositIntent,
  token_diff: tokenDiffIntent,
  set_auth_by_predecessor_id: setAuthByPredecessorIdIntent,
  auth_call: authCallIntent,
} as const;

export type IntentType = keyof typeof INTENT_SCHEMAS;
export const INTENT_TYPES = Object.keys(INTENT_SCHEMAS) as IntentType[];
export type Intent = { [K in IntentType]: z.output<(typeof INTENT_SCHEMAS)[K]> }[IntentType];
export type IntentOf<K extends IntentType> = Extract<Intent, { intent: K }>;

export const KEY_MANAGEMENT_INTENTS: ReadonlySet<IntentType> = new Set([
  'add_public_key',
  'remove_public_key',
  'set_auth_by_predecessor_id',
]);

function isIntentType(name: string): name is IntentType {
  return Object.hasOwn(INTENT_SCHEMAS, name);
}

/** Parses one intent; the error names the field (`intents.<index>.<field>` when an index is given). */
export function parseIntent(value: unknown, index?: number): Intent {
  const at = index === undefined ? undefined : `intents.${index}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('intent must be an object', at);
  }
  const tag = (value as { intent?: unknown }).intent;
  if (typeof tag !== 'string') throw new ProtocolError("intent has no 'intent' type field", at ? `${at}.intent` : 'intent');
  if (!isIntentType(tag)) {
    throw new ProtocolError(
      `unknown intent type '${tag}'; the verifier accepts: ${INTENT_TYPES.join(', ')}`,
      at ? `${at}.intent` : 'intent',
    );
  }
  const result = INTENT_SCHEMAS[tag].safeParse(value);
  if (!result.success) throw protocolErrorFromZod(result.error, at);
  return result.data as Intent;
}

export function parseIntents(value: unknown): Intent[] {
  if (!Array.isArray(value)) throw new ProtocolError('intents must be an array', 'intents');
  return value.map((v, i) => parseIntent(v, i));
}

/** zod face of parseIntent/parseIntents, for schemas at trust boundaries. */
function viaParser<T>(parse: (value: unknown) => T) {
  return z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx): T => {
      try {
        return parse(value);
      } catch (e) {
        ctx.issues.push({ code: 'custom', message: e instanceof Error ? e.message : String(e), input: value });
        return z.NEVER;
      }
    }),
  );
}

export const intentSchema = viaParser(parseIntent);
export const intentsSchema = viaParser(parseIntents);

/** Token ids named by an intent, for lookups in the token list. */
export function tokenIdsOf(intent: Intent): string[] {
  switch (intent.intent) {
    case 'transfer':
      return Object.keys(intent.tokens);
    case 'token_diff':
      return Object.keys(intent.diff);
    case 'ft_withdraw':
      return [`nep141:${intent.token}`];
    case 'native_withdraw':
    case 'storage_deposit':
      return ['nep141:wrap.near'];
    default:
      return [];
  }
}

