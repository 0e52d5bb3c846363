/**
 * The bundled table of well-known assets: the second source for decimals and symbols (./tokenFacts,
 * docs/security.md "Token facts"). The swap service's token list must agree with it; a token not in it
 * is checked against its contract's `ft_metadata` instead.
 *
 * Decimals are the token contracts' own (NEP-148 `ft_metadata.decimals` of the NEAR contract, which for
 * the PoA bridge's `*.omft.near` and HOT's `v2_1.omni.hot.tg` tokens are the origin chain's). The symbol
 * is the one the swap service lists and the wallet shows; `aliases` are other spellings in use for the
 * same asset (the contract's own where the service writes it differently, e.g. `nbtc.bridge.near` says
 * `nBTC`, the service `BTC`). Symbols compare without case.
 *
 * Sources, cited per row:
 *   [L] the swap service's own list (`GET /v0/tokens` of 1click.chaindefuser.com, the SDK's
 *       `TokenResponse`) as integrators copied it: the solver relay's list of 2025-03-27 in
 *       github.com/Teckas-Technologies/zcash-agents `zcash-agents-ai/app/utils/tokens.py`, and copies of
 *       2025-07 published in agent templates (where `nbtc.bridge.near` reads `BTC`, WIF `$WIF`);
 *   [F] the NEAR Intents app's token list, github.com/defuse-protocol/defuse-frontend
 *       `src/constants/tokens.ts` (the decimals of each contract, and its symbols);
 *   [S] the simulator's seeded tokens (src/sim/tokenList.ts), native coins with their chain's decimals.
 * The simulator's seeds are all here and agree (test/unit/core/tokenFacts.unit.test.ts).
 */
import { type KnownTokenRow, knownTokenTable } from './knownTokenRows';
import type { KnownToken } from './tokenFacts';

