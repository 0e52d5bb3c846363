// Chain names and address families for the pages (the SDK's chain list, `near` as `home`), apart from
// the address checks so that a page showing chain names does not load the checksum code.
import type { AddressFamily } from '../core/chainAddress';

export type { AddressFamily };

const EVM_CHAINS = [
  'eth',
  'base',
  'arb',
  'gnosis',
  'bera',
  'bsc',
  'pol',
  'op',
  'avax',
  'monad',
  'xlayer',
  'adi',
  'plasma',
  'scroll',
  'hypercore',
];
const FAMILY: Record<string, AddressFamily> = {
  ...Object.fromEntries(EVM_CHAINS.map((c) => [c, 'evm' as const])),
  home: 'home',
  near: 'home',
  btc: 'btc',
  ltc: 'ltc',
  doge: 'doge',
  zec: 'zec',
  bch: 'bch',
  dash: 'dash',
  sol: 'sol',
  tron: 'tron',
  ton: 'ton',
  xrp: 'xrp',
  stellar: 'stellar',
  sui: 'sui',
  aptos: 'aptos',
  cardano: 'cardano',
  starknet: 'starknet',
  aleo: 'aleo',
  // Movement is an Aptos-style Move chain: the same 0x account addresses.
  movement: 'aptos',
};

/** Human chain names for messages and pickers (the id itself when unknown). */
const CHAIN_NAMES: Record<string, string> = {
  home: 'Home ledger',
  eth: 'Ethereum',
  base: 'Base',
  arb: 'Arbitrum',
  btc: 'Bitcoin',
  sol: 'Solana',
  ton: 'TON',
  doge: 'Dogecoin',
  xrp: 'XRP Ledger',
  zec: 'Zcash',
  gnosis: 'Gnosis',
  bera: 'Berachain',
  bsc: 'BNB Smart Chain',
  pol: 'Polygon',
  tron: 'Tron',
  sui: 'Sui',
  op: 'Optimism',
  avax: 'Avalanche',
  cardano: 'Cardano',
  stellar: 'Stellar',
  aptos: 'Aptos',
  ltc: 'Litecoin',
  monad: 'Monad',
  xlayer: 'X Layer',
  starknet: 'Starknet',
  bch: 'Bitcoin Cash',
  adi: 'ADI',
  plasma: 'Plasma',
  scroll: 'Scroll',
  aleo: 'Aleo',
  dash: 'Dash',
  movement: 'Movement',
  hypercore: 'HyperCore',
};

/**
 * The interface's chain ids, in its order: the SDK's `blockchain` enum (one-click-sdk-typescript
 * src/models/TokenResponse.ts) with `near` as `home`. A chain added later, unknown here, is shown by
 * its id and any non-empty address passes (the service checks it).
 * The interface: docs/interface.md.
 */
export const CHAIN_IDS: readonly string[] = Object.keys(CHAIN_NAMES);

export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? chain;
}

export function familyOf(chain: string): AddressFamily | null {
  return FAMILY[chain] ?? null;
}
