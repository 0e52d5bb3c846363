// A woken worker answers the popup's wallet_status before the wallet's script is loaded, from the copy
// the wallet keeps in storage.session (docs/architecture.md, "Start-up"). Attacks on that answer: a copy
// older than the wallet (a key added with no status computed), and a web page asking it for the status.
// It also leaves the wallet unloaded for the tabs and windows the wallet's records do not name; attacks
// on that: a waiting request's page left, and its window closed, while the worker slept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Worker } from '@playwright/test';
import type { KeyChangeResult, WalletStatus } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { EXTENSION_DIR, type Extension, launchExtension } from '../fixtures';
import { dappForFile, errorOf, expectClosed, queuedApprovals, request, withApproval } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { stopWorker, watchWorkerForFile } from '../worker';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const session = dappForFile({ connect: true, ...watchWorkerForFile });

/** An extension page that asks nothing by itself (the popup's screens would wake the wallet on their own). */
async function quietPage(): Promise<Page> {
  const page = await session.w.context.newPage();
  await page.goto(session.w.extension.url('blank.html'));
  return page;
}

/**
 * Whether the running worker has loaded the wallet's script (src/background/wake/walletScript.ts), once
 * the events it was woken for are decided: they wait for the storage read the worker made as it started,
 * which is answered before the read made here.
 */
async function walletLoaded(extension: Extension): Promise<boolean> {
  const workers = extension.context
    .serviceWorkers()
    .filter((w: Worker) => w.url().startsWith(`chrome-extension://${extension.id}/`));
  for (const worker of workers.reverse()) {
    const loaded = await worker
      .evaluate(async () => {
        const g = globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<unknown> } } } };
        await g.chrome.storage.session.get(null);
        return typeof (globalThis as Record<symbol, unknown>)[Symbol.for('intents-companion.startWallet')];
      })
      .catch(() => null);
    if (loaded !== null) return loaded === 'function';
  }
  throw new Error('no running service worker of the extension answered');
}

test.beforeAll(async () => {
  // The popup tab of the session would ask the wallet for its screens: it becomes a quiet page too.
  await session.w.popup.goto(session.w.extension.url('blank.html'));
});

test('wallet_status at wake-up is the wallet’s copy, with no wallet loaded; the next call loads it', async () => {
  const page = await quietPage();
  const before = await walletCall<WalletStatus>(page, 'wallet_status');
  expect(before.unlocked).toBe(true);
  await stopWorker(session.cdp, session.sw);
  expect(await walletCall<WalletStatus>(page, 'wallet_status')).toEqual(before);
  expect(await walletLoaded(session.w.extension)).toBe(false);
  await walletCall(page, 'wallet_getSettings');
  expect(await walletLoaded(session.w.extension)).toBe(true);
  await page.close();
});

test('a key added: the woken worker’s answer has it, never the copy from before', async () => {
  const page = await quietPage();
  const before = await walletCall<WalletStatus>(page, 'wallet_status');
  const added = await walletCall<KeyChangeResult>(page, 'wallet_addKey', { accountId: session.w.accountId });
  expect(added.confirmed).toBe(true);
  await stopWorker(session.cdp, session.sw);
  const woken = await walletCall<WalletStatus>(page, 'wallet_status');
  expect(before.accounts[0]!.publicKeys).not.toContain(added.publicKey);
  expect(woken.accounts[0]!.publicKeys).toContain(added.publicKey);
  await page.close();
});

test('a web page asking a stopped worker for wallet_status is refused as ever, and hears no status', async () => {
  await stopWorker(session.cdp, session.sw);
  const outcome = await request(session.dapp, 'wallet_status', undefined);
  expect(errorOf(outcome).code).toBe(ERROR_CODES.unsupportedMethod);
  expect(JSON.stringify(outcome)).not.toContain(session.w.accountId);
});

/** A second tab on the connected dApp's page: its requests are its own, so each test starts afresh. */
async function dappTab(): Promise<Page> {
  const tab = await session.w.context.newPage();
  await tab.goto(session.dapp.url());
  return tab;
}

/** A page elsewhere: no content script runs on it, so only the tab's own events reach the worker. */
const ELSEWHERE = 'data:text/html,<title>elsewhere</title>';

/** Asks `tab` for a message signature; resolves once its approval window shows it. */
function askToSign(tab: Page, nonce: number) {
  return withApproval(session.w.context, () =>
    request(
      tab,
      'intents_signMessage',
      { message: 'wake', recipient: '127.0.0.1' },
      { nonceBytes: Array(32).fill(nonce) },
    ),
  );
}

test('browsing in a tab the wallet holds nothing for wakes the worker and loads no wallet', async () => {
  const tab = await session.w.context.newPage();
  await stopWorker(session.cdp, session.sw);
  const stopped = session.sw.events().length;
  await tab.goto(ELSEWHERE);
  await expect
    .poll(() => session.sw.events().slice(stopped), { message: 'the tab’s update woke it' })
    .toContain('running');
  expect(await walletLoaded(session.w.extension)).toBe(false);
  await tab.close();
});

test('a waiting request’s page leaves while the worker sleeps: the request goes, and its window closes', async () => {
  const tab = await dappTab();
  const { approval } = await askToSign(tab, 1);
  await stopWorker(session.cdp, session.sw);
  await tab.goto(ELSEWHERE);
  await expectClosed(approval, 15_000);
  expect(await queuedApprovals(session.w.context)).toBe(0);
  await tab.close();
});

test('the approval window closed while the worker sleeps: its request is rejected as ever (4001)', async () => {
  const tab = await dappTab();
  const { approval, pending } = await askToSign(tab, 2);
  await stopWorker(session.cdp, session.sw);
  await approval.close();
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  expect(await queuedApprovals(session.w.context)).toBe(0);
  await tab.close();
});

// The browser's own start (runtime.onStartup) cannot be told apart here: Chromium loads an unpacked
// extension again at every start (--load-extension), which is an install event too.
test('the extension installed, and loaded again as the browser starts: the wallet starts for its chores with no page open', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'intents-e2e-restart-'));
  try {
    const installed = await launchExtension(EXTENSION_DIR, undefined, profile);
    await expect.poll(() => walletLoaded(installed.extension), { message: 'started on install' }).toBe(true);
    await installed.close();
    const restarted = await launchExtension(EXTENSION_DIR, undefined, profile);
    await expect.poll(() => walletLoaded(restarted.extension), { message: 'started with the browser' }).toBe(true);
    await restarted.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
