// Receive's list of what arrived at a reusable bridge address (src/background/wallet/receive.ts), against
// the simulator's bridge: an amount is worded with the decimals of the token the wallet confirmed, and only
// when the bridge says the same; a bridge that says other decimals, or sends an amount that is no number,
// gets its units and asset id shown, never a figure worded on its word (docs/security.md, "Token facts").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReceiveDeposit } from '../../../src/api/receive';
import { WALLET } from '../../../src/api/walletApi';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { call } from './harness';
import { pageSetup } from './pageHarness';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => fakeBrowser.reset());

/** What the bridge's recent_deposits answer is rewritten to, per deposit (none: as the bridge said it). */
let rewrite: ((d: Record<string, unknown>) => void) | null = null;

async function received(): Promise<ReceiveDeposit[]> {
  const t = await pageSetup(sim, undefined, {
    fetch: (inner) => async (url, init) => {
      const answer = await inner(url, init);
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!rewrite || !body.includes('"recent_deposits"')) return answer;
      const json = JSON.parse(await answer.text()) as { result: { deposits: Record<string, unknown>[] } };
      for (const d of json.result.deposits) rewrite(d);
      return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const { address } = await call<{ address: string }>(t.bg, WALLET.receiveAddress, { assetId: USDC_ETH });
  const res = await fetch(`${sim.url}/dev/bridge/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, assetId: USDC_ETH, amount: '10000000' }),
  });
  expect(res.status).toBe(200);
  return call<ReceiveDeposit[]>(t.bg, WALLET.receiveDeposits, { assetId: USDC_ETH });
}

describe('what arrived at a reusable address', () => {
  it('10 USDC, worded with the confirmed decimals the bridge agrees with', async () => {
    rewrite = null;
    expect((await received()).map((d) => d.amount)).toEqual([{ decimal: '10', unit: 'USDC' }]);
  });

  it('a bridge that says 18 decimals: the units and the asset id, no figure on its word', async () => {
    rewrite = (d) => {
      d.decimals = 18;
    };
    expect((await received()).map((d) => d.amount)).toEqual([
      { key: 'amount_unitsOf', subs: ['10000000', 'eth:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'] },
    ]);
  });

  it('an amount past the ledger’s u128 (the bridge’s shape allows 40 digits) is named so, never read', async () => {
    const huge = (2n ** 128n).toString();
    rewrite = (d) => {
      d.amount = huge;
    };
    expect((await received()).map((d) => d.amount)).toEqual([{ key: 'swapTrack_notAmount', subs: [huge] }]);
  });
});
