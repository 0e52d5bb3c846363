/**
 * Durability: with a data file, everything the ledger and the bus acknowledged survives a restart —
 * balances, keys, used nonces, salts, published intents and their status, quotes, solver balances
 * (solvers are funded once, not again on restart).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPublicKey, generateKeyPair } from '../../../src/core';
import {
  advance,
  balances,
  busCall,
  fund,
  ledgerAnswer,
  type Offer,
  type PublishAnswer,
  postJson,
  random,
  type StatusAnswer,
  startTestSim,
  TestUser,
  tempDir,
} from './harness';

const USDC = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
const WNEAR = 'nep141:wrap.near';
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('persistence', () => {
  it('a restarted simulator keeps every acknowledged change', async () => {
    const dataFile = join(tmp.dir, 'state.json');
    const first = await startTestSim({ dataFile });
    const user = new TestUser(first);
    const extra = generateKeyPair(random);
    const extraPk = formatPublicKey(extra.publicKey);
    await fund(first, user.accountId, USDC, 9_000_000n);
    const offers = (
      await busCall<Offer[]>(first, 'quote', {
        defuse_asset_identifier_in: USDC,
        defuse_asset_identifier_out: WNEAR,
        exact_amount_in: '4000000',
      })
    ).result!;
    const offer = offers[0]!;
    const solverBefore = await ledgerAnswer<string[]>(first, 'mt_batch_balance_of', {
      account_id: 'fees.intents.sim',
      token_ids: [USDC],
    });
    const signed = await user.sign({
      intents: [
        { intent: 'token_diff', diff: { [USDC]: '-4000000', [WNEAR]: offer.amount_out } },
        { intent: 'add_public_key', public_key: extraPk },
      ],
    });
    const published = await busCall<PublishAnswer>(first, 'publish_intent', {
      quote_hashes: [offer.quote_hash],
      signed_data: signed,
    });
    expect(published.result?.status).toBe('OK');
    const rotated = await postJson<{ current_salt: string; previous: string }>(`${first.url}/dev/salt/rotate`, {});
    await advance(first, 200);
    const before = {
      user: await balances(first, user.accountId),
      fees: await balances(first, 'fees.intents.sim'),
      status: (await busCall<StatusAnswer>(first, 'get_status', { intent_hash: published.result!.intent_hash })).result,
    };
    expect(before.status?.status).toBe('TX_BROADCASTED');
    expect(solverBefore.value).toEqual(['0']);
    await first.close();

    const second = await startTestSim({ dataFile });
    try {
      expect(await balances(second, user.accountId)).toEqual(before.user);
      expect(await balances(second, 'fees.intents.sim')).toEqual(before.fees);
      expect((await ledgerAnswer(second, 'public_keys_of', { account_id: user.accountId })).value).toEqual([
        extraPk,
        user.publicKey,
      ]);
      expect((await ledgerAnswer(second, 'current_salt')).value).toBe(rotated.json.current_salt);
      expect((await ledgerAnswer(second, 'is_valid_salt', { salt: rotated.json.previous })).value).toBe(true);
      const nonce = signed.standard === 'nep413' ? signed.payload.nonce : '';
      expect((await ledgerAnswer(second, 'is_nonce_used', { account_id: user.accountId, nonce })).value).toBe(true);
      // The bus remembers the intent (status keeps its timeline) and the spent quote.
      const status = (await busCall<StatusAnswer>(second, 'get_status', { intent_hash: published.result!.intent_hash }))
        .result;
      expect(status?.data).toEqual(before.status?.data);
      const again = await busCall<PublishAnswer>(second, 'publish_intent', {
        quote_hashes: [offer.quote_hash],
        signed_data: signed,
      });
      expect(again.result).toMatchObject({ status: 'FAILED', reason: 'already processed' });
      // The new key signs after the restart.
      const withExtra = await new TestUser(second, user.key).sign({ intents: [], key: extra });
      expect(
        (await busCall<PublishAnswer>(second, 'publish_intent', { quote_hashes: [], signed_data: withExtra })).result
          ?.status,
      ).toBe('OK');
    } finally {
      await second.close();
    }
  });

  it('solvers are funded once: a restart does not add liquidity', async () => {
    const dataFile = join(tmp.dir, 'solvers.json');
    const first = await startTestSim({ dataFile });
    const offer = (
      await busCall<Offer[]>(first, 'quote', {
        defuse_asset_identifier_in: USDC,
        defuse_asset_identifier_out: WNEAR,
        exact_amount_in: '1000000',
      })
    ).result![0]!;
    await first.close();
    const second = await startTestSim({ dataFile });
    try {
      const again = (
        await busCall<Offer[]>(second, 'quote', {
          defuse_asset_identifier_in: USDC,
          defuse_asset_identifier_out: WNEAR,
          exact_amount_in: '1000000',
        })
      ).result![0]!;
      // Same solver, same price: quotes are reproducible across restarts.
      expect(again.amount_out).toBe(offer.amount_out);
      const raw = JSON.parse((await import('node:fs')).readFileSync(dataFile, 'utf8')) as {
        slices: { bus: { solversFunded: boolean } };
      };
      expect(raw.slices.bus.solversFunded).toBe(true);
    } finally {
      await second.close();
    }
  });
});
