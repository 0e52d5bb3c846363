/**
 * The PoA bridge's reusable deposit addresses (docs/services.md, "Home: balances, receive, send, withdraw"): one address per intents
 * account and chain, kept for good, whose deposits of the bridge's own tokens (`<chain>[-<address>].omft.near`)
 * are credited to that account. The bridge names chains `<type>:<id>` (defuse-protocol/defuse-sdk
 * src/types/interfaces.ts `BlockchainEnum`; https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api).
 * Chains whose deposits need a memo (XRP, Stellar, TON) are left out: the bridge's answer carries none.
 */
import { CHAINS, type ChainId } from './chains';

/** The bridge's name of a chain it serves (src/core/chains.ts `poaBridge`): an EVM chain by its chain id, others on mainnet. */
function poaName(id: ChainId): string | null {
  const chain = Object.hasOwn(CHAINS, id) ? CHAINS[id] : undefined;
  if (!chain?.poaBridge) return null;
  return chain.payment?.standard === 'EIP-681' ? `eth:${chain.payment.chainId}` : `${id}:mainnet`;
}

const POA_TOKEN = /^nep141:([a-z0-9]+)(?:-([a-z0-9]+))?\.omft\.near$/;

/**
 * What the id of a token the bridge mints names: its chain's prefix (`eth`), and what follows it (`0x…` for
 * an EVM token's contract; null for the chain's own coin). Null for any other token.
 */
export function poaTokenOf(assetId: string): { chain: string; suffix: string | null } | null {
  const m = POA_TOKEN.exec(assetId);
  return m ? { chain: m[1]!, suffix: m[2] ?? null } : null;
}

/**
 * The bridge's chain for a token it mints, or null (a token of another bridge, a chain it does not serve,
 * or a list that puts the token on another chain than its id names: a deposit there would be lost).
 */
export function poaChainOf(token: { assetId: string; blockchain: string }): string | null {
  if (poaTokenOf(token.assetId)?.chain !== token.blockchain) return null;
  return poaName(token.blockchain as ChainId);
}

/** Our chain id for one of the bridge's chain names, or null. */
export function chainOfPoa(poaChain: string): ChainId | null {
  for (const id of Object.keys(CHAINS) as ChainId[]) if (poaName(id) === poaChain) return id;
  return null;
}
