/**
 * Every intent type the `intents.near` verifier accepts (docs/protocol.md, "Intent types"), as strict zod
 * schemas. Strict on purpose: a wallet must not sign fields it cannot show the user. Amounts are decimal
 * strings (u128; token_diff entries are i128); zero amounts are refused (zeroAmountField). Unknown types are refused by name. Free text has size
 * caps (INTENT_TEXT_LIMITS): the verifier sets none, but the wallet shows every field to the user, and a
 * megabyte memo can neither be read nor checked (docs/security.md). Over 300 lines on purpose: one
 * table of the verifier's intent types, each next to the others it must agree with.
 */

import * as z from 'zod/mini';
import { isValidAccountId } from './account';
import { isI128String, isU128String } from './amounts';
import { ProtocolError } from './errors';
import { errorText } from './errorText';
import { isValidTokenId, parseTokenId } from './tokenId';
import { curveText, KEY_BYTES } from './verifierKeys';
import { visibleText } from './visibleText';
import { protocolErrorFromZod } from './zodError';

/**
 * Size caps on the free-text fields of intents, in UTF-16 code units (what the window lays out).
 * Generous for every real use, small enough that the window can show all of it: a bridge memo
 * (`WITHDRAW_TO:<address>`) is under 200; a `*_transfer_call` msg is a short JSON instruction;
 * NFT/MT token ids are short by convention; the longest public key (secp256k1/p256, 64 bytes in
 * base58) is 98 characters with its prefix.
 */
export const INTENT_TEXT_LIMITS = {
  /** NEAR account ids: at most 64 characters (nomicon.io, Account ID rules). */
  accountId: 64,
  memo: 512,
  msg: 16_384,
  /** The id of one NFT / multi-token on its own contract (nft_withdraw token_id, mt_withdraw token_ids). */
  innerTokenId: 256,
  /** A ledger token id: `nep245:` + a 64-character contract + `:` + an inner id. */
  tokenId: 7 + 64 + 1 + 256,
  publicKey: 128,
  /** state_init, as JSON text. */
  stateInit: 16_384,
  /** Tokens in one transfer or token_diff, ids in one mt_withdraw. */
  tokensPerIntent: 128,
} as const;

/** A length cap that stops further checks, so an oversized value is never decoded or parsed. */
const atMost = (n: number) => z.maxLength(n, { message: `must have at most ${n} characters`, abort: true });

export const accountIdSchema = z.lazy(() =>
  z
    .string()
    .check(
      atMost(INTENT_TEXT_LIMITS.accountId),
      z.refine(isValidAccountId, 'is not a valid account id (2–64 lowercase alphanumerics with . - _ separators)'),
    ),
);

export const u128Schema = z.lazy(() => z.string().check(z.refine(isU128String, 'must be a u128 decimal string')));
export const i128Schema = z.lazy(() => z.string().check(z.refine(isI128String, 'must be an i128 decimal string')));

const U64_MAX = (1n << 64n) - 1n;
export const gasSchema = z.lazy(() =>
  z
    .string()
    .check(
      z.refine((s) => /^(0|[1-9]\d*)$/.test(s) && BigInt(s) <= U64_MAX, 'must be a gas amount (u64 decimal string)'),
    ),
);

export const tokenIdSchema = z.lazy(() =>
  z.string().check(
    atMost(INTENT_TEXT_LIMITS.tokenId),
    z.refine(isValidTokenId, {
      message: 'is not a valid token id (nep141:<contract>, nep171:<contract>:<id> or nep245:<contract>:<id>)',
      abort: true,
    }),
    z.refine((s) => {
      const id = parseTokenId(s);
      return id.standard === 'nep141' || id.tokenId.length <= INTENT_TEXT_LIMITS.innerTokenId;
    }, `must have an inner token id of at most ${INTENT_TEXT_LIMITS.innerTokenId} characters`),
  ),
);

