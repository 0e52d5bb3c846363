// The network and the lock as a page sees them (docs/dapps.md): a connected page reads the network with
// intents_network and hears networkChanged when the settings move; intents_status tells it the wallet
// is locked; a stranger (another origin in the same browser) learns nothing of either.
import { connectDapp, dappForFile, errorOf, PASSWORD, request, resultOf } from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const session = dappForFile({ connect: true });

const eventsOf = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate(
    (n) =>
      (window as unknown as { __events: { name: string; data: unknown }[] }).__events
        .filter((e) => e.name === n)
        .map((e) => e.data),
    name,
  );

test('a connected page reads the network and sees it change; a stranger learns nothing', async ({ sim }) => {
  const { dapp, w } = session;
  const stranger = await w.context.newPage();
  try {
    await stranger.goto(`http://stranger.localhost:${new URL(session.pages.origin).port}/dapp.html`);
    const local = { network: 'local', verifierId: sim.verifierId };
    expect(resultOf(await request(dapp, 'intents_network'))).toEqual(local);
    expect(errorOf(await request(stranger, 'intents_network')).code).toBe(4100);
    expect(resultOf(await request(stranger, 'intents_status'))).toEqual({ connected: false });

    // To Mainnet's verifier: the page is not connected there (accountsChanged []), so it is told nothing else.
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: 'intents.near' });
    await expect.poll(() => eventsOf(dapp, 'accountsChanged')).toContainEqual([]);
    expect(errorOf(await request(dapp, 'intents_network')).code).toBe(4100);
    // Connected there too, the page follows the moves both ways.
    await connectDapp(w.context, dapp);
    expect(resultOf(await request(dapp, 'intents_network'))).toEqual({
      network: 'mainnet',
      verifierId: 'intents.near',
    });
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: sim.verifierId });
    await expect.poll(() => eventsOf(dapp, 'networkChanged')).toEqual([local]);
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: 'intents.near' });
    await expect
      .poll(() => eventsOf(dapp, 'networkChanged'))
      .toEqual([local, { network: 'mainnet', verifierId: 'intents.near' }]);
    await walletCall(w.popup, 'wallet_setSettings', { verifierId: sim.verifierId });
    await expect.poll(() => eventsOf(dapp, 'networkChanged')).toHaveLength(3);
    // The stranger's page saw every event its window got: none.
    expect(await stranger.evaluate(() => (window as unknown as { __events: unknown[] }).__events)).toEqual([]);
  } finally {
    await stranger.close();
  }
});

test('locked, a connected page is told so (intents_accounts is [] as for a stranger, intents_status is not)', async () => {
  const { dapp, w } = session;
  const stranger = await w.context.newPage();
  try {
    await stranger.goto(`http://stranger.localhost:${new URL(session.pages.origin).port}/dapp.html`);
    expect(resultOf(await request(dapp, 'intents_status'))).toEqual({
      connected: true,
      locked: false,
      accountIds: [w.accountId],
    });
    await walletCall(w.popup, 'wallet_lock');
    expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([]);
    expect(resultOf(await request(dapp, 'intents_status'))).toEqual({
      connected: true,
      locked: true,
      accountIds: [w.accountId],
    });
    expect(resultOf(await request(stranger, 'intents_status'))).toEqual({ connected: false });
    expect(errorOf(await request(stranger, 'intents_network')).code).toBe(4100);
    await walletCall(w.popup, 'wallet_unlock', { password: PASSWORD });
    expect(resultOf(await request(dapp, 'intents_status'))).toEqual({
      connected: true,
      locked: false,
      accountIds: [w.accountId],
    });
  } finally {
    await stranger.close();
  }
});
