// Swap tracking without the popup ("tracking continues after the popup closes and
// after a service-worker stop, and a notification is raised"), in real Chromium with the built
// extension against the real simulator (fast timing: a deposit is SUCCESS about 2 s later).
//
// A swap is started in the popup (USDC on eth → wNEAR), the popup is closed, the service worker is
// stopped through CDP and seen stopped. From then on nothing of the extension is open: only an
// about:blank tab (it hosts the CDP session). The tracker's chrome.alarms alarm wakes the worker (CDP
// sees it running again without any message sent to it), the deposit is made on the simulator, and
// the alarm-driven checks of that new worker bring the swap to SUCCESS. The test then reads, inside
// that worker (not a page of the UI): the notification (chrome.notifications.getAll(), and its title
// and message as passed to chrome.notifications.create, recorded by a pass-through wrapper installed in
// the woken worker before the deposit exists), the badge text and the alarm; the swap's record is
// sealed at rest (docs/security.md, "What storage keeps"), so only its stored bytes are watched there.
// Only at the very end is the popup page opened again, to read the swap and its history through the
// wallet API.
//
// Order: stop → (the alarm wakes the worker) → deposit, rather than deposit → stop, so that the
// SUCCESS check is certainly made by a worker started after the stop, and the wrapper is certainly in
// place before the notification can be raised (the first check of a woken worker may otherwise run
// before a test can reach into it).
import type { Page, Worker } from '@playwright/test';
import { SWAP, type SwapRecordView } from '../../src/api/swapApi';
import { shortAddress } from '../../src/core';
import { launchExtension } from './fixtures';
import { dev, expect, openSwap, pick, test, walletCall } from './sim';
import { stopWorker, watchServiceWorker } from './worker';

const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WNEAR = 'nep141:wrap.near';
const SWAP_TIMEOUT = 20_000;
const SWAP_ALARM = 'swap-tracker'; // src/background/swaps/tracker.ts

/** What the extension's worker (or page) sees: the sealed records' bytes, notifications, badge and tracker alarm. */
interface Seen {
  /** storage.local as JSON text: the swap's record is in it, sealed (it changes when the tracker writes). */
  stored: string;
  notificationIds: string[];
  badge: string;
  alarm: boolean;
}
function look(target: Worker | Page): Promise<Seen> {
  const read = async (alarmName: string): Promise<Seen> => {
    const c = (globalThis as unknown as { chrome: ChromeApis }).chrome;
    const stored = JSON.stringify(await c.storage.local.get(null));
    const notificationIds = Object.keys(await c.notifications.getAll());
    const badge = await c.action.getBadgeText({});
    const alarm = !!(await c.alarms.get(alarmName));
    return { stored, notificationIds, badge, alarm };
  };
  return 'goto' in target ? target.evaluate(read, SWAP_ALARM) : target.evaluate(read, SWAP_ALARM);
}
interface ChromeApis {
  storage: { local: { get(k: null): Promise<Record<string, unknown>> } };
  notifications: { getAll(): Promise<Record<string, boolean>>; create(...a: unknown[]): Promise<string> };
  action: { getBadgeText(d: object): Promise<string> };
  alarms: { get(n: string): Promise<{ scheduledTime: number } | undefined> };
}

