// Helpers for the reliability specs (the CDP worker stop is in worker.ts): reading the
// extension's storage without waking the worker, the message bus's own record of what was published,
// and a pass-through proxy in front of the bus that can hold the answer to a publish (so the worker can
// be stopped at an exact point: after the bus accepted the intent, before the page is told).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { BusState } from '../../src/sim/bus/state';
import type { RunningSimulator } from '../../src/sim/server';
import type { Extension } from './fixtures';

/**
 * An extension page that runs none of the extension's code (a packaged text file): it reads
 * chrome.storage directly, so observing never sends the worker a message and never wakes it.
 */
export async function openObserver(extension: Extension): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(extension.url('bip39-english.txt'));
  return page;
}

/** All of storage.local as JSON text (private records sealed: to see that something was written). */
export function readAllLocal(observer: Page): Promise<string> {
  return observer.evaluate(async () => {
    const chrome = (
      globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).chrome;
    return JSON.stringify(await chrome.storage.local.get(null));
  });
}

/** The bus's published intents, as the simulator keeps them (read in this process, not over HTTP). */
export function busIntents(sim: RunningSimulator): BusState['intents'] {
  return sim.sim.ctx.store.slice<BusState>('bus', () => {
    throw new Error('the simulator has no bus state');
  }).intents;
}

export interface BusProxy {
  /** Base URL; the bus is at `${url}/rpc`. */
  url: string;
  /** Holds the answer to the next publish_intent(s) after the bus processed it; resolves once it has. */
  holdNextPublish(): Promise<void>;
  /** Lets a held answer go (to whoever is still listening). */
  release(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** A pass-through HTTP proxy to the simulator (CORS included: the simulator's headers go back as they are). */
export async function startBusProxy(sim: RunningSimulator): Promise<BusProxy> {
  let armed: { processed: () => void } | null = null;
  let held: Promise<void> | null = null;
  let release: () => void = () => undefined;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${sim.url}${req.url}`, {
        method: req.method,
        headers,
        ...(body.length ? { body: body.toString('utf8') } : {}),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      if (armed && req.method === 'POST' && /"publish_intents?"/.test(body.toString('utf8'))) {
        const a = armed;
        armed = null;
        held = new Promise<void>((r) => (release = r));
        a.processed(); // the bus has processed it; its answer waits here
        await held;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out[k] = v;
      });
      res.writeHead(answer.status, out).end(text);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdNextPublish: () => new Promise<void>((processed) => (armed = { processed })),
    release: () => release(),
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
