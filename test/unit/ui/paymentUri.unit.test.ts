// The deposit QR's payment request (src/ui/paymentUri.ts), written to each standard's own examples:
// BIP-21 ("bitcoin:<address>?amount=<BTC>"), EIP-681 (value in wei for ether, transfer(address,uint256)
// for an ERC-20, the chain id after @), Solana Pay (amount in whole units, spl-token for a mint).
import { describe, expect, it } from 'vitest';
import { paymentRequest } from '../../../src/ui/paymentUri';

describe('payment requests in the deposit QR', () => {
  it('BIP-21: bitcoin and the coins that copied it, amount in whole coins', () => {
    expect(
      paymentRequest('bc1q873cxltdc560dth6tpwqpehq9uvhxxcdgwnmnw', 10_000n, {
        assetId: 'nep141:btc.omft.near',
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
        assetId: 'nep141:bch.omft.near',
        blockchain: 'bch',
        decimals: 8,
        contractAddress: null,
      }).text,
    ).toBe('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=1.5');
  });

  it('EIP-681: ether as wei with the chain id; an ERC-20 as transfer(address, uint256) on its contract', () => {
    const to = '0x76b4c56085ED136a8744D52bE956396624a730E8';
    const eth = { assetId: 'nep141:eth.omft.near', blockchain: 'eth', decimals: 18, contractAddress: null };
    expect(paymentRequest(to, 10n ** 18n, eth).text).toBe(`ethereum:${to}@1?value=1000000000000000000`);
    const usdcBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
    const onBase = {
      assetId: `nep141:base-${usdcBase.toLowerCase()}.omft.near`,
      blockchain: 'base',
      decimals: 6,
      contractAddress: usdcBase,
    };
    expect(paymentRequest(to, 25_000_000n, onBase)).toEqual({
      text: `ethereum:${usdcBase}@8453/transfer?address=${to}&uint256=25000000`,
      standard: 'EIP-681',
    });
  });

  it('Solana Pay: SOL in whole units; a token, whose mint no asset id names, gets the bare address', () => {
    const to = 'So11111111111111111111111111111111111111112';
    const sol = { assetId: 'nep141:sol.omft.near', blockchain: 'sol', decimals: 9, contractAddress: null };
    expect(paymentRequest(to, 1_500_000_000n, sol).text).toBe(`solana:${to}?amount=1.5`);
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const usdc = { assetId: 'nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near', blockchain: 'sol' };
    expect(paymentRequest(to, 2_000_000n, { ...usdc, decimals: 6, contractAddress: mint }).standard).toBeNull();
  });

  it('the list’s chain or contract unconfirmed by the asset id: the bare address (HOT’s confirmed by chain id and contract)', () => {
    const USDC_BSC = '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d';
    const to = '0x76b4c56085ED136a8744D52bE956396624a730E8';
    // HOT's BNB on BNB Smart Chain (chain id 56), listed as such, and listed as Ethereum's.
    const bnb = { assetId: 'nep245:v2_1.omni.hot.tg:56_11111111111111111111', decimals: 18, contractAddress: null };
    expect(paymentRequest(to, 10n ** 18n, { ...bnb, blockchain: 'bsc' }).text).toBe(
      `ethereum:${to}@56?value=1000000000000000000`,
    );
    expect(paymentRequest(to, 10n ** 18n, { ...bnb, blockchain: 'eth' }).standard).toBeNull();
    // HOT's BSC USDT: its id carries the contract's 20 bytes in base58; another contract gets no request.
    const usdt = {
      assetId: 'nep245:v2_1.omni.hot.tg:56_2CMMyVTGZkeyNZTSvS5sarzfir6g',
      blockchain: 'bsc',
      decimals: 18,
    };
    const contract = '0x55d398326f99059fF775485246999027B3197955';
    expect(paymentRequest(to, 1n, { ...usdt, contractAddress: contract }).text).toBe(
      `ethereum:${contract}@56/transfer?address=${to}&uint256=1`,
    );
    expect(paymentRequest(to, 1n, { ...usdt, contractAddress: USDC_BSC }).standard).toBeNull();
    expect(paymentRequest(to, 1n, { ...usdt, contractAddress: null }).standard).toBeNull();
    // No asset id, or one that names no chain (a token of the NEAR ledger): nothing to confirm the list by.
    expect(paymentRequest(to, 1n, { blockchain: 'eth', decimals: 18, contractAddress: null }).standard).toBeNull();
    expect(
      paymentRequest(to, 1n, { assetId: 'nep141:wrap.near', blockchain: 'eth', decimals: 18, contractAddress: null })
        .standard,
    ).toBeNull();
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
  const btc = { assetId: 'nep141:btc.omft.near', blockchain: 'btc', decimals: 8, contractAddress: null };
  const ETH_COIN = { assetId: 'nep141:eth.omft.near', blockchain: 'eth' };

  it('a deposit address that is no address of the chain (a query of its own) gets no request', () => {
    for (const address of [`${BTC}?amount=5&x=`, `${BTC}&amount=5`, 'bc1qnotanaddress']) {
      expect(paymentRequest(address, 100_000n, btc), address).toEqual({ text: address, standard: null });
    }
    const sol = 'So11111111111111111111111111111111111111112';
    expect(
      paymentRequest(`${sol}?amount=500&x=`, 1n, {
        assetId: 'nep141:sol.omft.near',
        blockchain: 'sol',
        decimals: 9,
        contractAddress: null,
      }).standard,
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
    expect(paymentRequest(TO, 2n ** 128n - 1n, { ...ETH_COIN, decimals: 18, contractAddress: null }).standard).toBe(
      'EIP-681',
    );
    expect(paymentRequest(TO, 2n ** 128n, { ...ETH_COIN, decimals: 18, contractAddress: null }).standard).toBeNull();
    const sol = 'So11111111111111111111111111111111111111112';
    const solCoin = { assetId: 'nep141:sol.omft.near', blockchain: 'sol', decimals: 9 };
    expect(paymentRequest(sol, 1n, { ...solCoin, contractAddress: null }).standard).toBe('Solana Pay');
    expect(paymentRequest(sol, 1n, { ...solCoin, contractAddress: '' }).standard).toBeNull();
  });

  it('a CashAddr written in capitals keeps its one prefix', () => {
    const upper = 'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A';
    expect(
      paymentRequest(upper, 150_000_000n, {
        assetId: 'nep141:bch.omft.near',
        blockchain: 'bch',
        decimals: 8,
        contractAddress: null,
      }).text,
    ).toBe(`${upper}?amount=1.5`);
  });
});
