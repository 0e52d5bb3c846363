/**
 * The one table of chain facts (docs/architecture.md, "Rooms"), read by the popup, the background and the
 * simulator alike: per chain its id (the interface's, docs/interface.md "Chain ids"; `home` for the ledger: docs/services.md "Wire
 * names"; the SDK's `blockchain` enum, one-click-sdk-typescript src/models/TokenResponse.ts), its name per
 * network (Mainnet's users know the ledger as NEAR: `chainNameOn`), the family of its addresses (checked in ./chainAddress.ts), the memo its receiving addresses may need
 * (./destinationMemo.ts), its payment-request standard (src/ui/paymentUri.ts) and its explorer's
 * transaction page (./explorers.ts). Plain data, no checksum code: a page that shows chain names loads
 * only this.
 *
 * Memos: docs/services.md, "Recipient memos" (the XRP Ledger's destination tag is carried as an
 * X-address; no route carries Stellar's memo or TON's comment, so one typed for them is refused).
 * Payment requests: BIP-21 https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki (and the coins
 * that copied it), EIP-681 https://eips.ethereum.org/EIPS/eip-681 with EIP-155 chain ids
 * (https://chainlist.org), Solana Pay https://docs.solanapay.com/spec.
 * Explorers: links are built by the wallet, never taken from a service (docs/security.md, "Links the wallet
 * builds"); each row names the explorer whose page it is.
 */

import type { NetworkId } from './network';

export type AddressFamily =
  | 'evm'
  | 'home'
  | 'btc'
  | 'ltc'
  | 'doge'
  | 'zec'
  | 'bch'
  | 'dash'
  | 'sol'
  | 'tron'
  | 'ton'
  | 'xrp'
  | 'stellar'
  | 'sui'
  | 'aptos'
  | 'cardano'
  | 'starknet'
  | 'aleo';

/** The interface's chain ids, in its order. */
export const CHAIN_IDS = [
  'home',
  'eth',
  'base',
  'arb',
  'btc',
  'sol',
  'ton',
  'doge',
  'xrp',
  'zec',
  'gnosis',
  'bera',
  'bsc',
  'pol',
  'tron',
  'sui',
  'op',
  'avax',
  'cardano',
  'stellar',
  'aptos',
  'ltc',
  'monad',
  'xlayer',
  'starknet',
  'bch',
  'adi',
  'plasma',
  'scroll',
  'aleo',
  'dash',
  'movement',
  'hypercore',
] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

/**
 * What the chain calls its memo: the XRP Ledger's destination tag, Stellar's memo, TON's comment. The
 * words are the catalogue's (`memo_<kind>Label` and the sentences of ./destinationMemo.ts), never held here.
 */
export type MemoKind = 'tag' | 'memo' | 'comment';

export interface MemoRule {
  kind: MemoKind;
  /** Whether a withdrawal through the swap service can carry it to the address. */
  carried: boolean;
}

/** A chain's memo rule. */
export type ChainMemo = MemoRule;

/** A payment request that carries the amount, where the chain has a standard one. */
export type PaymentStandard =
  | { standard: 'BIP-21'; scheme: string }
  | { standard: 'EIP-681'; chainId: number }
  | { standard: 'Solana Pay' };

export interface ExplorerTemplate {
  /** Everything before the hash, https only. */
  prefix: string;
  /** Anything after it (a network choice). */
  suffix?: string;
}

export interface ChainFacts {
  id: ChainId;
  /** For messages and pickers: the name Mainnet's users know (the ledger is NEAR). */
  name: string;
  /** Where a network calls it otherwise: the simulator's own ledger is the Home ledger (chainNameOn). */
  names?: Partial<Record<NetworkId, string>>;
  family: AddressFamily;
  memo?: ChainMemo;
  payment?: PaymentStandard;
  explorerTx?: ExplorerTemplate;
  /** The PoA bridge gives reusable deposit addresses on it (src/core/poaBridge.ts names it as the bridge does). */
  poaBridge?: true;
}

type Row = Omit<ChainFacts, 'id'>;

const tx = (prefix: string, suffix?: string): ExplorerTemplate => (suffix ? { prefix, suffix } : { prefix });
const evm = (name: string, chainId: number | null, explorer: ExplorerTemplate | null): Row => ({
  name,
  family: 'evm',
  ...(chainId === null ? {} : { payment: { standard: 'EIP-681', chainId } }),
  ...(explorer ? { explorerTx: explorer } : {}),
});
const bip21 = (scheme: string): PaymentStandard => ({ standard: 'BIP-21', scheme });

