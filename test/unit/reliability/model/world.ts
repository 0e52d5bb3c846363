/**
 * The world the model-based test drives: the real background (started as the extension starts it) on
 * WXT's fake browser, with its own tabs and windows (documents that answer the relay's probe, windows the
 * user can close), against the real simulator over HTTP on its manual clock. The worker can be stopped and
 * started again on the same storage; the browser's events reach only the worker that runs.
 */
import { randomBytes } from 'node:crypto';
import type { Scheduler } from 'fast-check';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CreateResult, WalletStatus } from '../../../../src/api/walletApi';
import { WALLET } from '../../../../src/api/walletApi';
import { type BackgroundEnv, startBackground } from '../../../../src/background/start';
import type { BackgroundPush, DeferredReply, RuntimeReply } from '../../../../src/provider/protocol';
import type { RunningSimulator } from '../../../../src/sim/server';
import { memoryVaultStorage } from '../../../../src/vault';
import { type Background, backgroundEnv, call, PASSWORD, useSimulator } from '../../background/harness';
import { WNEAR } from '../helpers';

export const ORIGINS = ['https://a.example', 'https://shop.a.example', 'https://b.example'] as const;
export const TABS = [1, 2, 3] as const;
export const FUNDS = 10n ** 24n;
const REQUEST_ID = 'x-model-request-id';

export interface Doc {
  tabId: number;
  origin: string;
  doc: string;
}

type Listener<A extends unknown[]> = (...args: A) => void;

/** What the browser does for the worker that runs: its listeners, replaced when the worker restarts. */
class Browser {
  windowsOpen = new Set<number>();
  private nextWindow = 100;
  onWindowRemoved: Listener<[number]>[] = [];
  onTabRemoved: Listener<[number]>[] = [];
  onTabUpdated: Listener<[number, { status?: string; url?: string }]>[] = [];
  pushes: { tabId: number; message: BackgroundPush }[] = [];
  /** `${tabId}:${doc}` of the documents tabs show now. */
  alive = new Set<string>();

  port(): Pick<BackgroundEnv, 'windows' | 'tabs'> {
    return {
      windows: {
        create: async () => {
          const id = this.nextWindow++;
          this.windowsOpen.add(id);
          return { id };
        },
        update: async (id) => {
          if (!this.windowsOpen.has(id)) throw new Error(`No window with id: ${id}`);
          return {};
        },
        remove: async (id) => {
          this.windowsOpen.delete(id);
        },
        onRemoved: { addListener: (l: Listener<[number]>) => void this.onWindowRemoved.push(l) },
      } as BackgroundEnv['windows'],
      tabs: {
        sendMessage: async (tabId, message) => {
          if (message.type === 'probe') return this.alive.has(`${tabId}:${message.doc}`);
          if (!this.alive.has(`${tabId}:${'doc' in message ? message.doc : ''}`)) throw new Error('no receiver');
          this.pushes.push({ tabId, message });
          return undefined;
        },
        onRemoved: { addListener: (l: Listener<[number]>) => void this.onTabRemoved.push(l) },
        onUpdated: {
          addListener: (l: Listener<[number, { status?: string; url?: string }]>) => void this.onTabUpdated.push(l),
        },
      } as BackgroundEnv['tabs'],
    };
  }

  /** The worker stopped: what it registered is gone with it. */
  forgetListeners(): void {
    this.onWindowRemoved = [];
    this.onTabRemoved = [];
    this.onTabUpdated = [];
  }
}

/** The wallet made once (the key derivation is slow): its storage is copied into each run. */
export interface Seed {
  vault: Record<string, unknown>;
  local: Record<string, unknown>;
  session: Record<string, unknown>;
  accounts: string[];
}

