// The wallet at 200 % browser zoom (WCAG 2.2, 1.4.4 Resize Text and 1.4.10 Reflow): the extension's pages
// zoomed by the browser itself (chrome.tabs.setZoom, which applies to the extension's origin), in real
// Chromium against the simulator. At that zoom each screen still reads without scrolling sideways, axe
// finds nothing serious or critical in light or dark, and what finishes the task (Confirm, Review, Start)
// is reachable. The popup grows with its content up to the browser's 800 px cap, so its 360 CSS px
// become 720 device px; the approval window keeps the size it was opened at (400 × 660), and the side
// panel the width the person gave it: both then have half their CSS pixels.
import type { Page } from '@playwright/test';
import { WALLET } from '../../src/api/walletApi';
import { closePageServer, launchExtension, startPageServer } from './fixtures';
import { confirm, ONE_WNEAR, reject, request, withApproval } from './provider-helpers';
import { checkScreen } from './screens';
import { dev, expect, pick, pointAtSimulator, test, walletCall } from './sim';

const WNEAR = 'nep141:wrap.near';
const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const SOL = 'nep141:sol.omft.near';
const QUOTE_TIMEOUT = 20_000;
const ZOOM = 2;

interface TabsApi {
  chrome: { tabs: { getCurrent(): Promise<{ id?: number }>; setZoom(id: number, factor: number): Promise<void> } };
}

/** Zooms the extension's pages the way the person would (the browser's zoom, per origin), then waits for it. */
async function zoomExtension(page: Page, css: { width: number }): Promise<void> {
  await page.evaluate(async (factor) => {
    const { tabs } = (globalThis as unknown as TabsApi).chrome;
    const tab = await tabs.getCurrent();
    if (tab?.id === undefined) throw new Error('not in a tab');
    await tabs.setZoom(tab.id, factor);
  }, ZOOM);
  await expect.poll(() => page.evaluate(() => window.innerWidth), { message: 'the zoom applies' }).toBe(css.width);
}

/** Elements drawn past the right edge of the viewport: what a person would have to scroll sideways to read. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
      // Inside a box that scrolls on its own (a list, a code block): reachable there, not a reflow failure.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll' || o === 'hidden') && p.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped)
        out.push(`${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.className}] ends at ${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

/** The popup's size at this zoom, in device pixels (see the top of this file). */
const POPUP_ZOOMED = { width: 360 * ZOOM, height: 600 };
/** The approval window as the wallet opens it (src/background/approvals/queue.ts), and a side panel. */
const APPROVAL_WINDOW = { width: 400, height: 660 };
const PANEL = { width: 400, height: 900 };

async function checkZoomed(
  page: Page,
  name: string,
  size: { width: number; height: number },
  words: 'plain' | 'ids' = 'plain',
  /** What the test put on the screen of the person's own (the account's name): data, not words. */
  shown: readonly string[] = [],
): Promise<void> {
  await checkScreen(page, `zoom-${name}`, words, { size, shown });
  expect.soft(await overflowing(page), `${name}: nothing to scroll sideways at 200 %`).toEqual([]);
}

test.describe.configure({ timeout: 300_000 });

