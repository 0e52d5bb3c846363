// Red team: events and answers follow the document, not the tab (docs/security.md, "Per-document
// identity"). Site A is connected; the same tab then loads site B, which was never connected and asks
// nothing: it only listens with intentsCompanion.on. Locking, unlocking and switching accounts in the
// wallet must tell A's documents (a control tab of A hears every event) and never B, which would learn
// A's account id and key. A request A left waiting in the approval window is dropped when the tab
// navigates, so nobody can approve it for a document that is gone.
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { closePageServer, type PageServer, startPageServer } from '../fixtures';
import {
  approvalPages,
  connectDapp,
  nonce32,
  openWallet,
  PASSWORD,
  request,
  resultOf,
  type WalletSession,
  withApproval,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { eventsOf, flushMessages, ledgerState } from './helpers';

test.describe.configure({ timeout: 60_000 });

let w: WalletSession;
/** A and B: fresh origins for each test (A is connected during the test). */
let siteA: PageServer | undefined;
let siteB: PageServer | undefined;

test.beforeAll(async ({ sim }) => {
  w = await openWallet(sim);
});

test.beforeEach(async () => {
  siteA = await startPageServer();
  siteB = await startPageServer();
});

test.afterEach(async () => {
  await closePageServer(siteA);
  await closePageServer(siteB);
});

test.afterAll(async () => {
  await w?.close();
});

/** A new tab on `server`'s dapp.html. */
async function tabOn(server: PageServer): Promise<Page> {
  const page = await w.context.newPage();
  await page.goto(`${server.origin}/dapp.html`);
  return page;
}

test("a tab that went from a connected site to another hears none of the first site's events (lock, unlock, account switch)", async ({
  sim,
}) => {
  const before = await ledgerState(sim, w.accountId);
  const tab = await tabOn(siteA!);
  const control = await tabOn(siteA!);
  try {
    expect(await connectDapp(w.context, tab)).toEqual([{ accountId: w.accountId, publicKey: w.publicKey }]);
    expect(resultOf(await request(control, 'intents_accounts'))).toHaveLength(1); // the control tab is known to the wallet too
    await tab.goto(`${siteB!.origin}/dapp.html`);
    expect(new URL(tab.url()).origin).toBe(siteB!.origin);

    // Each change in the wallet, each seen arriving in A's control tab before the next.
    let seen = (await eventsOf(control)).length;
    const arrives = async (name: string) => {
      await expect
        .poll(async () => (await eventsOf(control)).slice(seen).map((e) => e.name), {
          message: `A's control tab hears ${name}`,
        })
        .toContain(name);
      seen = (await eventsOf(control)).length;
    };
    await walletCall(w.popup, WALLET.lock);
    await arrives('lock');
    await walletCall(w.popup, WALLET.unlock, { password: PASSWORD });
    await arrives('unlock');
    const second = await walletCall<{ status: { accounts: { accountId: string }[] } }>(w.popup, WALLET.addAccount, {
      source: { kind: 'generate' },
    });
    await arrives('accountsChanged');
    const other = second.status.accounts.find((a) => a.accountId !== w.accountId)!.accountId;
    await walletCall(w.popup, WALLET.selectAccount, { accountId: other });
    await arrives('accountsChanged');
    await walletCall(w.popup, WALLET.selectAccount, { accountId: w.accountId });
    await arrives('accountsChanged');

    // Everything the wallet sent B's tab has been delivered by now; B heard nothing.
    await flushMessages(tab);
    expect(await eventsOf(tab), "B's provider events").toEqual([]);
    const relayed = await tab.evaluate(() =>
      JSON.stringify((window as unknown as { __relayMessages: unknown[] }).__relayMessages),
    );
    expect(relayed, "B never saw A's account").not.toContain(w.accountId);
  } finally {
    await tab.close();
    await control.close();
  }
  expect(await ledgerState(sim, w.accountId)).toEqual(before);
});

test('a request the first site left waiting is dropped when its tab navigates; the next site gets no answer', async ({
  sim,
}) => {
  const before = await ledgerState(sim, w.accountId);
  const tab = await tabOn(siteA!);
  try {
    expect(await connectDapp(w.context, tab)).toHaveLength(1);
    const { approval } = await withApproval(w.context, () =>
      request(tab, 'intents_signMessage', {
        message: 'Sign in to site A',
        recipient: 'site-a.example',
        nonce: nonce32().toString('base64'),
      }),
    );
    await expect(approval.getByTestId('approval-message')).toHaveText('Sign in to site A');

    await tab.goto(`${siteB!.origin}/dapp.html`);
    // Nobody is left to answer: the request goes, and the window with it.
    await expect
      .poll(
        async () =>
          approval.isClosed() ||
          (await approval
            .getByTestId('approval-empty')
            .isVisible()
            .catch(() => false)),
        {
          message: 'the waiting request was dropped',
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(await walletCall(w.popup, 'approval_current'), 'nothing waits in the queue').toBeNull();
    await expect.poll(() => approvalPages(w.context).length, { message: 'the approval window closed' }).toBe(0);
    await flushMessages(tab);
    const relayed = await tab.evaluate(() =>
      (window as unknown as { __relayMessages: { id?: number }[] }).__relayMessages.filter((m) => m.id !== undefined),
    );
    expect(relayed, 'B got no answer meant for A').toEqual([]);
  } finally {
    await tab.close();
  }
  expect(await ledgerState(sim, w.accountId)).toEqual(before);
});