export async function makeSeed(sim: RunningSimulator): Promise<Seed> {
  fakeBrowser.reset();
  const vaultStorage = memoryVaultStorage();
  const bg = startBackground(backgroundEnv(simClock(sim), vaultStorage));
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  await call(bg, WALLET.addAccount, { source: { kind: 'generate' } });
  const status = await call<WalletStatus>(bg, WALLET.status);
  const accounts = status.accounts.map((a) => a.accountId);
  for (const accountId of accounts) {
    const res = await fetch(`${sim.url}/dev/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, tokenId: WNEAR, amount: (1000n * FUNDS).toString() }),
    });
    if (res.status !== 200) throw new Error(`fund: ${res.status}`);
  }
  return {
    vault: Object.fromEntries(vaultStorage.data),
    local: await fakeBrowser.storage.local.get(null),
    session: await fakeBrowser.storage.session.get(null),
    accounts,
  };
}

export const simClock = (sim: RunningSimulator) => ({
  get now() {
    return sim.sim.ctx.clock.nowMs();
  },
});

export async function balanceOf(sim: RunningSimulator, accountId: string): Promise<bigint> {
  const res = await fetch(`${sim.url}/dev/balances?accountId=${accountId}`);
  return BigInt(((await res.json()) as { balances: Record<string, string> }).balances[WNEAR] ?? '0');
}

/** One run's world: the browser, the worker that runs now, and the documents the tabs show. */
export class World {
  readonly browser = new Browser();
  readonly vaultStorage;
  bg!: Background;
  /** The document each tab shows. */
  readonly docs = new Map<number, Doc>();
  private docCounter = 0;

  constructor(
    readonly sim: RunningSimulator,
    readonly seed: Seed,
  ) {
    this.vaultStorage = memoryVaultStorage(structuredClone(seed.vault));
  }

  async start(): Promise<void> {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(structuredClone(this.seed.local));
    await fakeBrowser.storage.session.set(structuredClone(this.seed.session));
    this.boot();
    for (const tabId of TABS) this.show(tabId, ORIGINS[tabId % ORIGINS.length]!);
  }

  /** While set, the answers of storage.session and of the browser's windows and tabs come back in its order. */
  private scheduler: Scheduler | null = null;

  /** Hands the order of answers to `s` until the returned function is called. */
  schedule(s: Scheduler): () => void {
    this.scheduler = s;
    return () => {
      this.scheduler = null;
    };
  }

  private later<T>(p: Promise<T>): Promise<T> {
    return this.scheduler ? this.scheduler.schedule(p) : p;
  }

  private boot(): void {
    const env = { ...backgroundEnv(simClock(this.sim), this.vaultStorage), ...this.browser.port() };
    const session = fakeBrowser.storage.session;
    env.storage = {
      local: fakeBrowser.storage.local,
      session: {
        get: (keys) => this.later(session.get(keys)),
        set: (items) => this.later(session.set(items)),
        remove: (keys) => this.later(session.remove(keys)),
      },
    };
    const { windows, tabs } = env;
    env.windows = { ...windows, create: (info) => this.later(windows.create(info)) };
    env.tabs = { ...tabs, sendMessage: (id, message, options) => this.later(tabs.sendMessage(id, message, options)) };
    env.random = (n) => new Uint8Array(randomBytes(n));
    env.fetch = (url, init) => this.fetch(url, init);
    this.bg = startBackground(env);
  }

  private requests = 0;

  /**
   * The background's fetch, which gives up on a request the simulator holds (a `timeout` or `lost`
   * fault) as soon as it is held, as a stalled connection's client would, with no wall-clock wait.
   */
  private fetch(url: string, init: RequestInit): Promise<Response> {
    const id = String(++this.requests);
    const stalled = new AbortController();
    const stop = this.sim.sim.ctx.faults.onHold((held) => {
      if (held.headers.get(REQUEST_ID) === id) stalled.abort(new TypeError('fetch failed: the connection stalled'));
    });
    const signal = init.signal ? AbortSignal.any([init.signal, stalled.signal]) : stalled.signal;
    return fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), [REQUEST_ID]: id },
      signal,
    }).finally(stop);
  }

  /** The worker stops (its memory and listeners gone) and the browser starts it again on the same storage. */
  restart(): void {
    this.browser.forgetListeners();
    this.boot();
  }

  /** The tab shows a new document of `origin`. */
  show(tabId: number, origin: string): Doc {
    const old = this.docs.get(tabId);
    if (old) this.browser.alive.delete(`${tabId}:${old.doc}`);
    const doc: Doc = { tabId, origin, doc: (++this.docCounter).toString(16).padStart(32, '0') };
    this.docs.set(tabId, doc);
    this.browser.alive.add(`${tabId}:${doc.doc}`);
    return doc;
  }

  /** A page's request through the router, as its relay sends it. */
  page(d: Doc, method: string, params?: unknown): Promise<RuntimeReply | DeferredReply> {
    return this.bg.route(
      { type: 'request', method, doc: d.doc, ...(params === undefined ? {} : { params }) },
      { url: `${d.origin}/`, origin: d.origin, frameId: 0, tab: { id: d.tabId } },
    ) as Promise<RuntimeReply | DeferredReply>;
  }
}
