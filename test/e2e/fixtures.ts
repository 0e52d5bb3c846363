// Playwright fixtures: the built extension in Debian Chromium (recipe: docs/decisions.md, "Toolchain versions")
// and a static server on 127.0.0.1 for the pages in test/e2e/pages/.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, test as base, chromium, type Page, type Worker } from '@playwright/test';
import { extensionArgs } from '../../src/cli/chromium';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const EXTENSION_DIR = path.join(ROOT, '.output/chrome-mv3');
const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));

export interface Extension {
  context: BrowserContext;
  /** The background service worker. */
  worker: Worker;
  id: string;
  /** chrome-extension://<id>/<file> */
  url(file: string): string;
}

/**
 * `dir`: the built extension to load (the bench loads a copy with one page replaced). `lang`: the browser's
 * language ("es"): `--lang` picks the extension's catalogue, and Playwright's `locale` makes
 * `i18n.getUILanguage()` (and so Intl's numbers and dates) follow it; either alone leaves half in English.
 * `profile`: a browser started again on the profile of an earlier launch.
 */
export async function launchExtension(
  dir = EXTENSION_DIR,
  lang?: string,
  /** A browser profile to start again (kept on close); by default a new one, removed on close. */
  profile?: string,
): Promise<{ extension: Extension; close(): Promise<void> }> {
  const userDataDir = profile ?? mkdtempSync(path.join(tmpdir(), 'intents-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true, // Chromium's new headless mode loads extensions
    args: [...extensionArgs(dir), ...(lang ? [`--lang=${lang}`] : [])],
    ...(lang ? { locale: lang } : {}),
  });
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent('serviceworker');
  const id = new URL(worker.url()).host; // depends on the build folder's path: always read it
  return {
    extension: { context, worker, id, url: (file) => `chrome-extension://${id}/${file}` },
    async close() {
      await context.close();
      if (!profile) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

export interface PageServer {
  origin: string;
  server: Server;
}

/** Serves test/e2e/pages/ on 127.0.0.1 at a random port. */
export async function startPageServer(): Promise<PageServer> {
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(PAGES_DIR, name);
    if (!file.startsWith(PAGES_DIR)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

/** Closes a page server; `undefined` (its start failed) is a no-op, so afterAll hooks can always call it. */
export async function closePageServer(pages: PageServer | undefined): Promise<void> {
  if (!pages) return;
  pages.server.closeAllConnections(); // the browser keeps connections alive
  await new Promise((resolve) => pages.server.close(resolve));
}

/**
 * One browser with the extension and one page server per worker (fast); a fresh page per test.
 * A test that needs a fresh profile calls launchExtension() itself.
 */
export const test = base.extend<{ page: Page }, { extension: Extension; pagesOrigin: string }>({
  extension: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const { extension, close } = await launchExtension();
      await use(extension);
      await close();
    },
    { scope: 'worker' },
  ],
  pagesOrigin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const pages = await startPageServer();
      await use(pages.origin);
      await closePageServer(pages);
    },
    { scope: 'worker' },
  ],
  page: async ({ extension }, use) => {
    const page = await extension.context.newPage();
    await use(page);
    await page.close();
  },
});

export { expect } from '@playwright/test';
