// Red team: the read-before-confirm delay (docs/security.md, "What the window shows"). Confirm arms
// only once what it would sign has been on screen, in a visible and focused window, for
// CONFIRM_DELAY_MS: a click meant for something else (the page's button under the spot where the window
// pops up, a double click) must not approve. The attack: the wallet is locked, the page asks, the window
// opens on its unlock form; the delay must not count while the password is typed, or Confirm is armed
// in the very frame the intents first appear. A MutationObserver in the window records when the intents
// appear and when Confirm is first enabled; the gap must be the whole delay.
import type { Page } from '@playwright/test';
import { CONFIRM_DELAY_MS } from '../../../src/ui/approve/view';
import {
  dappForFile,
  errorOf,
  expectClosed,
  PASSWORD,
  reject,
  request,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';

test.describe.configure({ timeout: 60_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

/**
 * One frame: the observer runs when the commit that drew the intents has finished, the delay started
 * inside that commit (its layout effect), so the observer may see the intents a little after the count began.
 */
const OBSERVER_SLACK_MS = 16;

/** Records in the window when `appear` is first in the document and when Confirm is first enabled after it. */
async function watchGate(approval: Page, appear: string): Promise<void> {
  await approval.evaluate((selector) => {
    const gate = { appeared: null as number | null, enabled: null as number | null };
    (window as unknown as { __gate: typeof gate }).__gate = gate;
    const check = () => {
      const now = performance.now();
      if (gate.appeared === null && document.querySelector(selector)) gate.appeared = now;
      const button = document.querySelector<HTMLButtonElement>('[data-testid="approval-confirm"]');
      if (gate.appeared !== null && gate.enabled === null && button && !button.disabled) gate.enabled = now;
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    check();
  }, appear);
}

const gateTimes = (approval: Page) =>
  approval.evaluate(
    () => (window as unknown as { __gate: { appeared: number | null; enabled: number | null } }).__gate,
  );

test('locked wallet, the page asks, the user unlocks in the window: Confirm stays disabled for the whole delay after the intents appear', async () => {
  await walletCall(session.w.popup, 'wallet_lock');
  const intents = [{ intent: 'token_diff', diff: { [WNEAR]: '-1000', [USDT]: '1000' } }];
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signIntents', { intents }, { timeoutMs: 40_000 }),
  );
  try {
    await expect(approval.getByTestId('approval-unlock-password')).toBeVisible();
    await watchGate(approval, '[data-testid="approval-intent"]');
    // The window is in front and focused the whole time: only the unlock may hold the count back.
    await approval.bringToFront();
    await approval.getByTestId('approval-unlock-password').fill(PASSWORD);
    await approval.getByTestId('approval-unlock-submit').click();
    await expect(approval.getByTestId('approval-intent')).toBeVisible();
    const ack = approval.getByTestId('approval-ack-danger');
    if (await ack.isVisible()) await ack.check();
    await expect(approval.getByTestId('approval-confirm')).toBeEnabled({ timeout: 10_000 });
    const { appeared, enabled } = await gateTimes(approval);
    expect(appeared, 'the intents appeared').not.toBeNull();
    expect(enabled, 'Confirm was enabled').not.toBeNull();
    test.info().annotations.push({
      type: 'delay',
      description: `Confirm enabled ${(enabled! - appeared!).toFixed(0)} ms after the intents appeared`,
    });
    expect(
      enabled! - appeared!,
      'Confirm stayed disabled for the delay after the intents appeared',
    ).toBeGreaterThanOrEqual(CONFIRM_DELAY_MS - OBSERVER_SLACK_MS);
  } finally {
    if (!approval.isClosed()) await reject(approval);
  }
  expect(errorOf(await pending).code).toBe(4001);
  await expectClosed(approval);
});
