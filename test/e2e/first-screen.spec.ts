// What the popup and the approval window load and draw before their first screen (docs/architecture.md,
// "Budgets"): one script each and no stylesheet request; the popup's first screen drawn from the status
// snapshot in storage.session, then replaced by the background's answer; the window drawn once, with
// the request.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { APPROVAL } from '../../src/api/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../../src/api/statusSnapshot';
import { WALLET, type WalletStatus } from '../../src/api/walletApi';
import { closePageServer, EXTENSION_DIR, type Extension, launchExtension, startPageServer } from './fixtures';
import { expect, test, walletCall } from './sim';

type SessionArea = {
  chrome: {
    storage: {
      session: { get(k: string): Promise<Record<string, unknown>>; set(v: Record<string, unknown>): Promise<void> };
    };
  };
};
type ProviderWindow = { intentsCompanion: { request(a: { method: string; params?: unknown }): Promise<unknown> } };

const built = (file: string) => readFileSync(path.join(EXTENSION_DIR, file), 'utf8');

/** What the browser must fetch for `page` before its script runs: the <script>s and <link>s of its HTML. */
function pageLoads(page: 'popup' | 'approve') {
  const html = built(`${page}.html`);
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const entry = built(scripts.at(-1)!.replace(/^\//, ''));
  return { html, scripts, links, entry };
}
/** Static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk; `import()` is not one. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)].map((m) => m[1]!);

/** Records, from before the page's own script runs, the first screen it draws (by test id). */
async function recordFirstScreen(extension: Extension): Promise<void> {
  await extension.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __screens: string[] }).__screens = seen;
    new MutationObserver(() => {
      for (const id of ['unlock', 'home-total', 'onboarding']) {
        if (!seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) seen.push(id);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const screensSeen = (page: Page) => page.evaluate(() => (window as unknown as { __screens: string[] }).__screens);

test('the popup and the approval window are one module each, after their head’s ask, with their styles inline', () => {
  for (const page of ['popup', 'approve'] as const) {
    const { html, scripts, links, entry } = pageLoads(page);
    // The head's classic script first (src/ui/headAsks.ts), then the page's one module.
    expect(scripts, page).toEqual(['/early.js', expect.stringMatching(new RegExp(`^/chunks/${page}-[\\w-]+\\.js$`))]);
    expect(html, page).toMatch(/<script\s+src="\/early\.js"><\/script>\s*<script type="module"/);
    expect(built('early.js').length, 'the head script stays small').toBeLessThan(3_000);
    expect(links, page).toEqual([]); // no stylesheet, no modulepreload
    expect(html, page).toMatch(/<style>[^<]*--fg:/); // the page's styles, inline
    expect(staticImports(entry), page).toEqual([]);
  }
  // The window's entry leaves the intents' wording (the parser and its schemas) to a chunk it loads
  // only for a request with intents.
  const { entry } = pageLoads('approve');
  expect(entry).toMatch(/import\(`\.\/worded-[\w-]+\.js`\)/);
});

test('the popup draws its first screen from the status snapshot, then shows what the background answers', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  try {
    const page = await extension.context.newPage();
    await page.goto(extension.url('popup.html'));
    await walletCall(page, WALLET.setSettings, {
      endpoints: { swap: sim.url, transactions: `${sim.url}/api/v0`, bus: sim.urls.bus, ledgerRpc: sim.urls.ledgerRpc },
      verifierId: sim.verifierId,
    });
    await walletCall(page, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    const snapshot = (
      await page.evaluate(
        (k) => (globalThis as unknown as SessionArea).chrome.storage.session.get(k),
        STATUS_SNAPSHOT_KEY,
      )
    )[STATUS_SNAPSHOT_KEY] as WalletStatus;
    expect(snapshot.unlocked).toBe(true);

    // A snapshot that says "locked" while the wallet is unlocked: the first screen follows the snapshot
    // (no worker round trip before it), and the background's answer then brings the wallet.
    const locked: WalletStatus = {
      ...snapshot,
      unlocked: false,
      accounts: [],
      selectedAccountId: null,
      lockAt: null,
      phrasesToBackUp: [],
      recovery: { phraseId: null, outsidePhrase: [], keysToBackUp: [] },
    };
    await page.evaluate(([k, v]) => (globalThis as unknown as SessionArea).chrome.storage.session.set({ [k]: v }), [
      STATUS_SNAPSHOT_KEY,
      // As plain data: a store problem's words are a recursive type Playwright's argument check cannot expand.
      locked as unknown,
    ] as const);
    await recordFirstScreen(extension);
    await page.reload();
    await expect(page.getByTestId('home-total')).toBeVisible();
    expect(await screensSeen(page)).toEqual(['unlock', 'home-total']);

    // The background keeps the snapshot: locked, the next popup's first screen is Unlock; unlocked again,
    // it is the wallet, with no screen before it.
    await walletCall(page, WALLET.lock);
    await page.reload();
    await expect(page.getByTestId('unlock')).toBeVisible();
    expect(await screensSeen(page)).toEqual(['unlock']);
    await walletCall(page, WALLET.unlock, { password: 'correct horse battery' });
    await page.reload();
    await expect(page.getByTestId('home-total')).toBeVisible();
    expect(await screensSeen(page)).toEqual(['home-total']);

    // No snapshot at all (a fresh browser session): the first screen waits for the background.
    await page.evaluate(
      (k) => (globalThis as unknown as SessionArea).chrome.storage.session.set({ [k]: null }),
      STATUS_SNAPSHOT_KEY,
    );
    await page.reload();
    await expect(page.getByTestId('home-total')).toBeVisible();
    expect(await screensSeen(page)).toEqual(['home-total']);
  } finally {
    await close();
  }
});

test('the approval window is drawn once, with the request; a request with intents loads their wording', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  const server = await startPageServer();
  try {
    const ext = await extension.context.newPage();
    await ext.goto(extension.url('popup.html'));
    await walletCall(ext, WALLET.setSettings, {
      endpoints: { swap: sim.url, transactions: `${sim.url}/api/v0`, bus: sim.urls.bus, ledgerRpc: sim.urls.ledgerRpc },
      verifierId: sim.verifierId,
    });
    await walletCall(ext, WALLET.create, { password: 'correct horse battery', source: { kind: 'generate' } });
    const dapp = await extension.context.newPage();
    await dapp.goto(`${server.origin}/provider.html`);

    // Connect: the window's first screen is the request (no "Loading…" drawn before it). The recorder
    // runs as the window's document starts, except when Playwright attaches to a window the browser
    // opened after its first render: that window says so (`__late`), is refused, and the ask is repeated.
    await extension.context.addInitScript(() => {
      const seen: string[] = [];
      const ids = ['approval-loading', 'approval-confirm'];
      const look = () => {
        for (const id of ids) if (!seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) seen.push(id);
      };
      look();
      Object.assign(window, { __drawn: seen, __late: seen.length > 0 });
      new MutationObserver(look).observe(document, { childList: true, subtree: true });
    });
    let connected: Promise<unknown> = Promise.resolve();
    let win: Page | undefined;
    for (let attempt = 0; attempt < 3 && !win; attempt++) {
      const opened = extension.context.waitForEvent('page', (p) => p.url().includes('/approve.html'));
      connected = dapp.evaluate(() =>
        (window as unknown as ProviderWindow).intentsCompanion.request({ method: 'intents_requestAccounts' }),
      );
      connected.catch(() => undefined); // awaited below; a failure before that must not go unhandled
      const candidate = await opened;
      await expect(candidate.getByTestId('approval-confirm')).toBeVisible();
      const record = await candidate.evaluate(() => (window as unknown as { __late: boolean }).__late);
      if (!record) win = candidate;
      else {
        const late = await walletCall<{ id: string }>(ext, APPROVAL.current);
        const closed = candidate.waitForEvent('close');
        await walletCall(ext, APPROVAL.resolve, { id: late.id, approve: false });
        await closed;
        await connected.catch(() => undefined);
      }
    }
    if (!win) throw new Error('the recorder started after the first render in three windows in a row');
    expect(await win.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn)).toEqual([
      'approval-confirm',
    ]);
    const current = await walletCall<{ id: string; accounts: { accountId: string }[] }>(ext, APPROVAL.current);
    await walletCall(ext, APPROVAL.resolve, {
      id: current.id,
      approve: true,
      accounts: [current.accounts[0]!.accountId],
    });
    await connected;
    if (!win.isClosed()) await win.waitForEvent('close');

    // An intents request: the window loads the wording (the parser and its schemas) and shows each intent.
    const opened = extension.context.waitForEvent('page', (p) => p.url().includes('/approve.html'));
    const asked = dapp.evaluate(() =>
      (window as unknown as ProviderWindow).intentsCompanion
        .request({
          method: 'intents_signIntents',
          params: { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '1' } }] },
        })
        .catch((e: { code?: number }) => e.code),
    );
    win = await opened;
    await expect(win.getByTestId('approval-confirm')).toBeVisible();
    await expect(win.locator('[data-testid="approval-intent"]').first()).toBeVisible();
    await expect(win.getByTestId('approval-intent')).toContainText('bob.near');
    const pending = await walletCall<{ id: string }>(ext, APPROVAL.current);
    await walletCall(ext, APPROVAL.resolve, { id: pending.id, approve: false });
    expect(await asked).toBe(4001);
  } finally {
    await closePageServer(server);
    await close();
  }
});
