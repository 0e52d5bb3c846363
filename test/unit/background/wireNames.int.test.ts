// The names the background sends per network (docs/services.md, "Wire names"): custom endpoints by
// the wireNames setting (default live), through the popup's own calls, recorded on their way to the
// simulator (which accepts both spellings and answers in the interface's).
// The interface: docs/interface.md.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type HistoryPage, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { type SettingsView, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { swapParams } from '../reliability/helpers';
import { backgroundEnv, type Clock, call, PASSWORD, useSimulator } from './harness';

let sim: RunningSimulator;
let clock: Clock;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
  clock = {
    get now() {
      return sim.sim.ctx.clock.nowMs();
    },
  };
});
afterAll(() => sim.close());
beforeEach(() => fakeBrowser.reset());

/** A background on the simulator as custom endpoints, with every request it makes recorded. */
async function background() {
  const sent: { url: string; body?: Record<string, unknown> }[] = [];
  const env = backgroundEnv(clock);
  const bg = startBackground({
    ...env,
    fetch: (url, init) => {
      sent.push({ url, ...(init.body ? { body: JSON.parse(init.body) as Record<string, unknown> } : {}) });
      return env.fetch(url, init);
    },
  });
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
  return { bg, sent };
}

const deposits = (sent: { url: string; body?: Record<string, unknown> }[]) =>
  sent.filter((s) => s.url.endsWith('/v0/deposit/submit')).map((s) => s.body);
const historyQueries = (sent: { url: string }[]) =>
  sent.filter((s) => s.url.includes('/api/v0/transactions')).map((s) => new URL(s.url).searchParams);

describe('wire names of custom endpoints', () => {
  it('live by default: nearSenderAccount and chain near; interface when set: homeSenderAccount and chain home', async () => {
    const { bg, sent } = await background();
    expect((await call<SettingsView>(bg, WALLET.getSettings)).wireNames).toBe('live');

    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await call(bg, SWAP.submitDeposit, { id: r.id, txHash: 'UserTxHash111', homeSenderAccount: 'alice.near' });
    expect(deposits(sent).at(-1)).toEqual({
      txHash: 'UserTxHash111',
      depositAddress: r.depositAddress,
      nearSenderAccount: 'alice.near',
    });
    const live = await call<HistoryPage>(bg, SWAP.history, { fromChainId: 'home' });
    expect(live.serviceError).toBeNull();
    expect(historyQueries(sent).at(-1)?.get('fromChainId')).toBe('near');

    expect((await call<SettingsView>(bg, WALLET.setSettings, { wireNames: 'interface' })).wireNames).toBe('interface');
    const r2 = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    await call(bg, SWAP.submitDeposit, { id: r2.id, txHash: 'UserTxHash222', homeSenderAccount: 'alice.near' });
    expect(deposits(sent).at(-1)).toEqual({
      txHash: 'UserTxHash222',
      depositAddress: r2.depositAddress,
      homeSenderAccount: 'alice.near',
    });
    await call(bg, SWAP.history, { fromChainId: 'home' });
    expect(historyQueries(sent).at(-1)?.get('fromChainId')).toBe('home');

    // Both spellings reached the simulator, which recorded the sender of each and answered in the
    // interface's names.
    const page = await call<HistoryPage>(bg, SWAP.history, {});
    expect(page.items.find((i) => i.depositAddress === r.depositAddress)).toHaveProperty('homeTxHashes');
  });

  it('live names: USD bounds stay home and filter the explorer’s rows here, as they filter local swaps', async () => {
    const { bg, sent } = await background();
    const r = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    const all = await call<HistoryPage>(bg, SWAP.history, {});
    const usd = Number(all.items.find((i) => i.depositAddress === r.depositAddress)!.amountInUsd);
    expect(usd).toBeGreaterThan(0);
    const above = await call<HistoryPage>(bg, SWAP.history, { minUsdPrice: usd + 1 });
    expect(historyQueries(sent).at(-1)?.has('minUsdPrice')).toBe(false);
    expect(above.serviceError).toBeNull();
    expect(above.items.map((i) => i.depositAddress)).not.toContain(r.depositAddress);
    for (const i of above.items) expect(Number(i.amountInUsd ?? Infinity)).toBeGreaterThanOrEqual(usd + 1);
    const within = await call<HistoryPage>(bg, SWAP.history, { minUsdPrice: usd - 0.01, maxUsdPrice: usd + 0.01 });
    expect(within.items.map((i) => i.depositAddress)).toContain(r.depositAddress);
  });

  it('a bad value is refused by the settings API', async () => {
    const { bg } = await background();
    await expect(call(bg, WALLET.setSettings, { wireNames: 'near' })).rejects.toThrow(/wireNames/);
  });
});