/** Public keys the verifier's key registry accepts: `ed25519:` (32 B), `secp256k1:` / `p256:` (64 B). */
export const intentPublicKeySchema = z.lazy(() =>
  z.string().check(
    atMost(INTENT_TEXT_LIMITS.publicKey),
    z.refine((s) => {
      // The intent carries the curve name: a bare text, which `curveText` reads as ed25519, is refused.
      return s.includes(':') && curveText(s, KEY_BYTES) !== null;
    }, 'must be ed25519:<base58 32 bytes>, secp256k1:<base58 64 bytes> or p256:<base58 64 bytes>'),
  ),
);

/** NEP-616 state init: an object the wallet does not interpret, capped by the size of its JSON. */
const stateInitSchema = z.lazy(() =>
  z
    .record(z.string(), z.unknown())
    .check(
      z.refine(
        (v) => JSON.stringify(v).length <= INTENT_TEXT_LIMITS.stateInit,
        `must be at most ${INTENT_TEXT_LIMITS.stateInit} characters as JSON`,
      ),
    ),
);
const memo = z.lazy(() => z.optional(z.string().check(atMost(INTENT_TEXT_LIMITS.memo))));
const msgText = z.lazy(() => z.string().check(atMost(INTENT_TEXT_LIMITS.msg)));
const innerTokenId = z.lazy(() =>
  z.string().check(z.minLength(1, 'must not be empty'), atMost(INTENT_TEXT_LIMITS.innerTokenId)),
);
const maxTokens = z.maxLength(
  INTENT_TEXT_LIMITS.tokensPerIntent,
  `must have at most ${INTENT_TEXT_LIMITS.tokensPerIntent} items`,
);

/** `msg` switches a withdrawal to the *_transfer_call form; min_gas only matters with it. */
const withdrawCommon = {
  receiver_id: accountIdSchema,
  memo,
  msg: z.optional(msgText),
  storage_deposit: z.optional(u128Schema),
  min_gas: z.optional(gasSchema),
};

/** Why a map key is not a token id the window can show, or null. */
function tokenKeyProblem(key: string): string | null {
  const r = tokenIdSchema.safeParse(key);
  if (r.success) return null;
  const shown = key.length > 80 ? `${visibleText(key.slice(0, 80))}…` : visibleText(key);
  return `has an invalid token id '${shown}': ${r.error.issues[0]?.message ?? 'not valid'}`;
}

/**
 * `{ "<token id>": amount }`: the keys are checked (count, size, form) before any value, so an error
 * path never carries an oversized or malformed key (`intents.0.tokens`, not `intents.0.tokens.<key>`).
 */
function tokenMap(value: z.ZodMiniType<string, string>) {
  return z.pipe(
    z.record(z.string(), z.unknown()).check(
      z.refine((m) => Object.keys(m).length > 0, { message: 'must name at least one token', abort: true }),
      z.refine((m) => Object.keys(m).length <= INTENT_TEXT_LIMITS.tokensPerIntent, {
        message: `must name at most ${INTENT_TEXT_LIMITS.tokensPerIntent} tokens`,
        abort: true,
      }),
      z.superRefine((m, ctx) => {
        for (const key of Object.keys(m)) {
          const problem = tokenKeyProblem(key);
          if (problem !== null) {
            ctx.addIssue({ code: 'custom', message: problem, input: m });
            return;
          }
        }
      }),
    ),
    z.record(z.string(), value),
  );
}
/** Zero amounts are refused after the shape is checked (zeroAmountField), so the verifier's view can accept them. */
const tokenAmounts = tokenMap(u128Schema);

export const addPublicKeyIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('add_public_key'),
    public_key: intentPublicKeySchema,
  }),
);
export const removePublicKeyIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('remove_public_key'),
    public_key: intentPublicKeySchema,
  }),
);

