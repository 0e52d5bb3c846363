// The PoA bridge's chain names (src/core/poaBridge.ts): which of our chains it gives deposit addresses on,
// named as the bridge names them (`eth:<chain id>` for EVM chains, `<chain>:mainnet` for the others:
// defuse-protocol/defuse-sdk `BlockchainEnum`; https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api),
// and which tokens are the bridge's own (`nep141:<chain>[-<address>].omft.near`, as listed by the 1Click
// service's /v0/tokens, e.g. `nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near` for USDC on
// Ethereum, whose contract address is Circle's published one).
import { describe, expect, it } from 'vitest';
import { chainOfPoa, poaChainOf } from '../../../src/core/poaBridge';

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

describe("the bridge's name of a chain", () => {
  it('is `eth:<EIP-155 chain id>` for the EVM chains it serves', () => {
    expect(poaChainOf({ assetId: 'nep141:eth.omft.near', blockchain: 'eth' })).toBe('eth:1');
    expect(poaChainOf({ assetId: 'nep141:base.omft.near', blockchain: 'base' })).toBe('eth:8453');
    expect(poaChainOf({ assetId: 'nep141:arb.omft.near', blockchain: 'arb' })).toBe('eth:42161');
    expect(poaChainOf({ assetId: 'nep141:gnosis.omft.near', blockchain: 'gnosis' })).toBe('eth:100');
    expect(poaChainOf({ assetId: USDC_ETH, blockchain: 'eth' })).toBe('eth:1');
  });

  it('is `<chain>:mainnet` for the other chains it serves', () => {
    expect(poaChainOf({ assetId: 'nep141:btc.omft.near', blockchain: 'btc' })).toBe('btc:mainnet');
    expect(poaChainOf({ assetId: 'nep141:sol.omft.near', blockchain: 'sol' })).toBe('sol:mainnet');
    expect(poaChainOf({ assetId: 'nep141:zec.omft.near', blockchain: 'zec' })).toBe('zec:mainnet');
    expect(poaChainOf({ assetId: 'nep141:doge.omft.near', blockchain: 'doge' })).toBe('doge:mainnet');
  });

  it('is none for a chain the bridge does not serve, or one unknown here', () => {
    // BNB Smart Chain and Polygon tokens come over other bridges; XRP needs a memo the bridge's answer lacks.
    expect(poaChainOf({ assetId: 'nep141:bsc.omft.near', blockchain: 'bsc' })).toBeNull();
    expect(poaChainOf({ assetId: 'nep141:xrp.omft.near', blockchain: 'xrp' })).toBeNull();
    expect(poaChainOf({ assetId: 'nep141:mars.omft.near', blockchain: 'mars' })).toBeNull();
  });
});

describe("the bridge's own tokens", () => {
  it('are `nep141:<chain>[-<address>].omft.near` and nothing around it', () => {
    for (const assetId of [
      'nep141:eth.bridge.near', // Rainbow Bridge, not PoA
      'nep141:wrap.near',
      `x${USDC_ETH}`,
      `${USDC_ETH}.attacker.near`,
      'nep141:btc.omft.near.evil.near',
      'nep141:eth-.omft.near',
      'nep141:.omft.near',
      'nep141:eth-0xA0b8.omft.near', // upper case is not an account id
      'nep141:eth-0x-a0b8.omft.near',
    ])
      expect(poaChainOf({ assetId, blockchain: 'eth' }), assetId).toBeNull();
  });
});

describe('our chain for a bridge chain name', () => {
  it('reads back every name the bridge gives', () => {
    expect(chainOfPoa('eth:1')).toBe('eth');
    expect(chainOfPoa('eth:8453')).toBe('base');
    expect(chainOfPoa('eth:80094')).toBe('bera');
    expect(chainOfPoa('btc:mainnet')).toBe('btc');
    expect(chainOfPoa('tron:mainnet')).toBe('tron');
    expect(chainOfPoa('cardano:mainnet')).toBe('cardano');
  });

  it('is none for a chain the bridge serves but we do not take deposits on, or a name it does not use', () => {
    expect(chainOfPoa('eth:56')).toBeNull(); // BNB Smart Chain
    expect(chainOfPoa('xrpledger:mainnet')).toBeNull();
    expect(chainOfPoa('eth:mainnet')).toBeNull();
    expect(chainOfPoa('btc:testnet')).toBeNull();
    expect(chainOfPoa('')).toBeNull();
  });
});
