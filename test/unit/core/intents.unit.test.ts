import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  formatTokenId,
  INTENT_TEXT_LIMITS,
  INTENT_TYPES,
  intentsSchema,
  parseIntent,
  parseIntents,
  parseTokenId,
  tokenIdsOf,
  zeroAmountField,
} from '../../../src/core';
import { refusalOf, x } from './intentRefusal';

const PK = 'ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5';

/** One valid example per verifier intent type (docs/protocol.md). */
const VALID: Record<string, Record<string, unknown>> = {
  add_public_key: { intent: 'add_public_key', public_key: PK },
  remove_public_key: { intent: 'remove_public_key', public_key: PK },
  transfer: { intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:usdc.near': '10' }, memo: 'hi' },
  ft_withdraw: {
    intent: 'ft_withdraw',
    token: 'usdc.near',
    receiver_id: 'bob.near',
    amount: '10',
    storage_deposit: '1250000000000000000000',
  },
  nft_withdraw: { intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'bob.near', token_id: 'token:1' },
  mt_withdraw: {
    intent: 'mt_withdraw',
    token: 'mt.near',
    receiver_id: 'bob.near',
    token_ids: ['a', 'b'],
    amounts: ['1', '2'],
  },
  native_withdraw: { intent: 'native_withdraw', receiver_id: 'bob.near', amount: '1000000000000000000000000' },
  storage_deposit: {
    intent: 'storage_deposit',
    contract_id: 'usdc.near',
    account_id: 'bob.near',
    amount: '1250000000000000000000',
  },
  token_diff: {
    intent: 'token_diff',
    diff: { 'nep141:wrap.near': '-1000', 'nep245:mt.near:tok:1': '5' },
    referral: 'ref.near',
  },
  set_auth_by_predecessor_id: { intent: 'set_auth_by_predecessor_id', enabled: false },
  auth_call: {
    intent: 'auth_call',
    contract_id: 'app.near',
    msg: '{}',
    attached_deposit: '1',
    min_gas: '10000000000000',
  },
};

describe('every verifier intent type', () => {
  it('has a valid example for each of the 11 types', () => {
    expect(Object.keys(VALID).sort()).toEqual([...INTENT_TYPES].sort());
  });

  it.each(Object.entries(VALID))('accepts a valid %s and keeps it unchanged', (_, value) => {
    expect(parseIntent(value)).toEqual(value);
  });

  it('accepts storage_deposit with the verifier name deposit_for_account_id', () => {
    expect(
      parseIntent({
        intent: 'storage_deposit',
        contract_id: 'usdc.near',
        deposit_for_account_id: 'bob.near',
        amount: '1',
      }),
    ).toEqual({
      intent: 'storage_deposit',
      contract_id: 'usdc.near',
      deposit_for_account_id: 'bob.near',
      amount: '1',
    });
  });
});

/** [type, change, expected field in the error] — each bad field of each type is refused by name. */
const REJECTIONS: [string, Record<string, unknown>, RegExp][] = [
  ['add_public_key', { public_key: 'ed25519:abc' }, /public_key/],
  ['add_public_key', { public_key: 'rsa:abc' }, /public_key/],
  ['remove_public_key', { public_key: undefined }, /public_key/],
  ['transfer', { receiver_id: 'Bob' }, /receiver_id/],
  ['transfer', { tokens: {} }, /tokens: must name at least one token/],
  ['transfer', { tokens: { 'usdc.near': '10' } }, /tokens/],
  ['transfer', { tokens: { 'nep141:usdc.near': 10 } }, /tokens/],
  ['transfer', { tokens: { 'nep141:usdc.near': '0' } }, /greater than 0/],
  ['transfer', { min_gas: '5000000000000' }, /only allowed together with msg/],
  ['transfer', { extra: 1 }, /extra|Unrecognized/i],
  ['ft_withdraw', { token: 'nep141:usdc.near' }, /token/],
  ['ft_withdraw', { amount: '-1' }, /amount/],
  ['ft_withdraw', { amount: '1.5' }, /amount/],
  ['ft_withdraw', { storage_deposit: 'lots' }, /storage_deposit/],
  ['ft_withdraw', { min_gas: '1e12' }, /min_gas/],
  ['nft_withdraw', { token_id: '' }, /token_id/],
  ['mt_withdraw', { amounts: ['1'] }, /one amount per token id/],
  ['mt_withdraw', { token_ids: [] }, /token_ids/],
  ['native_withdraw', { amount: '340282366920938463463374607431768211456' }, /u128/],
  ['storage_deposit', { deposit_for_account_id: 'bob.near' }, /exactly one of/],
  ['storage_deposit', { contract_id: 'x' }, /contract_id/],
  ['token_diff', { diff: { 'nep141:wrap.near': '0' } }, /diff\.nep141:wrap\.near: must not be 0/],
  ['token_diff', { diff: {} }, /at least one token/],
  ['token_diff', { diff: { 'nep141:wrap.near': '-170141183460469231731687303715884105729' } }, /i128/],
  ['token_diff', { referral: 'Ref' }, /referral/],
  ['set_auth_by_predecessor_id', { enabled: 'yes' }, /enabled/],
  ['auth_call', { msg: undefined }, /msg/],
  ['auth_call', { attached_deposit: '-5' }, /attached_deposit/],
];

describe('rejections', () => {
  it.each(REJECTIONS)('%s with %j is refused naming the field', (type, change, field) => {
    const value = { ...VALID[type], ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete (value as Record<string, unknown>)[k];
    expect(() => parseIntents([value])).toThrow(field);
    expect(() => parseIntents([value])).toThrow(/^intents\.0/);
  });

  it('refuses unknown types by name, listing what the verifier accepts', () => {
    expect(() => parseIntent({ intent: 'imt_burn' })).toThrow(
      /unknown intent type 'imt_burn'; the verifier accepts: add_public_key/,
    );
    expect(() => parseIntent({})).toThrow(/no 'intent' type field/);
    expect(() => parseIntent('transfer')).toThrow(/must be an object/);
    expect(() => parseIntents({})).toThrow(/intents must be an array/);
  });
});

const L = INTENT_TEXT_LIMITS;

/** [what, intent with one field one past its cap, the field path, the cap in the message]. */
const OVERSIZED: [string, Record<string, unknown>, string, number][] = [
  ['transfer memo', { ...VALID.transfer, memo: x(L.memo + 1) }, 'intents.0.memo', L.memo],
  ['transfer msg', { ...VALID.transfer, msg: x(L.msg + 1) }, 'intents.0.msg', L.msg],
  [
    'transfer state_init',
    { ...VALID.transfer, msg: '', state_init: { code: x(L.stateInit) } },
    'intents.0.state_init',
    L.stateInit,
  ],
  ['transfer receiver_id', { ...VALID.transfer, receiver_id: `${x(61)}.near` }, 'intents.0.receiver_id', L.accountId],
  ['ft_withdraw memo', { ...VALID.ft_withdraw, memo: `WITHDRAW_TO:${x(L.memo)}` }, 'intents.0.memo', L.memo],
  ['ft_withdraw msg', { ...VALID.ft_withdraw, msg: x(L.msg + 1) }, 'intents.0.msg', L.msg],
  ['ft_withdraw token', { ...VALID.ft_withdraw, token: x(65) }, 'intents.0.token', L.accountId],
  [
    'nft_withdraw token_id',
    { ...VALID.nft_withdraw, token_id: x(L.innerTokenId + 1) },
    'intents.0.token_id',
    L.innerTokenId,
  ],
  [
    'mt_withdraw token_ids',
    { ...VALID.mt_withdraw, token_ids: ['a', x(L.innerTokenId + 1)] },
    'intents.0.token_ids.1',
    L.innerTokenId,
  ],
  ['token_diff memo', { ...VALID.token_diff, memo: x(L.memo + 1) }, 'intents.0.memo', L.memo],
  ['auth_call msg', { ...VALID.auth_call, msg: x(L.msg + 1) }, 'intents.0.msg', L.msg],
  [
    'auth_call state_init',
    { ...VALID.auth_call, state_init: { data: x(L.stateInit) } },
    'intents.0.state_init',
    L.stateInit,
  ],
  ['auth_call contract_id', { ...VALID.auth_call, contract_id: x(100_000) }, 'intents.0.contract_id', L.accountId],
  [
    'add_public_key public_key',
    { ...VALID.add_public_key, public_key: `ed25519:${'1'.repeat(100_000)}` },
    'intents.0.public_key',
    L.publicKey,
  ],
  [
    'storage_deposit contract_id',
    { ...VALID.storage_deposit, contract_id: x(65) },
    'intents.0.contract_id',
    L.accountId,
  ],
];

describe('size caps on free text', () => {
  it.each(OVERSIZED)('%s one past its cap is refused naming the field', (_, intent, field, cap) => {
    const e = refusalOf(intent);
    expect(e.field).toBe(field);
    expect(e.message).toContain(String(cap));
  });

  it('accepts each field at exactly its cap', () => {
    expect(parseIntent({ ...VALID.transfer, memo: x(L.memo), msg: x(L.msg) })).toMatchObject({
      memo: x(L.memo),
      msg: x(L.msg),
    });
    expect(parseIntent({ ...VALID.nft_withdraw, token_id: x(L.innerTokenId) })).toMatchObject({
      token_id: x(L.innerTokenId),
    });
    expect(parseIntent({ ...VALID.transfer, tokens: { [`nep245:mt.near:${x(L.innerTokenId)}`]: '1' } })).toMatchObject({
      tokens: { [`nep245:mt.near:${x(L.innerTokenId)}`]: '1' },
    });
  });

  it('refuses an oversized or malformed token id key naming the map, not the key', () => {
    const long = { ...VALID.transfer, tokens: { [`nep245:mt.near:${x(L.innerTokenId + 1)}`]: '1' } };
    expect(refusalOf(long).field).toBe('intents.0.tokens');
    expect(refusalOf(long).message).toContain(String(L.innerTokenId));
    const huge = { ...VALID.token_diff, diff: { [`nep141:${x(100_000)}`]: '1' } };
    expect(refusalOf(huge).field).toBe('intents.0.diff');
    expect(refusalOf(huge).message.length).toBeLessThan(300);
  });

  it('refuses more tokens than the cap in one intent', () => {
    const tokens = Object.fromEntries(
      Array.from({ length: L.tokensPerIntent + 1 }, (_, i) => [`nep141:t${i}.near`, '1']),
    );
    expect(refusalOf({ ...VALID.transfer, tokens }).field).toBe('intents.0.tokens');
    const ids = Array.from({ length: L.tokensPerIntent + 1 }, (_, i) => `id${i}`);
    expect(refusalOf({ ...VALID.mt_withdraw, token_ids: ids, amounts: ids.map(() => '1') }).field).toBe(
      'intents.0.token_ids',
    );
  });

  it('names the path through the zod face too (a caller maps it to -32602 data.field)', () => {
    const r = z
      .object({ intents: intentsSchema })
      .safeParse({ intents: [VALID.transfer, { ...VALID.transfer, memo: x(L.memo + 1) }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['intents', 1, 'memo']);
    expect(r.error?.issues[0]?.message).toBe(`must have at most ${L.memo} characters`);
  });
});

describe('zero amounts (the verifier refuses them when executing: `invalid intent`)', () => {
  it.each([
    ['ft_withdraw storage_deposit', { ...VALID.ft_withdraw, storage_deposit: '0' }, 'intents.0.storage_deposit'],
    ['nft_withdraw storage_deposit', { ...VALID.nft_withdraw, storage_deposit: '0' }, 'intents.0.storage_deposit'],
    ['mt_withdraw storage_deposit', { ...VALID.mt_withdraw, storage_deposit: '0' }, 'intents.0.storage_deposit'],
    ['storage_deposit amount', { ...VALID.storage_deposit, amount: '0' }, 'intents.0.amount'],
    ['ft_withdraw amount', { ...VALID.ft_withdraw, amount: '0' }, 'intents.0.amount'],
    ['native_withdraw amount', { ...VALID.native_withdraw, amount: '0' }, 'intents.0.amount'],
  ])('the wallet refuses a zero %s, naming the field', (_, intent, field) => {
    const e = refusalOf(intent);
    expect(e.field).toBe(field);
    expect(e.message).toBe(`${field}: must be greater than 0`);
  });

  it('names the field through the zod face (what a page gets as -32602 data.field)', () => {
    const r = z
      .object({ intents: intentsSchema })
      .safeParse({ intents: [VALID.transfer, { ...VALID.ft_withdraw, storage_deposit: '0' }] });
    expect(r.error?.issues[0]?.path).toEqual(['intents', 1, 'storage_deposit']);
  });

  it('the verifier view reads them (the simulated verifier refuses them while executing)', () => {
    expect(parseIntent({ ...VALID.ft_withdraw, storage_deposit: '0' }, 0, { verifier: true })).toMatchObject({
      storage_deposit: '0',
    });
    expect(zeroAmountField(parseIntent({ ...VALID.storage_deposit, amount: '0' }, 0, { verifier: true }))).toBe(
      'amount',
    );
  });
});

describe('null optionals (the verifier writes absent Options as null)', () => {
  it.each([
    ['transfer', { ...VALID.transfer, memo: null, msg: null, min_gas: null, state_init: null }],
    ['ft_withdraw', { ...VALID.ft_withdraw, memo: null, msg: null, storage_deposit: null, min_gas: null }],
    ['nft_withdraw', { ...VALID.nft_withdraw, memo: null, msg: null, storage_deposit: null, min_gas: null }],
    ['mt_withdraw', { ...VALID.mt_withdraw, memo: null, msg: null, storage_deposit: null, min_gas: null }],
    ['token_diff', { ...VALID.token_diff, memo: null, referral: null }],
    ['auth_call', { ...VALID.auth_call, state_init: null, min_gas: null }],
  ])('%s accepts null optionals and drops them', (_, intent) => {
    const parsed = parseIntent(intent) as Record<string, unknown>;
    for (const [k, v] of Object.entries(intent)) {
      if (v === null) expect(Object.hasOwn(parsed, k)).toBe(false);
    }
  });

  it('still refuses null where the field is required or not an Option', () => {
    expect(refusalOf({ ...VALID.transfer, receiver_id: null }).field).toBe('intents.0.receiver_id');
    expect(refusalOf({ ...VALID.auth_call, msg: null }).field).toBe('intents.0.msg');
    expect(refusalOf({ ...VALID.auth_call, attached_deposit: null }).field).toBe('intents.0.attached_deposit');
    expect(refusalOf({ ...VALID.native_withdraw, memo: null }).message).toMatch(/unknown field 'memo'/);
  });
});

describe('token ids', () => {
  it('parses each standard and splits the inner id at the first colon', () => {
    expect(parseTokenId('nep141:ft.near')).toEqual({ standard: 'nep141', contractId: 'ft.near' });
    expect(parseTokenId('nep171:nft.near:token_id1')).toEqual({
      standard: 'nep171',
      contractId: 'nft.near',
      tokenId: 'token_id1',
    });
    expect(parseTokenId('nep245:mt.near:a:b')).toEqual({ standard: 'nep245', contractId: 'mt.near', tokenId: 'a:b' });
    for (const id of ['nep141:ft.near', 'nep171:nft.near:1', 'nep245:v2_1.omni.hot.tg:56_11111111111111111111']) {
      expect(formatTokenId(parseTokenId(id))).toBe(id);
    }
  });

  it.each([
    ['ft.near', /no standard prefix/],
    ['nep999:ft.near', /unknown standard 'nep999'/],
    ['nep141:FT', /not a valid contract/],
    ['nep171:nft.near', /needs '<contract>:<token id>'/],
    ['nep245:mt.near:', /empty inner token id/],
  ])('refuses %s', (id, message) => {
    expect(() => parseTokenId(id)).toThrow(message);
  });

  it('lists the tokens an intent touches', () => {
    expect(tokenIdsOf(parseIntent(VALID.ft_withdraw))).toEqual(['nep141:usdc.near']);
    expect(tokenIdsOf(parseIntent(VALID.token_diff))).toEqual(['nep141:wrap.near', 'nep245:mt.near:tok:1']);
    expect(tokenIdsOf(parseIntent(VALID.add_public_key))).toEqual([]);
  });
});