export const transferIntent = z.lazy(() =>
  z
    .strictObject({
      intent: z.literal('transfer'),
      receiver_id: accountIdSchema,
      tokens: tokenAmounts,
      memo,
      msg: z.optional(msgText),
      min_gas: z.optional(gasSchema),
      state_init: z.optional(stateInitSchema),
    })
    .check(
      z.refine((t) => t.msg !== undefined || (t.min_gas === undefined && t.state_init === undefined), {
        message: 'min_gas and state_init are only allowed together with msg',
        path: ['msg'],
      }),
    ),
);

export const ftWithdrawIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('ft_withdraw'),
    token: accountIdSchema,
    amount: u128Schema,
    ...withdrawCommon,
  }),
);

export const nftWithdrawIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('nft_withdraw'),
    token: accountIdSchema,
    token_id: innerTokenId,
    ...withdrawCommon,
  }),
);

export const mtWithdrawIntent = z.lazy(() =>
  z
    .strictObject({
      intent: z.literal('mt_withdraw'),
      token: accountIdSchema,
      token_ids: z.array(innerTokenId).check(z.minLength(1, 'must name at least one token id'), maxTokens),
      amounts: z.array(u128Schema).check(maxTokens),
      ...withdrawCommon,
    })
    .check(
      z.refine((w) => w.token_ids.length === w.amounts.length, {
        message: 'must have one amount per token id',
        path: ['amounts'],
      }),
    ),
);

export const nativeWithdrawIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('native_withdraw'),
    receiver_id: accountIdSchema,
    amount: u128Schema,
  }),
);

/** The verifier's field is `deposit_for_account_id`; it also accepts the alias `account_id` (the interface's name, docs/interface.md). */
export const storageDepositIntent = z.lazy(() =>
  z
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
    ),
);

export const tokenDiffIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('token_diff'),
    diff: tokenMap(i128Schema),
    memo,
    referral: z.optional(accountIdSchema),
  }),
);

export const setAuthByPredecessorIdIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('set_auth_by_predecessor_id'),
    enabled: z.boolean(),
  }),
);

export const authCallIntent = z.lazy(() =>
  z.strictObject({
    intent: z.literal('auth_call'),
    contract_id: accountIdSchema,
    msg: msgText,
    state_init: z.optional(stateInitSchema),
    attached_deposit: z.optional(u128Schema),
    min_gas: z.optional(gasSchema),
  }),
);

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

/**
 * Optional fields the verifier declares as Rust `Option`s: it writes an absent one as `null` and reads
 * `null` as absent (near/intents, defuse core `intents/`), so `null` is accepted here and dropped.
 * Other fields (e.g. `attached_deposit`, serde `default`) do not accept `null` there, nor here.
 */
const NULL_MEANS_ABSENT: ReadonlySet<string> = new Set([
  'memo',
  'msg',
  'min_gas',
  'storage_deposit',
  'referral',
  'state_init',
]);

/** An object schema's fields, through the z.lazy that builds a schema on first use (docs/architecture.md, "Budgets"). */
function shapeOf(schema: z.ZodMiniType): Readonly<Record<string, unknown>> {
  const def = schema._zod.def as { type: string; getter?: () => z.ZodMiniType; shape?: Record<string, unknown> };
  if (def.type === 'lazy' && def.getter) return shapeOf(def.getter());
  return def.shape ?? {};
}

function withoutNullOptionals(value: object, type: IntentType): object {
  const shape = shapeOf(INTENT_SCHEMAS[type]);
  const entries = Object.entries(value).filter(
    ([k, v]) => !(v === null && NULL_MEANS_ABSENT.has(k) && Object.hasOwn(shape, k)),
  );
  return Object.fromEntries(entries);
}

/**
 * How intents are read. The wallet (default) refuses what the verifier would refuse when executing;
 * `verifier: true` reads them as the contract deserializes them, for the simulated verifier, which
 * refuses those while executing, with the contract's text.
 */
export interface IntentParseOptions {
  verifier?: boolean;
}

