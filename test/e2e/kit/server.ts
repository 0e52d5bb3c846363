// The kit e2e test's own small Node server: it serves the dApp (test/e2e/kit/dapp.ts, compiled here by
// TypeScript) with an import map to the kit as built (src/kit/dist, `npm run build`), and is the dApp's
// backend: it issues sign-in challenges, checks the answers with the kit's verifySignIn against the
// simulator's NEAR RPC, and asks the simulator's message bus for a quote with the key only it holds.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { type Challenge, createChallenge, SignInError, verifySignIn } from '../../../src/kit/server';
import type { RunningSimulator } from '../../../src/sim/server';
import { ROOT } from '../fixtures';
import { busQuote } from '../provider-helpers';

const KIT_DIST = path.join(ROOT, 'src/kit/dist');
/** As a NEP-413 recipient the page's own host (see PAGE_SITE in ../provider-helpers). */
const RECIPIENT = '127.0.0.1';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>a dApp on the kit</title>
    <link rel="icon" href="data:," />
    <script type="importmap">{ "imports": { "@intents-companion/dapp-kit": "/kit/index.js" } }</script>
    <script type="module" src="/dapp.js"></script>
  </head>
  <body><h1>a dApp on the kit</h1></body>
</html>`;

export interface DappServer {
  origin: string;
  signIns: { accountId: string }[];
  close(): Promise<void>;
}

export async function startDappServer(sim: RunningSimulator): Promise<DappServer> {
  if (!existsSync(path.join(KIT_DIST, 'index.js'))) throw new Error('src/kit/dist is missing: run `npm run build`');
  const script = ts.transpileModule(readFileSync(path.join(import.meta.dirname, 'dapp.ts'), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const issued = new Map<string, Challenge>();
  const signIns: { accountId: string }[] = [];

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/challenge': async () => {
      const c = createChallenge(RECIPIENT);
      issued.set(c.nonce, c);
      return c;
    },
    '/signin': async (body) => {
      const challenge = issued.get(String(body.nonce));
      issued.delete(String(body.nonce)); // a challenge is used once
      if (!challenge) return { error: 'unknown or used challenge' };
      try {
        const who = await verifySignIn({
          response: body.response as Parameters<typeof verifySignIn>[0]['response'],
          issued: challenge,
          rpcUrl: sim.urls.ledgerRpc,
          verifierId: sim.verifierId,
        });
        signIns.push({ accountId: who.accountId });
        return { accountId: who.accountId };
      } catch (e) {
        return { error: e instanceof SignInError ? e.reason : String(e) };
      }
    },
    '/quote': async () => busQuote(sim),
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type }).end(body);
    if (req.method === 'GET' && url.pathname === '/dapp.html') return send(200, 'text/html', PAGE);
    if (req.method === 'GET' && url.pathname === '/dapp.js') return send(200, 'text/javascript', script);
    const kit = /^\/kit\/([a-z]+\.js)$/.exec(url.pathname);
    if (req.method === 'GET' && kit) {
      const file = path.join(KIT_DIST, kit[1]!);
      return existsSync(file) ? send(200, 'text/javascript', readFileSync(file, 'utf8')) : send(404, 'text/plain', '');
    }
    const route = req.method === 'POST' ? routes[url.pathname] : undefined;
    if (!route) return send(404, 'text/plain', 'not found');
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      route(JSON.parse(text || '{}') as Record<string, unknown>).then(
        (out) => send(200, 'application/json', JSON.stringify(out)),
        (e: unknown) => send(500, 'application/json', JSON.stringify({ error: String(e) })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    signIns,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
