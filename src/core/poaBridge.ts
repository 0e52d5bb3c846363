/**
 * The PoA bridge's reusable deposit addresses (docs/services.md, "Home: balances, receive, send, withdraw"): one address per intents
 * account and chain, kept for good, whose deposits of the bridge's own tokens (`<chain>[-<address>].omft.near`)
 * are credited to that account. The bridge names chains `<type>:<id>` (defuse-protocol/defuse-sdk
 * src/types/interfaces.ts `BlockchainEnum`; https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api).
 * Chains whose deposits need a memo (XRP, Stellar, TON) are left out: the bridge's answer carries none.
 */
import type { ChainId } from './chains';

const POA_CHAINS: Readonly<Partial<Record<ChainId, string>>> = {
  eth: 'eth:1',
  base: 'eth:8453',
  arb: 'eth:42161',
  gnosis: 'eth:100',
  bera: 'eth:80094',
  btc: 'btc:mainnet',
  sol: 'sol:mainnet',
  doge: 'doge:mainnet',
  zec: 'zec:mainnet',
  tron: 'tron:mainnet',
  sui: 'sui:mainnet',
  cardano: 'cardano:mainnet',
};

const POA_TOKEN = /^nep141:[a-z0-9]+(?:-[a-z0-9]+)?\.omft\.near$/;

/** The bridge's chain for a token it mints, or null (a token of another bridge, or a chain it does not serve). */
export function poaChainOf(token: { assetId: string; blockchain: string }): string | null {
  if (!POA_TOKEN.test(token.assetId)) return null;
  return POA_CHAINS[token.blockchain as ChainId] ?? null;
}

/** Our chain id for one of the bridge's chain names, or null. */
export function chainOfPoa(poaChain: string): ChainId | null {
  for (const [chain, name] of Object.entries(POA_CHAINS)) if (name === poaChain) return chain as ChainId;
  return null;
}
