// The simulator's demo dApp (`${sim.url}/demo`) driven end to end in real Chromium with the
// built extension: connect (approved in the window), sign a message, fund, quote, sign & publish the
// swap (approved), follow its status to SETTLED, disconnect; the page's log shows every step, and the
// simulator's ledger shows the balances moved. A fresh profile for the file.
import {
  balances,
  confirm,
  expectClosed,
  ONE_WNEAR,
  openWallet,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test } from './sim';

test.describe.configure({ timeout: 60_000 });

test('demo page: connect → sign → fund → quote → sign & publish → SETTLED → disconnect', async ({ sim }) => {
  const w = await test.step('a fresh profile with a wallet pointed at the simulator', () => openWallet(sim));
  try {
    const page = await w.context.newPage();
    await page.goto(`${sim.url}/demo`);
    const log = page.getByTestId('demo-log');
    await expect(page.getByTestId('demo-wallet')).toContainText('Wallet found');
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected.');

    await test.step('connect (approved in the window)', async () => {
      const { approval } = await withApproval(w.context, () => page.getByTestId('demo-connect').click());
      await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
      await expect(approval.getByTestId('approval-origin')).toHaveText(new URL(sim.url).host);
      await confirm(approval);
      await expectClosed(approval);
      await expect(page.getByTestId('demo-account')).toHaveText(`Connected: ${w.accountId}`);
      await expect(log).toContainText('→ intents_requestAccounts');
      await expect(log).toContainText(
        `← intents_requestAccounts  [{"accountId":"${w.accountId}","publicKey":"${w.publicKey}"}]`,
      );
      await expect(log).toContainText('event accountsChanged');
    });

    await test.step('sign a message (approved)', async () => {
      const { approval } = await withApproval(w.context, () => page.getByTestId('demo-sign-message').click());
      await expect(approval.getByTestId('approval-message')).toContainText('Sign in to the demo dApp');
      await expect(approval.getByTestId('approval-recipient')).toHaveText(new URL(sim.url).host);
      await confirm(approval);
      await expectClosed(approval);
      await expect(log).toContainText(
        `← intents_signMessage  {"accountId":"${w.accountId}","publicKey":"${w.publicKey}","signature":"`,
      );
    });

    await test.step('fund 10 wNEAR on the simulator', async () => {
      await page.getByTestId('demo-fund').click();
      await expect(log).toContainText(
        `POST /dev/fund (HTTP 200)  {"accountId":"${w.accountId}","tokenId":"${WNEAR}","balance":"${TEN_WNEAR}"}`,
      );
      expect((await balances(sim, w.accountId))[WNEAR]).toBe(TEN_WNEAR);
    });

    await test.step('quote 1 wNEAR → USDT from the message bus', async () => {
      await page.getByTestId('demo-quote').click();
      await expect(log).toContainText('bus quote (HTTP 200)');
      await expect(log).toContainText(/best offer {2}1 wNEAR → [\d.]+ USDT/);
    });

    let intentHash = '';
    await test.step('sign & publish the swap (approved)', async () => {
      const { approval } = await withApproval(w.context, () => page.getByTestId('demo-publish').click());
      await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'publishIntents');
      await expect(approval.getByTestId('approval-intent')).toContainText('Give 1 wNEAR');
      await expect(approval.getByTestId('approval-intent')).toContainText(/Receive [\d.]+ USDT/);
      await expect(approval.getByTestId('approval-publish')).toContainText('1 solver quote');
      await confirm(approval);
      await expectClosed(approval);
      const line = log.locator('li', { hasText: '← intents_publishIntents' });
      await expect(line).toContainText('"status":"OK"');
      intentHash = /"intentHash":"([^"]+)"/.exec(await line.innerText())![1]!;
      expect(intentHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    });

    await test.step('follow the status to SETTLED; the balances moved', async () => {
      await page.getByTestId('demo-status').click();
      await expect(log).toContainText('intents_getIntentStatus  SETTLED', { timeout: 15_000 });
      await expect(log).toContainText('balances (HTTP 200)');
      const after = await balances(sim, w.accountId);
      expect(BigInt(after[WNEAR]!)).toBe(BigInt(TEN_WNEAR) - BigInt(ONE_WNEAR));
      expect(BigInt(after[USDT] ?? '0')).toBeGreaterThan(0n);
      const shown = (await log.locator('li', { hasText: 'balances (HTTP 200)' }).innerText()).replace(
        /^.*?balances \(HTTP 200\)\s+/,
        '',
      );
      expect(JSON.parse(shown)).toEqual({ accountId: w.accountId, balances: after });
    });

    await test.step('disconnect', async () => {
      await page.getByTestId('demo-disconnect').click();
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected.');
      await expect(log).toContainText('← intents_disconnect  null');
      await expect(log).toContainText('event disconnect');
      await expect(log.locator('li.error')).toHaveCount(0); // no step failed
    });
  } finally {
    await w.close();
  }
});
