/**
 * Finding the wallet: `window.intentsCompanion` when it is there, else the first
 * `intents:announceProvider` answer to `intents:requestProvider` (the EIP-6963 pattern,
 * https://eips.ethereum.org/EIPS/eip-6963), within a timeout.
 */
import {
  ANNOUNCE_PROVIDER_EVENT,
  PROVIDER_GLOBAL,
  type ProviderInfo,
  type RawProvider,
  REQUEST_PROVIDER_EVENT,
} from './protocol.js';
import { IntentsWallet } from './wallet.js';

export interface DiscoverOptions {
  /** How long to wait for an announcement; default 1000 ms. */
  timeoutMs?: number;
  /** Default `window`. */
  target?: Window;
}

const isProvider = (p: unknown): p is RawProvider =>
  typeof p === 'object' &&
  p !== null &&
  (p as RawProvider).isIntentsCompanion === true &&
  typeof (p as RawProvider).request === 'function';

/** The wallet, or null when none answered in time. */
export function discover(options: DiscoverOptions = {}): Promise<IntentsWallet | null> {
  const win = options.target ?? window;
  const global = (win as unknown as Record<string, unknown>)[PROVIDER_GLOBAL];
  if (isProvider(global)) return Promise.resolve(new IntentsWallet(global));
  return new Promise((resolve) => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<{ info?: ProviderInfo; provider?: unknown }>).detail;
      if (!isProvider(detail?.provider)) return;
      done(new IntentsWallet(detail.provider, detail.info ?? null));
    };
    const timer = setTimeout(() => done(null), options.timeoutMs ?? 1000);
    const done = (wallet: IntentsWallet | null) => {
      clearTimeout(timer);
      win.removeEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce);
      resolve(wallet);
    };
    win.addEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce);
    win.dispatchEvent(new Event(REQUEST_PROVIDER_EVENT));
  });
}
