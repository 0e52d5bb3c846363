// The simulator path in one step (docs/dapps.md, "Develop against the simulator"): a simulator started on a
// port of its own (`--port 0`), a fresh wallet of the test build (which starts on Mainnet), Settings → Find
// simulator with the port it printed; the wallet is then on Local there, with the simulator's bus key, and a
// dApp's swap reaches that simulator and settles on its ledger.
import { WALLET } from '../../src/api/walletApi';
import { closePageServer, launchExtension, startPageServer } from './fixtures';
import {
  balances,
  busQuote,
  confirm,
  connectDapp,
  fund,
  PASSWORD,
  request,
  resultOf,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ timeout: 90_000 });

test('Find simulator with the printed port: Local there with its bus key, and a dApp swap settles on that simulator', async ({
  sim,
}) => {
  const port = new URL(sim.url).port;
  expect(Number(port)).not.toBe(3999); // started with --port 0: the preset's own port would not reach it
  const { extension, close } = await launchExtension();
  const pages = await startPageServer();
  try {
    const popup = await extension.context.newPage();
    await popup.goto(extension.url('popup.html'));
    const created = await walletCall<{ status: { accounts: { accountId: string }[] } }>(popup, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'generate' },
    });
    const accountId = created.status.accounts[0]!.accountId;
    await popup.reload();
    await expect(popup.getByTestId('wallet-bar')).toHaveAttribute('data-network', 'mainnet');
    await expect(popup.getByTestId('network-badge')).toHaveCount(0);

    await popup.getByTestId('nav-settings').click();
    await popup.getByTestId('settings-tab-advanced').click();
    await popup.getByTestId('settings-simulator-port').fill(port);
    await popup.getByTestId('settings-find-simulator').click();
    await expect(popup.getByTestId('settings-find-simulator-status')).toHaveText(
      `Local: the simulator on 127.0.0.1:${port}, with its message-bus key and JWT.`,
    );
    await expect(popup.getByTestId('settings-preset')).toHaveText('Local');
    await expect(popup.getByTestId('settings-network-name')).toHaveAttribute('data-network', 'local');
    await expect(popup.getByTestId('settings-endpoint-bus')).toHaveValue(sim.urls.bus);
    await expect(popup.getByTestId('settings-bus-key-state')).toHaveText('set');
    await expect(popup.getByTestId('settings-jwt-state')).toHaveText('set');
    await expect(popup.getByTestId('network-badge')).toHaveAttribute('data-network', 'local');

    // A port where nothing listens says so, and leaves the settings as they are.
    await popup.getByTestId('settings-simulator-port').fill('9');
    await popup.getByTestId('settings-find-simulator').click();
    await expect(popup.getByTestId('settings-find-simulator-error')).toContainText(
      'No simulator answered on 127.0.0.1 (port 9)',
    );
    await expect(popup.getByTestId('settings-endpoint-bus')).toHaveValue(sim.urls.bus);

    // A dApp on the Local network: its swap goes through this simulator's bus, with the key found.
    await fund(sim, accountId, WNEAR, TEN_WNEAR);
    const dapp = await extension.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    await connectDapp(extension.context, dapp);
    expect(resultOf(await request(dapp, 'intents_network'))).toEqual({ network: 'local', verifierId: 'intents.sim' });
    const offer = await busQuote(sim);
    const { approval, pending } = await withApproval(extension.context, () =>
      request(dapp, 'intents_publishIntents', {
        intents: [{ intent: 'token_diff', diff: { [WNEAR]: `-${offer.amount_in}`, [USDT]: offer.amount_out } }],
        quoteHashes: [offer.quote_hash],
      }),
    );
    await approval.bringToFront();
    await confirm(approval);
    const { intentHash } = resultOf<{ intentHash: string }>(await pending);
    await expect
      .poll(
        async () => resultOf<{ status: string }>(await request(dapp, 'intents_getIntentStatus', { intentHash })).status,
        { timeout: 15_000, intervals: [250] },
      )
      .toBe('SETTLED');
    expect((await balances(sim, accountId))[USDT]).toBe(offer.amount_out);
  } finally {
    await close();
    await closePageServer(pages);
  }
});