/**
 * The first amount of an intent that is zero, as a path inside the intent (`storage_deposit`,
 * `tokens.<id>`, `amounts.1`), or null. The verifier deserializes "0" but refuses moving a zero
 * amount with `invalid intent` (near/intents contracts/defuse/core/src/engine/state/cached.rs
 * `internal_sub_balance`; a zero token_diff entry likewise), so the wallet never signs one.
 */
export function zeroAmountField(intent: Intent): string | null {
  const zeroKey = (m: Record<string, string>, at: string) => {
    const k = Object.keys(m).find((key) => BigInt(m[key]!) === 0n);
    return k === undefined ? null : `${at}.${k}`;
  };
  const storage = (w: { storage_deposit?: string | undefined }) =>
    w.storage_deposit === '0' ? 'storage_deposit' : null;
  switch (intent.intent) {
    case 'transfer':
      return zeroKey(intent.tokens, 'tokens');
    case 'token_diff':
      return zeroKey(intent.diff, 'diff');
    case 'ft_withdraw':
      return intent.amount === '0' ? 'amount' : storage(intent);
    case 'nft_withdraw':
      return storage(intent);
    case 'mt_withdraw': {
      const i = intent.amounts.indexOf('0');
      return i === -1 ? storage(intent) : `amounts.${i}`;
    }
    case 'native_withdraw':
    case 'storage_deposit':
      return intent.amount === '0' ? 'amount' : null;
    default:
      return null;
  }
}

/** Parses one intent; the error names the field (`intents.<index>.<field>` when an index is given). */
export function parseIntent(value: unknown, index?: number, opts: IntentParseOptions = {}): Intent {
  const at = index === undefined ? undefined : `intents.${index}`;
  const within = (field: string) => (at ? `${at}.${field}` : field);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('intent must be an object', at);
  }
  const tag = (value as { intent?: unknown }).intent;
  if (typeof tag !== 'string') throw new ProtocolError("intent has no 'intent' type field", within('intent'));
  if (!isIntentType(tag)) {
    throw new ProtocolError(
      `unknown intent type '${tag}'; the verifier accepts: ${INTENT_TYPES.join(', ')}`,
      within('intent'),
    );
  }
  const result = INTENT_SCHEMAS[tag].safeParse(withoutNullOptionals(value, tag));
  if (!result.success) throw protocolErrorFromZod(result.error, at);
  const intent = result.data as Intent;
  const zero = opts.verifier ? null : zeroAmountField(intent);
  if (zero !== null)
    throw new ProtocolError(zero.startsWith('diff.') ? 'must not be 0' : 'must be greater than 0', within(zero));
  return intent;
}

/** Parses a list of intents; a ProtocolError's `field` is the dotted path, e.g. `intents.0.memo`. */
export function parseIntents(value: unknown, opts: IntentParseOptions = {}): Intent[] {
  if (!Array.isArray(value)) throw new ProtocolError('intents must be an array', 'intents');
  return value.map((v, i) => parseIntent(v, i, opts));
}

/**
 * zod face of parseIntent/parseIntents, for schemas at trust boundaries. The issue keeps the field
 * path (relative to where the schema sits: `0.memo` under a parent's `intents` key), so a caller
 * that maps zod paths to -32602 names the same field as the ProtocolError does.
 */
function viaParser<T>(parse: (value: unknown) => T, pathPrefix: string | undefined) {
  return z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx): T => {
      try {
        return parse(value);
      } catch (e) {
        const field = e instanceof ProtocolError ? e.field : undefined;
        let path = field === undefined ? [] : field.split('.');
        if (pathPrefix !== undefined && path[0] === pathPrefix) path = path.slice(1);
        const text = errorText(e);
        const message = field !== undefined && text.startsWith(`${field}: `) ? text.slice(field.length + 2) : text;
        ctx.issues.push({
          code: 'custom',
          message,
          input: value,
          path: path.map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        });
        return z.NEVER;
      }
    }),
  );
}

export const intentSchema = viaParser((v) => parseIntent(v), undefined);
export const intentsSchema = viaParser((v) => parseIntents(v), 'intents');

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
