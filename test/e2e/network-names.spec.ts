// Names per network (src/core/chains.ts): on Mainnet no screen says "home" (Mainnet's users know the
// ledger as NEAR); the simulator's Local keeps its own name for its ledger. Mainnet is stood in for as
// test/e2e/security/networks.spec.ts does: a second simulator whose verifier is `intents.near`, the
// wallet on custom endpoints with that verifier (the network is named from the verifier). Every screen a
// person reaches from the popup, the pickers and filters, and the approval window are read whole: the
// text, the options of every select, labels, titles and placeholders.
import type { Page } from '@playwright/test';
import { type RunningSimulator, startSimulator } from '../../src/sim/server';
import { connectDapp, fund, reject, request, TEN_WNEAR, WNEAR, withApproval, withDapp } from './provider-helpers';
import { expect, test } from './sim';

test.describe.configure({ timeout: 120_000 });

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const USDC_BRIDGE = 'eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';

let mainnet: RunningSimulator;

test.beforeAll(async () => {
  mainnet = await startSimulator({ port: 0, verifierId: 'intents.near', seed: 'names-mainnet-stand-in' });
});

test.afterAll(async () => {
  await mainnet?.close();
});

/** Everything the page shows a person: its text, every option, label, title, placeholder and field value. */
function shownWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll('option, [aria-label], [title], [placeholder], input, textarea')) {
      if (el instanceof HTMLOptionElement) parts.push(el.textContent ?? '');
      for (const a of ['aria-label', 'title', 'placeholder']) parts.push(el.getAttribute(a) ?? '');
      if ((el instanceof HTMLInputElement && el.type !== 'hidden') || el instanceof HTMLTextAreaElement)
        parts.push(el.value);
    }
    return parts.join('\n');
  });
}

async function saysNoHome(page: Page, screen: string): Promise<void> {
  const words = await shownWords(page);
  expect(words.length, `${screen} shows something`).toBeGreaterThan(20);
  expect(words.match(/.{0,40}home.{0,40}/gi) ?? [], `${screen} never says "home" on Mainnet`).toEqual([]);
}

/** Back to the wallet's first screen. */
async function toWallet(popup: Page): Promise<void> {
  await popup.getByTestId('nav-home').click();
  await expect(popup.getByTestId('home-balance').first()).toBeVisible({ timeout: 10_000 });
}

test('on Mainnet no screen, picker, filter or approval window says "home"; the ledger is NEAR', async () => {
  await withDapp(mainnet, async ({ w, dapp }) => {
    const { popup, context } = w;
    await fund(mainnet, w.accountId, WNEAR, TEN_WNEAR);
    await fund(mainnet, w.accountId, USDC_ETH, '25500000');
    await popup.reload();
    await expect(popup.getByTestId('wallet-bar')).toHaveAttribute('data-network', 'mainnet');

    await toWallet(popup);
    const wnear = popup.locator(`[data-testid="home-balance"][data-asset-id="${WNEAR}"]`);
    await expect(wnear).toContainText('NEAR');
    await expect(wnear).not.toContainText(/ledger/i);
    await saysNoHome(popup, 'Wallet');

    for (const [button, screen] of [
      ['home-receive', 'Receive'],
      ['home-send', 'Send'],
      ['home-withdraw', 'Withdraw'],
    ] as const) {
      await toWallet(popup);
      await popup.getByTestId(button).click();
      await expect(popup.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await saysNoHome(popup, screen);
    }

    await popup.getByTestId('nav-swap').click();
    await popup.getByTestId('swap-origin').click();
    await expect(popup.getByTestId('swap-token-option').first()).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'NEAR', exact: true })).toBeVisible();
    await saysNoHome(popup, 'Swap token picker');
    await popup.keyboard.press('Escape');
    await saysNoHome(popup, 'Swap');

    await popup.getByTestId('nav-activity').click();
    await expect(popup.locator('select').first()).toBeVisible({ timeout: 10_000 });
    await saysNoHome(popup, 'Activity and its filters');

    await popup.getByTestId('nav-settings').click();
    const sections = popup.locator('[data-testid^="settings-tab-"]');
    await expect(sections.first()).toBeVisible();
    for (const id of await sections.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))) {
      await popup.getByTestId(id).click();
      await saysNoHome(popup, `Settings: ${id}`);
    }

    // The approval window: a site's bridge withdrawal names the chain as Mainnet does.
    await connectDapp(context, dapp);
    const { approval, pending } = await withApproval(context, () =>
      request(
        dapp,
        'intents_signIntents',
        {
          intents: [
            {
              intent: 'ft_withdraw',
              token: USDC_BRIDGE,
              receiver_id: USDC_BRIDGE,
              amount: '1000000',
              memo: 'WITHDRAW_TO:0xab5801a7d398351b8be11c439e05c5b3259aeccd',
            },
          ],
        },
        { timeoutMs: 60_000 },
      ),
    );
    await expect(approval.getByTestId('approval-network')).toHaveAttribute('data-network', 'mainnet');
    await expect(approval.getByTestId('approval-intent')).toContainText('on Ethereum');
    await approval.getByTestId('approval-technical').locator('summary').click();
    await approval.getByTestId('approval-raw-toggle').click();
    await saysNoHome(approval, 'the approval window');
    await reject(approval);
    await pending;
  });
});

test('on Local the simulator keeps its own name for its ledger', async ({ sim }) => {
  await withDapp(sim, async ({ w }) => {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    await w.popup.reload();
    await toWallet(w.popup);
    await expect(w.popup.locator(`[data-testid="home-balance"][data-asset-id="${WNEAR}"]`)).toContainText(
      'Home ledger',
    );
  });
});
