// Red team: one network, one verifier (docs/security.md, "Networks"). The verifying contract is inside
// every signed payload, so it alone keeps a signature made on one network from executing on another.
// Two simulators run side by side: the genuine Local simulator (its own defaults, the `sim` fixture) and
// a second instance started with the verifier `intents.near`, standing for Mainnet, funded for the
// victim through its dev routes. The wallet is on the Local preset (pointed at this test's simulator);
// "moving to Mainnet" is the Settings change a user makes: custom endpoints with the Mainnet verifier.
// What must hold: a signature made on Local never executes on Mainnet, whatever the user ticked on a
// page that said it was play money; the popup and the approval window name the network from the
// verifier; a site connected on Local is not connected on Mainnet; a payload reviewed on one network is
// never signed on another.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import {
  balances,
  confirm,
  connectDapp,
  errorOf,
  expectClosed,
  fund,
  ONE_WNEAR,
  reject,
  request,
  resultOf,
  TEN_WNEAR,
  WNEAR,
  withApproval,
  withDapp,
} from '../provider-helpers';
import { dev, expect, ledgerSalt, test, walletCall } from '../sim';
import { publishOnBus } from './helpers';

test.describe.configure({ timeout: 90_000 });

const MAINNET_VERIFIER = 'intents.near';
const ATTACKER = 'attacker.near';

/** The Mainnet stand-in: a second simulator whose verifier is Mainnet's, with keys of its own. */
let mainnet: RunningSimulator;

test.beforeAll(async () => {
  mainnet = await startSimulator({ port: 0, verifierId: MAINNET_VERIFIER, seed: 'mainnet-stand-in' });
});

test.afterAll(async () => {
  await mainnet?.close();
});

const endpointsOf = (s: RunningSimulator) => ({
  swap: s.url,
  transactions: `${s.url}/api/v0`,
  bus: s.urls.bus,
  ledgerRpc: s.urls.ledgerRpc,
});

/** The Local preset, its services moved to this test's simulator (its port is not the preset's). */
async function onLocal(popup: Page, sim: RunningSimulator): Promise<void> {
  await walletCall(popup, WALLET.setSettings, { preset: 'local' });
  await walletCall(popup, WALLET.setSettings, { endpoints: endpointsOf(sim), busApiKey: sim.busApiKey });
}

/** What a user does to use Mainnet through other hosts: custom endpoints (the stand-in) and the Mainnet verifier. */
async function onMainnet(popup: Page): Promise<void> {
  await walletCall(popup, WALLET.setSettings, {
    endpoints: endpointsOf(mainnet),
    verifierId: MAINNET_VERIFIER,
    busApiKey: mainnet.busApiKey,
  });
}

/**
 * The Local simulator takes Mainnet's current salt (public: the verifier's `current_salt` view) through
 * its dev routes, as anyone running it can: a versioned nonce made on Local then passes Mainnet's salt
 * check, and only the verifying contract keeps the networks apart.
 */
async function sameSaltAsMainnet(sim: RunningSimulator): Promise<void> {
  await dev(sim, '/dev/salt', { salt: await ledgerSalt(mainnet) });
}

const oneToAttacker = [{ intent: 'transfer', receiver_id: ATTACKER, tokens: { [WNEAR]: ONE_WNEAR } }];

