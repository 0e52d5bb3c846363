/**
 * The simulator's token list, shaped like the live `/v0/tokens` (docs/services.md, "The swap service")
 * with more chains from the interface's chain list. Chain ids follow the interface (`home` for the
 * ledger, docs/services.md "Wire names").
 * Prices are fixed so quotes are reproducible.
 * The interface: docs/interface.md.
 */
export interface SimToken {
  assetId: string;
  decimals: number;
  blockchain: string;
  symbol: string;
  price: number;
  contractAddress: string | null;
}

export const PRICE_UPDATED_AT = '2026-11-01T12:00:00.000Z';

export const SIM_TOKENS: readonly SimToken[] = [
  {
    assetId: 'nep141:wrap.near',
    blockchain: 'home',
    symbol: 'wNEAR',
    decimals: 24,
    contractAddress: 'wrap.near',
    price: 2.31,
  },
  {
    assetId: 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1',
    blockchain: 'home',
    symbol: 'USDC',
    decimals: 6,
    contractAddress: '17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1',
    price: 0.999997,
  },
  {
    assetId: 'nep141:usdt.tether-token.near',
    blockchain: 'home',
    symbol: 'USDT',
    decimals: 6,
    contractAddress: 'usdt.tether-token.near',
    price: 0.999986,
  },
  {
    assetId: 'nep141:eth.bridge.near',
    blockchain: 'home',
    symbol: 'ETH',
    decimals: 18,
    contractAddress: 'eth.bridge.near',
    price: 1789.37,
  },
  {
    assetId: 'nep141:nbtc.bridge.near',
    blockchain: 'home',
    symbol: 'BTC',
    decimals: 8,
    contractAddress: 'nbtc.bridge.near',
    price: 95091,
  },
  {
    assetId: 'nep141:token.v2.ref-finance.near',
    blockchain: 'home',
    symbol: 'REF',
    decimals: 18,
    contractAddress: 'token.v2.ref-finance.near',
    price: 0.074314,
  },
  {
    assetId: 'nep141:eth.omft.near',
    blockchain: 'eth',
    symbol: 'ETH',
    decimals: 18,
    contractAddress: null,
    price: 1789.37,
  },
  {
    assetId: 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
    blockchain: 'eth',
    symbol: 'USDC',
    decimals: 6,
    contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    price: 0.999997,
  },
  {
    assetId: 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near',
    blockchain: 'eth',
    symbol: 'USDT',
    decimals: 6,
    contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    price: 0.999986,
  },
  {
    assetId: 'nep141:btc.omft.near',
    blockchain: 'btc',
    symbol: 'BTC',
    decimals: 8,
    contractAddress: null,
    price: 95091,
  },
  {
    assetId: 'nep141:sol.omft.near',
    blockchain: 'sol',
    symbol: 'SOL',
    decimals: 9,
    contractAddress: null,
    price: 145.02,
  },
  {
    assetId: 'nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near',
    blockchain: 'sol',
    symbol: 'USDC',
    decimals: 6,
    contractAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    price: 0.999997,
  },
  {
    assetId: 'nep141:sol-c800a4bd850783ccb82c2b2c7e84175443606352.omft.near',
    blockchain: 'sol',
    symbol: 'USDT',
    decimals: 6,
    contractAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    price: 0.999986,
  },
  {
    assetId: 'nep141:arb.omft.near',
    blockchain: 'arb',
    symbol: 'ETH',
    decimals: 18,
    contractAddress: null,
    price: 1789.37,
  },
  {
    assetId: 'nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near',
    blockchain: 'arb',
    symbol: 'USDC',
    decimals: 6,
    contractAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    price: 0.999997,
  },
  {
    assetId: 'nep141:arb-0x912ce59144191c1204e64559fe8253a0e49e6548.omft.near',
    blockchain: 'arb',
    symbol: 'ARB',
    decimals: 18,
    contractAddress: '0x912ce59144191c1204e64559fe8253a0e49e6548',
    price: 0.304832,
  },
  {
    assetId: 'nep141:base.omft.near',
    blockchain: 'base',
    symbol: 'ETH',
    decimals: 18,
    contractAddress: null,
    price: 1789.37,
  },
  {
    assetId: 'nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near',
    blockchain: 'base',
    symbol: 'USDC',
    decimals: 6,
    contractAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    price: 0.999997,
  },
  {
    assetId: 'nep141:bsc.omft.near',
    blockchain: 'bsc',
    symbol: 'BNB',
    decimals: 18,
    contractAddress: null,
    price: 601.03,
  },
  {
    assetId: 'nep141:pol.omft.near',
    blockchain: 'pol',
    symbol: 'POL',
    decimals: 18,
    contractAddress: null,
    price: 0.214584,
  },
  {
    assetId: 'nep141:tron.omft.near',
    blockchain: 'tron',
    symbol: 'TRX',
    decimals: 6,
    contractAddress: null,
    price: 0.245433,
  },
  {
    assetId: 'nep141:doge.omft.near',
    blockchain: 'doge',
    symbol: 'DOGE',
    decimals: 8,
    contractAddress: null,
    price: 0.169171,
  },
  {
    assetId: 'nep141:xrp.omft.near',
    blockchain: 'xrp',
    symbol: 'XRP',
    decimals: 6,
    contractAddress: null,
    price: 2.14,
  },
  {
    assetId: 'nep141:zec.omft.near',
    blockchain: 'zec',
    symbol: 'ZEC',
    decimals: 8,
    contractAddress: null,
    price: 36.4693,
  },
  {
    assetId: 'nep141:ltc.omft.near',
    blockchain: 'ltc',
    symbol: 'LTC',
    decimals: 8,
    contractAddress: null,
    price: 84.12,
  },
  {
    assetId: 'nep141:gnosis.omft.near',
    blockchain: 'gnosis',
    symbol: 'xDAI',
    decimals: 18,
    contractAddress: null,
    price: 1.0,
  },
  {
    assetId: 'nep141:stellar-native.omft.near',
    blockchain: 'stellar',
    symbol: 'XLM',
    decimals: 7,
    contractAddress: null,
    price: 0.27,
  },
  {
    assetId: 'nep245:v2_1.omni.hot.tg:1117_',
    blockchain: 'ton',
    symbol: 'TON',
    decimals: 9,
    contractAddress: null,
    price: 3.21,
  },
  {
    assetId: 'nep141:sui.omft.near',
    blockchain: 'sui',
    symbol: 'SUI',
    decimals: 9,
    contractAddress: null,
    price: 3.41,
  },
  {
    assetId: 'nep245:v2_1.omni.hot.tg:10_11111111111111111111',
    blockchain: 'op',
    symbol: 'ETH',
    decimals: 18,
    contractAddress: null,
    price: 1789.37,
  },
  {
    assetId: 'nep141:avax.omft.near',
    blockchain: 'avax',
    symbol: 'AVAX',
    decimals: 18,
    contractAddress: null,
    price: 22.4,
  },
  {
    assetId: 'nep141:cardano.omft.near',
    blockchain: 'cardano',
    symbol: 'ADA',
    decimals: 6,
    contractAddress: null,
    price: 0.7,
  },
  {
    assetId: 'nep141:aptos.omft.near',
    blockchain: 'aptos',
    symbol: 'APT',
    decimals: 8,
    contractAddress: null,
    price: 5.1,
  },
];

const BY_ID = new Map(SIM_TOKENS.map((t) => [t.assetId, t]));

export function findToken(assetId: string): SimToken | undefined {
  return BY_ID.get(assetId);
}
