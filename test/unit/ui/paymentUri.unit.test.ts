// The deposit QR's payment request (src/ui/paymentUri.ts), written to each standard's own examples:
// BIP-21 ("bitcoin:<address>?amount=<BTC>"), EIP-681 (value in wei for ether, transfer(address,uint256)
// for an ERC-20, the chain id after @), Solana Pay (amount in whole units, spl-token for a mint).
import { describe, expect, it } from 'vitest';
import { paymentRequest } from '../../../src/ui/paymentUri';

describe('payment requests in the deposit QR', () => {
  it('BIP-21: bitcoin and the coins that copied it, amount in whole coins', () => {
    expect(
      paymentRequest('bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw', 10_000n, {
        blockchain: 'btc',
        decimals: 8,
        contractAddress: null,
      }),
    ).toEqual({
      text: 'bitcoin:bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw?amount=0.0001',
      standard: 'BIP-21',
    });
    expect(
      paymentRequest('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 150_000_000n, {
        blockchain: 'bch',
        decimals: 8,
        contractAddress: null,
      }).text,
    ).toBe('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=1.5');
  });

  it('EIP-681: ether as wei with the chain id; an ERC-20 as transfer(address, uint256) on its contract', () => {
    const to = '0x76b4c56085ED136a8744D52bE956396624a730E8';
    expect(paymentRequest(to, 10n ** 18n, { blockchain: 'eth', decimals: 18, contractAddress: null }).text).toBe(
      `ethereum:${to}@1?value=1000000000000000000`,
    );
    const usdcBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
    expect(paymentRequest(to, 25_000_000n, { blockchain: 'base', decimals: 6, contractAddress: usdcBase })).toEqual({
      text: `ethereum:${usdcBase}@8453/transfer?address=${to}&uint256=25000000`,
      standard: 'EIP-681',
    });
  });

  it('Solana Pay: amount in whole units, spl-token for a token', () => {
    const to = 'So11111111111111111111111111111111111111112';
    expect(paymentRequest(to, 1_500_000_000n, { blockchain: 'sol', decimals: 9, contractAddress: null }).text).toBe(
      `solana:${to}?amount=1.5`,
    );
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(paymentRequest(to, 2_000_000n, { blockchain: 'sol', decimals: 6, contractAddress: mint }).text).toBe(
      `solana:${to}?amount=2&spl-token=${mint}`,
    );
  });

  it('the bare address where no standard applies (or nothing is known to put in it)', () => {
    for (const token of [
      { blockchain: 'ton', decimals: 9, contractAddress: null },
      { blockchain: 'home', decimals: 24, contractAddress: 'wrap.near' },
      undefined,
    ]) {
      expect(paymentRequest('EQAaddress', 5n, token)).toEqual({ text: 'EQAaddress', standard: null });
    }
    expect(
      paymentRequest('0x76b4c56085ED136a8744D52bE956396624a730E8', 0n, {
        blockchain: 'eth',
        decimals: 18,
        contractAddress: null,
      }).standard,
    ).toBeNull();
    // An EVM chain whose id is not known here: the address alone, never a request for the wrong chain.
    expect(
      paymentRequest('0x76b4c56085ED136a8744D52bE956396624a730E8', 5n, {
        blockchain: 'monad',
        decimals: 18,
        contractAddress: null,
      }).standard,
    ).toBeNull();
  });
});
