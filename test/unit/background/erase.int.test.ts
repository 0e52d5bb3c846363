// "Forgot password?" (src/background/wallet/erase.ts): the popup's wallet_erase clears the vault, the sites'
// grants, every sealed record and storage.session, keeps only the network settings (their credentials
// dropped) and the toolbar choice, and restarts the extension; a page cannot call it, and a call without the
// confirmation erases nothing. After the restart, the same phrase restored gives the same accounts, in the
// same order, and no site is connected to them. Requests still waiting for approval are answered first.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type CreateResult, WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { RestartableBackground } from '../../../src/background/restartable';
import { startBackground } from '../../../src/background/start';
import { KEPT_AFTER_ERASE } from '../../../src/background/wallet/erase';
import { ERROR_CODES, METHODS } from '../../../src/provider/protocol';
import { startSimulator } from '../../../src/sim/server';
import { memoryVaultStorage } from '../../../src/vault';
import { backgroundEnv, call, PASSWORD } from './harness';
import { pageSetup } from './pageHarness';

beforeEach(() => fakeBrowser.reset());

const PAGE = { url: 'https://dapp.example/app', origin: 'https://dapp.example', frameId: 0, tab: { id: 7 } };

function setup() {
  const vaultStorage = memoryVaultStorage();
  const env = backgroundEnv({ now: Date.now() }, vaultStorage);
  let restarts = 0;
  env.restart = () => {
    restarts += 1;
  };
  return { env, vaultStorage, bg: startBackground(env), restarts: () => restarts };
}

/** As the extension runs it (entrypoints/background.ts): a new background after an erase. */
function restartable() {
  const vaultStorage = memoryVaultStorage();
  const running = new RestartableBackground(backgroundEnv({ now: Date.now() }, vaultStorage));
  return { vaultStorage, running };
}

describe('erasing the wallet', () => {
  it('clears the vault, grants, sealed records and the session, keeps the settings without credentials, and restarts', async () => {
    const { vaultStorage, running } = restartable();
    const bg = running.current;
    await call(bg, WALLET.setSettings, { busApiKey: 'a-bus-key' });
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    const words = created.phrase!.words;
    const second = await call<CreateResult>(bg, WALLET.addAccount, { source: { kind: 'derive' } });
    const before = second.status.accounts.map((a) => a.accountId);
    await bg.permissions.grant(PAGE.origin, before);
    await call(bg, WALLET.selectAccount, { accountId: before[1] }); // a sealed record (the selected account)
    expect((await call<{ hasBusApiKey: boolean }>(bg, WALLET.getSettings)).hasBusApiKey).toBe(true);

    // Locked, as a person who forgot the password finds it.
    await call(bg, WALLET.lock);
    expect(await call(bg, WALLET.erase, { confirm: 'erase this wallet' })).toEqual({ erased: true });

    expect(vaultStorage.data.size).toBe(0);
    const local = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(
      local.every((k) => KEPT_AFTER_ERASE.includes(k)),
      local.join(', '),
    ).toBe(true);
    expect(local).toContain('settings');
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});

    // A new background answers now: no wallet, the settings kept, the credential gone.
    const after = running.current;
    expect(after).not.toBe(bg);
    expect(await call<WalletStatus>(after, WALLET.status)).toMatchObject({ exists: false, unlocked: false });
    expect((await call<{ hasBusApiKey: boolean }>(after, WALLET.getSettings)).hasBusApiKey).toBe(false);
    const restored = await call<CreateResult>(after, WALLET.create, {
      password: 'another long password',
      source: { kind: 'importPhrase', phrase: words.join(' ') },
    });
    const again = await call<CreateResult>(after, WALLET.addAccount, { source: { kind: 'derive' } });
    expect(again.status.accounts.map((a) => a.accountId)).toEqual(before);
    expect(restored.status.recovery.phraseId).toBe(created.status.recovery.phraseId);
    // The site connected to the erased wallet is connected to nothing.
    expect(await after.permissions.all()).toEqual({});
    const asked = await running.route({ type: 'request', method: METHODS.accounts, doc: '1'.padStart(32, '0') }, PAGE);
    expect(asked).toEqual({ ok: true, result: [] });
  });

  it('erases nothing for a page, nor without the confirmation', async () => {
    const { bg, vaultStorage, restarts } = setup();
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const fromPage = await bg.route(
      { type: 'request', method: WALLET.erase, params: { confirm: 'erase this wallet' } },
      PAGE,
    );
    expect(fromPage.ok).toBe(false);
    await expect(call(bg, WALLET.erase, {})).rejects.toThrow();
    await expect(call(bg, WALLET.erase, { confirm: 'yes' })).rejects.toThrow();
    expect(restarts()).toBe(0);
    expect(vaultStorage.data.size).toBeGreaterThan(0);
    expect((await call<WalletStatus>(bg, WALLET.status)).unlocked).toBe(true);
  });
});

describe('the status’s recovery view', () => {
  it('names the phrase and the keys it does not cover until each is exported', async () => {
    const { bg } = setup();
    const created = await call<CreateResult>(bg, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    expect(created.status.recovery).toEqual({
      phraseId: created.phrase!.id,
      outsidePhrase: [],
      keysToBackUp: [],
    });
    const random = await call<CreateResult>(bg, WALLET.addAccount, { source: { kind: 'generate' } });
    const key = random.status.accounts.at(-1)!.publicKeys[0]!;
    expect(random.status.recovery).toMatchObject({ outsidePhrase: [key], keysToBackUp: [key] });
    await expect(call(bg, WALLET.exportKey, { password: 'not the password', publicKey: key })).rejects.toThrow();
    expect((await call<WalletStatus>(bg, WALLET.status)).recovery.keysToBackUp).toEqual([key]);
    await call(bg, WALLET.exportKey, { password: PASSWORD, publicKey: key });
    expect((await call<WalletStatus>(bg, WALLET.status)).recovery).toMatchObject({
      outsidePhrase: [key],
      keysToBackUp: [],
    });
  });

  it('has no phrase for a Quick-key wallet, whose key is to back up', async () => {
    const { bg } = setup();
    const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const key = created.status.accounts[0]!.publicKeys[0]!;
    expect(created.status.recovery).toEqual({ phraseId: null, outsidePhrase: [key], keysToBackUp: [key] });
    await expect(call(bg, WALLET.addAccount, { source: { kind: 'derive' } })).rejects.toThrow(/no recovery phrase/);
  });
});

describe('requests waiting for approval when the wallet is erased', () => {
  it('are answered (4900: the wallet was erased) and the window closes, rather than left waiting', async () => {
    const sim = await startSimulator({ port: 0, clock: 'manual' });
    try {
      const t = await pageSetup(sim);
      const closed: number[] = [];
      t.env.windows.remove = async (id) => void closed.push(id);
      const pending = await t.page(METHODS.requestAccounts, {});
      expect(pending.ok).toBe('deferred');
      expect(t.windows).toHaveLength(1);
      expect(await call(t.bg, WALLET.erase, { confirm: 'erase this wallet' })).toEqual({ erased: true });
      expect(await t.answerOf(pending)).toMatchObject({
        ok: false,
        error: { code: ERROR_CODES.disconnected, message: expect.stringMatching(/erased/) },
      });
      expect(closed).toEqual(t.windows);
    } finally {
      await sim.close();
    }
  });
});
