/**
 * Passkey intents through the simulator's verifier (docs/protocol.md, "The webauthn payload"): real P-256
 * keys (node:crypto) answering the challenge as an authenticator does, published on the bus; what the
 * contract refuses is refused with its text; p256 keys in the key registry; the contract's own vectors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIntentPayload,
  encodeVersionedNonce,
  formatP256Signature,
  hex,
  type IntentPayload,
  P256_ORDER,
  p256ImplicitAccountId,
  parseP256Signature,
  type SignedWebauthn,
  signedWebauthnOf,
  webauthnRequestOf,
} from '../../../src/core';
import { SIGNED_ED25519, SIGNED_P256 } from '../../fixtures/nearIntentsWebauthn';
import {
  type AssertionOptions,
  FLAG_BE,
  FLAG_BS,
  FLAG_UP,
  FLAG_UV,
  rawSignature,
  type SoftPasskey,
  softPasskey,
} from '../../support/passkey';
import {
  balances,
  busCall,
  fund,
  ledgerAnswer,
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

/** A person whose intents a passkey signs: its account is the key's implicit one unless told otherwise. */
class PasskeyUser {
  readonly passkey: SoftPasskey = softPasskey();
  readonly accountId = p256ImplicitAccountId(this.passkey.xy);

  async payload(intents: unknown[], signerId = this.accountId): Promise<IntentPayload> {
    const deadline = new Date((await simNow(sim)) + 60_000);
    const salt = (await ledgerAnswer<string>(sim, 'current_salt')).value!;
    return buildIntentPayload({
      signerId,
      verifyingContract: sim.verifierId,
      deadline,
      nonce: encodeVersionedNonce({ salt: hex.decode(salt), deadline, random15: random(15) }),
      intents,
    });
  }

  async sign(intents: unknown[], o: AssertionOptions & { signerId?: string } = {}): Promise<SignedWebauthn> {
    const payload = await this.payload(intents, o.signerId);
    const { challenge } = webauthnRequestOf(payload);
    const a = this.passkey.assert(challenge, o);
    return signedWebauthnOf(
      payload,
      this.passkey.publicKey,
      rawSignature(a.der),
      a.clientDataJson,
      a.authenticatorData,
    );
  }
}

async function publish(signed: unknown): Promise<PublishAnswer> {
  return (await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: signed })).result!;
}

const transfer = (receiver: string, amount = '10') => ({
  intent: 'transfer',
  receiver_id: receiver,
  tokens: { [USDC]: amount },
});

describe('a passkey account on the simulator', () => {
  it('its implicit account moves tokens with a genuine assertion', async () => {
    const user = new PasskeyUser();
    await fund(sim, user.accountId, USDC, 100n);
    expect(await publish(await user.sign([transfer('bob.near')]))).toMatchObject({ status: 'OK' });
    expect((await balances(sim, user.accountId))[USDC]).toBe('90');
    // UP alone (a U2F key, no UV) is enough; BS with BE is a synced passkey, also fine.
    expect(await publish(await user.sign([transfer('bob.near')], { flags: FLAG_UP }))).toMatchObject({ status: 'OK' });
    const synced = FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS;
    expect(await publish(await user.sign([transfer('bob.near')], { flags: synced }))).toMatchObject({ status: 'OK' });
    expect((await balances(sim, user.accountId))[USDC]).toBe('70');
  });

  const refusals: [string, (u: PasskeyUser) => Promise<SignedWebauthn>][] = [
    [
      'a tampered signature',
      async (u) => {
        const signed = await u.sign([transfer('bob.near')]);
        const rs = parseP256Signature(signed.signature);
        rs[10]! ^= 0x40;
        return { ...signed, signature: formatP256Signature(rs) };
      },
    ],
    ['an assertion of another challenge', (u) => u.sign([transfer('bob.near')], { challenge: random(32) })],
    ['no UP flag', (u) => u.sign([transfer('bob.near')], { flags: FLAG_UV })],
    ['BS without BE', (u) => u.sign([transfer('bob.near')], { flags: FLAG_UP | FLAG_BS })],
    ['client data of a registration', (u) => u.sign([transfer('bob.near')], { type: 'webauthn.create' })],
    [
      'the same signature with a high s',
      async (u) => {
        const signed = await u.sign([transfer('bob.near')]);
        const rs = parseP256Signature(signed.signature);
        const s = BigInt(`0x${hex.encode(rs.subarray(32))}`);
        rs.set(hex.decode((P256_ORDER - s).toString(16).padStart(64, '0')), 32);
        return { ...signed, signature: formatP256Signature(rs) };
      },
    ],
    [
      'a payload changed after signing',
      async (u) => {
        const signed = await u.sign([transfer('bob.near')]);
        return { ...signed, payload: signed.payload.replace('"10"', '"99"') };
      },
    ],
  ];

  it.each(refusals)('refuses %s with the contract’s "invalid signature", moving nothing', async (_what, make) => {
    const user = new PasskeyUser();
    await fund(sim, user.accountId, USDC, 100n);
    const answer = await publish(await make(user));
    expect(answer).toMatchObject({ status: 'FAILED', reason: 'invalid signature' });
    expect((await balances(sim, user.accountId))[USDC]).toBe('100');
  });
});

