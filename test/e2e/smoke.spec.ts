import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENSION_DIR, expect, launchExtension, test } from './fixtures';

type ProviderWindow = Window & {
  intentsCompanion: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  __firstScriptSaw: string;
  __announced: { info: Record<string, string>; provider: unknown }[];
};

test.describe('smoke', () => {
  test('the background service worker starts', async ({ extension }) => {
    expect(extension.worker.url()).toBe(extension.url('background.js'));
    const name = await extension.worker.evaluate(
      () =>
        (
          globalThis as unknown as { chrome: { runtime: { getManifest(): { name: string } } } }
        ).chrome.runtime.getManifest().name,
    );
    expect(name).toBe('Intents Companion');
  });

  test.describe('a page on 127.0.0.1', () => {
    test.beforeEach(async ({ page, pagesOrigin }) => {
      await page.goto(`${pagesOrigin}/provider.html`);
    });

    test('sees window.intentsCompanion in its first inline script', async ({ page }) => {
      expect(await page.evaluate(() => (window as unknown as ProviderWindow).__firstScriptSaw)).toBe('object');
    });

    test('intents_accounts resolves to [] through page → relay → background', async ({ page }) => {
      const accounts = await page.evaluate(() =>
        (window as unknown as ProviderWindow).intentsCompanion.request({ method: 'intents_accounts' }),
      );
      expect(accounts).toEqual([]);
    });

    test('an unknown method rejects with 4200', async ({ page }) => {
      const error = await page.evaluate(() =>
        (window as unknown as ProviderWindow).intentsCompanion.request({ method: 'intents_noSuchMethod' }).then(
          () => null,
          (e: { code: number; message: string; name: string }) => ({
            code: e.code,
            message: e.message,
            isError: e instanceof Error,
          }),
        ),
      );
      expect(error).toEqual({ code: 4200, message: expect.stringContaining('intents_noSuchMethod'), isError: true });
    });

    test('answers intents:requestProvider with an announce', async ({ page }) => {
      const detail = await page.evaluate(() => {
        const w = window as unknown as ProviderWindow;
        w.dispatchEvent(new Event('intents:requestProvider'));
        const [d] = w.__announced;
        return d && { info: d.info, sameProvider: d.provider === w.intentsCompanion, frozen: Object.isFrozen(d) };
      });
      expect(detail).toEqual({
        info: {
          uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          name: 'Intents Companion',
          icon: expect.stringMatching(/^data:image\/svg\+xml,/),
          rdns: 'io.github.intents-companion',
        },
        sameProvider: true,
        frozen: true,
      });
    });

    test('window.intentsCompanion cannot be replaced', async ({ page }) => {
      const result = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        const before = w.intentsCompanion;
        const d = Object.getOwnPropertyDescriptor(window, 'intentsCompanion');
        let assignThrew = false;
        try {
          (() => {
            // biome-ignore lint/suspicious/noRedundantUseStrict: page.evaluate runs this as a sloppy-mode script in the page, where an assignment to a read-only property only throws in strict mode
            'use strict';
            w.intentsCompanion = {};
          })();
        } catch {
          assignThrew = true;
        }
        const deleted = delete w.intentsCompanion;
        return {
          writable: d?.writable,
          configurable: d?.configurable,
          assignThrew,
          deleted,
          same: w.intentsCompanion === before,
        };
      });
      expect(result).toEqual({ writable: false, configurable: false, assignThrew: true, deleted: false, same: true });
    });
  });

  test('the popup renders and reaches the background', async ({ page, extension }) => {
    await page.goto(extension.url('popup.html'));
    await expect(page.getByRole('heading', { name: 'Intents Companion' })).toBeVisible();
    // wallet_status answered: onboarding, unlock or the wallet shows, never the "did not answer" error.
    await expect(
      page.getByTestId('onboarding').or(page.getByTestId('unlock')).or(page.getByTestId('home')),
    ).toBeVisible();
    await expect(page.getByTestId('status-error')).toHaveCount(0);
  });

  test('damaged settings on a machine with no wallet: named as settings, never as a lost wallet', async () => {
    // Its own profile: the shared one must not keep damaged settings for the specs after this one.
    const profile = mkdtempSync(path.join(tmpdir(), 'intents-e2e-damaged-'));
    try {
      const first = await launchExtension(EXTENSION_DIR, undefined, profile);
      try {
        const page = await first.extension.context.newPage();
        await page.goto(first.extension.url('popup.html'));
        await expect(page.getByTestId('onboarding')).toBeVisible();
        // The popup is an extension page: it may write the extension's storage as a damaged disk would leave it.
        await page.evaluate(async () => {
          const chrome = (
            globalThis as unknown as {
              chrome: { storage: { local: { set(v: Record<string, unknown>): Promise<void> } } };
            }
          ).chrome;
          await chrome.storage.local.set({ settings: { preset: 'custom', endpoints: 7 } });
        });
      } finally {
        await first.close();
      }
      // The browser started again on that profile: its first wallet reads the damage (the session's copy of
      // the status, which only the wallet's own writes keep true, is gone with the session).
      const again = await launchExtension(EXTENSION_DIR, undefined, profile);
      try {
        const page = await again.extension.context.newPage();
        await page.goto(again.extension.url('popup.html'));
        await expect(page.getByTestId('store-problem')).toHaveAttribute('data-store', 'settings');
        await expect(page.getByTestId('store-problems')).toContainText('Your wallet and its keys are not affected');
        await expect(page.getByTestId('vault-problem')).toHaveCount(0);
        await expect(page.getByTestId('onboarding')).toBeVisible();
      } finally {
        await again.close();
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
