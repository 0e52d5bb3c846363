// The verifier's intent shapes at their edges (docs/protocol.md, "Intent types"): each field at its bound is
// accepted and one past it refused, with the words and the field a page is shown (-32602 data.field); the
// path the zod face keeps; and the tokens each intent draws on.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  accountIdSchema,
  INTENT_TEXT_LIMITS,
  intentSchema,
  intentsSchema,
  ProtocolError,
  parseIntent,
  parseIntents,
  tokenIdsOf,
} from '../../../src/core';
import { refusalOf, x } from './intentRefusal';

const PK = 'ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5';
const L = INTENT_TEXT_LIMITS;
const U64_MAX = ((1n << 64n) - 1n).toString();
const U128_MAX = ((1n << 128n) - 1n).toString();
const I128_MIN = (-(1n << 127n)).toString();

const transfer = { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:usdc.near': '10' } };
const authCall = { intent: 'auth_call', contract_id: 'app.near', msg: '{}' };
const mtWithdraw = {
  intent: 'mt_withdraw',
  token: 'mt.near',
  receiver_id: 'bob.near',
  token_ids: ['a'],
  amounts: ['1'],
};
const diff = (d: Record<string, string>) => ({ intent: 'token_diff', diff: d });

/** An object whose JSON text is exactly `n` characters. */
const stateInitOf = (n: number) => ({ code: x(n - '{"code":""}'.length) });

/** [what, intent, the field named, the words after it]: one past each bound, each form refused. */
const REFUSED: [string, unknown, string, string][] = [
  [
    'an upper-case account id',
    { ...transfer, receiver_id: 'Bob.near' },
    'intents.0.receiver_id',
    'is not a valid account id (2–64 lowercase alphanumerics with . - _ separators)',
  ],
  [
    'an amount with a fraction',
    { ...transfer, tokens: { 'nep141:usdc.near': '1.5' } },
    'intents.0.tokens.nep141:usdc.near',
    'must be a u128 decimal string',
  ],
  [
    'an amount past u128',
    { intent: 'native_withdraw', receiver_id: 'bob.near', amount: `${U128_MAX}0` },
    'intents.0.amount',
    'must be a u128 decimal string',
  ],
  [
    'a diff entry past i128',
    diff({ 'nep141:wrap.near': `${I128_MIN.slice(0, -1)}9` }),
    'intents.0.diff.nep141:wrap.near',
    'must be an i128 decimal string',
  ],
  [
    'gas past u64',
    { ...authCall, min_gas: (BigInt(U64_MAX) + 1n).toString() },
    'intents.0.min_gas',
    'must be a gas amount (u64 decimal string)',
  ],
  [
    'a token id without a standard',
    { ...transfer, tokens: { 'usdc.near': '10' } },
    'intents.0.tokens',
    "has an invalid token id 'usdc.near': is not a valid token id (nep141:<contract>, nep171:<contract>:<id> or nep245:<contract>:<id>)",
  ],
  [
    'a public key that is too short',
    { intent: 'add_public_key', public_key: 'ed25519:abc' },
    'intents.0.public_key',
    'must be ed25519:<base58 32 bytes>, secp256k1:<base58 64 bytes> or p256:<base58 64 bytes>',
  ],
  [
    'a public key without its curve name',
    { intent: 'add_public_key', public_key: PK.slice('ed25519:'.length) },
    'intents.0.public_key',
    'must be ed25519:<base58 32 bytes>, secp256k1:<base58 64 bytes> or p256:<base58 64 bytes>',
  ],
  [
    'a state_init one past its cap as JSON',
    { ...authCall, state_init: stateInitOf(L.stateInit + 1) },
    'intents.0.state_init',
    `must be at most ${L.stateInit} characters as JSON`,
  ],
  [
    'an empty NFT id',
    { intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'bob.near', token_id: '' },
    'intents.0.token_id',
    'must not be empty',
  ],
  [
    'an mt_withdraw with no token ids',
    { ...mtWithdraw, token_ids: [], amounts: [] },
    'intents.0.token_ids',
    'must name at least one token id',
  ],
  [
    'an mt_withdraw with more amounts than ids',
    { ...mtWithdraw, amounts: ['1', '2'] },
    'intents.0.amounts',
    'must have one amount per token id',
  ],
  [
    'a storage_deposit naming no account',
    { intent: 'storage_deposit', contract_id: 'usdc.near', amount: '1' },
    'intents.0.deposit_for_account_id',
    'exactly one of deposit_for_account_id or account_id is required',
  ],
  [
    'an inner token id one past its cap',
    { ...transfer, tokens: { [`nep245:m.near:${x(L.innerTokenId + 1)}`]: '1' } },
    'intents.0.tokens',
    `has an invalid token id 'nep245:m.near:${x(80 - 'nep245:m.near:'.length)}…': must have an inner token id of at most ${L.innerTokenId} characters`,
  ],
  [
    'a transfer with state_init but no msg',
    { ...transfer, state_init: { a: 1 } },
    'intents.0.msg',
    'min_gas and state_init are only allowed together with msg',
  ],
];

describe('each field at its bound (one test: the schemas are built on first use)', () => {
  it('accepts every field at its bound, refuses it one past with the words and the field', () => {
    // An oversized value gets one issue, its length: no further check reads it.
    const oversized = accountIdSchema.safeParse('X'.repeat(L.accountId + 1));
    expect(oversized.error?.issues.map((i) => i.message)).toEqual([`must have at most ${L.accountId} characters`]);
    // Accepted at the bound.
    expect(parseIntent({ ...authCall, min_gas: U64_MAX, attached_deposit: U128_MAX })).toMatchObject({
      min_gas: U64_MAX,
    });
    expect(parseIntent(diff({ 'nep141:wrap.near': I128_MIN }))).toMatchObject({
      diff: { 'nep141:wrap.near': I128_MIN },
    });
    expect(parseIntent({ ...authCall, state_init: stateInitOf(L.stateInit) })).toHaveProperty('state_init');
    expect(parseIntent({ ...transfer, msg: '', min_gas: '1', state_init: { a: 1 } })).toMatchObject({ min_gas: '1' });
    expect(parseIntent({ ...mtWithdraw, token_ids: ['a', 'b'], amounts: ['1', '2'] })).toHaveProperty('amounts');
    expect(parseIntent({ intent: 'add_public_key', public_key: PK })).toEqual({
      intent: 'add_public_key',
      public_key: PK,
    });
    const most = Object.fromEntries(Array.from({ length: L.tokensPerIntent }, (_, i) => [`nep141:t${i}.near`, '1']));
    expect(Object.keys(parseIntent({ ...transfer, tokens: most }))).toContain('tokens');
    // Refused one past it.
    for (const [what, intent, field, words] of REFUSED) {
      const e = refusalOf(intent);
      expect({ what, field: e.field, message: e.message }).toEqual({ what, field, message: `${field}: ${words}` });
    }
    const tooMany = { ...most, 'nep141:one-more.near': '1' };
    expect(refusalOf({ ...transfer, tokens: tooMany }).message).toBe(
      `intents.0.tokens: must name at most ${L.tokensPerIntent} tokens`,
    );
    expect(Object.keys(parseIntent(diff(most)))).toContain('diff');
    expect(refusalOf(diff(tooMany)).message).toBe(`intents.0.diff: must name at most ${L.tokensPerIntent} tokens`);
  });
});

describe('a token id key in a refusal', () => {
  it('a token id key is shown whole up to 80 characters, cut with an ellipsis past them', () => {
    const notAnId = 'is not a valid token id (nep141:<contract>, nep171:<contract>:<id> or nep245:<contract>:<id>)';
    expect(refusalOf({ ...transfer, tokens: { [x(80)]: '1' } }).message).toBe(
      `intents.0.tokens: has an invalid token id '${x(80)}': ${notAnId}`,
    );
    expect(refusalOf({ ...transfer, tokens: { [x(81)]: '1' } }).message).toBe(
      `intents.0.tokens: has an invalid token id '${x(80)}…': ${notAnId}`,
    );
  });
});

describe('the field a refusal names', () => {
  it('names the zero amount inside its map or list', () => {
    expect(refusalOf({ ...transfer, tokens: { 'nep141:usdc.near': '0' } }).field).toBe(
      'intents.0.tokens.nep141:usdc.near',
    );
    expect(refusalOf({ ...mtWithdraw, token_ids: ['a', 'b'], amounts: ['1', '0'] }).field).toBe('intents.0.amounts.1');
  });

  it('names the field alone when the intent is read without an index', () => {
    const e = (() => {
      try {
        parseIntent({ ...transfer, memo: x(L.memo + 1) });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as ProtocolError).field).toBe('memo');
  });

  it('refuses what is not an intent object, or has no known type, naming its type field', () => {
    expect(refusalOf(null)).toMatchObject({ field: 'intents.0', message: 'intents.0: intent must be an object' });
    expect(refusalOf({ receiver_id: 'bob.near' }).field).toBe('intents.0.intent');
    expect(refusalOf({ intent: 'imt_burn' })).toMatchObject({
      field: 'intents.0.intent',
      message:
        "intents.0.intent: unknown intent type 'imt_burn'; the verifier accepts: add_public_key, remove_public_key, " +
        'transfer, ft_withdraw, nft_withdraw, mt_withdraw, native_withdraw, storage_deposit, token_diff, ' +
        'set_auth_by_predecessor_id, auth_call',
    });
    expect(() => parseIntents({})).toThrow(expect.objectContaining({ field: 'intents' }));
  });
});

describe('the zod face keeps the path a caller maps to -32602 data.field', () => {
  it('one intent: the field inside it, or no path when the value is not an object', () => {
    const long = intentSchema.safeParse({ ...transfer, memo: x(L.memo + 1) });
    expect(long.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['memo'], message: `must have at most ${L.memo} characters` }),
    ]);
    const notObject = intentSchema.safeParse('transfer');
    expect(notObject.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: [], message: 'intent must be an object' }),
    ]);
  });

  it('a batch: array indices as numbers, the rest as the dotted field', () => {
    const batch = [...Array.from({ length: 11 }, () => transfer), { ...transfer, memo: x(L.memo + 1) }];
    expect(z.object({ intents: intentsSchema }).safeParse({ intents: batch }).error?.issues[0]?.path).toEqual([
      'intents',
      11,
      'memo',
    ]);
    const zero = { ...transfer, tokens: { 'nep141:x.1b.w9': '0' } };
    const path = intentsSchema.safeParse([zero]).error?.issues[0]?.path;
    expect(path?.join('.')).toBe('0.tokens.nep141:x.1b.w9');
    expect(path?.[0]).toBe(0);
  });
});

describe('the tokens an intent draws on', () => {
  it('a transfer its token keys; native_withdraw and storage_deposit wNEAR (docs/protocol.md)', () => {
    expect(tokenIdsOf(parseIntent({ ...transfer, tokens: { 'nep141:a.near': '1', 'nep141:b.near': '2' } }))).toEqual([
      'nep141:a.near',
      'nep141:b.near',
    ]);
    expect(tokenIdsOf(parseIntent({ intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1' }))).toEqual([
      'nep141:wrap.near',
    ]);
    const deposit = { intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'bob.near', amount: '1' };
    expect(tokenIdsOf(parseIntent(deposit))).toEqual(['nep141:wrap.near']);
  });
});
