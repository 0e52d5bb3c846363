/**
 * What the simulated swap service does per chain: deposit modes, time estimate, fees in USD, and how its
 * transaction hashes look. The chain facts (ids, address families, explorer links) come from the wallet's
 * own table (src/core/chains.ts), so the two agree. Chain ids are the interface's (`home`,
 * docs/services.md "Wire names"): the SDK's `blockchain` enum (one-click-sdk-typescript
 * src/models/TokenResponse.ts) with `near` spelled `home`.
 * The interface: docs/interface.md.
 */
import { type AddressFamily, CHAIN_IDS, CHAINS, type ChainId } from '../../core/chains';
import { explorerTxUrl } from '../../core/explorers';

export type { AddressFamily };
export { CHAIN_IDS, type ChainId };

/** Transaction hash shapes. */
export type TxHashShape = 'evm' | 'base58-32' | 'base58-64' | 'hex' | 'HEX' | '0xhex' | 'aleo';

export interface ChainInfo {
  id: ChainId;
  /** The chain table's (src/core/chains.ts). */
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
}

type Behaviour = Omit<ChainInfo, 'family'>;

const evm = (id: ChainId, timeEstimateSec = 30, refundFeeUsd = 0.05, bridgeMinUsd = 0.1): Behaviour => ({
  id,
  depositModes: ['SIMPLE'],
  timeEstimateSec,
  refundFeeUsd,
  bridgeMinUsd,
  txShape: 'evm',
});

const BEHAVIOUR: readonly Behaviour[] = [
  {
    id: 'home',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 10,
    refundFeeUsd: 0,
    bridgeMinUsd: 0,
    txShape: 'base58-32',
  },
  evm('eth', 90, 0.5, 1),
  evm('base'),
  evm('arb'),
  {
    id: 'btc',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 812,
    refundFeeUsd: 1.8,
    bridgeMinUsd: 5,
    txShape: 'hex',
  },
  {
    id: 'sol',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: 'base58-64',
  },
  {
    id: 'ton',
    depositModes: ['MEMO'],
    timeEstimateSec: 30,
    refundFeeUsd: 0.05,
    bridgeMinUsd: 0.1,
    txShape: 'hex',
  },
  {
    id: 'doge',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 240,
    refundFeeUsd: 0.2,
    bridgeMinUsd: 1,
    txShape: 'hex',
  },
  {
    id: 'xrp',
    depositModes: ['SIMPLE', 'MEMO'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: 'HEX',
  },
  {
    id: 'zec',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 105,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.04,
    txShape: 'hex',
  },
  evm('gnosis'),
  evm('bera'),
  evm('bsc', 20),
  evm('pol', 40),
  {
    id: 'tron',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 30,
    refundFeeUsd: 0.5,
    bridgeMinUsd: 1,
    txShape: 'hex',
  },
  {
    id: 'sui',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: 'base58-32',
  },
  evm('op'),
  evm('avax', 20),
  {
    id: 'cardano',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 120,
    refundFeeUsd: 0.2,
    bridgeMinUsd: 1,
    txShape: 'hex',
  },
  {
    id: 'stellar',
    depositModes: ['MEMO'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: 'hex',
  },
  {
    id: 'aptos',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: '0xhex',
  },
  {
    id: 'ltc',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 300,
    refundFeeUsd: 0.05,
    bridgeMinUsd: 0.5,
    txShape: 'hex',
  },
  evm('monad'),
  evm('xlayer'),
  {
    id: 'starknet',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 60,
    refundFeeUsd: 0.05,
    bridgeMinUsd: 0.1,
    txShape: '0xhex',
  },
  {
    id: 'bch',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 600,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.5,
    txShape: 'hex',
  },
  evm('adi'),
  evm('plasma'),
  evm('scroll'),
  {
    id: 'aleo',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 60,
    refundFeeUsd: 0.05,
    bridgeMinUsd: 0.1,
    txShape: 'aleo',
  },
  {
    id: 'movement',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 20,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.1,
    txShape: '0xhex',
  },
  evm('hypercore', 20, 0.05, 1),
  {
    id: 'dash',
    depositModes: ['SIMPLE'],
    timeEstimateSec: 300,
    refundFeeUsd: 0.01,
    bridgeMinUsd: 0.5,
    txShape: 'hex',
  },
];

const BY_ID = new Map<string, ChainInfo>(BEHAVIOUR.map((c) => [c.id, { ...c, family: CHAINS[c.id].family }]));

export function chainInfo(id: string): ChainInfo | undefined {
  // The live service spells the ledger `near` (docs/services.md, "Wire names"): accept it inbound.
  return BY_ID.get(id === 'near' ? 'home' : id);
}

export function isChainId(id: string): id is ChainId {
  return BY_ID.has(id);
}

/** The explorer page of a transaction ('' where the chain has none), as the live service sends `explorerUrl`. */
export function explorerUrl(chain: ChainInfo, hash: string): string {
  return explorerTxUrl(chain.id, hash) ?? '';
}
