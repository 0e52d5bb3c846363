// Red team: the popup's own signing paths (docs/security.md, "No signature before consent"). A Confirm
// signs the payload its own window showed, or nothing: two popups open on Send, each with its own
// review, must not let one window's Confirm sign the other window's transfer. Real Chromium, the built
// extension, the simulator; the user clicks through the popup as a person would.
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { balances, fund, openWallet, TEN_WNEAR, WNEAR } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';

/** Opens Send in `page` and reviews `amount` wNEAR to `to`; the review dialog is shown. */
async function review(page: Page, to: string, amount: string): Promise<void> {
  await page.getByTestId('nav-home').click();
  await expect(page.getByTestId('home-balance')).toHaveCount(1);
  await page.getByTestId('home-send').click();
  await page.getByTestId('send-to').fill(to);
  await page.getByTestId('send-amount').fill(amount);
  await page.getByTestId('send-review').click();
  await expect(page.getByTestId('send-dialog').getByTestId('approval-intent')).toContainText(to);
}

test('two popups on Send: a Confirm signs only the transfer its own window showed, never the other window’s newer review', async ({
  sim,
}) => {
  const w = await openWallet(sim);
  try {
    await fund(sim, w.accountId, WNEAR, TEN_WNEAR);
    const stamp = Date.now();
    const alice = `alice${stamp}.near`;
    const bob = `bob${stamp}.near`;
    const first = w.popup;
    await first.reload();
    const second = await w.context.newPage();
    await second.goto(w.extension.url('popup.html'));

    await review(first, alice, '0.5');
    await review(second, bob, '1.5');

    // The first window shows 0.5 to alice; its Confirm may sign that or nothing, not 1.5 to bob.
    await first.getByTestId('send-confirm').click();
    await expect(first.getByTestId('send-dialog-error')).toContainText(/review/i);
    await expect(first.getByTestId('send-status')).toHaveCount(0);

    // The second window's review is the current one: its Confirm sends what it showed.
    await second.getByTestId('send-confirm').click();
    await expect(second.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
    expect((await balances(sim, bob))[WNEAR]).toBe((15n * 10n ** 23n).toString());
    expect((await balances(sim, alice))[WNEAR]).toBeUndefined();
    expect((await balances(sim, w.accountId))[WNEAR]).toBe((85n * 10n ** 23n).toString());
    expect(await walletCall<{ unlocked: boolean }>(first, WALLET.status)).toMatchObject({ unlocked: true });
  } finally {
    await w.close();
  }
});
