/**
 * The verifier's checks, in its order, with its exact texts (docs/protocol.md), seen
 * through the message bus (`publish_intent` → FAILED with the reason) and `simulate_intents` (panic).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base58,
  base64,
  encodeVersionedNonce,
  formatPublicKey,
  generateKeyPair,
  hex,
  signNep413,
} from '../../../src/core';
import { VerifierError } from '../../../src/sim/ledger';
import { verifyNonce } from '../../../src/sim/ledger/nonces';
import {
  advance,
  balances,
  busCall,
  fund,
  legacyNonce,
  type PublishAnswer,
  random,
  simNow,
  startTestSim,
  type TestSim,
  TestUser,
} from './harness';

const USDC = 'nep141:usdc.near';

let sim: TestSim;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

async function publish(signed: unknown): Promise<PublishAnswer> {
  const res = await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: signed });
  return res.result!;
}

async function fundedUser(amount = 1000n): Promise<TestUser> {
  const user = new TestUser(sim);
  await fund(sim, user.accountId, USDC, amount);
  return user;
}

const transferTo = (receiver: string, amount = '10') => ({
  intent: 'transfer',
  receiver_id: receiver,
  tokens: { [USDC]: amount },
});

describe('verifier checks in order, one per error text', () => {
  it('accepts a well-formed transfer', async () => {
    const user = await fundedUser();
    const res = await publish(await user.sign({ intents: [transferTo('bob.near')] }));
    expect(res).toMatchObject({ status: 'OK' });
    expect(await balances(sim, 'bob.near')).toMatchObject({ [USDC]: '10' });
  });

  it('1. invalid signature: a tampered message', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [transferTo('bob.near')] });
    if (signed.standard !== 'nep413') throw new Error('nep413 expected');
    const tampered = {
      ...signed,
      payload: { ...signed.payload, message: signed.payload.message.replace('"10"', '"11"') },
    };
    expect(await publish(tampered)).toMatchObject({ status: 'FAILED', reason: 'invalid signature' });
  });

  it('1. invalid signature: a small-order (weak) public key is refused', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [] });
    const identity = new Uint8Array(32);
    identity[0] = 1; // the identity point: small order
    const weak = { ...signed, public_key: `ed25519:${base58.encode(identity)}` };
    expect(await publish(weak)).toMatchObject({ status: 'FAILED', reason: 'invalid signature' });
  });

  it('3. JSON: a validly signed message that is not an intents payload', async () => {
    const user = await fundedUser();
    const nonce = random(32);
    const payload = {
      message: '{"signer_id":"alice.near","deadline":"2030-01-01T00:00:00.000Z","intents":[{"intent":"teleport"}]}',
      nonce,
      recipient: 'intents.sim',
    };
    const signed = {
      standard: 'nep413',
      payload: { message: payload.message, nonce: base64.encode(nonce), recipient: payload.recipient },
      public_key: user.publicKey,
      signature: `ed25519:${base58.encode(signNep413(user.key.secretSeed, payload))}`,
    };
    const res = await publish(signed);
    expect(res.status).toBe('FAILED');
    expect(res.reason).toMatch(/^JSON: .*teleport/);
  });

  it('4. wrong verifying_contract: recipient is another verifier', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [transferTo('bob.near')], verifyingContract: 'intents.testnet' });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'wrong verifying_contract' });
  });

  it("4. wrong verifying_contract: the simulator's verifier is intents.sim, so a signature for either network never executes on the other", async () => {
    const user = await fundedUser();
    const forMainnet = await user.sign({ intents: [transferTo('bob.near')], verifyingContract: 'intents.near' });
    expect(await publish(forMainnet)).toMatchObject({ status: 'FAILED', reason: 'wrong verifying_contract' });
    // An instance standing for Mainnet (same seed, so the same salt: only the verifier differs), the user funded there too.
    const mainnet = await startTestSim({ verifierId: 'intents.near' });
    try {
      await fund(mainnet, user.accountId, USDC, 1000n);
      const forSim = await user.sign({ intents: [transferTo('bob.near')] });
      expect(forSim.payload).toMatchObject({ recipient: 'intents.sim' });
      const res = await busCall<PublishAnswer>(mainnet, 'publish_intent', { quote_hashes: [], signed_data: forSim });
      expect(res.result).toMatchObject({ status: 'FAILED', reason: 'wrong verifying_contract' });
      expect(await publish(forSim)).toMatchObject({ status: 'OK' }); // and it is valid where it was made for
    } finally {
      await mainnet.close();
    }
  });

  it('5. deadline has expired', async () => {
    const user = await fundedUser();
    const now = await simNow(sim);
    const signed = await user.sign({
      intents: [],
      deadline: new Date(now - 1000),
      nonceDeadline: new Date(now + 60_000),
    });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'deadline has expired' });
  });

  it("6. public key '<pk>' doesn't exist for account '<id>'", async () => {
    const user = await fundedUser();
    const stranger = generateKeyPair(random);
    const signed = await user.sign({ intents: [], key: stranger });
    const pk = formatPublicKey(stranger.publicKey);
    expect(await publish(signed)).toMatchObject({
      status: 'FAILED',
      reason: `public key '${pk}' doesn't exist for account '${user.accountId}'`,
    });
  });

  it('6. a named account has no key until one is added', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [], signerId: 'alice.near' });
    expect(await publish(signed)).toMatchObject({
      reason: `public key '${user.publicKey}' doesn't exist for account 'alice.near'`,
    });
  });

  it('7. invalid salt', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [], salt: 'deadbeef' });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'invalid salt' });
  });

  it('7. deadline is greater than nonce', async () => {
    const user = await fundedUser();
    const now = await simNow(sim);
    const signed = await user.sign({
      intents: [],
      deadline: new Date(now + 60_000),
      nonceDeadline: new Date(now + 59_999),
    });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'deadline is greater than nonce' });
  });

  it('7. nonce was already expired (the nonce rule itself: behind the deadline checks, unreachable end to end)', () => {
    // intent deadline ≥ now (step 5) and ≤ nonce deadline (step 7) leave no room for an expired
    // nonce in a full run, as in the contract; the rule is still there, in the contract's order.
    const now = new Date('2030-01-01T00:00:10.000Z');
    const nonce = encodeVersionedNonce({
      salt: hex.decode('252812b3'),
      deadline: new Date('2030-01-01T00:00:05.000Z'),
      random15: random(15),
    });
    const valid = (salt: string) => salt === '252812b3';
    expect(() => verifyNonce(nonce, '2030-01-01T00:00:04.000Z', now, valid)).toThrow(
      new VerifierError('nonce was already expired'),
    );
    expect(() => verifyNonce(nonce, '2030-01-01T00:00:06.000Z', now, valid)).toThrow(
      new VerifierError('deadline is greater than nonce'),
    );
    expect(() => verifyNonce(nonce, '2030-01-01T00:00:04.000Z', now, () => false)).toThrow(
      new VerifierError('invalid salt'),
    );
  });

  it('7. an expired nonce deadline is reported as the expired intent deadline first (step 5 before step 7)', async () => {
    const user = await fundedUser();
    const now = await simNow(sim);
    const at = new Date(now + 5_000);
    const signed = await user.sign({ intents: [], deadline: at, nonceDeadline: at });
    await advance(sim, 6_000);
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'deadline has expired' });
  });

  it('7. nonce was already used', async () => {
    const user = await fundedUser();
    const deadline = new Date((await simNow(sim)) + 60_000);
    const signed = await user.sign({ intents: [transferTo('bob.near', '1')], deadline });
    expect(await publish(signed)).toMatchObject({ status: 'OK' });
    const again = { ...signed };
    // Same nonce, different message: a new intent hash, the same (signer, nonce).
    const nonce = signed.standard === 'nep413' ? signed.payload.nonce : '';
    const second = await user.sign({ intents: [transferTo('carol.near', '1')], nonce, deadline });
    expect(await publish(second)).toMatchObject({ status: 'FAILED', reason: 'nonce was already used' });
    // The very same intent again is "already processed" (the SDK treats that as success).
    expect(await publish(again)).toMatchObject({ status: 'FAILED', reason: 'already processed' });
  });

  it('7. a legacy nonce is checked only for uniqueness', async () => {
    const user = await fundedUser();
    const nonce = legacyNonce();
    expect(await publish(await user.sign({ intents: [], nonce, salt: 'deadbeef' }))).toMatchObject({ status: 'OK' });
    expect(await publish(await user.sign({ intents: [transferTo('bob.near', '1')], nonce }))).toMatchObject({
      reason: 'nonce was already used',
    });
  });

  it('8. insufficient balance or overflow', async () => {
    const user = await fundedUser(5n);
    const signed = await user.sign({ intents: [transferTo('bob.near', '6')] });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'insufficient balance or overflow' });
  });

  it('8. invalid intent: a transfer to oneself', async () => {
    const user = await fundedUser();
    const signed = await user.sign({ intents: [transferTo(user.accountId, '1')] });
    expect(await publish(signed)).toMatchObject({ status: 'FAILED', reason: 'invalid intent' });
  });

  it('8. invariant violated: {...} for a lone token_diff', async () => {
    const user = await fundedUser();
    const signed = await user.sign({
      intents: [{ intent: 'token_diff', diff: { [USDC]: '-1000', 'nep141:wrap.near': '5' } }],
    });
    const res = await publish(signed);
    expect(res.status).toBe('FAILED');
    // fee 1 pip: −1000 pays ceil(0.001) = 1 to the collector → unmatched −999 (docs/protocol.md).
    expect(res.reason).toBe(
      'invariant violated: {"error":"unmatched_deltas","unmatched_deltas":{"nep141:usdc.near":"-999","nep141:wrap.near":"5"}}',
    );
  });
});

describe('atomicity', () => {
  it('a failing second item leaves every balance and nonce untouched', async () => {
    const alice = await fundedUser(100n);
    const bob = await fundedUser(1n);
    const first = await alice.sign({ intents: [transferTo('dave.near', '40')] });
    const second = await bob.sign({ intents: [transferTo('dave.near', '2')] });
    const res = await busCall<{ status: string; reason: string; intent_hashes: string[] }>(sim, 'publish_intents', {
      quote_hashes: [],
      signed_datas: [first, second],
    });
    expect(res.result).toMatchObject({ status: 'FAILED', reason: 'insufficient balance or overflow' });
    expect(res.result!.intent_hashes).toHaveLength(2);
    expect(await balances(sim, alice.accountId)).toEqual({ [USDC]: '100' });
    expect(await balances(sim, 'dave.near')).toEqual({});
    // Alice's nonce was not consumed: the same intent still goes through on its own.
    expect(await publish(first)).toMatchObject({ status: 'OK' });
    expect(await balances(sim, 'dave.near')).toEqual({ [USDC]: '40' });
  });

  it('a failure in a later intent of one payload undoes the earlier ones', async () => {
    const user = await fundedUser(50n);
    const signed = await user.sign({ intents: [transferTo('erin.near', '30'), transferTo('erin.near', '30')] });
    expect(await publish(signed)).toMatchObject({ reason: 'insufficient balance or overflow' });
    expect(await balances(sim, user.accountId)).toEqual({ [USDC]: '50' });
    expect(await balances(sim, 'erin.near')).toEqual({});
  });
});
