// A woken worker answers the popup's wallet_status before the wallet's script is loaded, from the copy
// the wallet keeps in storage.session (docs/architecture.md, "Start-up"). Attacks on that answer: a copy
// older than the wallet (a key added with no status computed), and a web page asking it for the status.
import type { Page, Worker } from '@playwright/test';
import type { KeyChangeResult, WalletStatus } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import type { Extension } from '../fixtures';
import { dappForFile, errorOf, request } from '../provider-helpers';
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

/** Whether the running worker has loaded the wallet's script (src/background/wake/walletScript.ts). */
async function walletLoaded(extension: Extension): Promise<boolean> {
  const workers = extension.context
    .serviceWorkers()
    .filter((w: Worker) => w.url().startsWith(`chrome-extension://${extension.id}/`));
  for (const worker of workers.reverse()) {
    const loaded = await worker
      .evaluate(() => typeof (globalThis as Record<symbol, unknown>)[Symbol.for('intents-companion.startWallet')])
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
