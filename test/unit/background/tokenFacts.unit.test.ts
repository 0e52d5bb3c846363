// The background's token facts (src/background/tokens/facts.ts): each token of the service's list judged
// against the bundled table or, for a NEP-141 token the table does not know, the contract's ft_metadata;
// what words amounts (table, confirmed) holds only confirmed tokens; contracts' answers are cached,
// bounded in time and in number, and forgotten with the network. The service list and the ledger are
// fakes here that count what they were asked; the rule itself is core's (tokenFacts.unit.test.ts).
import { describe, expect, it } from 'vitest';
import {
  METADATA_FAILURE_TTL_MS,
  METADATA_MAX,
  METADATA_TTL_MS,
  TokenFacts,
} from '../../../src/background/tokens/facts';
import type { FtMetadata } from '../../../src/bus';
import type { KnownToken } from '../../../src/core';
import type { Token } from '../../../src/oneclick';

const token = (assetId: string, symbol: string, decimals: number): Token => ({
  assetId,
  symbol,
  decimals,
  blockchain: 'home',
  price: 1,
  priceUpdatedAt: '',
});
const KNOWN = new Map<string, KnownToken>([['nep141:wrap.near', { symbol: 'wNEAR', decimals: 24 }]]);

function setup(list: Token[], contracts: Record<string, FtMetadata | 'fails'>) {
  const clock = { now: 1_000_000 };
  const asked: string[] = [];
  let listFetches = 0;
  const facts = new TokenFacts({
    endpoint: async () => 'https://swap.example',
    fetchList: async () => {
      listFetches++;
      return list;
    },
    ftMetadata: async (contractId) => {
      asked.push(contractId);
      const c = contracts[contractId];
      if (!c || c === 'fails') throw new Error('no answer');
      return c;
    },
    now: () => clock.now,
    known: async () => KNOWN,
  });
  return { facts, clock, asked, listFetches: () => listFetches };
}

describe('token facts in the background', () => {
  it('judges each token by the table, else by its contract; only confirmed tokens word amounts, with the checked symbol', async () => {
    const list = [
      token('nep141:wrap.near', 'wNEAR', 30), // the table says 24
      token('nep141:usdt.tether-token.near', 'USDT', 6), // the contract says USDt, 6
      token('nep141:fake.near', 'USDC', 6), // the contract says 18
      token('nep141:silent.near', 'SIL', 6), // the contract does not answer
      { ...token('nep245:v2_1.omni.hot.tg:56_x', 'BNB', 18), blockchain: 'bsc' }, // no ft_metadata for NEP-245
    ];
    const { facts } = setup(list, {
      'usdt.tether-token.near': { symbol: 'USDt', decimals: 6 },
      'fake.near': { symbol: 'USDC', decimals: 18 },
      'silent.near': 'fails',
    });
    expect((await facts.checked()).map((c) => [c.token.assetId, c.check.status])).toEqual([
      ['nep141:wrap.near', 'disputed'],
      ['nep141:usdt.tether-token.near', 'confirmed'],
      ['nep141:fake.near', 'disputed'],
      ['nep141:silent.near', 'unconfirmed'],
      ['nep245:v2_1.omni.hot.tg:56_x', 'unconfirmed'],
    ]);
    expect(await facts.confirmed()).toEqual([{ ...list[1], symbol: 'USDt', decimals: 6 }]);
    expect([...(await facts.table()).keys()]).toEqual(['nep141:usdt.tether-token.near']);
    expect([...(await facts.disputes()).keys()]).toEqual(['nep141:wrap.near', 'nep141:fake.near']);
    const views = await facts.views();
    expect(views[0]).toMatchObject({
      assetId: 'nep141:wrap.near',
      symbol: 'wNEAR',
      decimals: null,
      facts: 'disputed',
      factsNote: { key: 'tokenFacts_disputedTable', subs: expect.arrayContaining(['nep141:wrap.near']) },
    });
    expect(views[1]).toMatchObject({ symbol: 'USDt', decimals: 6, facts: 'confirmed', factsNote: null });
    expect(views[3]).toMatchObject({ decimals: null, facts: 'unconfirmed' });
  });

  it('asks a contract once within the hour, a failed one again after a minute, and everything again after forget', async () => {
    const { facts, clock, asked, listFetches } = setup(
      [token('nep141:a.near', 'A', 6), token('nep141:b.near', 'B', 6)],
      { 'a.near': { symbol: 'A', decimals: 6 }, 'b.near': 'fails' },
    );
    await Promise.all([facts.checked(), facts.checked(), facts.table()]);
    expect(asked.sort()).toEqual(['a.near', 'b.near']);
    clock.now += METADATA_FAILURE_TTL_MS;
    await facts.checked();
    expect(asked.filter((c) => c === 'a.near')).toHaveLength(1);
    expect(asked.filter((c) => c === 'b.near')).toHaveLength(2);
    clock.now += METADATA_TTL_MS;
    await facts.checked();
    expect(asked.filter((c) => c === 'a.near')).toHaveLength(2);
    expect(listFetches()).toBe(2); // the list itself lives 10 minutes
    facts.forget();
    await facts.checked();
    expect(asked.filter((c) => c === 'a.near')).toHaveLength(3);
    expect(listFetches()).toBe(3);
  });

  it(`keeps at most ${METADATA_MAX} contracts' answers; past that, fresh answers stay and the rest are asked each time until some expire`, async () => {
    const n = METADATA_MAX + 20;
    const list = Array.from({ length: n }, (_, i) => token(`nep141:t${i}.near`, `T${i}`, 6));
    const contracts = Object.fromEntries(list.map((_t, i) => [`t${i}.near`, { symbol: `T${i}`, decimals: 6 }]));
    const { facts, asked, clock } = setup(list, contracts);
    expect((await facts.confirmed()).length).toBe(n);
    expect(asked).toHaveLength(n);
    asked.length = 0;
    expect((await facts.confirmed()).length).toBe(n);
    expect(asked.sort()).toEqual(
      list
        .slice(METADATA_MAX)
        .map((t) => t.assetId.slice('nep141:'.length))
        .sort(),
    );
    // Once the kept answers expire they make room again: every contract is asked once more, no more.
    clock.now += METADATA_TTL_MS;
    asked.length = 0;
    await facts.checked();
    expect(asked).toHaveLength(n);
  });
});