/** The rows, also written into the package as `known-tokens.json` (./knownTokenRows.ts) for the background. */
export const KNOWN_TOKEN_ROWS: readonly KnownTokenRow[] = [
  // Tokens of the NEAR ledger itself
  ['nep141:wrap.near', 'wNEAR', 24, ['NEAR']], // [L][F]
  ['nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1', 'USDC', 6], // [L][F]
  ['nep141:usdt.tether-token.near', 'USDT', 6], // [F]; the contract writes USDt
  ['nep141:eth.bridge.near', 'ETH', 18], // [L][F]
  ['nep141:aurora', 'ETH', 18], // [F]
  ['nep141:nbtc.bridge.near', 'BTC', 8, ['nBTC']], // [L][F]
  ['nep141:2260fac5e5542a773aa44fbcfedf7c193bc2c599.factory.bridge.near', 'wBTC', 8], // [L]
  ['nep141:aaaaaa20d9e0e2461697782ef11675f668207961.factory.bridge.near', 'AURORA', 18], // [L][F]
  ['nep141:a35923162c49cf95e6bf26623385eb431ad920d3.factory.bridge.near', 'TURBO', 18], // [L][F]
  ['nep141:d9c2d319cd7e6177336b0a9c93c21cb48d84fb54.factory.bridge.near', 'HAPI', 18], // [F]
  ['nep141:token.sweat', 'SWEAT', 18], // [L][F]
  ['nep141:token.v2.ref-finance.near', 'REF', 18], // [L][F]
  ['nep141:token.rhealab.near', 'RHEA', 18], // [F]
  ['nep141:token.publicailab.near', 'PUBLIC', 18], // [F]
  ['nep141:blackdragon.tkn.near', 'BLACKDRAGON', 24], // [L][F]
  ['nep141:token.burrow.near', 'BRRR', 18], // [L][F]
  ['nep141:token.0xshitzu.near', 'SHITZU', 18], // [L][F]
  ['nep141:purge-558.meme-cooking.near', 'PURGE', 18], // [L][F]
  ['nep141:abg-966.meme-cooking.near', 'ABG', 18], // [L][F]
  ['nep141:noear-324.meme-cooking.near', 'NOEAR', 18], // [L][F]
  ['nep141:gnear-229.meme-cooking.near', 'GNEAR', 18], // [L][F]
  ['nep141:jambo-1679.meme-cooking.near', 'JAMBO', 18], // [F]
  ['nep141:mpdao-token.near', 'mpDAO', 6], // [L][F]
  ['nep141:score.aidols.near', 'SCORE', 24], // [F]

  // PoA bridge: native coins of other chains
  ['nep141:eth.omft.near', 'ETH', 18], // [L][F]
  ['nep141:btc.omft.near', 'BTC', 8], // [L][F]
  ['nep141:sol.omft.near', 'SOL', 9], // [L][F]
  ['nep141:doge.omft.near', 'DOGE', 8], // [L][F]
  ['nep141:xrp.omft.near', 'XRP', 6], // [L][F]
  ['nep141:zec.omft.near', 'ZEC', 8], // [L][F]
  ['nep141:arb.omft.near', 'ETH', 18], // [L][F]
  ['nep141:base.omft.near', 'ETH', 18], // [L][F]
  ['nep141:bera.omft.near', 'BERA', 18], // [L][F]
  ['nep141:gnosis.omft.near', 'xDAI', 18], // [F]
  ['nep141:sui.omft.near', 'SUI', 9], // [L][F]
  ['nep141:tron.omft.near', 'TRX', 6], // [F]
  ['nep141:cardano.omft.near', 'ADA', 6], // [F]
  ['nep141:bsc.omft.near', 'BNB', 18], // [S]
  ['nep141:pol.omft.near', 'POL', 18], // [S]
  ['nep141:avax.omft.near', 'AVAX', 18], // [S]
  ['nep141:ltc.omft.near', 'LTC', 8], // [S]
  ['nep141:stellar-native.omft.near', 'XLM', 7], // [S]
  ['nep141:aptos.omft.near', 'APT', 8], // [S]

  // PoA bridge: tokens of Ethereum
  ['nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near', 'USDC', 6], // [L][F]
  ['nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near', 'USDT', 6], // [L][F]
  ['nep141:eth-0x6b175474e89094c44da98b954eedeac495271d0f.omft.near', 'DAI', 18], // [L][F]
  ['nep141:eth-0x514910771af9ca656af840dff83e8264ecf986ca.omft.near', 'LINK', 18], // [L][F]
  ['nep141:eth-0x95ad61b0a150d79219dcf64e1e6cc01f0b64c4ce.omft.near', 'SHIB', 18], // [L][F]
  ['nep141:eth-0x1f9840a85d5af5bf1d1762f925bdaddc4201f984.omft.near', 'UNI', 18], // [L][F]
  ['nep141:eth-0x6982508145454ce325ddbe47a25d4ec3d2311933.omft.near', 'PEPE', 18], // [L][F]
  ['nep141:eth-0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9.omft.near', 'AAVE', 18], // [L][F]
  ['nep141:eth-0xaaee1a9723aadb7afa2810263653a34ba2c21c7a.omft.near', 'MOG', 18], // [L][F]
  ['nep141:eth-0xa35923162c49cf95e6bf26623385eb431ad920d3.omft.near', 'TURBO', 18], // [F]
  ['nep141:eth-0xaaaaaa20d9e0e2461697782ef11675f668207961.omft.near', 'AURORA', 18], // [F]
  ['nep141:eth-0xb4b9dc1c77bdbb135ea907fd5a08094d98883a35.omft.near', 'SWEAT', 18], // [F]
  ['nep141:eth-0xd9c2d319cd7e6177336b0a9c93c21cb48d84fb54.omft.near', 'HAPI', 18], // [F]
  ['nep141:eth-0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf.omft.near', 'cbBTC', 8], // [F]
  ['nep141:eth-0x2260fac5e5542a773aa44fbcfedf7c193bc2c599.omft.near', 'WBTC', 8], // [F]
  ['nep141:eth-0xfa2b947eec368f42195f24f36d2af29f7c24cec2.omft.near', 'USDf', 18], // [F]
  ['nep141:eth-0x8d0d000ee44948fc98c9b98a4fa4921476f08b0d.omft.near', 'USD1', 18], // [F]
  ['nep141:eth-0xdefa4e8a7bcba345f687a2f1456f5edd9ce97202.omft.near', 'KNC', 18], // [F]

  // PoA bridge: tokens of Arbitrum, Base and Gnosis
  ['nep141:arb-0x912ce59144191c1204e64559fe8253a0e49e6548.omft.near', 'ARB', 18], // [L][F]
  ['nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near', 'USDC', 6], // [F]
  ['nep141:arb-0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9.omft.near', 'USDT', 6], // [F]
  ['nep141:arb-0xfc5a1a6eb076a2c7ad06ed22c90d7e710e35ad0a.omft.near', 'GMX', 18], // [L][F]
  ['nep141:arb-0xca7dec8550f43a5e46e3dfb95801f64280e75b27.omft.near', 'SWEAT', 18], // [F]
  ['nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near', 'USDC', 6], // [F]
  ['nep141:base-0x532f27101965dd16442e59d40670faf5ebb142e4.omft.near', 'BRETT', 18], // [L][F]
  ['nep141:base-0x227d920e20ebac8a40e7d6431b7d724bb64d7245.omft.near', 'SWEAT', 18], // [F]
  ['nep141:base-0x98d0baa52b2d063e780de12f615f963fe8537553.omft.near', 'KAITO', 18], // [F]
  ['nep141:base-0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf.omft.near', 'cbBTC', 8], // [F]
  ['nep141:gnosis-0x9c58bacc331c9aa871afd802db6379a98e80cedb.omft.near', 'GNO', 18], // [L][F]
  ['nep141:gnosis-0x4d18815d14fe5c3304e87b3fa18318baa5c23820.omft.near', 'SAFE', 18], // [L][F]
  ['nep141:gnosis-0x177127622c4a00f3d409b75571e12cb3c8973d3c.omft.near', 'COW', 18], // [L][F]
  ['nep141:gnosis-0x2a22f9c3b484c3629090feed35f17ff8f88f76f0.omft.near', 'USDC', 6], // [F]
  ['nep141:gnosis-0x6a023ccd1ff6f2045c3309768ead9e68f978f6e1.omft.near', 'wETH', 18], // [F]

  // PoA bridge: tokens of Solana, Sui, Tron and Aptos
  ['nep141:sol-5ce3bf3a31af18be40ba30f721101b4341690186.omft.near', 'USDC', 6], // [F]
  ['nep141:sol-c800a4bd850783ccb82c2b2c7e84175443606352.omft.near', 'USDT', 6], // [F]
  ['nep141:sol-c58e6539c2f2e097c251f8edf11f9c03e581f8d4.omft.near', 'TRUMP', 6], // [L][F]
  ['nep141:sol-d600e625449a4d9380eaf5e3265e54c90d34e260.omft.near', 'MELANIA', 6], // [L][F]
  ['nep141:sol-b9c68f94ec8fd160137af8cdfe5e61cd68e2afba.omft.near', 'WIF', 6, ['$WIF']], // [L][F]
  ['nep141:sol-57d087fd8c460f612f8701f5499ad8b2eec5ab68.omft.near', 'BOME', 6], // [L][F]
  ['nep141:sol-91914f13d3b54f8126a2824d71632d4b078d7403.omft.near', 'xBTC', 8], // [L][F]
  ['nep141:sol-df27d7abcc1c656d4ac3b1399bbfbba1994e6d8c.omft.near', 'TURBO', 8], // [F]
  ['nep141:sol-bb27241c87aa401cc963c360c175dd7ca7035873.omft.near', 'LOUD', 6], // [F]
  ['nep141:sol-1f00bb36e75cfc8e1274c1507cc3054f5b3f3ce1.omft.near', 'PUBLIC', 9], // [F]
  ['nep141:sui-c1b81ecaf27933252d31a963bc5e9458f13c18ce.omft.near', 'USDC', 6], // [F]
  ['nep141:tron-d28a265909efecdcee7c5028585214ea0b96f015.omft.near', 'USDT', 6], // [F]
  ['nep141:aptos-88cb7619440a914fe6400149a12b443c3ac21d59.omft.near', 'USDT', 6], // [F]

  // HOT bridge (NEP-245 tokens of v2_1.omni.hot.tg; no ft_metadata, so this table is their only second source)
  ['nep245:v2_1.omni.hot.tg:10_11111111111111111111', 'ETH', 18], // [L][F] Optimism
  ['nep245:v2_1.omni.hot.tg:56_11111111111111111111', 'BNB', 18], // [F]
  ['nep245:v2_1.omni.hot.tg:137_11111111111111111111', 'POL', 18], // [F]
  ['nep245:v2_1.omni.hot.tg:43114_11111111111111111111', 'AVAX', 18], // [F]
  ['nep245:v2_1.omni.hot.tg:1117_', 'TON', 9], // [F]
  ['nep245:v2_1.omni.hot.tg:1100_111bzQBB5v7AhLyPMDwS8uJgQV24KaAPXtwyVWu2KXbbfQU6NXRCz', 'XLM', 7], // [F]
  ['nep245:v2_1.omni.hot.tg:10_vLAiSt9KfUGKpw5cD3vsSyNYBo7', 'OP', 18], // [F]
  ['nep245:v2_1.omni.hot.tg:137_qiStmoQJDQPTebaPjgx5VBxZv6L', 'USDC', 6], // [F] Polygon
  ['nep245:v2_1.omni.hot.tg:56_2w93GqMcEmQFDru84j3HZZWt557r', 'USDC', 18], // [F] BNB Chain
  ['nep245:v2_1.omni.hot.tg:1100_111bzQBB65GxAPAVoxqmMcgYo5oS3txhqs1Uh1cgahKQUeTUq1TJu', 'USDC', 7], // [F] Stellar
  ['nep245:v2_1.omni.hot.tg:10_A2ewyUyDp6qsue1jqZsGypkCxRJ', 'USDC', 6], // [F] Optimism
  ['nep245:v2_1.omni.hot.tg:43114_3atVJH3r5c4GqiSYmg9fECvjc47o', 'USDC', 6], // [F] Avalanche
  ['nep245:v2_1.omni.hot.tg:137_3hpYoaLtt8MP1Z2GH1U473DMRKgr', 'USDT', 6], // [F] Polygon
  ['nep245:v2_1.omni.hot.tg:56_2CMMyVTGZkeyNZTSvS5sarzfir6g', 'USDT', 18], // [F] BNB Chain
  ['nep245:v2_1.omni.hot.tg:1117_3tsdfyziyc7EJbP2aULWSKU4toBaAcN4FdTgfm5W1mC4ouR', 'USDT', 6], // [F] TON
  ['nep245:v2_1.omni.hot.tg:43114_372BeH7ENZieCaabwkbWkBiTTgXp', 'USDT', 6], // [F] Avalanche
  ['nep245:v2_1.omni.hot.tg:10_359RPSJVdTxwTJT9TyGssr2rFoWo', 'USDT', 6], // [F] Optimism
  ['nep245:v2_1.omni.hot.tg:56_28V9BijGeZDBFEEtkAcnJo4tPRH4', 'SWEAT', 18], // [F] BNB Chain
  ['nep245:v2_1.omni.hot.tg:56_24S22V8GMmQN8t6PbCdRb3mBewAd', 'RHEA', 18], // [F] BNB Chain
];

export const KNOWN_TOKENS: ReadonlyMap<string, KnownToken> = /* @__PURE__ */ knownTokenTable(KNOWN_TOKEN_ROWS);
