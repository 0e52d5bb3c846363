/** What every simulator module is given: settings, clock, state, keys, events. */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Hono } from 'hono';
import { type KeyPair, publicKeyFromSeed, utf8 } from '../core';
import { DevAuth } from './auth';
import { SimClock } from './clock';
import { DEFAULT_CONFIG, type SimConfig } from './config';
import { SimEvents } from './events';
import { Faults } from './faults';
import { Liquidity } from './liquidity';
import { SimStore } from './store';

export interface SimContext {
  readonly config: SimConfig;
  readonly clock: SimClock;
  readonly store: SimStore;
  readonly events: SimEvents;
  readonly auth: DevAuth;
  readonly faults: Faults;
  /** Pairs made to have no liquidity (`/dev/liquidity`), seen by the swap service and the solvers. */
  readonly liquidity: Liquidity;
  /**
   * Signs quotes (docs/services.md, "Quote signatures"); its public key is printed at start. The same key
   * whatever the seed: the Local preset carries it (src/background/wallet/presets.ts). Its secret is in
   * this public code, so only Local trusts it.
   */
  readonly quoteSigner: KeyPair;
  readonly devJwt: string;
  readonly busApiKey: string;
  random(length: number): Uint8Array;
  /** A key pair derived from the seed and a label, stable across restarts (solvers, deposit accounts). */
  deriveKey(label: string): KeyPair;
  /** Persists the state after an acknowledged change. */
  commit(): void;
}

/** A simulator part: routes mounted at the root, and an optional timer step for time-based state. */
export interface SimModule {
  readonly routes: Hono;
  tick?(): void;
}

export function createContext(config: SimConfig): SimContext {
  const store = new SimStore(config.dataFile);
  const clock = new SimClock(config.clock);
  clock.restore(store.restoredClock);
  const derive = (label: string) => sha256(utf8.encode(`${config.seed}/${label}`));
  const keyOf = (seed: string, label: string): KeyPair => {
    const secretSeed = sha256(utf8.encode(`${seed}/key/${label}`));
    return { secretSeed, publicKey: publicKeyFromSeed(secretSeed) };
  };
  const deriveKey = (label: string): KeyPair => keyOf(config.seed, label);
  const auth = new DevAuth(derive('jwt-secret'));
  // Issued at a fixed time so the printed credentials are the same on every start.
  const devJwt = auth.issue('partner', 'dev-partner', 1_700_000_000);
  const busApiKey = auth.issue('bus', 'dev-solver-bus', 1_700_000_000);
  return {
    config,
    clock,
    store,
    events: new SimEvents(),
    auth,
    faults: new Faults(),
    liquidity: new Liquidity(),
    quoteSigner: keyOf(DEFAULT_CONFIG.seed, 'quote-signer'),
    devJwt,
    busApiKey,
    random: (n) => new Uint8Array(randomBytes(n)),
    deriveKey,
    commit: () => store.commit(clock.state()),
  };
}
