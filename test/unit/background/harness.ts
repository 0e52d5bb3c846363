/**
 * A background started as the extension starts it, on WXT's fake browser (storage.local/session,
 * alarms) with an in-memory vault store and real fetch to a simulator on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { APPROVAL } from '../../../src/api/approvalApi';
import type { QuoteParams, SwapMethod } from '../../../src/api/swapApi';
import { WALLET, type WalletMethod } from '../../../src/api/walletApi';
import type { BackgroundEnv, startBackground } from '../../../src/background/start';
import type { DeferredReply, RuntimeReply } from '../../../src/provider/protocol';

type ApprovalMethod = (typeof APPROVAL)[keyof typeof APPROVAL];

import { SIM_QUOTE_SIGNING_KEY } from '../../../src/background/wallet/presets';
import { KNOWN_TOKENS } from '../../../src/core';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { memoryVaultStorage } from '../../../src/vault';
import { clockOf, simulatorPerFile } from '../../support/simulatorPerFile';

export const EXT = 'chrome-extension://testextensionidtestextensionid';
export const POPUP = { url: `${EXT}/popup.html` };
export const PASSWORD = 'a long test password';

export interface Clock {
  now: number;
}

export function backgroundEnv(clock: Clock, vaultStorage = memoryVaultStorage()): BackgroundEnv {
  return {
    storage: { local: fakeBrowser.storage.local, session: fakeBrowser.storage.session },
    alarms: fakeBrowser.alarms,
    windows: {
      create: async (info) => fakeBrowser.windows.create(info),
      update: async (id, info) => fakeBrowser.windows.update(id, info),
      remove: (id) => fakeBrowser.windows.remove(id),
      onRemoved: fakeBrowser.windows.onRemoved,
    },
    tabs: {
      // Every page a test speaks for is there: its relay answers the queue's probe.
      sendMessage: async (_tabId, message) => (message.type === 'probe' ? true : undefined),
      onRemoved: { addListener: () => undefined },
      onUpdated: { addListener: () => undefined },
    },
    vaultStorage,
    fetch: (url, init) => fetch(url, init),
    now: () => clock.now,
    random: (n) => new Uint8Array(randomBytes(n)),
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
    extensionOrigin: EXT,
    defaultPreset: 'local',
    iterations: 600_000,
    wordlist: async () => wordlist,
    knownTokens: async () => KNOWN_TOKENS,
    notify: (id, title, message) =>
      fakeBrowser.notifications.create(id, { type: 'basic', iconUrl: 'icon/128.png', title, message }),
    badge: (text) => fakeBrowser.action.setBadgeText({ text }),
  };
}

export type Background = ReturnType<typeof startBackground>;

/**
 * For `expect.poll` on work the background finishes after an event a test cannot await (a window
 * closed, a tab gone): the bound of a hang, below the test's own timeout, never a time the work must
 * fit in (vitest's default of 1 s is one, and a busy machine misses it).
 */
export const EVENTUALLY = { timeout: 15_000, interval: 20 } as const;

/** Calls a wallet method as the popup does; throws the reply's error message on failure. */
export async function call<T = unknown>(
  bg: Background,
  method: WalletMethod | ApprovalMethod | SwapMethod,
  params?: unknown,
): Promise<T> {
  const reply: RuntimeReply | DeferredReply = await bg.route(
    { type: 'request', method, ...(params === undefined ? {} : { params }) },
    POPUP,
  );
  if (reply.ok === 'deferred') throw new Error(`${method} was deferred to the approval window`);
  if (!reply.ok)
    throw Object.assign(new Error(reply.error.message), { code: reply.error.code, data: reply.error.data });
  return reply.result as T;
}

/** Points the wallet at a running simulator (custom endpoints: its quote signing key goes with them). */
export async function useSimulator(
  bg: Background,
  url: string,
  busApiKey: string,
  quoteSigningKey = SIM_QUOTE_SIGNING_KEY,
): Promise<void> {
  await call(bg, WALLET.setSettings, {
    endpoints: { swap: url, transactions: `${url}/api/v0`, bus: `${url}/rpc`, ledgerRpc: `${url}/ledger-rpc` },
    busApiKey,
    quoteSigningKey,
  });
}

export const WNEAR = 'nep141:wrap.near';
export const USDC = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';
export const USDT_ETH = 'nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near';
export const ONE_NEAR = 10n ** 24n;
/** Long steps, so each status can be seen between clock moves. */
export const STEP_TIMING = {
  depositDetectMs: 10_000,
  confirmMs: 20_000,
  processMs: 30_000,
  busStepMs: 200,
  solverLatencyMs: 5,
};

/**
 * A `sleep` for a background whose waits are the simulator's time: each wait moves the simulator's
 * (manual) clock on by that much, so a wallet polling the bus until SETTLED sees the steps it waited
 * for, however slow the machine (docs/architecture.md, "The simulator's clock").
 */
export const waitsMoveSim =
  (sim: RunningSimulator): BackgroundEnv['sleep'] =>
  (ms) => {
    sim.clock.advance(ms);
    return new Promise((resolve) => setImmediate(resolve));
  };

/** A simulator on a free port whose clock is the background's: moving one moves both. */
export async function simWithClock(timing = STEP_TIMING): Promise<{ sim: RunningSimulator; clock: Clock }> {
  const sim = await startSimulator({ port: 0, clock: 'manual', timing });
  return { sim, clock: clockOf(sim) };
}

/** The file's simulator (../../support/simulatorPerFile) and a background clock that is its clock: moving one moves both. */
export function simulatorWithClock(timing = STEP_TIMING): { sim: RunningSimulator; clock: Clock } {
  const sim = simulatorPerFile({ timing });
  return { sim, clock: clockOf(sim) };
}

/** A wNEAR → USDC swap the simulator quotes (deadline an hour after `now`): the tests' and the bench's one swap request. */
export const swapParams = (now: number, overrides: Partial<QuoteParams> = {}): QuoteParams => ({
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: WNEAR,
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: USDC,
  amount: ONE_NEAR.toString(),
  refundTo: 'alice.near',
  refundType: 'ORIGIN_CHAIN',
  recipient: 'bob.near',
  recipientType: 'DESTINATION_CHAIN',
  deadline: new Date(now + 3600_000).toISOString(),
  ...overrides,
});
