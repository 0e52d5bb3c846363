// The swap service's deposit address is believed only as an address of the deposit's chain
// (src/background/swaps/depositAddress.ts; docs/security.md, "Quotes the wallet believes").
import { describe, expect, it } from 'vitest';
import { depositAddressCheck } from '../../../src/background/swaps/depositAddress';

const TOKENS = [
  { assetId: 'nep141:btc.omft.near', blockchain: 'btc' },
  { assetId: 'nep141:wrap.near', blockchain: 'near' },
];
const BTC = 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw';
const IMPLICIT = 'a'.repeat(64);

describe('a swap deposit address', () => {
  it('takes an address of the origin token’s chain, and an account for a deposit from the intents account', () => {
    expect(() => depositAddressCheck({ originAsset: 'nep141:btc.omft.near' }, BTC, TOKENS)).not.toThrow();
    expect(() =>
      depositAddressCheck({ originAsset: 'nep141:btc.omft.near', depositType: 'INTENTS' }, IMPLICIT, TOKENS),
    ).not.toThrow();
    expect(() => depositAddressCheck({ originAsset: 'nep141:wrap.near' }, IMPLICIT, TOKENS)).not.toThrow();
  });

  it('refuses a query riding on an address, another chain’s address, or one nobody can hold', () => {
    for (const [request, address] of [
      [{ originAsset: 'nep141:btc.omft.near' }, `${BTC}?amount=5&x=`],
      [{ originAsset: 'nep141:btc.omft.near' }, IMPLICIT],
      [{ originAsset: 'nep141:btc.omft.near', depositType: 'INTENTS' }, '0x76b4c56085ED136a8744D52bE956396624a730E8'],
      [{ originAsset: 'nep141:btc.omft.near' }, 'bc1zzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsjg4mh7'],
    ] as const)
      expect(() => depositAddressCheck(request, address, TOKENS), address).toThrow(/not one it can be paid to/);
  });

  it('of a token the list does not name: the characters addresses are written with, nothing more', () => {
    const unknown = { originAsset: 'nep141:new.omft.near' };
    expect(() => depositAddressCheck(unknown, 'addr_0x12.ab-CD:9', TOKENS)).not.toThrow();
    for (const address of ['x?amount=5', 'a b', '', 'x&y', 'a'.repeat(129)])
      expect(() => depositAddressCheck(unknown, address, TOKENS), address).toThrow(/not one it can be paid to/);
  });
});