test('a transfer a Local page had signed under its own legacy nonce does not execute on Mainnet', async ({ sim }) => {
  await withDapp(sim, async ({ w, dapp }) => {
    await onLocal(w.popup, sim);
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR); // play money
    await fund(mainnet, w.accountId, WNEAR, TEN_WNEAR); // the victim's real funds
    const before = await balances(mainnet, w.accountId);

    // A "test" transfer on the simulator, under a nonce the page chose: no salt, no expiry, so no
    // verifier's salt stands in the way on another deployment. The victim ticks the danger box: it is play money.
    const nonce = randomBytes(32).toString('base64');
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_signIntents', { intents: oneToAttacker, nonce }),
    );
    await expect(approval.getByTestId('approval-nonce-kind')).toHaveAttribute('data-kind', 'legacy');
    await confirm(approval, { acknowledgeDanger: true });
    const { signed } = resultOf<{ signed: unknown }>(await pending);
    await expectClosed(approval);

    // The page publishes what it captured on Mainnet.
    const published = await publishOnBus(mainnet, signed);
    test.info().annotations.push({ type: 'Mainnet bus', description: JSON.stringify(published) });
    expect(await balances(mainnet, ATTACKER), 'nothing reached the attacker on Mainnet').toEqual({});
    expect(await balances(mainnet, w.accountId), 'the victim’s Mainnet balance did not move').toEqual(before);
    expect(published).toMatchObject({ result: { status: 'FAILED' } });
  });
});

test('the popup, Settings and the approval window name the network from the verifier, not the endpoints', async ({
  sim,
}) => {
  await withDapp(sim, async ({ w, dapp }) => {
    const badge = w.popup.getByTestId('network-badge');
    const bar = w.popup.getByTestId('wallet-bar');
    /** Opens the popup and waits until its header has read the network. */
    const showPopup = async (network: string) => {
      await w.popup.goto(w.extension.url('popup.html'));
      await expect(bar).toHaveAttribute('data-network', network, { timeout: 10_000 });
    };

    // Custom endpoints with the Mainnet verifier: that is Mainnet, named so in Settings and the approval
    // window; the header wears no badge on Mainnet (only a network off Mainnet does).
    await onMainnet(w.popup);
    await showPopup('mainnet');
    await expect(badge).toHaveCount(0);
    await w.popup.getByTestId('nav-settings').click();
    await w.popup.getByTestId('settings-tab-advanced').click();
    await expect(w.popup.getByTestId('settings-network-name')).toHaveText('Mainnet (custom endpoints)');
    const { approval, pending } = await withApproval(w.context, () => request(dapp, 'intents_requestAccounts', {}));
    await expect(approval.getByTestId('approval-network')).toHaveAttribute('data-network', 'mainnet');
    await expect(approval.getByTestId('approval-network')).toContainText('Mainnet');
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);

    // The Local preset names Local; the same hosts with another verifier are Custom.
    await onLocal(w.popup, sim);
    await showPopup('local');
    await expect(badge).toHaveAttribute('data-network', 'local');
    await expect(badge).toHaveText(/^\s*(Network: )?Local\s*$/);
    await expect(badge).toBeVisible();
    await walletCall(w.popup, WALLET.setSettings, { verifierId: 'verifier.example.near' });
    await showPopup('custom');
    await expect(badge).toHaveAttribute('data-network', 'custom');
    await expect(badge).toHaveText(/^\s*(Network: )?Custom\s*$/);
    await expect(badge).toBeVisible();
  });
});

test('a message asked for on Local: the window never calls its signature valid only on the simulator (a message names no verifier)', async ({
  sim,
}) => {
  await withDapp(sim, async ({ w, dapp }) => {
    await onLocal(w.popup, sim);
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    const site = new URL(dapp.url()).host;
    const nonce = randomBytes(32).toString('base64');
    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_signMessage', { message: `Sign in to ${site}`, recipient: site, nonce }),
    );
    const network = approval.getByTestId('approval-network');
    await expect(network).toHaveAttribute('data-network', 'local');
    await expect(network).toContainText('valid on Mainnet too');
    await expect(network).not.toContainText(/valid only|simulator/i);
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  });
});

