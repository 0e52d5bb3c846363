/** Runs the simulator app on a real HTTP server (127.0.0.1 unless told otherwise). */

import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { formatPublicKey } from '../core';
import { SIMULATOR_PATHS } from '../core/simulatorInfo';
import { createSimApp, type SimApp } from './app';
import { DEFAULT_CONFIG, type SimConfig } from './config';

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:3999 — the swap service lives at its root. */
  url: string;
  urls: { swap: string; transactions: string; bus: string; ledgerRpc: string; bridge: string };
  quotePublicKey: string;
  /** The verifier account this instance runs (docs/security.md, "Networks"). */
  verifierId: string;
  devJwt: string;
  busApiKey: string;
  sim: SimApp;
  /**
   * The simulator's clock, for tests: `clock.advance(ms)` moves it (and every state machine with it) as
   * `POST /dev/clock/advance` does; `clock.nowMs()` reads it. Only a `manual` clock stands still in between.
   */
  clock: { nowMs(): number; advance(ms: number): void };
  close(): Promise<void>;
}

const TICK_MS = 50;

export async function startSimulator(overrides: Partial<SimConfig> = {}): Promise<RunningSimulator> {
  const config: SimConfig = { ...DEFAULT_CONFIG, ...overrides };
  const sim = createSimApp(config);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: sim.app.fetch, hostname: config.host, port: config.port }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  const timer = setInterval(sim.tick, TICK_MS);
  timer.unref();
  return {
    url,
    urls: {
      swap: `${url}${SIMULATOR_PATHS.swap}`,
      transactions: `${url}${SIMULATOR_PATHS.transactions}`,
      bus: `${url}${SIMULATOR_PATHS.bus}`,
      ledgerRpc: `${url}${SIMULATOR_PATHS.ledgerRpc}`,
      bridge: `${url}/bridge-rpc`,
    },
    quotePublicKey: formatPublicKey(sim.ctx.quoteSigner.publicKey),
    verifierId: config.verifierId,
    devJwt: sim.ctx.devJwt,
    busApiKey: sim.ctx.busApiKey,
    sim,
    clock: { nowMs: () => sim.ctx.clock.nowMs(), advance: sim.advance },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
