// Every amount the approval window shows is in its token's decimals and symbol: the intents' lines, the
// findings, and the simulation's balance changes, unmatched line and balance refusal. Smallest units and
// raw asset ids stay behind "Show raw JSON". Real Chromium, the built extension, the simulator.
import type { Page } from '@playwright/test';
import { dappForFile, ONE_WNEAR, reject, request, TEN_WNEAR, USDT, WNEAR, withApproval } from './provider-helpers';
import { checkScreen } from './screens';
import { expect, test } from './sim';

test.describe.configure({ timeout: 60_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

/**
 * The window's words outside the raw JSON, with the signer's own account id (hex, read in full on purpose)
 * taken out, and its shortened form under "From" (hex too: its digits can run to 7 and more).
 */
async function wordsOutsideRaw(approval: Page, accountId: string): Promise<string> {
  const text = await approval.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const raw of clone.querySelectorAll('[data-testid="approval-raw"], [data-testid="approval-account"]'))
      raw.remove();
    document.body.append(clone);
    clone.style.position = 'absolute';
    const words = clone.innerText;
    clone.remove();
    return words;
  });
  return text.split(accountId).join('<account>');
}

/**
 * No smallest-unit number (a whole part of 7 or more digits: the amounts here are under a million tokens,
 * while their units run to 7 and 25 digits) and no asset id (nep141:, nep171:, nep245:).
 */
function expectFormatted(words: string): void {
  expect(words.match(/(?<![\d.])\d{7,}/g) ?? [], 'a smallest-unit number').toEqual([]);
  expect(words.match(/nep(141|171|245):\S*/g) ?? [], 'a raw asset id').toEqual([]);
}

async function review(intents: unknown[]): Promise<{ approval: Page; pending: Promise<unknown> }> {
  const opened = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signIntents', { intents }, { timeoutMs: 60_000 }),
  );
  await expect(opened.approval.locator('[data-testid="review-result"][data-outcome]')).toBeVisible({
    timeout: 15_000,
  });
  return opened;
}

test('a swap without its counterparty: lines, balance changes and the unmatched line are in wNEAR and USDT; units only in the raw JSON', async () => {
  const { approval, pending } = await review([
    { intent: 'token_diff', diff: { [WNEAR]: '-999999000000000000000000', [USDT]: '2500000' } },
  ]);
  const intent = approval.getByTestId('approval-intent');
  await expect(intent).toContainText('Give 0.999999 wNEAR');
  await expect(intent).toContainText('Receive 2.5 USDT');
  const sim = approval.getByTestId('approval-simulation');
  await expect(sim).toContainText('-0.999999 wNEAR');
  await expect(sim).toContainText('+2.5 USDT');
  // After the verifier's fee: what a counterparty must settle, in wNEAR and USDT.
  await expect(approval.getByTestId('approval-invariant')).toContainText(/\(-0\.99999\d* wNEAR, \+2\.5 USDT\)/);
  expectFormatted(await wordsOutsideRaw(approval, session.w.accountId));

  // The raw JSON still holds the exact units and ids.
  await approval.getByTestId('approval-technical').locator('summary').click();
  await approval.getByTestId('approval-raw-toggle').click();
  await expect(approval.getByTestId('approval-raw')).toContainText('-999999000000000000000000');
  await expect(approval.getByTestId('approval-raw')).toContainText(WNEAR);
  expectFormatted(await wordsOutsideRaw(approval, session.w.accountId));
  await reject(approval);
  await pending;
});

test('a transfer above the balance: the refusal says what is held and needed in wNEAR', async () => {
  const { approval, pending } = await review([
    { intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: '20000000000000000000000000' } },
  ]);
  await expect(approval.getByTestId('approval-simulation')).toContainText('holds 10 wNEAR and this needs 20 wNEAR');
  await expect(approval.getByTestId('approval-intent')).toContainText('Send 20 wNEAR to bob.near');
  expectFormatted(await wordsOutsideRaw(approval, session.w.accountId));
  await reject(approval);
  await pending;
});

test('a swap leads with its result under the asking site: what is given and got, in USD, and the fee; Reject and Confirm on the first screen', async () => {
  const { approval, pending } = await review([
    { intent: 'token_diff', diff: { [WNEAR]: `-${ONE_WNEAR}`, [USDT]: '2303102' } },
  ]);
  const result = approval.getByTestId('review-result');
  await expect(result.locator('.result-out')).toHaveText(/^1 wNEAR ≈ \$\d+\.\d\d$/);
  await expect(result.locator('.result-in')).toHaveText(/^2\.303102 USDT ≈ \$\d+\.\d\d$/);
  await expect(approval.getByTestId('review-fee')).toContainText('%');
  // Protocol detail is one click away, not in the way.
  await expect(approval.getByTestId('approval-verifier')).toBeHidden();
  await expect(approval.getByTestId('approval-nonce-kind')).toBeHidden();
  const layout = await approval.evaluate(() => {
    const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    return {
      result: box('review-result').top,
      intent: box('approval-intent').top,
      confirm: box('approval-confirm').bottom,
      reject: box('approval-reject').bottom,
      height: window.innerHeight,
      scrolled: window.scrollY,
    };
  });
  expect(layout.scrolled).toBe(0);
  expect(layout.result, 'the result comes before the intents in words').toBeLessThan(layout.intent);
  expect(layout.confirm, 'Confirm within the first screen').toBeLessThanOrEqual(layout.height);
  expect(layout.reject, 'Reject within the first screen').toBeLessThanOrEqual(layout.height);
  // axe in light and dark, and its picture (the README's approval window).
  await checkScreen(approval, 'approval-swap');
  await reject(approval);
  await pending;
});
