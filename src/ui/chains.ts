// Chain names and address families for the pages, read from the chain table (src/core/chains.ts), apart
// from the address checks so that a page showing chain names does not load the checksum code.
import { type AddressFamily, chainFacts, CHAIN_IDS as IDS } from '../core/chains';

export type { AddressFamily };

/**
 * The interface's chain ids (docs/interface.md, "Chain ids"), in its order. A chain added later, unknown here, is shown by its id and any
 * non-empty address passes (the service checks it).
 */
export const CHAIN_IDS: readonly string[] = IDS;

/** Human chain names for messages and pickers (the id itself when unknown). */
export function chainName(chain: string): string {
  return chainFacts(chain)?.name ?? chain;
}

export function familyOf(chain: string): AddressFamily | null {
  return chainFacts(chain)?.family ?? null;
}
