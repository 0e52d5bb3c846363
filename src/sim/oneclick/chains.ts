/**
 * What the swap service knows per chain: address family, deposit modes, time estimate, fees in USD,
 * and how its transaction hashes and explorer links look. Chain ids are the interface's (`home`,
 * docs/services.md "Wire names"): the SDK's `blockchain` enum (one-click-sdk-typescript
 * src/models/TokenResponse.ts) with `near` spelled `home`.
 */
import type { AddressFamily } from '../../core/chainAddress';

export const CHAIN_IDS = [
  'home', 'eth', 'base', 'arb', 'btc', 'sol', 'ton', 'doge', 'xrp', 'zec', 'gnosis', 'bera', 'bsc', 'pol', 'tron',
  'sui', 'op', 'avax', 'cardano', 'stellar', 'aptos', 'ltc', 'monad', 'xlayer', 'starknet', 'bch', 'adi', 'plasma',
  'scroll', 'aleo', 'dash', 'movement', 'hypercore',
] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

export type { AddressFamily };

/** Transaction hash shapes. */
export type TxHashShape = 'evm' | 'base58-32' | 'base58-64' | 'hex' | 'HEX' | '0xhex' | 'aleo';

export interface ChainInfo {
  id: ChainId;
  family: AddressFamily;
  /** Deposit modes the chain supports (`MEMO`: one shared address, a memo per quote). */
  depositModes: readonly ('SIMPLE' | 'MEMO')[];
  /** Seconds from deposit confirmation to delivery, as `quote.timeEstimate`. */
  timeEstimateSec: number;
  /** Cost of a refund on this chain, USD (refundFee, in origin units, when refunding here). */
  refundFeeUsd: number;
  /** Smallest value the bridge moves in or out of this chain, USD ("Amount is too low for bridge"). */
  bridgeMinUsd: number;
  txShape: TxHashShape;
  /** Explorer link for a transaction hash ('' when the chain has no public explorer we link to). */
  explorer: string;
}

const evm = (id: ChainId, explorer: string, timeEstimateSec = 30, refundFeeUsd = 0.05, bridgeMinUsd = 0.1): ChainInfo => ({
  id,
  family: 'evm',
  depositModes: ['SIMPLE'],
  timeEstimateSec,
  refundFeeUsd,
  bridgeMinUsd,
  txShape: 'evm',
  explorer,
});