test('at 200 % zoom every main screen reflows, axe finds nothing serious, and each task can be finished', async ({
  sim,
}) => {
  const { extension, close } = await launchExtension();
  const pages = await startPageServer();
  try {
    const page = await extension.context.newPage();
    await page.setViewportSize(POPUP_ZOOMED);
    await page.goto(extension.url('popup.html'));
    await pointAtSimulator(page, extension, sim);
    const created = await walletCall<{ status: { selectedAccountId: string; accounts: { label: string }[] } }>(
      page,
      WALLET.create,
      {
        password: 'correct horse battery',
        source: { kind: 'generate' },
      },
    );
    const account = created.status.selectedAccountId;
    const names = created.status.accounts.map((a) => a.label);
    await walletCall(page, WALLET.setSettings, { jwt: sim.devJwt });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: WNEAR, amount: (12n * 10n ** 24n).toString() });
    await dev(sim, '/dev/fund', { accountId: account, tokenId: USDC_ETH, amount: '40000000' });
    await page.reload();
    await zoomExtension(page, { width: 360 });

    await expect(page.getByTestId('home-balance')).toHaveCount(2, { timeout: 10_000 });
    await checkZoomed(page, 'home', POPUP_ZOOMED, 'plain', names);

    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-token').click();
    await page.getByTestId('swap-token-search').fill('sol');
    await page.locator(`[data-testid="swap-token-option"][data-asset-id="${SOL}"]`).click();
    await expect(page.getByTestId('receive-address')).toBeVisible({ timeout: QUOTE_TIMEOUT });
    await checkZoomed(page, 'receive-address', POPUP_ZOOMED, 'ids', names);
    await page.getByTestId('receive-back').click();

    await page.getByTestId('home-send').click();
    await page.getByTestId('send-to').fill(`friend${Date.now()}.near`);
    await page.getByTestId('send-amount').fill('1');
    await checkZoomed(page, 'send', POPUP_ZOOMED, 'plain', names);
    await page.getByTestId('send-review').click();
    await expect(page.getByTestId('send-dialog').getByTestId('approval-intent')).toBeVisible({ timeout: 10_000 });
    await checkZoomed(page, 'send-review', POPUP_ZOOMED, 'plain', names);
    await page.getByTestId('send-cancel').click();
    await page.getByTestId('send-back').click();

    await page.getByTestId('nav-swap').click();
    await pick(page, 'origin', 'usdc eth', USDC_ETH);
    await pick(page, 'destination', 'wrap.near', WNEAR);
    await page.getByTestId('swap-amount').fill('25');
    await expect(page.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: QUOTE_TIMEOUT });
    await checkZoomed(page, 'swap', POPUP_ZOOMED, 'plain', names);
    await page.getByTestId('swap-start').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('swap-start')).toBeInViewport();

    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('history')).toBeVisible({ timeout: 10_000 });
    // Loaded, not the screen while it reads: axe looks at what stays.
    // Which of the three it came to (the simulator is shared by the worker's tests: its service may list their
    // swaps under the same JWT), and never a failure to read it.
    const settled = page
      .getByTestId('history-empty')
      .or(page.getByTestId('history-error'))
      .or(page.getByTestId('history-row'));
    await expect(settled.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('history-error')).toHaveCount(0);
    await checkZoomed(page, 'activity', POPUP_ZOOMED, 'plain', names);

    await page.getByTestId('nav-settings').click();
    await checkZoomed(page, 'settings', POPUP_ZOOMED, 'plain', names);

    // The approval window: its own size, zoomed with the extension's origin.
    const dapp = await extension.context.newPage();
    await dapp.goto(`${pages.origin}/dapp.html`);
    const connect = await withApproval(extension.context, () => request(dapp, 'intents_requestAccounts', {}));
    await checkZoomed(connect.approval, 'approval-connect', APPROVAL_WINDOW, 'plain', names);
    await confirm(connect.approval);
    expect(await connect.pending).toMatchObject({ ok: true });
    const intents = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];
    const sign = await withApproval(extension.context, () => request(dapp, 'intents_signIntents', { intents }));
    await expect(sign.approval.locator('[data-testid="review-result"][data-outcome="ok"]')).toBeVisible({
      timeout: 10_000,
    });
    await checkZoomed(sign.approval, 'approval-intent', APPROVAL_WINDOW);
    await sign.approval.getByTestId('approval-confirm').scrollIntoViewIfNeeded();
    await expect(sign.approval.getByTestId('approval-confirm')).toBeInViewport();
    await reject(sign.approval);
    expect(await sign.pending).toMatchObject({ ok: false });

    // The side panel: a narrow column the person sized, half its CSS pixels at this zoom.
    const panel = await extension.context.newPage();
    await panel.setViewportSize(PANEL);
    await panel.goto(extension.url('sidepanel.html'));
    await expect.poll(() => panel.evaluate(() => window.innerWidth)).toBe(200);
    await expect(panel.getByTestId('home-balance')).toHaveCount(2, { timeout: 10_000 });
    await checkZoomed(panel, 'sidepanel-home', PANEL, 'plain', names);
  } finally {
    await closePageServer(pages);
    await close();
  }
});
