// Chain names and address families for the pages, read from the chain table (src/core/chains.ts), apart
// from the address checks so that a page showing chain names does not load the checksum code.
// Names are per network (Mainnet's users know the ledger as NEAR, the simulator calls it its own way):
// the page that knows the network (the popup's shell, the approval window) says it once here, and every
// name read after that is the network's. Until it is known, names are Mainnet's.
import { type AddressFamily, chainFacts, chainNameOn, CHAIN_IDS as IDS } from '../core/chains';
import type { NetworkId } from '../core/network';

export type { AddressFamily };

/**
 * The interface's chain ids (docs/interface.md, "Chain ids"), in its order. A chain added later, unknown here, is shown by its id and any
 * non-empty address passes (the service checks it).
 */
export const CHAIN_IDS: readonly string[] = IDS;

let network: NetworkId = 'mainnet';

/** The network the page shows: the names read from now on are its own. */
export function setNamesNetwork(id: NetworkId): void {
  network = id;
}

/** The network whose names the page shows now. */
export const namesNetwork = (): NetworkId => network;

/** Human chain names for messages and pickers (the id itself when unknown), as the current network names them. */
export function chainName(chain: string): string {
  return chainNameOn(chain, network);
}

/** The ledger's name on the current network ("NEAR" on Mainnet). */
export const ledgerName = (): string => chainName('home');

export function familyOf(chain: string): AddressFamily | null {
  return chainFacts(chain)?.family ?? null;
}
