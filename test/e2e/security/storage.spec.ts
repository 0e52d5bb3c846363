// Red team: storage a web page can write (docs/security.md, "Storage no page can write"). Code in the
// relay content script's isolated world, as a compromised renderer of any page the user visits can run
// it, writes chrome.storage.local: a forged grant, another swap-service endpoint, a pending swap's deposit
// address. The worker is then stopped (the browser does that after ~30 s idle), so its memory no longer
// hides the change. Every such write must be refused by the browser, and none may change what the wallet
// does. And a copy of storage.local taken without the password shows none of the person's history.
import type { Page } from '@playwright/test';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { type SettingsView, WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import type { Extension } from '../fixtures';
import { balances, fund, openDapp, request, resultOf, TEN_WNEAR, WNEAR, withApproval } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { stopWorker, watchRunningWorker } from '../worker';
import { intentsSwap, startRecorder, storageLocal } from './helpers';
import { readLocal, relayWorld, writeLocal } from './renderer';

/** The attacker's writes from `page`'s relay world, then the worker stopped: the next call reads storage again. */
async function attackAndRestart(
  page: Page,
  popup: Page,
  extension: Extension,
  items: Record<string, unknown>,
): Promise<string> {
  const world = await relayWorld(page, extension);
  const { cdp, sw } = await watchRunningWorker(popup, extension);
  try {
    const written = await writeLocal(world, items);
    await stopWorker(cdp, sw);
    return written;
  } finally {
    await world.detach();
    await cdp.detach().catch(() => undefined);
  }
}

/** Every key a grant may live under (by network, or one for all in older versions). */
const grantKeys = (origin: string, accountId: string) => {
  const grant = { [origin]: { accounts: [accountId], grantedAt: Date.now() } };
  return { grants: grant, networkGrants: { 'intents.sim': grant, 'intents.near': grant } };
};

test('a forged grant: the site is not connected, and asking for accounts opens the connect window', async ({ sim }) => {
  const { w, pages, dapp } = await openDapp(sim);
  try {
    const written = await attackAndRestart(dapp, w.popup, w.extension, grantKeys(pages.origin, w.accountId));
    expect(written, 'the browser refuses the content script').toMatch(/^refused/);
    expect(resultOf(await request(dapp, 'intents_accounts'))).toEqual([]);
    const { approval, pending } = await withApproval(w.context, () => request(dapp, 'intents_requestAccounts', {}));
    await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'connect');
    await approval.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 4001 } });
  } finally {
    await w.close();
  }
});

test('another swap-service endpoint written into the settings: the wallet keeps talking to its own', async ({
  sim,
}) => {
  const { w, dapp } = await openDapp(sim);
  const attacker = await startRecorder();
  try {
    const view = await walletCall<SettingsView>(w.popup, WALLET.getSettings);
    const settings = {
      preset: view.preset,
      endpoints: { ...view.endpoints, swap: attacker.url },
      verifierId: view.verifierId,
      jwt: null,
      busApiKey: null,
      autoLockMinutes: 15,
    };
    const written = await attackAndRestart(dapp, w.popup, w.extension, { settings });
    expect(written).toMatch(/^refused/);
    const quote = await walletCall(w.popup, 'swap_quote', intentsSwap(w.accountId, '2000000000000000000000000')).then(
      () => 'quoted',
      (e: Error) => e.message,
    );
    expect(attacker.requests(), 'nothing reached the attacker').toEqual([]);
    expect(quote).toBe('quoted');
    expect((await walletCall<SettingsView>(w.popup, WALLET.getSettings)).endpoints.swap).toBe(sim.url);
  } finally {
    await w.close();
    await attacker.close();
  }
});

/** Starts a 2 wNEAR INTENTS swap for a funded account. */
async function pendingSwap(sim: RunningSimulator, popup: Page, accountId: string): Promise<SwapRecordView> {
  await fund(sim, accountId, WNEAR, TEN_WNEAR);
  return walletCall<SwapRecordView>(popup, 'swap_start', intentsSwap(accountId, '2000000000000000000000000'));
}

test("a pending swap's deposit address rewritten: paying from the intents account never pays the attacker", async ({
  sim,
}) => {
  const { w, dapp } = await openDapp(sim);
  try {
    const swap = await pendingSwap(sim, w.popup, w.accountId);
    const written = await attackAndRestart(dapp, w.popup, w.extension, {
      [`swap:${swap.id}`]: { ...swap, depositAddress: 'mallory.near' },
    });
    expect(written).toMatch(/^refused/);
    const shown = await walletCall<SwapRecordView>(w.popup, 'swap_get', { id: swap.id }).then(
      (r) => r.depositAddress,
      (e: Error) => e.message,
    );
    expect(shown).toBe(swap.depositAddress);
    const preview = await walletCall<{ reviewed: string }>(w.popup, 'swap_previewPayment', { id: swap.id });
    await walletCall(w.popup, 'swap_payFromIntents', {
      id: swap.id,
      reviewed: preview.reviewed,
      acknowledgeDanger: true,
    });
    expect((await balances(sim, 'mallory.near'))[WNEAR], 'the attacker got nothing').toBeUndefined();
    expect((await balances(sim, swap.depositAddress))[WNEAR]).toBe('2000000000000000000000000');
  } finally {
    await w.close();
  }
});

test("storage.local without the password: no swap, deposit address, balance, Activity or selected account; a page's renderer reads nothing", async ({
  sim,
}) => {
  const { w, dapp } = await openDapp(sim);
  try {
    const swap = await pendingSwap(sim, w.popup, w.accountId);
    await walletCall(w.popup, WALLET.balances, {});
    const world = await relayWorld(dapp, w.extension);
    try {
      expect(await readLocal(world)).toMatchObject({ ok: false });
    } finally {
      await world.detach();
    }
    const dump = await storageLocal(w.extension, w.popup);
    for (const secret of [
      swap.depositAddress,
      swap.id,
      w.accountId,
      '2000000000000000000000000',
      TEN_WNEAR,
      'wrap.near',
    ]) {
      expect(dump, `storage.local shows ${secret} in the clear`).not.toContain(secret);
    }
  } finally {
    await w.close();
  }
});
