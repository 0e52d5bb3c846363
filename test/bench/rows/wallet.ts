// The bench's browser rows talk to the built extension as the popup does: wallet API calls from an
// extension page, and a fresh wallet pointed at the simulator (one home for both rows files).
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';

interface Runtime {
  chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
}

/** One wallet API call from the extension page `page`; its error message on refusal. */
export async function walletCall<T>(page: Page, method: string, params?: unknown): Promise<T> {
  const reply = (await page.evaluate(
    ([m, p]) =>
      (globalThis as unknown as Runtime).chrome.runtime.sendMessage({
        type: 'request',
        method: m,
        ...(p === undefined ? {} : { params: p }),
      }),
    [method, params] as const,
  )) as { ok: boolean; result?: unknown; error?: { message: string } };
  if (!reply.ok) throw new Error(`${method}: ${reply.error?.message}`);
  return reply.result as T;
}

/** Points the extension at the simulator and creates a wallet of one generated key, from `page`. */
export async function walletOnSimulator(page: Page, sim: RunningSimulator): Promise<void> {
  await walletCall(page, WALLET.setSettings, {
    endpoints: { swap: sim.url, transactions: `${sim.url}/api/v0`, bus: sim.urls.bus, ledgerRpc: sim.urls.ledgerRpc },
    verifierId: sim.verifierId,
    busApiKey: sim.busApiKey,
    quoteSigningKey: sim.quotePublicKey,
  });
  await walletCall(page, WALLET.create, { password: 'bench password 123', source: { kind: 'generate' } });
}
