/**
 * A background with a wallet on the real simulator, and a page that talks to it the way a relay does
 * (sender from the browser, the relay's document token), recording what the background pushes.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL, type ApprovalViewWire } from '../../../src/api/approvalApi';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { type BackgroundEnv, startBackground } from '../../../src/background/start';
import { type BackgroundPush, type DeferredReply, METHODS, type RuntimeReply } from '../../../src/provider/protocol';
import type { RunningSimulator } from '../../../src/sim/server';
import { memoryVaultStorage } from '../../../src/vault';
import { backgroundEnv, type Clock, call, EVENTUALLY, PASSWORD, useSimulator } from './harness';

export interface PageSender {
  url: string;
  origin: string;
  frameId: number;
  tab: { id: number };
  /** The relay's document token this sender's messages carry. */
  doc: string;
}

export const docToken = (n: number) => n.toString(16).padStart(32, '0');
export const DAPP: PageSender = {
  url: 'https://dapp.example/app',
  origin: 'https://dapp.example',
  frameId: 0,
  tab: { id: 11 },
  doc: docToken(1),
};
export const OTHER: PageSender = {
  url: 'https://other.example/',
  origin: 'https://other.example',
  frameId: 0,
  tab: { id: 12 },
  doc: docToken(2),
};

/** A request of the background's, as `onRequests` hands it to a test: `send()` lets it reach the network. */
type Answer = ReturnType<BackgroundEnv['fetch']>;

export interface Outgoing {
  url: string;
  /** Its body as text ('' for a request without one). */
  body: string;
  send(): Answer;
}

/**
 * Wraps the background's fetch: every request whose body contains `word` (every request for '') goes
 * to `on`, which answers it, sending it on with `send()` or not; the others reach the network as they are.
 */
export const onRequests =
  (word: string, on: (request: Outgoing) => Answer) =>
  (inner: BackgroundEnv['fetch']): BackgroundEnv['fetch'] =>
  (url, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    return body.includes(word) ? on({ url: String(url), body, send: () => inner(url, init) }) : inner(url, init);
  };

/** A moment a test waits for: `fire()` marks it, `fired` resolves once it has come. */
export function signal(): { fire: () => void; fired: Promise<void> } {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

/** An answer that never comes: a request the network took and the worker stopped before hearing back. */
export const never = (): Promise<never> => new Promise<never>(() => undefined);

/** `clock`: the background's (a fixed time unless the test passes a moving one). */
/** `options.fetch`: the background's fetch, wrapped (a test that counts what reaches the network). */
export async function pageSetup(
  sim: RunningSimulator,
  clock: Clock = { now: Date.now() },
  options: { fetch?: (inner: BackgroundEnv['fetch']) => BackgroundEnv['fetch'] } = {},
) {
  const pushes: { tabId: number; message: BackgroundPush; options: { frameId?: number; documentId?: string } }[] = [];
  /** Called on every push: how a test waits for one (no polling). */
  const onPush = new Set<() => void>();
  const windows: number[] = [];
  /** The windows the background closed, in order. */
  const closed: number[] = [];
  /** Documents currently shown: `${tabId}:${doc}`; a probe to any other answers false. */
  const alive = new Set<string>();
  const env = backgroundEnv(clock, memoryVaultStorage());
  if (options.fetch) env.fetch = options.fetch(env.fetch);
  env.tabs = {
    sendMessage: async (tabId, message, options) => {
      if (message.type === 'probe') return alive.has(`${tabId}:${message.doc}`);
      pushes.push({ tabId, message, options });
      for (const wake of [...onPush]) wake();
      return undefined;
    },
    onRemoved: fakeBrowser.tabs.onRemoved,
    onUpdated: fakeBrowser.tabs.onUpdated,
  };
  env.windows = {
    create: async () => {
      windows.push(windows.length + 100);
      return { id: windows.at(-1) };
    },
    update: async () => undefined,
    remove: async (id) => {
      closed.push(id);
    },
    onRemoved: fakeBrowser.windows.onRemoved,
  };
  const bg = startBackground(env);
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const accountId = created.status.accounts[0]!.accountId;
  const publicKey = created.status.accounts[0]!.publicKeys[0]!;
  const page = (method: string, params?: unknown, sender: PageSender = DAPP) => {
    alive.add(`${sender.tab.id}:${sender.doc}`);
    const { doc, ...browserSender } = sender;
    return bg.route(
      { type: 'request', method, doc, ...(params === undefined ? {} : { params }) },
      browserSender,
    ) as Promise<RuntimeReply | DeferredReply>;
  };
  /** Waits for the pushed answer to a deferred request (woken by the push itself; EVENTUALLY bounds a hang). */
  const answerOf = async (reply: RuntimeReply | DeferredReply): Promise<RuntimeReply> => {
    if (reply.ok !== 'deferred') return reply;
    const find = () => {
      const hit = pushes.find((p) => p.message.type === 'approvalResult' && p.message.approvalId === reply.approvalId);
      return hit && hit.message.type === 'approvalResult' ? hit.message.reply : undefined;
    };
    return (
      find() ??
      new Promise<RuntimeReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          onPush.delete(wake);
          reject(new Error('no answer pushed'));
        }, EVENTUALLY.timeout);
        const wake = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          onPush.delete(wake);
          resolve(found);
        };
        onPush.add(wake);
      })
    );
  };
  const current = () => call<ApprovalViewWire | null>(bg, APPROVAL.current);
  const connect = async (sender: PageSender = DAPP) => {
    const pending = await page(METHODS.requestAccounts, {}, sender);
    const view = await current();
    await call(bg, APPROVAL.resolve, { id: view!.id, approve: true, accounts: [accountId] });
    return answerOf(pending);
  };
  /** The tab now shows another document (its old one is gone). */
  const navigate = (from: PageSender, to: Omit<PageSender, 'tab'>): PageSender => {
    alive.delete(`${from.tab.id}:${from.doc}`);
    alive.add(`${from.tab.id}:${to.doc}`);
    return { ...to, tab: from.tab };
  };
  return { bg, env, pushes, windows, closed, alive, accountId, publicKey, page, answerOf, current, connect, navigate };
}
