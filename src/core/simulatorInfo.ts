/**
 * How the simulator introduces itself to the wallet (docs/dapps.md, "Develop against the simulator"):
 * `GET /dev/info` on its one port answers `SimulatorInfo`. The simulator serves it (src/sim/devRoutes.ts)
 * and the wallet's "Find simulator" reads it (src/background/wallet/simulatorDiscovery.ts), which checks
 * every field before it believes any.
 */
export const SIMULATOR_INFO_PATH = '/dev/info';
/** What the answer names itself: a server that does not say this is not the simulator. */
export const SIMULATOR_ID = 'intents-companion-simulator';

/** Where each service lives under the simulator's origin: the Local preset's layout. */
export const SIMULATOR_PATHS = { swap: '', transactions: '/api/v0', bus: '/rpc', ledgerRpc: '/ledger-rpc' } as const;

export interface SimulatorInfo {
  simulator: typeof SIMULATOR_ID;
  /** The verifier it runs (`intents.sim` unless started with `--verifier`). */
  verifierId: string;
  /** The key its swap service signs quotes with. */
  quoteSigningKey: string;
  /** Its development credentials (docs/services.md, "Credentials and auth headers"): public, derived from its seed. */
  busApiKey: string;
  devJwt: string;
  paths: typeof SIMULATOR_PATHS;
}
