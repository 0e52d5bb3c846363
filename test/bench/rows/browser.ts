// Timings in real Chromium with the built extension (architecture.md budgets): popup first render
// after navigation, and the provider round trip for a connected origin (`intents_accounts`).
import { type RowProducer, median } from '../lib';
import { launchExtension, startPageServer } from '../../e2e/fixtures';

const RUNS = 15;

function p95(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 100) / 100;

export const browserRows: RowProducer = async () => {
  const { extension, close } = await launchExtension();
  const pages = await startPageServer();
  try {
    const popup = await extension.context.newPage();
    const renders: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await popup.goto(extension.url('popup.html'));
      await popup.waitForFunction(() => performance.getEntriesByName('popup-ready').length > 0);
      renders.push(await popup.evaluate(() => performance.getEntriesByName('popup-ready')[0]!.startTime));
    }

    // Create a wallet and connect the test page's origin through the real approval window.
    const send = (method: string, params?: unknown) =>
      popup.evaluate(
        async ([m, p]) =>
          (globalThis as unknown as { chrome: { runtime: { sendMessage(x: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
            type: 'request',
            method: m,
            ...(p === undefined ? {} : { params: p }),
          }),
        [method, params] as const,
      ) as Promise<{ ok: boolean; result: unknown }>;
    await send('wallet_create', { password: 'bench password 123', source: { kind: 'generate' } });
    const page = await extension.context.newPage();
    await page.goto(`${pages.origin}/provider.html`);
    const approvalWindow = extension.context.waitForEvent('page');
    const connected = page.evaluate(() => (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } }).intentsCompanion.request({ method: 'intents_requestAccounts' }));
    await approvalWindow;
    const current = (await send('approval_current')).result as { id: string; accounts: { accountId: string }[] };
    await send('approval_resolve', { id: current.id, approve: true, accounts: [current.accounts[0]!.accountId] });
    await connected;

    const trips = await page.evaluate(async (runs) => {
      const provider = (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown[]> } }).intentsCompanion;
      const out: number[] = [];
      for (let i = 0; i < runs + 20; i++) {
        const t0 = performance.now();
        const accounts = await provider.request({ method: 'intents_accounts' });
        if (accounts.length !== 1) throw new Error('not connected');
        out.push(performance.now() - t0);
      }
      return out.slice(20);
    }, 200);

    return [
      { name: 'popup first render after navigation (headless Chromium)', value: round(median(renders)), unit: 'ms', budget: 150 },
      { name: 'provider round trip, connected origin, intents_accounts (median)', value: round(median(trips)), unit: 'ms', budget: 5 },
      { name: 'provider round trip, connected origin, intents_accounts (p95)', value: round(p95(trips)), unit: 'ms', budget: 10 },
    ];
  } finally {
    pages.server.closeAllConnections();
    pages.server.close();
    await close();
  }
};
