/**
 * Every intent type executed on the multi-token ledger (docs/protocol.md, "Intent types"), the key registry
 * (docs/protocol.md, "What the verifier checks") and both signing standards, through the message bus as a client would publish them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPublicKey, generateKeyPair } from '../../../src/core';
import {
  balances,
  busCall,
  fund,
  ledgerAnswer,
  type PublishAnswer,
  random,
  startTestSim,
  type TestSim,
  TestUser,
} from './harness';

const USDC = 'nep141:usdc.near';
const WNEAR = 'nep141:wrap.near';
const FEES = 'fees.intents.sim';

let sim: TestSim;
beforeAll(async () => {
  sim = await startTestSim(); // fee 1 pip (default)
});
afterAll(() => sim.close());

async function publish(signed: unknown): Promise<PublishAnswer> {
  return (await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: signed })).result!;
}

async function publishAll(signed: unknown[]) {
  return (
    await busCall<{ status: string; reason?: string }>(sim, 'publish_intents', {
      quote_hashes: [],
      signed_datas: signed,
    })
  ).result!;
}

async function userWith(tokens: Record<string, bigint>): Promise<TestUser> {
  const user = new TestUser(sim);
  for (const [tokenId, amount] of Object.entries(tokens)) await fund(sim, user.accountId, tokenId, amount);
  return user;
}

describe('intent types', () => {
  it('transfer moves tokens between accounts, memo and msg accepted', async () => {
    const user = await userWith({ [USDC]: 100n, 'nep245:mt.near:gold': 7n });
    const signed = await user.sign({
      intents: [
        {
          intent: 'transfer',
          receiver_id: 'shop.near',
          tokens: { [USDC]: '60', 'nep245:mt.near:gold': '2' },
          memo: 'order 7',
        },
        {
          intent: 'transfer',
          receiver_id: 'shop.near',
          tokens: { [USDC]: '5' },
          msg: 'notify',
          min_gas: '50000000000000',
        },
      ],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '35', 'nep245:mt.near:gold': '5' });
    expect(await balances(sim, 'shop.near')).toEqual({ [USDC]: '65', 'nep245:mt.near:gold': '2' });
  });

  it('ft_withdraw debits the token and the storage deposit in wNEAR', async () => {
    const user = await userWith({ [USDC]: 100n, [WNEAR]: 10n });
    const signed = await user.sign({
      intents: [
        {
          intent: 'ft_withdraw',
          token: 'usdc.near',
          receiver_id: 'alice.near',
          amount: '40',
          storage_deposit: '3',
          memo: 'out',
        },
      ],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '60', [WNEAR]: '7' });
    expect(await balances(sim, 'alice.near')).toEqual({}); // it left the ledger
  });

  it("a zero storage_deposit (withdrawal field or the intent's amount) is refused with `invalid intent`, nothing moves", async () => {
    const user = await userWith({ [USDC]: 100n, [WNEAR]: 10n, 'nep245:mt.near:a': 1n });
    const cases = [
      { intent: 'ft_withdraw', token: 'usdc.near', receiver_id: 'alice.near', amount: '40', storage_deposit: '0' },
      {
        intent: 'mt_withdraw',
        token: 'mt.near',
        receiver_id: 'alice.near',
        token_ids: ['a'],
        amounts: ['1'],
        storage_deposit: '0',
      },
      { intent: 'storage_deposit', contract_id: 'usdc.near', deposit_for_account_id: 'alice.near', amount: '0' },
    ];
    for (const intent of cases) {
      const signed = await user.sign({
        verbatim: true,
        intents: [{ intent: 'transfer', receiver_id: 'shop.near', tokens: { [USDC]: '1' } }, intent],
      });
      expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'invalid intent' });
    }
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '100', [WNEAR]: '10', 'nep245:mt.near:a': '1' });
  });

  it('null optional fields mean absent: a batch signed with nulls executes', async () => {
    const user = await userWith({ [USDC]: 100n, [WNEAR]: 10n });
    const signed = await user.sign({
      verbatim: true,
      intents: [
        {
          intent: 'transfer',
          receiver_id: 'shop.near',
          tokens: { [USDC]: '5' },
          memo: null,
          msg: null,
          min_gas: null,
          state_init: null,
        },
        {
          intent: 'ft_withdraw',
          token: 'usdc.near',
          receiver_id: 'alice.near',
          amount: '40',
          memo: null,
          msg: null,
          storage_deposit: null,
          min_gas: null,
        },
        { intent: 'token_diff', diff: { [USDC]: '-10' }, memo: null, referral: null },
        { intent: 'auth_call', contract_id: 'app.near', msg: 'hi', state_init: null, min_gas: null },
      ],
    });
    expect(JSON.parse((signed as { payload: { message: string } }).payload.message).intents[0].memo).toBeNull();
    const solver = await userWith({ [USDC]: 10n });
    const counter = await solver.sign({ intents: [{ intent: 'token_diff', diff: { [USDC]: '9' } }] }); // fee 1 pip rounds up to 1
    expect(await publishAll([signed, counter])).toMatchObject({ status: 'OK' });
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '45', [WNEAR]: '10' });
  });

  it("events use the contract's shapes: storage_deposit names deposit_for_account_id, transfer only receiver_id, tokens, memo", async () => {
    const user = await userWith({ [USDC]: 10n, [WNEAR]: 10n });
    const signed = await user.sign({
      intents: [
        { intent: 'storage_deposit', contract_id: 'usdc.near', account_id: 'alice.near', amount: '2' },
        {
          intent: 'transfer',
          receiver_id: 'shop.near',
          tokens: { [USDC]: '1' },
          memo: 'm',
          msg: 'call',
          min_gas: '50000000000000',
        },
      ],
    });
    const out = (await ledgerAnswer<{ logs: string[] }>(sim, 'simulate_intents', { signed: [signed] })).value!;
    const [deposit, transfer] = out.logs.map(
      (l) => JSON.parse(l.replace(/^EVENT_JSON:/, '')) as { event: string; data: Record<string, unknown>[] },
    );
    expect(deposit!.event).toBe('storage_deposit');
    expect(deposit!.data[0]).toEqual({
      intent_hash: expect.any(String),
      account_id: user.accountId,
      contract_id: 'usdc.near',
      deposit_for_account_id: 'alice.near',
      amount: '2',
    });
    expect(transfer!.data[0]).toEqual({
      intent_hash: expect.any(String),
      account_id: user.accountId,
      receiver_id: 'shop.near',
      tokens: { [USDC]: '1' },
      memo: 'm',
    });
  });

  it('nft_withdraw and mt_withdraw debit nep171 / nep245 tokens', async () => {
    const user = await userWith({ 'nep171:nft.near:42': 1n, 'nep245:mt.near:a': 10n, 'nep245:mt.near:b': 10n });
    const signed = await user.sign({
      intents: [
        { intent: 'nft_withdraw', token: 'nft.near', receiver_id: 'alice.near', token_id: '42' },
        {
          intent: 'mt_withdraw',
          token: 'mt.near',
          receiver_id: 'alice.near',
          token_ids: ['a', 'b'],
          amounts: ['3', '10'],
        },
      ],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, user.accountId)).toEqual({ 'nep245:mt.near:a': '7' });
  });

  it('native_withdraw burns wNEAR; storage_deposit spends wNEAR', async () => {
    const user = await userWith({ [WNEAR]: 1000n });
    const signed = await user.sign({
      intents: [
        { intent: 'native_withdraw', receiver_id: 'alice.near', amount: '600' },
        { intent: 'storage_deposit', contract_id: 'usdc.near', deposit_for_account_id: 'alice.near', amount: '125' },
      ],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, user.accountId)).toEqual({ [WNEAR]: '275' });
    const short = await user.sign({
      intents: [{ intent: 'native_withdraw', receiver_id: 'alice.near', amount: '276' }],
    });
    expect(await publish(short)).toMatchObject({ reason: 'insufficient balance or overflow' });
  });

  it('token_diff pairs settle with the fee paid to the collector (docs/protocol.md, "Fees and the token_diff invariant")', async () => {
    const fees = BigInt((await balances(sim, FEES))[USDC] ?? '0');
    const alice = await userWith({ [USDC]: 1_000_000n });
    const solver = await userWith({ [WNEAR]: 2_500_003n });
    // fee 1 pip: alice −1000000 → counterparty +999999; alice +2500000 → counterparty −2500003.
    const a = await alice.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-1000000', [WNEAR]: '2500000' }, referral: 'app.near' }],
    });
    const b = await solver.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '999999', [WNEAR]: '-2500003' } }],
    });
    expect(await publishAll([a, b])).toMatchObject({ status: 'OK' });
    expect(await balances(sim, alice.accountId)).toEqual({ [WNEAR]: '2500000' });
    expect(await balances(sim, solver.accountId)).toEqual({ [USDC]: '999999' });
    expect(BigInt((await balances(sim, FEES))[USDC]!) - fees).toBe(1n);
    expect((await balances(sim, FEES))[WNEAR]).toBeDefined();
  });

  it('token_diff one unit short of the closure is an invariant violation', async () => {
    const alice = await userWith({ [USDC]: 1_000_000n });
    const solver = await userWith({ [WNEAR]: 2_500_003n });
    const a = await alice.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-1000000', [WNEAR]: '2500000' } }],
    });
    const b = await solver.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '1000000', [WNEAR]: '-2500003' } }],
    });
    expect(await publishAll([a, b])).toMatchObject({
      status: 'FAILED',
      reason: 'invariant violated: {"error":"unmatched_deltas","unmatched_deltas":{"nep141:usdc.near":"1"}}',
    });
  });

  it('set_auth_by_predecessor_id and auth_call are recorded; auth_call pays its deposit from wNEAR', async () => {
    const user = await userWith({ [WNEAR]: 50n });
    expect((await ledgerAnswer(sim, 'is_auth_by_predecessor_id_enabled', { account_id: user.accountId })).value).toBe(
      true,
    );
    const signed = await user.sign({
      intents: [
        { intent: 'set_auth_by_predecessor_id', enabled: false },
        { intent: 'auth_call', contract_id: 'app.near', msg: '{"hello":1}', attached_deposit: '20' },
      ],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect((await ledgerAnswer(sim, 'is_auth_by_predecessor_id_enabled', { account_id: user.accountId })).value).toBe(
      false,
    );
    expect(await balances(sim, user.accountId)).toEqual({ [WNEAR]: '30' });
  });

  it('raw_ed25519 payloads are verified and executed like nep413', async () => {
    const user = await userWith({ [USDC]: 10n });
    const signed = await user.sign({
      standard: 'raw_ed25519',
      intents: [{ intent: 'transfer', receiver_id: 'raw.near', tokens: { [USDC]: '4' } }],
    });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, 'raw.near')).toEqual({ [USDC]: '4' });
  });

  it('an empty intents list still consumes the nonce', async () => {
    const user = await userWith({});
    const signed = await user.sign({ intents: [] });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    const nonce = signed.standard === 'nep413' ? signed.payload.nonce : '';
    expect((await ledgerAnswer(sim, 'is_nonce_used', { account_id: user.accountId, nonce })).value).toBe(true);
  });
});

describe('key registry', () => {
  it('add_public_key lets a named account sign; remove_public_key takes it away', async () => {
    const owner = await userWith({});
    const second = generateKeyPair(random);
    const secondPk = formatPublicKey(second.publicKey);
    // The implicit account adds a second key, then signs with it.
    expect(
      await publish(await owner.sign({ intents: [{ intent: 'add_public_key', public_key: secondPk }] })),
    ).toMatchObject({ status: 'OK' });
    expect((await ledgerAnswer(sim, 'public_keys_of', { account_id: owner.accountId })).value).toEqual([
      secondPk,
      owner.publicKey,
    ]);
    expect(await publish(await owner.sign({ intents: [], key: second }))).toMatchObject({ status: 'OK' });
    // Adding it twice is refused with the contract's text.
    expect(
      await publish(await owner.sign({ intents: [{ intent: 'add_public_key', public_key: secondPk }] })),
    ).toMatchObject({
      reason: `public key '${secondPk}' already exists for account '${owner.accountId}'`,
    });
    // Removing it: the key no longer signs.
    expect(
      await publish(await owner.sign({ intents: [{ intent: 'remove_public_key', public_key: secondPk }] })),
    ).toMatchObject({ status: 'OK' });
    expect(await publish(await owner.sign({ intents: [], key: second }))).toMatchObject({
      reason: `public key '${secondPk}' doesn't exist for account '${owner.accountId}'`,
    });
    expect(
      await publish(await owner.sign({ intents: [{ intent: 'remove_public_key', public_key: secondPk }] })),
    ).toMatchObject({
      reason: `public key '${secondPk}' doesn't exist for account '${owner.accountId}'`,
    });
  });

  it("an implicit account's own key can be removed (rotated away) and added back by another key", async () => {
    const owner = await userWith({});
    const backup = generateKeyPair(random);
    const backupPk = formatPublicKey(backup.publicKey);
    const rotate = await owner.sign({
      intents: [
        { intent: 'add_public_key', public_key: backupPk },
        { intent: 'remove_public_key', public_key: owner.publicKey },
      ],
    });
    expect(await publish(rotate)).toMatchObject({ status: 'OK' });
    expect(
      (await ledgerAnswer(sim, 'has_public_key', { account_id: owner.accountId, public_key: owner.publicKey })).value,
    ).toBe(false);
    expect((await ledgerAnswer(sim, 'public_keys_of', { account_id: owner.accountId })).value).toEqual([backupPk]);
    expect(await publish(await owner.sign({ intents: [] }))).toMatchObject({
      reason: `public key '${owner.publicKey}' doesn't exist for account '${owner.accountId}'`,
    });
    const restore = await owner.sign({
      intents: [{ intent: 'add_public_key', public_key: owner.publicKey }],
      key: backup,
    });
    expect(await publish(restore)).toMatchObject({ status: 'OK' });
    expect(await publish(await owner.sign({ intents: [] }))).toMatchObject({ status: 'OK' });
  });

  it('nobody adds a key to a named account without already holding one for it', async () => {
    const user = await userWith({});
    // No key for alice2.near yet; an implicit account cannot add keys for another account.
    const bootstrap = await user.sign({
      signerId: 'alice2.near',
      intents: [{ intent: 'add_public_key', public_key: user.publicKey }],
    });
    expect(await publish(bootstrap)).toMatchObject({
      reason: `public key '${user.publicKey}' doesn't exist for account 'alice2.near'`,
    });
  });
});

describe('fee of 100 pips (docs/interface.md, "Vector: token_diff closure under a fee", end to end)', () => {
  it('user −1000000 settles against counterparty +999900; user +2500000 against −2500251', async () => {
    const sim100 = await startTestSim({ feePips: 100 });
    try {
      expect((await ledgerAnswer(sim100, 'fee')).value).toBe(100);
      const alice = new TestUser(sim100);
      const bob = new TestUser(sim100);
      await fund(sim100, alice.accountId, USDC, 1_000_000n);
      await fund(sim100, bob.accountId, WNEAR, 2_500_251n);
      const a = await alice.sign({
        intents: [{ intent: 'token_diff', diff: { [USDC]: '-1000000', [WNEAR]: '2500000' } }],
      });
      const b = await bob.sign({
        intents: [{ intent: 'token_diff', diff: { [USDC]: '999900', [WNEAR]: '-2500251' } }],
      });
      const res = await busCall<{ status: string }>(sim100, 'publish_intents', {
        quote_hashes: [],
        signed_datas: [a, b],
      });
      expect(res.result).toMatchObject({ status: 'OK' });
      expect(await balances(sim100, FEES)).toEqual({ [USDC]: '100', [WNEAR]: '251' });
      expect(await balances(sim100, alice.accountId)).toEqual({ [WNEAR]: '2500000' });
      expect(await balances(sim100, bob.accountId)).toEqual({ [USDC]: '999900' });
    } finally {
      await sim100.close();
    }
  });
});