export const CHAINS: Readonly<Record<ChainId, Row>> = {
  home: {
    name: 'NEAR',
    names: { local: 'Home ledger' },
    family: 'home',
    explorerTx: tx('https://nearblocks.io/txns/'),
  }, // NearBlocks
  eth: { ...evm('Ethereum', 1, tx('https://etherscan.io/tx/')), poaBridge: true }, // Etherscan
  base: { ...evm('Base', 8453, tx('https://basescan.org/tx/')), poaBridge: true }, // BaseScan
  arb: { ...evm('Arbitrum', 42161, tx('https://arbiscan.io/tx/')), poaBridge: true }, // Arbiscan
  btc: {
    name: 'Bitcoin',
    family: 'btc',
    payment: bip21('bitcoin'),
    explorerTx: tx('https://mempool.space/tx/'),
    poaBridge: true,
  },
  sol: {
    name: 'Solana',
    family: 'sol',
    payment: { standard: 'Solana Pay' },
    explorerTx: tx('https://solscan.io/tx/'), // Solscan
    poaBridge: true,
  },
  ton: {
    name: 'TON',
    family: 'ton',
    memo: { kind: 'comment', carried: false },
    explorerTx: tx('https://tonviewer.com/transaction/'), // Tonviewer
  },
  doge: {
    name: 'Dogecoin',
    family: 'doge',
    payment: bip21('dogecoin'),
    explorerTx: tx('https://blockchair.com/dogecoin/transaction/'), // Blockchair
    poaBridge: true,
  },
  xrp: {
    name: 'XRP Ledger',
    family: 'xrp',
    memo: { kind: 'tag', carried: true },
    explorerTx: tx('https://xrpscan.com/tx/'), // XRPSCAN
  },
  zec: {
    name: 'Zcash',
    family: 'zec',
    payment: bip21('zcash'),
    explorerTx: tx('https://blockchair.com/zcash/transaction/'), // Blockchair
    poaBridge: true,
  },
  gnosis: { ...evm('Gnosis', 100, tx('https://gnosisscan.io/tx/')), poaBridge: true }, // GnosisScan
  bera: { ...evm('Berachain', 80094, tx('https://berascan.com/tx/')), poaBridge: true }, // Berascan
  bsc: evm('BNB Smart Chain', 56, tx('https://bscscan.com/tx/')), // BscScan
  pol: evm('Polygon', 137, tx('https://polygonscan.com/tx/')), // PolygonScan
  tron: { name: 'Tron', family: 'tron', explorerTx: tx('https://tronscan.org/#/transaction/'), poaBridge: true }, // TRONSCAN
  sui: { name: 'Sui', family: 'sui', explorerTx: tx('https://suiscan.xyz/mainnet/tx/'), poaBridge: true }, // Suiscan
  op: evm('Optimism', 10, tx('https://optimistic.etherscan.io/tx/')), // Optimism Etherscan
  avax: evm('Avalanche', 43114, tx('https://snowtrace.io/tx/')), // Snowtrace
  cardano: {
    name: 'Cardano',
    family: 'cardano',
    explorerTx: tx('https://cardanoscan.io/transaction/'),
    poaBridge: true,
  }, // Cardanoscan
  stellar: {
    name: 'Stellar',
    family: 'stellar',
    memo: { kind: 'memo', carried: false },
    explorerTx: tx('https://stellar.expert/explorer/public/tx/'), // StellarExpert
  },
  aptos: {
    name: 'Aptos',
    family: 'aptos',
    explorerTx: tx('https://explorer.aptoslabs.com/txn/', '?network=mainnet'), // Aptos Explorer
  },
  ltc: {
    name: 'Litecoin',
    family: 'ltc',
    payment: bip21('litecoin'),
    explorerTx: tx('https://litecoinspace.org/tx/'), // litecoinspace
  },
  monad: evm('Monad', null, tx('https://monadscan.com/tx/')), // MonadScan
  xlayer: evm('X Layer', 196, tx('https://www.oklink.com/xlayer/tx/')), // OKLink X Layer explorer
  starknet: { name: 'Starknet', family: 'starknet', explorerTx: tx('https://voyager.online/tx/') }, // Voyager
  bch: {
    name: 'Bitcoin Cash',
    family: 'bch',
    payment: bip21('bitcoincash'),
    explorerTx: tx('https://blockchair.com/bitcoin-cash/transaction/'), // Blockchair
  },
  adi: evm('ADI', null, null),
  plasma: evm('Plasma', null, tx('https://plasmascan.to/tx/')), // PlasmaScan
  scroll: evm('Scroll', 534352, tx('https://scrollscan.com/tx/')), // ScrollScan
  aleo: { name: 'Aleo', family: 'aleo', explorerTx: tx('https://explorer.aleo.org/transaction/') }, // Aleo Explorer
  dash: {
    name: 'Dash',
    family: 'dash',
    payment: bip21('dash'),
    explorerTx: tx('https://blockchair.com/dash/transaction/'), // Blockchair
  },
  // Movement is an Aptos-style Move chain: the same 0x account addresses.
  movement: {
    name: 'Movement',
    family: 'aptos',
    explorerTx: tx('https://explorer.movementnetwork.xyz/txn/'), // Movement Explorer
  },
  // HyperCore (Hyperliquid) uses EVM addresses.
  hypercore: evm('HyperCore', null, tx('https://app.hyperliquid.xyz/explorer/tx/')), // Hyperliquid explorer
};

/**
 * The facts of a chain, or undefined for one unknown here (a chain added later: shown by its id, and any
 * non-empty address passes, the service checks it). The live service's `near` is the ledger.
 */
export function chainFacts(chain: string): ChainFacts | undefined {
  const id = chain === 'near' ? 'home' : chain;
  return Object.hasOwn(CHAINS, id) ? { id: id as ChainId, ...CHAINS[id as ChainId] } : undefined;
}

/**
 * A chain's name on a network (the id itself for a chain unknown here): Mainnet and custom networks use
 * the names their users know, the simulator (Local) may name its ledger its own way.
 */
export function chainNameOn(chain: string, network: NetworkId): string {
  const facts = chainFacts(chain);
  return facts ? (facts.names?.[network] ?? facts.name) : chain;
}

/** The memo rule of an address family (its chains share it); undefined for families whose addresses need none. */
export function memoRuleOfFamily(family: AddressFamily): ChainMemo | undefined {
  return memoChainOfFamily(family)?.memo;
}

/** The chain whose memo rule an address family has (its name goes in the sentences about the memo). */
export function memoChainOfFamily(family: AddressFamily): ChainFacts | undefined {
  const id = CHAIN_IDS.find((c) => CHAINS[c].family === family && CHAINS[c].memo);
  return id ? { id, ...CHAINS[id] } : undefined;
}
