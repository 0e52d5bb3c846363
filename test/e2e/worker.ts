// The extension's service worker seen and stopped through CDP, for the specs that show a worker stop
// loses nothing (keys, provider-restart, reliability, swap-tracking). One copy, so that every spec
// waits for the same evidence ("CDP reports it stopped") before it goes on.
import type { CDPSession, Page } from '@playwright/test';
import { type Extension, expect } from './fixtures';
import type { WalletSession } from './provider-helpers';

export interface WorkerWatch {
  /** Every running status CDP reported for the extension's worker versions, in order. */
  events(): string[];
  /** The running status of each of its versions, as CDP last reported it. */
  states(): string[];
}

/** Watches the extension's service worker through CDP (`ServiceWorker.enable`). */
export async function watchServiceWorker(cdp: CDPSession, extension: Extension): Promise<WorkerWatch> {
  const origin = `chrome-extension://${extension.id}/`;
  const events: string[] = [];
  const states = new Map<string, string>(); // versionId → runningStatus
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      if (!v.scriptURL.startsWith(origin)) continue;
      states.set(v.versionId, v.runningStatus);
      events.push(v.runningStatus);
    }
  });
  await cdp.send('ServiceWorker.enable');
  return { events: () => [...events], states: () => [...states.values()] };
}

/**
 * A CDP session hosted by `page` watching the extension's worker, once CDP has seen it running (the
 * later stops are then told apart from a worker that was never seen).
 */
export async function watchRunningWorker(
  page: Page,
  extension: Extension,
): Promise<{ cdp: CDPSession; sw: WorkerWatch }> {
  const cdp = await extension.context.newCDPSession(page);
  const sw = await watchServiceWorker(cdp, extension);
  await expect.poll(() => sw.events(), { message: 'CDP sees the worker running' }).toContain('running');
  return { cdp, sw };
}

/**
 * Stops every service worker (CDP ServiceWorker.stopAllWorkers) and waits until CDP reports ours
 * stopped; returns the index of the events from just before the stop.
 */
export async function stopWorker(cdp: CDPSession, sw: Pick<WorkerWatch, 'events'>): Promise<number> {
  const from = sw.events().length;
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect
    .poll(() => sw.events().slice(from), { message: 'CDP reports the worker stopped', timeout: 10_000 })
    .toContain('stopped');
  return from;
}

/**
 * dappForFile's setUp and tearDown for a file that stops the worker: the session gets `cdp` and `sw`
 * (watchRunningWorker on the wallet's popup), and the CDP session is detached before the wallet closes.
 */
export const watchWorkerForFile = {
  setUp: ({ w }: { w: WalletSession }) => watchRunningWorker(w.popup, w.extension),
  tearDown: async ({ cdp }: { cdp?: CDPSession }) => void (await cdp?.detach().catch(() => undefined)),
};
