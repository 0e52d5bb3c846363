/**
 * The Chromium worker in two scripts (docs/architecture.md, "Start-up"): `background.js`, which every
 * wake-up loads and evaluates (the listeners, trusted storage, the clipboard guard, the answers that need
 * no wallet: ./wakeWorker.ts), and the wallet's script, WALLET_SCRIPT, which the first event that needs
 * the wallet loads with importScripts (a service worker refuses import(); a script imported at install
 * may be imported again by any later worker). Firefox's event page lists both scripts in its manifest.
 *
 * Evaluating the wallet's script starts nothing: it only offers its start (`offerWallet`), and
 * background.js calls that with what it owns: its storage areas and the events it listens to.
 */
import type { DeferredReply, RuntimeReply } from '../../provider/protocol';
import type { EventPort, TabChange } from '../env';
import type { StorageAreaLike } from '../kv';
import type { RouteSender } from '../origin';

/** The wallet's script, as the extension package names it (entrypoints/wallet.ts). */
export const WALLET_SCRIPT = 'wallet.js';

/** What background.js hands the wallet when it starts it. */
export interface WalletPorts {
  /** The trusted areas (../trustedStorage.ts), restricted once, by background.js. */
  storage: { local: StorageAreaLike; session: StorageAreaLike };
  onAlarm: EventPort<[{ name: string }]>;
  onWindowRemoved: EventPort<[number]>;
  onTabRemoved: EventPort<[number]>;
  onTabUpdated: EventPort<[number, TabChange]>;
}

/** The started wallet: every message background.js does not answer itself goes to `route`. */
export interface WalletWorker {
  route(message: unknown, sender: RouteSender): Promise<RuntimeReply | DeferredReply>;
}

export type StartWallet = (ports: WalletPorts) => WalletWorker;

/** Where the wallet's script leaves its start: a registered symbol, so both scripts name the same one. */
const OFFERED = Symbol.for('intents-companion.startWallet');

/** Called by the wallet's script as it is evaluated. */
export function offerWallet(start: StartWallet): void {
  (globalThis as Record<symbol, unknown>)[OFFERED] = start;
}

/** The start the wallet's script offered, once it was evaluated in this worker. */
export function offeredWallet(): StartWallet | undefined {
  const start = (globalThis as Record<symbol, unknown>)[OFFERED];
  return typeof start === 'function' ? (start as StartWallet) : undefined;
}