test('a site connected on Local is not connected on Mainnet, and the Sites page lists the network’s own grants', async ({
  sim,
}) => {
  await withDapp(sim, async ({ w, dapp, pages }) => {
    await onLocal(w.popup, sim);
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    await onMainnet(w.popup);
    expect(resultOf(await request(dapp, 'intents_accounts')), 'not connected on Mainnet').toEqual([]);
    expect(errorOf(await request(dapp, 'intents_signIntents', { intents: oneToAttacker })).code).toBe(
      ERROR_CODES.unauthorized,
    );
    const listed = await walletCall<{ origin: string }[]>(w.popup, WALLET.listSites);
    expect(listed.map((s) => s.origin)).not.toContain(pages.origin);
    await w.popup.goto(w.extension.url('popup.html'));
    await w.popup.getByTestId('nav-settings').click();
    await w.popup.getByTestId('settings-tab-sites').click();
    await expect(w.popup.getByTestId('sites-network')).toContainText('Mainnet');
    await expect(w.popup.getByTestId('sites-empty')).toBeVisible();
    // Back on Local, the grant made there still stands.
    await onLocal(w.popup, sim);
    expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([
      expect.objectContaining({ accountId: w.accountId }),
    ]);
  });
});

test('a request the window showed on Local is not signed after the wallet moved to Mainnet', async ({ sim }) => {
  await withDapp(sim, async ({ w, dapp }) => {
    await onLocal(w.popup, sim);
    expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await fund(mainnet, w.accountId, WNEAR, TEN_WNEAR);
    const before = await balances(mainnet, w.accountId);
    await sameSaltAsMainnet(sim);
    // Kept connected on Mainnet too, so only the network separates the two.
    await onMainnet(w.popup);
    if (resultOf<unknown[]>(await request(dapp, 'intents_accounts')).length === 0)
      expect(await connectDapp(w.context, dapp)).toHaveLength(1);
    await onLocal(w.popup, sim);

    const { approval, pending } = await withApproval(w.context, () =>
      request(dapp, 'intents_publishIntents', { intents: oneToAttacker }, { timeoutMs: 60_000 }),
    );
    await expect(approval.getByTestId('approval-intent')).toContainText(ATTACKER);
    await onMainnet(w.popup); // while the window shows the Local request
    // The victim confirms if the window still lets them.
    await approval.bringToFront();
    const button = approval.getByTestId('approval-confirm');
    const blocked = approval.getByTestId('approval-blocked');
    const ack = approval.getByTestId('approval-ack-danger');
    await expect(ack.or(blocked)).toBeVisible({ timeout: 10_000 });
    if (await ack.isVisible()) await ack.check().catch(() => undefined); // it may turn blocked meanwhile
    await expect
      .poll(async () => (await blocked.isVisible()) || (await button.isEnabled()), { timeout: 10_000 })
      .toBe(true);
    // The window may learn of the move between the check and the click: a button disabled meanwhile is
    // the outcome this test wants, so the click gives up instead of waiting for it to come back.
    if (await button.isEnabled()) await button.click({ timeout: 5_000 }).catch(() => undefined);
    // Refused after the click, or blocked before it; both may show at once (the click's refusal, then the block).
    await expect(approval.getByTestId('approval-error').or(blocked).first()).toBeVisible({ timeout: 10_000 });
    await reject(approval);
    expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
    expect(await balances(mainnet, ATTACKER), 'nothing reached the attacker on Mainnet').toEqual({});
    expect(await balances(mainnet, w.accountId)).toEqual(before);
  });
});

test('a Send reviewed on Local is not signed after the wallet moved to Mainnet', async ({ sim }) => {
  await withDapp(sim, async ({ w }) => {
    await onLocal(w.popup, sim);
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await fund(mainnet, w.accountId, WNEAR, TEN_WNEAR);
    const before = await balances(mainnet, w.accountId);
    await sameSaltAsMainnet(sim);
    const review = await walletCall<{ reviewed: string }>(w.popup, WALLET.previewSend, {
      receiverId: ATTACKER,
      tokenId: WNEAR,
      amount: ONE_WNEAR,
    });
    await onMainnet(w.popup);
    const refused = await walletCall(w.popup, WALLET.send, { reviewed: review.reviewed, acknowledgeDanger: true }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refused, 'the Local review is not signed on Mainnet').not.toBeNull();
    expect(await balances(mainnet, ATTACKER)).toEqual({});
    expect(await balances(mainnet, w.accountId)).toEqual(before);
  });
});
