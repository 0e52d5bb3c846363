// The intents account's balances through the background (src/background/wallet/balances.ts): one
// mt_batch_balance_of per BATCH tokens against the simulator's verifier, valued at the token list's
// prices, largest first, kept for painting at once, and the kept answer marked stale (with the reason)
// when the ledger cannot be asked.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BalancesView, type CreateResult, WALLET } from '../../../src/api/walletApi';
import { KeyValue } from '../../../src/background/kv';
import { startBackground } from '../../../src/background/start';
import type { CheckedToken } from '../../../src/background/tokens/facts';
import { BATCH, BalancesService } from '../../../src/background/wallet/balances';
import { backgroundEnv, call, ONE_NEAR, PASSWORD, simulatorWithClock, USDC, useSimulator, WNEAR } from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

const fund = async (accountId: string, tokenId: string, amount: bigint) => {
  const res = await fetch(`${sim.url}/dev/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, tokenId, amount: amount.toString() }),
  });
  expect(res.status).toBe(200);
};

describe('balances of the intents account', () => {
  it('every token of the list at once, valued and sorted; kept, and shown stale when the ledger is away', async () => {
    const bg = startBackground(backgroundEnv(clock));
    await useSimulator(bg, sim.url, sim.busApiKey);
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const account = created.status.accounts[0]!.accountId;
    expect(await call(bg, WALLET.keptBalances, {})).toBeNull();
    await fund(account, WNEAR, 3n * ONE_NEAR);
    await fund(account, USDC, 50_000_000n);

    const fresh = await call<BalancesView>(bg, WALLET.balances, {});
    expect(fresh).toMatchObject({ accountId: account, stale: false, error: null });
    expect(fresh.rows.map((r) => [r.assetId, r.amount])).toEqual([
      [USDC, '50000000'],
      [WNEAR, (3n * ONE_NEAR).toString()],
    ]);
    expect(Number(fresh.totalUsd)).toBeCloseTo(
      fresh.rows.reduce((n, r) => n + Number(r.usd), 0),
      2,
    );

    await call(bg, WALLET.setSettings, { endpoints: { ledgerRpc: 'http://127.0.0.1:9/' }, ledgerRpcFallbacks: [] });
    const away = await call<BalancesView>(bg, WALLET.balances, {});
    expect(away).toMatchObject({ stale: true, rows: fresh.rows, error: expect.stringMatching(/could not be read/) });
    expect(await call<BalancesView>(bg, WALLET.keptBalances, {})).toMatchObject({ rows: fresh.rows, stale: true });
    await expect(call(bg, WALLET.balances, { accountId: 'someone-else.near' })).rejects.toThrow(/No account/);
    // Kept per network: on another verifier the simulator's balances are never painted (docs/security.md, "Networks").
    await call(bg, WALLET.setSettings, { verifierId: 'intents.near' });
    expect(await call(bg, WALLET.keptBalances, {})).toBeNull();
    await call(bg, WALLET.setSettings, { verifierId: 'intents.sim' });
    expect(await call<BalancesView>(bg, WALLET.keptBalances, {})).toMatchObject({ rows: fresh.rows });
  });

  it(`a long token list is read ${BATCH} tokens per view call`, async () => {
    const tokens: CheckedToken[] = Array.from({ length: 2 * BATCH + 50 }, (_, i) => ({
      token: {
        assetId: `nep141:t${i}.near`,
        symbol: `T${i}`,
        blockchain: 'home',
        decimals: 6,
        price: 1,
        priceUpdatedAt: '',
      },
      check: { status: 'confirmed', facts: { symbol: `T${i}`, decimals: 6 }, source: 'contract' },
    }));
    const calls: number[] = [];
    const service = new BalancesService({
      local: new KeyValue(fakeBrowser.storage.local),
      tokens: async () => tokens,
      balancesOf: async (_a, ids) => {
        calls.push(ids.length);
        return ids.map((id) => (id === 'nep141:t249.near' ? '7000000' : '0'));
      },
      now: () => 1,
      verifierId: async () => 'intents.sim',
    });
    const view = await service.fetch('alice.near');
    expect(calls).toEqual([BATCH, BATCH, 50]);
    expect(view.rows).toEqual([
      {
        assetId: 'nep141:t249.near',
        symbol: 'T249',
        blockchain: 'home',
        decimals: 6,
        facts: 'confirmed',
        factsNote: null,
        amount: '7000000',
        usd: '7.00',
      },
    ]);
  });
});