describe('p256 keys in the key registry', () => {
  it('an ed25519 account adds a passkey, which then signs for it, and removes it again', async () => {
    const owner = new TestUser(sim);
    const passkey = new PasskeyUser();
    await fund(sim, owner.accountId, USDC, 50n);
    const key = passkey.passkey.publicKey;
    const add = await owner.sign({ intents: [{ intent: 'add_public_key', public_key: key }] });
    expect(await publish(add)).toMatchObject({ status: 'OK' });
    expect(
      (await ledgerAnswer<boolean>(sim, 'has_public_key', { account_id: owner.accountId, public_key: key })).value,
    ).toBe(true);
    expect((await ledgerAnswer<string[]>(sim, 'public_keys_of', { account_id: owner.accountId })).value).toContain(key);

    const signedByPasskey = await passkey.sign([transfer('bob.near', '5')], { signerId: owner.accountId });
    expect(await publish(signedByPasskey)).toMatchObject({ status: 'OK' });
    expect((await balances(sim, owner.accountId))[USDC]).toBe('45');

    const remove = await owner.sign({ intents: [{ intent: 'remove_public_key', public_key: key }] });
    expect(await publish(remove)).toMatchObject({ status: 'OK' });
    const again = await passkey.sign([transfer('bob.near', '5')], { signerId: owner.accountId });
    expect(await publish(again)).toMatchObject({
      status: 'FAILED',
      reason: `public key '${key}' doesn't exist for account '${owner.accountId}'`,
    });
  });

  it('a passkey account owns its key until it removes it, and adding it twice is the contract’s error', async () => {
    const user = new PasskeyUser();
    const key = user.passkey.publicKey;
    await fund(sim, user.accountId, USDC, 10n);
    expect(
      (await ledgerAnswer<boolean>(sim, 'has_public_key', { account_id: user.accountId, public_key: key })).value,
    ).toBe(true);
    const second = new PasskeyUser().passkey.publicKey;
    expect(await publish(await user.sign([{ intent: 'add_public_key', public_key: second }]))).toMatchObject({
      status: 'OK',
    });
    expect(await publish(await user.sign([{ intent: 'add_public_key', public_key: second }]))).toMatchObject({
      status: 'FAILED',
      reason: `public key '${second}' already exists for account '${user.accountId}'`,
    });
    expect(await publish(await user.sign([{ intent: 'remove_public_key', public_key: key }]))).toMatchObject({
      status: 'OK',
    });
    expect(await publish(await user.sign([transfer('bob.near', '1')]))).toMatchObject({
      status: 'FAILED',
      reason: `public key '${key}' doesn't exist for account '${user.accountId}'`,
    });
  });
});

