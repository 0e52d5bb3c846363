// The simulator for end-to-end tests: the real one (src/sim) on 127.0.0.1 at a free port, in the test
// worker's process, and a way to point the extension at it through its own settings API.
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import { type RunningSimulator, startSimulator } from '../../src/sim/server';
import { test as base, type Extension, expect } from './fixtures';

export { ledgerHasPublicKey, ledgerSalt, ledgerView } from '../support/ledgerView';

export const test = base.extend<Record<never, never>, { sim: RunningSimulator }>({
  sim: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const sim = await startSimulator({ port: 0 });
      await use(sim);
      await sim.close();
    },
    { scope: 'worker' },
  ],
});

/** Calls the wallet API from an extension page, as the popup does. */
export async function walletCall<T = unknown>(page: Page, method: string, params?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ([m, p]) => {
      const runtime = (
        globalThis as unknown as { chrome: { runtime: { sendMessage(msg: unknown): Promise<unknown> } } }
      ).chrome.runtime;
      return runtime.sendMessage({ type: 'request', method: m, ...(p === undefined ? {} : { params: p }) });
    },
    [method, params] as const,
  );
  const r = reply as { ok: boolean; result?: unknown; error?: { message: string } };
  if (!r.ok) throw new Error(`${method}: ${r.error?.message}`);
  return r.result as T;
}

/** Opens the popup and points the wallet at this simulator: its endpoints, its verifier (the Local network) and its quote signing key. */
export async function pointAtSimulator(page: Page, extension: Extension, sim: RunningSimulator): Promise<void> {
  await page.goto(extension.url('popup.html'));
  await walletCall(page, WALLET.setSettings, {
    endpoints: { swap: sim.url, transactions: `${sim.url}/api/v0`, bus: sim.urls.bus, ledgerRpc: sim.urls.ledgerRpc },
    verifierId: sim.verifierId,
    busApiKey: sim.busApiKey,
    // Custom endpoints: the simulator's quote signing key goes with them (docs/services.md, "Quote signatures").
    quoteSigningKey: sim.quotePublicKey,
  });
}

export { expect } from './fixtures';

/** POSTs `body` to one of the simulator's dev routes (e.g. /dev/deposit) and returns its JSON answer. */
export async function dev(sim: RunningSimulator, route: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A fresh wallet (no UI) pointed at the simulator, on the popup's Swap tab; `jwt`: with the simulator's dev JWT. Returns the account id. */
export async function openSwap(page: Page, extension: Extension, sim: RunningSimulator, jwt = false): Promise<string> {
  await pointAtSimulator(page, extension, sim);
  const created = await walletCall<{ status: { selectedAccountId: string } }>(page, WALLET.create, {
    password: 'correct horse battery',
    source: { kind: 'generate' },
  });
  if (jwt) await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
  await page.reload();
  await page.getByTestId('nav-swap').click();
  await expect(page.getByTestId('swap-origin')).toBeFocused({ timeout: 10_000 });
  return created.status.selectedAccountId;
}

/** Picks a token on the Swap tab's origin or destination side, by searching for it. */
export async function pick(
  page: Page,
  which: 'origin' | 'destination',
  search: string,
  assetId: string,
): Promise<void> {
  await page.getByTestId(`swap-${which}`).click();
  await page.getByTestId('swap-token-search').fill(search);
  await page.locator(`[data-testid="swap-token-option"][data-asset-id="${assetId}"]`).click();
  await expect(page.getByTestId(`swap-${which}`)).toHaveAttribute('data-asset-id', assetId);
}
