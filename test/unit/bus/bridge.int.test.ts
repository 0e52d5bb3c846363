// The PoA bridge client against the simulator's bridge: one address per account and chain, the same on
// every ask and another for another account; an address that is not the chain's, or an answer for another
// chain, is refused; a deposit to the address is credited on the ledger and listed by recent_deposits.

import { describe, expect, it } from 'vitest';
import { BridgeClient } from '../../../src/bus';
import type { FetchLike, HttpDeps } from '../../../src/core';
import { isAddressOf } from '../../../src/core/chainAddress';
import { poaChainOf } from '../../../src/core/poaBridge';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();

const deps: HttpDeps = { fetch: (url, init) => fetch(url, init), sleep: async () => {}, policy: { retries: 0 } };
const SOL = 'nep141:sol.omft.near';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

/** A bridge that answers `result` to every call. */
function answering(result: unknown): HttpDeps {
  const fake: FetchLike = async () =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  return { fetch: fake, sleep: async () => {}, policy: { retries: 0 } };
}

describe('the bridge chain of a token', () => {
  it('is named for the bridge’s own tokens only', () => {
    expect(poaChainOf({ assetId: SOL, blockchain: 'sol' })).toBe('sol:mainnet');
    expect(poaChainOf({ assetId: USDC_ETH, blockchain: 'eth' })).toBe('eth:1');
    expect(poaChainOf({ assetId: 'nep141:base.omft.near', blockchain: 'base' })).toBe('eth:8453');
    // Another bridge's token, a memo chain, the home ledger.
    expect(poaChainOf({ assetId: 'nep141:eth.bridge.near', blockchain: 'eth' })).toBeNull();
    expect(poaChainOf({ assetId: 'nep141:xrp.omft.near', blockchain: 'xrp' })).toBeNull();
    expect(poaChainOf({ assetId: 'nep141:wrap.near', blockchain: 'home' })).toBeNull();
    expect(poaChainOf({ assetId: 'nep141:evil.sol.omft.near.attacker.near', blockchain: 'sol' })).toBeNull();
    // A list that puts the bridge's token on another chain than its id names: no deposit address is asked.
    expect(poaChainOf({ assetId: USDC_ETH, blockchain: 'base' })).toBeNull();
    expect(poaChainOf({ assetId: SOL, blockchain: 'eth' })).toBeNull();
  });
});

describe('deposit addresses', () => {
  const bridge = () => new BridgeClient({ url: sim.urls.bridge, deps });

  it('are the chain’s, the same every time, and differ per account and chain', async () => {
    const a = await bridge().depositAddress('alice.near', 'sol:mainnet');
    expect(isAddressOf('sol', a)).toBe(true);
    expect(await bridge().depositAddress('alice.near', 'sol:mainnet')).toBe(a);
    expect(await bridge().depositAddress('bob.near', 'sol:mainnet')).not.toBe(a);
    const evm = await bridge().depositAddress('alice.near', 'eth:1');
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('are refused when the answer is not an address of the chain, or for another chain', async () => {
    const wrongShape = new BridgeClient({
      url: sim.urls.bridge,
      deps: answering({ address: 'not-an-address', chain: 'sol:mainnet' }),
    });
    await expect(wrongShape.depositAddress('alice.near', 'sol:mainnet')).rejects.toThrow(/not a Solana address/);
    const evm = await bridge().depositAddress('alice.near', 'eth:1');
    const otherChain = new BridgeClient({ url: sim.urls.bridge, deps: answering({ address: evm, chain: 'eth:8453' }) });
    await expect(otherChain.depositAddress('alice.near', 'eth:1')).rejects.toThrow(/answered for eth:8453/);
  });

  it('are refused by the bridge for a chain it does not serve', async () => {
    await expect(bridge().depositAddress('alice.near', 'xrp:mainnet')).rejects.toThrow(/does not serve/);
    const raw = await fetch(sim.urls.bridge, {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'deposit_address',
        params: [{ account_id: 'a.near', chain: 'moon:1' }],
      }),
    });
    expect(await raw.json()).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it('credit a deposit to the account, listed by recent_deposits with its amount', async () => {
    const account = 'carol.near';
    const address = await bridge().depositAddress(account, 'eth:1');
    expect(await bridge().recentDeposits(account, 'eth:1', address)).toEqual([]);
    const res = await fetch(`${sim.url}/dev/bridge/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, assetId: USDC_ETH, amount: '10000000' }),
    });
    expect(res.status).toBe(200);
    const deposits = await bridge().recentDeposits(account, 'eth:1', address);
    expect(deposits).toMatchObject([
      {
        amount: '10000000',
        decimals: 6,
        status: 'COMPLETED',
        asset: 'eth:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      },
    ]);
    const balances = (await (await fetch(`${sim.url}/dev/balances?accountId=${account}`)).json()) as {
      balances: Record<string, string>;
    };
    expect(balances.balances[USDC_ETH]).toBe('10000000');
  });

  it('refuse a deposit of another chain’s token or to an address never handed out', async () => {
    const address = await bridge().depositAddress('dave.near', 'eth:1');
    const post = (body: unknown) =>
      fetch(`${sim.url}/dev/bridge/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ address, assetId: SOL, amount: '1' })).status).toBe(400);
    expect(
      (await post({ address: '0x0000000000000000000000000000000000000001', assetId: USDC_ETH, amount: '1' })).status,
    ).toBe(404);
  });
});
