// The network as the wallet's pages are told it (types only, like walletApi.ts and approvalApi.ts).
import type { NetworkId } from '../core/network';

export type { NetworkId };

/**
 * The network the wallet signs for, named from the verifier, never from the endpoints (docs/security.md,
 * "Networks"): `intents.near` is Mainnet, the simulator's verifier Local, any other Custom.
 */
export interface NetworkView {
  id: NetworkId;
  /** "Mainnet", "Mainnet (custom endpoints)", "Local", "Local (custom endpoints)" or "Custom". */
  label: string;
  verifierId: string;
}