describe('a passkey account’s key changes on the simulator', () => {
  /** The panic message of a failed `simulate_intents` (the RPC wraps it as near's host error). */
  const simulated = async (signed: unknown) => {
    const out = await ledgerAnswer(sim, 'simulate_intents', { signed: [signed] });
    return /panic_msg: "(.*)" \}\)$/.exec(out.error ?? '')?.[1];
  };
  const hasKey = async (accountId: string, publicKey: string) =>
    (await ledgerAnswer<boolean>(sim, 'has_public_key', { account_id: accountId, public_key: publicKey })).value;

  const tampered: [string, (u: PasskeyUser, intents: unknown[], other: unknown[]) => Promise<SignedWebauthn>][] = [
    [
      'a payload naming another key than the one signed',
      async (u, intents, other) => {
        const signed = await u.sign(intents);
        const [was, is] = [JSON.stringify(intents[0]), JSON.stringify(other[0])];
        return { ...signed, payload: signed.payload.replace(was.slice(1, -1), is.slice(1, -1)) };
      },
    ],
    ['an assertion of another key change', (u, intents) => u.sign(intents, { challenge: random(32) })],
    ['no UP flag', (u, intents) => u.sign(intents, { flags: FLAG_UV })],
    [
      'a tampered signature',
      async (u, intents) => {
        const signed = await u.sign(intents);
        const rs = parseP256Signature(signed.signature);
        rs[40]! ^= 0x01;
        return { ...signed, signature: formatP256Signature(rs) };
      },
    ],
  ];

  it.each(tampered)(
    'add_public_key and remove_public_key with %s: the contract’s "invalid signature", keys unchanged',
    async (_what, make) => {
      const user = new PasskeyUser();
      const second = new PasskeyUser().passkey.publicKey;
      const third = new PasskeyUser().passkey.publicKey;
      const add = [{ intent: 'add_public_key', public_key: second }];
      const addOther = [{ intent: 'add_public_key', public_key: third }];
      // The genuine add goes through (the contract accepts a webauthn-signed key change).
      expect(await simulated(await user.sign(add))).toBeUndefined();
      for (const attempt of [await make(user, add, addOther), await make(user, addOther, add)]) {
        expect(await simulated(attempt)).toBe('invalid signature');
        expect(await publish(attempt)).toMatchObject({ status: 'FAILED', reason: 'invalid signature' });
      }
      expect(await hasKey(user.accountId, second)).toBe(false);
      expect(await hasKey(user.accountId, third)).toBe(false);
      expect(await publish(await user.sign(add))).toMatchObject({ status: 'OK' });
      const remove = [{ intent: 'remove_public_key', public_key: second }];
      const removeOwn = [{ intent: 'remove_public_key', public_key: user.passkey.publicKey }];
      const attempt = await make(user, remove, removeOwn);
      expect(await simulated(attempt)).toBe('invalid signature');
      expect(await publish(attempt)).toMatchObject({ status: 'FAILED', reason: 'invalid signature' });
      expect(await hasKey(user.accountId, second)).toBe(true);
      expect(await hasKey(user.accountId, user.passkey.publicKey)).toBe(true);
      expect(await publish(await user.sign(remove))).toMatchObject({ status: 'OK' });
      expect(await hasKey(user.accountId, second)).toBe(false);
    },
  );
});

describe('the contract’s own webauthn vectors through the simulator', () => {
  let vectorSim: TestSim;
  beforeAll(async () => {
    vectorSim = await startTestSim({ verifierId: 'defuse.test.near' });
  });
  afterAll(() => vectorSim.close());

  /** The panic message of a failed `simulate_intents` (the RPC wraps it as near's host error). */
  const refusal = async (signed: unknown) => {
    const out = await ledgerAnswer(vectorSim, 'simulate_intents', { signed: [signed] });
    return /panic_msg: "(.*)" \}\)$/.exec(out.error ?? '')?.[1];
  };

  it('the p256 vector passes the signature, payload and verifier checks and stops at its deadline (March 2025)', async () => {
    expect(await refusal(SIGNED_P256.signed)).toBe('deadline has expired');
    const tampered = { ...SIGNED_P256.signed, signature: SIGNED_P256.signed.signature.replace(/.$/, 'X') };
    expect(await refusal(tampered)).toBe('invalid signature');
  });

  it('the ed25519 vector passes its signature check, then its payload is refused as JSON', async () => {
    // Its deadline is an older `{"timestamp": …}` form; the simulator reads deadlines as RFC 3339 texts.
    expect(await refusal(SIGNED_ED25519.signed)).toMatch(/^JSON: /);
    const other = {
      ...SIGNED_ED25519.signed,
      client_data_json: SIGNED_ED25519.signed.client_data_json.replace('PfRF', 'PfRG'),
    };
    expect(await refusal(other)).toBe('invalid signature');
  });
});
