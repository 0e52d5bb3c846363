// Done when a dApp written only against the kit connects, signs in on its server with verifySignIn,
// publishes a swap and follows it to SETTLED (docs/dapps.md): the dApp is test/e2e/kit/dapp.ts, its
// server test/e2e/kit/server.ts, in real Chromium with the built extension against the simulator.
import type { BrowserContext, Page } from '@playwright/test';
import { startDappServer } from './kit/server';
import { approvalPages, balances, confirm, fund, openWallet, TEN_WNEAR, USDT, WNEAR } from './provider-helpers';
import { expect, test, walletCall } from './sim';

/** What the dApp records in `window.dapp` (DappOutcome in ./kit/dapp.ts, which only the kit's types check). */
interface DappOutcome {
  found?: boolean;
  account?: { accountId: string; publicKey: string };
  network?: { network: string; verifierId: string };
  signedIn?: { accountId: string } | { error: string };
  intentHash?: string;
  statuses: string[];
  final?: { status: string };
  networkEvents: { network: string; verifierId: string }[];
  error?: { code: number; message: string };
}

test.describe.configure({ timeout: 90_000 });

/** The approval window (new or the one already open) once it shows a request of `kind`. */
async function approvalFor(context: BrowserContext, kind: string): Promise<Page> {
  let found: Page | undefined;
  await expect
    .poll(
      async () => {
        for (const p of approvalPages(context)) {
          const shown = await p
            .locator(`[data-testid="approval-kind"][data-kind="${kind}"]`)
            .count()
            .catch(() => 0);
          if (shown > 0) {
            found = p;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `an approval window shows ${kind}` },
    )
    .toBe(true);
  return found!;
}

test('a dApp on the kit alone: discover, connect, sign in on its server, publish a swap, SETTLED', async ({ sim }) => {
  const w = await openWallet(sim);
  const server = await startDappServer(sim);
  try {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    const page = await w.context.newPage();
    await page.goto(`${server.origin}/dapp.html`);
    const outcome = () => page.evaluate(() => (window as unknown as { dapp: DappOutcome }).dapp);

    await confirm(await approvalFor(w.context, 'connect'));
    await confirm(await approvalFor(w.context, 'signMessage'));
    await expect.poll(async () => (await outcome()).signedIn).toEqual({ accountId: w.accountId });
    expect(server.signIns).toEqual([{ accountId: w.accountId }]);
    await confirm(await approvalFor(w.context, 'publishIntents'));
    await expect.poll(async () => (await outcome()).final?.status, { timeout: 30_000 }).toBe('SETTLED');

    const seen = await outcome();
    expect(seen).toMatchObject({
      found: true,
      account: { accountId: w.accountId, publicKey: w.publicKey },
      network: { network: 'local', verifierId: sim.verifierId },
      intentHash: expect.any(String),
    });
    expect(seen.error).toBeUndefined();
    expect(seen.statuses.at(-1)).toBe('SETTLED');
    expect(BigInt((await balances(sim, w.accountId))[USDT] ?? '0')).toBeGreaterThan(0n);

    // The kit's typed event: the page hears the network move (connected on both networks first).
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: 'intents.near' });
    // Asked, not awaited: the answer comes once the window below is confirmed.
    await page.evaluate(() => {
      void (window as unknown as { intentsCompanion: { request(a: unknown): Promise<unknown> } }).intentsCompanion
        .request({ method: 'intents_requestAccounts', params: {} })
        .catch(() => undefined);
    });
    await confirm(await approvalFor(w.context, 'connect'));
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: sim.verifierId });
    await expect
      .poll(async () => (await outcome()).networkEvents)
      .toEqual([{ network: 'local', verifierId: sim.verifierId }]);
  } finally {
    await server.close();
    await w.close();
  }
});