test('tracking continues after the popup closes and after a service-worker stop, and a notification is raised', async ({
  sim,
}) => {
  test.setTimeout(60_000);
  const { extension, close } = await launchExtension();
  try {
    const { context } = extension;
    const origin = `chrome-extension://${extension.id}/`;
    // A tab that is not the extension's: keeps a window open and hosts the CDP session.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const sw = await watchServiceWorker(cdp, extension);

    // 1. The swap, started in the popup.
    const popup = await context.newPage();
    const account = await openSwap(popup, extension, sim);
    await pick(popup, 'origin', 'usdc eth', USDC);
    await pick(popup, 'destination', 'wrap.near', WNEAR);
    await popup.getByTestId('swap-amount').fill('25');
    await expect(popup.getByTestId('swap-quote')).toHaveAttribute('data-state', 'ok', { timeout: SWAP_TIMEOUT });
    await popup.getByTestId('swap-start').click();
    await expect(popup.getByTestId('deposit-address')).toBeVisible({ timeout: SWAP_TIMEOUT });
    const address = (await popup.getByTestId('deposit-address').innerText()).trim();
    await expect(popup.getByTestId('deposit-status')).toHaveAttribute('data-status', 'PENDING_DEPOSIT');
    const [swap] = await walletCall<SwapRecordView[]>(popup, SWAP.list);
    expect(swap).toMatchObject({
      depositAddress: address,
      status: 'PENDING_DEPOSIT',
      request: { recipient: account, destinationAsset: WNEAR },
    });
    const id = swap!.id;
    // Tracked: one swap on the badge, the tracker's alarm set; nothing of the swap in storage in the clear.
    const tracked = await look(popup);
    expect(tracked).toMatchObject({ badge: '1', alarm: true, notificationIds: [] });
    for (const clear of [id, address, account]) expect(tracked.stored).not.toContain(clear);

    // 2. The popup closes: no page of the extension is open from here.
    await popup.close();
    expect(context.pages().filter((p) => p.url().startsWith(origin))).toEqual([]);

    // 3. The worker is stopped, and seen stopped.
    // When the tracker's alarm is due (it is the only thing due: nothing else will call the worker).
    const alarmAt = await extension.worker.evaluate(
      async (name) =>
        (await (globalThis as unknown as { chrome: ChromeApis }).chrome.alarms.get(name))?.scheduledTime ?? null,
      SWAP_ALARM,
    );
    expect(alarmAt).not.toBeNull();
    const stopAt = Date.now();
    const from = await stopWorker(cdp, sw);

    // 4. Nothing is sent to the extension; its alarm (due ≤ 5 s after the popup's last check) wakes the worker.
    await expect
      .poll(() => sw.events().slice(sw.events().slice(from).indexOf('stopped') + from), {
        message: 'the alarm starts the worker again',
        timeout: 15_000,
      })
      .toContain('running');
    // Playwright keeps one Worker for the extension's worker target and evaluates in whichever instance
    // runs now: this one started after the stop (its time origin says so).
    const worker = extension.worker;
    const startedAt = await worker.evaluate(() => performance.timeOrigin);
    expect(startedAt, 'a new worker instance, started after the stop').toBeGreaterThan(stopAt);
    // …when the alarm came due (seen 15–25 ms after it; 250 ms of slack), not before: the alarm woke it.
    expect(startedAt, 'started by the alarm').toBeGreaterThan(alarmAt! - 250);
    // A pass-through wrapper records what the tracker passes to chrome.notifications.create (the API
    // has no way to read a notification's title or message back). Installed before the deposit
    // exists, so before any terminal status can be seen.
    await worker.evaluate(() => {
      type Api = ChromeApis['notifications'];
      const g = globalThis as unknown as {
        chrome: ChromeApis;
        browser?: { notifications?: Api };
        __notified: unknown[][];
      };
      g.__notified = [];
      // wxt's `browser` is globalThis.browser where it has runtime.id, else chrome: wrap each once.
      for (const api of new Set([g.chrome.notifications, g.browser?.notifications].filter((a): a is Api => !!a))) {
        const original = api.create.bind(api);
        api.create = (...args: unknown[]) => {
          g.__notified.push(args);
          return original(...args);
        };
      }
    });
    const afterWake = await look(worker);
    expect(afterWake.notificationIds, 'no deposit yet').toEqual([]);

    // 5. The deposit, on the simulator.
    const depositAt = Date.now();
    await dev(sim, '/dev/deposit', { depositAddress: address, amount: '25000000' });

    // 6. The alarm-driven checks of the new worker bring the swap to SUCCESS (5 s steps at first): it says so.
    await expect
      .poll(async () => (await look(worker)).notificationIds, {
        message: 'the tracker reaches SUCCESS without the popup',
        timeout: 30_000,
        intervals: [250],
      })
      .toEqual([`swap-${id}`]);

    // The notification: raised once, for this swap, in words that match what the service reports.
    const notified = await worker.evaluate(() => (globalThis as unknown as { __notified: unknown[][] }).__notified);
    expect(notified).toHaveLength(1);
    const [notificationId, options] = notified[0] as [
      string,
      { type: string; title: string; message: string; iconUrl: string },
    ];
    expect(notificationId).toBe(`swap-${id}`);
    const service = (await (
      await fetch(`${sim.url}/v0/status?depositAddress=${encodeURIComponent(address)}`)
    ).json()) as {
      status: string;
      swapDetails: { amountOutFormatted: string };
    };
    expect(service.status).toBe('SUCCESS');
    expect(options).toMatchObject({ type: 'basic', title: 'Swap complete', iconUrl: `${origin}icon/128.png` });
    // The delivered amount from the service's status (not the quote's estimate), the token, the recipient.
    expect(options.message).toBe(
      `${service.swapDetails.amountOutFormatted} wNEAR delivered to ${shortAddress(account)}`,
    );

    // Tracking ended: the badge is back to '' and no tracker alarm is left (the tick sets both after
    // its checks, so a moment after the record).
    await expect
      .poll(async () => {
        const { badge, alarm } = await look(worker);
        return { badge, alarm };
      })
      .toEqual({ badge: '', alarm: false });
    expect(
      sw
        .events()
        .slice(from)
        .filter((s) => s === 'stopped').length,
      'one stop: the test’s',
    ).toBe(1);

    // 7. Only now: the popup page again, through the wallet API.
    const again = await context.newPage();
    await again.goto(extension.url('popup.html'));
    const record = await walletCall<SwapRecordView>(again, SWAP.get, { id });
    expect(record.status).toBe('SUCCESS');
    const history = record.statusHistory;
    expect(history[0]).toMatchObject({ status: 'PENDING_DEPOSIT' });
    expect(history.at(-1)).toMatchObject({ status: 'SUCCESS' });
    expect(history.at(-1)!.at, 'SUCCESS was recorded after the stop and after the deposit').toBeGreaterThan(
      Math.max(startedAt, depositAt),
    );
    expect(history.map((h) => h.at)).toEqual([...history.map((h) => h.at)].sort((a, b) => a - b));
    expect(new Set(history.map((h) => h.status)).size, 'each status once').toBe(history.length);
    expect(record.swapDetails?.amountOutFormatted).toBe(service.swapDetails.amountOutFormatted);
    expect((await look(again)).badge).toBe('');
    await cdp.detach();
  } finally {
    await close();
  }
});
