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

describe('payment requests the screen can vouch for', () => {
  const BTC = 'bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw';
  const TO = '0x76b4c56085ED136a8744D52bE956396624a730E8';
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
  const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
  const btc = { blockchain: 'btc', decimals: 8, contractAddress: null };

  it('a deposit address that is no address of the chain (a query of its own) gets no request', () => {
    for (const address of [`${BTC}?amount=5&x=`, `${BTC}&amount=5`, 'bc1qnotanaddress']) {
      expect(paymentRequest(address, 100_000n, btc), address).toEqual({ text: address, standard: null });
    }
    const sol = 'So11111111111111111111111111111111111111112';
    expect(
      paymentRequest(`${sol}?amount=500&x=`, 1n, { blockchain: 'sol', decimals: 9, contractAddress: null }).standard,
    ).toBeNull();
  });

  it('a contract or chain other than the one the asset id names gets no request', () => {
    const usdcEth = `nep141:eth-${USDC}.omft.near`;
    const listed = { assetId: usdcEth, blockchain: 'eth', decimals: 6 };
    expect(
      paymentRequest(TO, 25_000_000n, { ...listed, contractAddress: USDC.toUpperCase().replace('0X', '0x') }).text,
    ).toBe(`ethereum:${USDC.toUpperCase().replace('0X', '0x')}@1/transfer?address=${TO}&uint256=25000000`);
    expect(paymentRequest(TO, 25_000_000n, { ...listed, contractAddress: USDT }).standard).toBeNull();
    expect(
      paymentRequest(TO, 25_000_000n, { ...listed, blockchain: 'base', contractAddress: USDC }).standard,
    ).toBeNull();
    // A chain's own coin: no contract, and the chain the id names.
    expect(
      paymentRequest(TO, 1n, {
        assetId: 'nep141:eth.omft.near',
        blockchain: 'eth',
        decimals: 18,
        contractAddress: USDC,
      }).standard,
    ).toBeNull();
    expect(
      paymentRequest(TO, 1n, {
        assetId: 'nep141:arb.omft.near',
        blockchain: 'eth',
        decimals: 18,
        contractAddress: null,
      }).standard,
    ).toBeNull();
    expect(
      paymentRequest(TO, 1n, {
        assetId: 'nep141:eth.omft.near',
        blockchain: 'eth',
        decimals: 18,
        contractAddress: null,
      }).standard,
    ).toBe('EIP-681');
  });

  it('an amount past the ledger’s u128 gets no request; an empty Solana mint is no coin', () => {
    expect(
      paymentRequest(TO, 2n ** 128n - 1n, { blockchain: 'eth', decimals: 18, contractAddress: null }).standard,
    ).toBe('EIP-681');
    expect(
      paymentRequest(TO, 2n ** 128n, { blockchain: 'eth', decimals: 18, contractAddress: null }).standard,
    ).toBeNull();
    const sol = 'So11111111111111111111111111111111111111112';
    expect(paymentRequest(sol, 1n, { blockchain: 'sol', decimals: 9, contractAddress: '' }).standard).toBeNull();
  });

  it('a CashAddr written in capitals keeps its one prefix', () => {
    const upper = 'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A';
    expect(paymentRequest(upper, 150_000_000n, { blockchain: 'bch', decimals: 8, contractAddress: null }).text).toBe(
      `${upper}?amount=1.5`,
    );
  });
});