const TABLE: readonly ChainInfo[] = [
  { id: 'home', family: 'home', depositModes: ['SIMPLE'], timeEstimateSec: 10, refundFeeUsd: 0, bridgeMinUsd: 0, txShape: 'base58-32', explorer: 'https://nearblocks.io/txns/' },
  evm('eth', 'https://etherscan.io/tx/', 90, 0.5, 1),
  evm('base', 'https://basescan.org/tx/'),
  evm('arb', 'https://arbiscan.io/tx/'),
  { id: 'btc', family: 'btc', depositModes: ['SIMPLE'], timeEstimateSec: 812, refundFeeUsd: 1.8, bridgeMinUsd: 5, txShape: 'hex', explorer: 'https://mempool.space/tx/' },
  { id: 'sol', family: 'sol', depositModes: ['SIMPLE'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: 'base58-64', explorer: 'https://solscan.io/tx/' },
  { id: 'ton', family: 'ton', depositModes: ['MEMO'], timeEstimateSec: 30, refundFeeUsd: 0.05, bridgeMinUsd: 0.1, txShape: 'hex', explorer: 'https://tonviewer.com/transaction/' },
  { id: 'doge', family: 'doge', depositModes: ['SIMPLE'], timeEstimateSec: 240, refundFeeUsd: 0.2, bridgeMinUsd: 1, txShape: 'hex', explorer: 'https://blockchair.com/dogecoin/transaction/' },
  { id: 'xrp', family: 'xrp', depositModes: ['SIMPLE', 'MEMO'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: 'HEX', explorer: 'https://xrpscan.com/tx/' },
  { id: 'zec', family: 'zec', depositModes: ['SIMPLE'], timeEstimateSec: 105, refundFeeUsd: 0.01, bridgeMinUsd: 0.04, txShape: 'hex', explorer: 'https://blockchair.com/zcash/transaction/' },
  evm('gnosis', 'https://gnosisscan.io/tx/'),
  evm('bera', 'https://berascan.com/tx/'),
  evm('bsc', 'https://bscscan.com/tx/', 20),
  evm('pol', 'https://polygonscan.com/tx/', 40),
  { id: 'tron', family: 'tron', depositModes: ['SIMPLE'], timeEstimateSec: 30, refundFeeUsd: 0.5, bridgeMinUsd: 1, txShape: 'hex', explorer: 'https://tronscan.org/#/transaction/' },
  { id: 'sui', family: 'sui', depositModes: ['SIMPLE'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: 'base58-32', explorer: 'https://suiscan.xyz/mainnet/tx/' },
  evm('op', 'https://optimistic.etherscan.io/tx/'),
  evm('avax', 'https://snowtrace.io/tx/', 20),
  { id: 'cardano', family: 'cardano', depositModes: ['SIMPLE'], timeEstimateSec: 120, refundFeeUsd: 0.2, bridgeMinUsd: 1, txShape: 'hex', explorer: 'https://cardanoscan.io/transaction/' },
  { id: 'stellar', family: 'stellar', depositModes: ['MEMO'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: 'hex', explorer: 'https://stellar.expert/explorer/public/tx/' },
  { id: 'aptos', family: 'aptos', depositModes: ['SIMPLE'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: '0xhex', explorer: 'https://explorer.aptoslabs.com/txn/' },
  { id: 'ltc', family: 'ltc', depositModes: ['SIMPLE'], timeEstimateSec: 300, refundFeeUsd: 0.05, bridgeMinUsd: 0.5, txShape: 'hex', explorer: 'https://litecoinspace.org/tx/' },
  evm('monad', 'https://monadscan.com/tx/'),
  evm('xlayer', 'https://www.oklink.com/xlayer/tx/'),
  { id: 'starknet', family: 'starknet', depositModes: ['SIMPLE'], timeEstimateSec: 60, refundFeeUsd: 0.05, bridgeMinUsd: 0.1, txShape: '0xhex', explorer: 'https://starkscan.co/tx/' },
  { id: 'bch', family: 'bch', depositModes: ['SIMPLE'], timeEstimateSec: 600, refundFeeUsd: 0.01, bridgeMinUsd: 0.5, txShape: 'hex', explorer: 'https://blockchair.com/bitcoin-cash/transaction/' },
  evm('adi', ''),
  evm('plasma', 'https://plasmascan.to/tx/'),
  evm('scroll', 'https://scrollscan.com/tx/'),
  { id: 'aleo', family: 'aleo', depositModes: ['SIMPLE'], timeEstimateSec: 60, refundFeeUsd: 0.05, bridgeMinUsd: 0.1, txShape: 'aleo', explorer: 'https://explorer.aleo.org/transaction/' },
  // Movement is an Aptos-style Move chain (same 0x account addresses); HyperCore (Hyperliquid) uses EVM addresses.
  { id: 'movement', family: 'aptos', depositModes: ['SIMPLE'], timeEstimateSec: 20, refundFeeUsd: 0.01, bridgeMinUsd: 0.1, txShape: '0xhex', explorer: 'https://explorer.movementnetwork.xyz/txn/' },
  evm('hypercore', 'https://app.hyperliquid.xyz/explorer/tx/', 20, 0.05, 1),
  { id: 'dash', family: 'dash', depositModes: ['SIMPLE'], timeEstimateSec: 300, refundFeeUsd: 0.01, bridgeMinUsd: 0.5, txShape: 'hex', explorer: 'https://blockchair.com/dash/transaction/' },
];

const BY_ID = new Map<string, ChainInfo>(TABLE.map((c) => [c.id, c]));

export function chainInfo(id: string): ChainInfo | undefined {
  // The live service spells the ledger `near` (docs/services.md, "Wire names"): accept it inbound.
  return BY_ID.get(id === 'near' ? 'home' : id);
}

export function isChainId(id: string): id is ChainId {
  return BY_ID.has(id);
}

export function explorerUrl(chain: ChainInfo, hash: string): string {
  return chain.explorer ? `${chain.explorer}${hash}` : '';
}
