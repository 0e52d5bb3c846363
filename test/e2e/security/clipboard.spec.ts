// Red team: nothing secret left behind on the clipboard (docs/security.md, "Nothing left behind: the
// clipboard"). A secret key exported and copied, or a recovery phrase copied by hand, must not stay on the
// clipboard for a thief or for any program that reads it: it is cleared when the popup closes and 60 s
// after the copy with the popup still open; what is not secret (a public key) is left where the user put
// it. Real Chromium, the built extension, the simulator; the clipboard is read the way any web page with
// the clipboard permission reads it (a page of the test server, `navigator.clipboard.readText()`).
import type { Page, Worker } from '@playwright/test';
import { ERASE_MESSAGE } from '../../../src/api/clipboard';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import { closePageServer, type Extension, launchExtension, type PageServer, startPageServer } from '../fixtures';
import { PASSWORD } from '../provider-helpers';
import { expect, pointAtSimulator, test, walletCall } from '../sim';
import { stopWorker, watchRunningWorker } from '../worker';

const CLEAR_NOTE = /cleared in 60 seconds.*when you close the wallet/i;
const CLEARED = /clipboard has been cleared/i;
/** How long the wallet has to clear after the popup closed (a worker wake-up and an offscreen document). */
const CLEAR_TIMEOUT = 10_000;

interface Session {
  extension: Extension;
  pages: PageServer;
  /** A web page of the test server allowed to read the clipboard: the thief's view of it. */
  reader: Page;
  words: string[];
  close(): Promise<void>;
}

let s: Session;

async function open(sim: RunningSimulator): Promise<Session> {
  const { extension, close } = await launchExtension();
  const pages = await startPageServer();
  try {
    const setup = await extension.context.newPage();
    await pointAtSimulator(setup, extension, sim);
    const created = await walletCall<CreateResult>(setup, WALLET.create, {
      password: PASSWORD,
      source: { kind: 'newPhrase', words: 12 },
    });
    await setup.close();
    const reader = await extension.context.newPage();
    await reader.goto(`${pages.origin}/dapp.html`);
    await extension.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pages.origin });
    return {
      extension,
      pages,
      reader,
      words: created.phrase!.words,
      close: async () => {
        await closePageServer(pages);
        await close();
      },
    };
  } catch (e) {
    await closePageServer(pages);
    await close();
    throw e;
  }
}

test.beforeAll(async ({ sim }) => {
  s = await open(sim);
});
test.afterAll(async () => {
  await s?.close();
});

const clipboard = () => s.reader.evaluate(() => navigator.clipboard.readText());
/** Puts something harmless on the clipboard first, so that a copy is seen to have happened. */
const resetClipboard = () => s.reader.evaluate(() => navigator.clipboard.writeText('nothing secret'));

async function openPopup(): Promise<Page> {
  const popup = await s.extension.context.newPage();
  await popup.goto(s.extension.url('popup.html'));
  await expect(popup.getByTestId('home')).toBeVisible({ timeout: 15_000 });
  return popup;
}

/** Settings → Accounts → Keys → Export → password: the secret key shown in the dialog. */
async function exportSecret(popup: Page): Promise<string> {
  await popup.getByTestId('nav-settings').click();
  await popup.getByTestId('settings-tab-accounts').click();
  await popup.getByTestId('accounts-keys').click();
  await expect(popup.getByTestId('key-row')).toHaveCount(1, { timeout: 10_000 });
  await popup.getByTestId('key-export').click();
  await popup.getByTestId('export-password').fill(PASSWORD);
  await popup.getByTestId('export-submit').click();
  const secret = await popup.getByTestId('export-secret').inputValue({ timeout: 15_000 });
  expect(secret).toMatch(/^ed25519:[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  return secret;
}

/** Copies the exported secret with its button; the clipboard holds it and the dialog says when it goes. */
async function copySecret(popup: Page): Promise<string> {
  await resetClipboard();
  const secret = await exportSecret(popup);
  await popup.getByTestId('export-copy').click();
  await expect.poll(clipboard, { message: 'the copy reached the clipboard' }).toBe(secret);
  await expect(popup.getByTestId('export-dialog').getByRole('status')).toContainText(CLEAR_NOTE);
  return secret;
}

/** The extension's current service worker (a stopped worker's handle is gone). */
function worker(extension: Extension): Worker {
  const w = extension.context.serviceWorkers().find((x) => x.url().startsWith(`chrome-extension://${extension.id}/`));
  if (!w) throw new Error('no service worker');
  return w;
}

interface AlarmView {
  name: string;
  scheduledTime: number;
}
const alarms = (extension: Extension) =>
  worker(extension).evaluate(() =>
    (globalThis as unknown as { chrome: { alarms: { getAll(): Promise<AlarmView[]> } } }).chrome.alarms.getAll(),
  );

test('an exported secret key copied with its button is gone from the clipboard once the popup closes', async () => {
  const popup = await openPopup();
  const secret = await copySecret(popup);
  await popup.close();
  await expect
    .poll(clipboard, { message: 'the secret is cleared when the popup closes', timeout: CLEAR_TIMEOUT })
    .not.toBe(secret);
  expect(await clipboard()).toBe('');
});

test('the secret key selected in its field and copied by hand is gone from the clipboard once the popup closes', async () => {
  await resetClipboard();
  const popup = await openPopup();
  const secret = await exportSecret(popup);
  await popup.getByTestId('export-secret').selectText();
  await popup.keyboard.press('ControlOrMeta+c');
  await expect.poll(clipboard, { message: 'the copy reached the clipboard' }).toBe(secret);
  await expect(popup.getByTestId('export-dialog').getByRole('status')).toContainText(CLEAR_NOTE);
  await popup.close();
  await expect
    .poll(clipboard, { message: 'the secret is cleared when the popup closes', timeout: CLEAR_TIMEOUT })
    .toBe('');
});

test('a clear refused when the popup closes is tried again: the secret still goes', async () => {
  // Another page of the extension answers the background's erase request first, once, with a refusal:
  // the first clear fails as a refused one does, and the pending clear was taken with the popup's port.
  const refuser = await s.extension.context.newPage();
  await refuser.goto(s.extension.url('blank.html'));
  await refuser.evaluate((erase) => {
    type Listener = (m: unknown, sender: unknown, reply: (r: unknown) => void) => void;
    type Event = { addListener(l: Listener): void; removeListener(l: Listener): void };
    const onMessage = (globalThis as unknown as { chrome: { runtime: { onMessage: Event } } }).chrome.runtime.onMessage;
    const refuseOnce: Listener = (m, _sender, reply) => {
      if (JSON.stringify(m) !== JSON.stringify(erase)) return;
      onMessage.removeListener(refuseOnce);
      (globalThis as unknown as { refused: number }).refused = 1;
      reply(false);
    };
    onMessage.addListener(refuseOnce);
  }, ERASE_MESSAGE);
  try {
    const popup = await openPopup();
    const secret = await copySecret(popup);
    await popup.close();
    await expect
      .poll(clipboard, { message: 'the secret is cleared by the second try', timeout: CLEAR_TIMEOUT })
      .not.toBe(secret);
    expect(await clipboard()).toBe('');
    expect(await refuser.evaluate(() => (globalThis as unknown as { refused?: number }).refused)).toBe(1);
  } finally {
    await refuser.close();
  }
});

test('with the popup open, the background clears the copied secret 60 s later and the popup says so', async () => {
  const popup = await openPopup();
  const before = new Set((await alarms(s.extension)).map((a) => a.name));
  const copiedAt = Date.now();
  await copySecret(popup);

  // The background owns a timer due 60 s after the copy (the popup may close before it).
  await expect
    .poll(async () => (await alarms(s.extension)).filter((a) => !before.has(a.name)), { message: 'a new alarm' })
    .toHaveLength(1);
  const [timer] = (await alarms(s.extension)).filter((a) => !before.has(a.name));
  expect(timer!.scheduledTime).toBeGreaterThanOrEqual(copiedAt + 59_000);
  expect(timer!.scheduledTime).toBeLessThanOrEqual(Date.now() + 61_000);

  // Due now: the same alarm, set to fire at once (an unpacked extension's alarms have no minimum delay).
  await worker(s.extension).evaluate(
    (name) =>
      (
        globalThis as unknown as { chrome: { alarms: { create(n: string, i: { when: number }): Promise<void> } } }
      ).chrome.alarms.create(name, { when: Date.now() }),
    timer!.name,
  );
  await expect.poll(clipboard, { message: 'the timer cleared the clipboard', timeout: CLEAR_TIMEOUT }).toBe('');
  await expect(popup.getByTestId('export-dialog').getByRole('status')).toContainText(CLEARED);
  await expect
    .poll(async () => (await alarms(s.extension)).map((a) => a.name), { message: 'the timer is spent' })
    .not.toContain(timer!.name);
  await popup.close();
});

test('the recovery phrase selected and copied by hand is gone from the clipboard once the popup closes', async () => {
  await resetClipboard();
  const popup = await openPopup();
  await popup.getByTestId('backup-start').click();
  await popup.getByTestId('backup-password').fill(PASSWORD);
  await popup.getByTestId('backup-show').click();
  const list = popup.getByRole('list', { name: 'Recovery phrase' });
  await expect(list).toContainText(s.words[0]!, { timeout: 15_000 });
  // From the screen's heading down to the last word, as a mouse drag would select it: the copy starts
  // outside the words.
  await popup.getByTestId('backup-words').evaluate((screen) => {
    const ol = screen.querySelector('ol')!;
    const range = document.createRange();
    range.setStartBefore(screen.querySelector('h1, h2')!);
    range.setEndAfter(ol);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await popup.keyboard.press('ControlOrMeta+c');
  await expect.poll(clipboard, { message: 'the phrase reached the clipboard' }).toContain(s.words.at(-1)!);
  await expect(popup.getByTestId('backup-words').getByRole('status')).toContainText(CLEAR_NOTE);

  await popup.close();
  const wordsLeft = async () => {
    const text = await clipboard();
    return s.words.filter((w) => new RegExp(`\\b${w}\\b`).test(text));
  };
  await expect.poll(wordsLeft, { message: 'no word of the phrase is left', timeout: CLEAR_TIMEOUT }).toEqual([]);
});

test('what is not secret stays: a public key copied over the secret is still on the clipboard after the popup closes', async () => {
  const popup = await openPopup();
  const before = new Set((await alarms(s.extension)).map((a) => a.name));
  const secret = await copySecret(popup);
  await popup.getByTestId('export-done').click();
  const row = popup.getByTestId('key-row');
  const publicKey = (await row.getAttribute('data-public-key'))!;
  await row.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(clipboard).toBe(publicKey);
  expect(publicKey).not.toBe(secret);
  // The wallet knows the secret is no longer on the clipboard: no timer is left to clear it.
  await expect
    .poll(async () => (await alarms(s.extension)).filter((a) => !before.has(a.name)), { message: 'no clear pending' })
    .toEqual([]);

  await popup.close();
  // Another popup opened and closed (its round trips come after the first close), and the key is still there.
  const other = await openPopup();
  await other.close();
  expect(await clipboard()).toBe(publicKey);
});

test('a service-worker stop between the copy and the close loses nothing: the secret still goes when the popup closes', async () => {
  const popup = await openPopup();
  const { cdp, sw } = await watchRunningWorker(popup, s.extension);
  try {
    const secret = await copySecret(popup);
    const from = await stopWorker(cdp, sw);
    // The popup connects again at once, which starts a worker. (A popup closed within that instant is the
    // next test's case.)
    await expect
      .poll(() => sw.events().slice(from).slice(sw.events().slice(from).indexOf('stopped')), {
        message: 'a worker runs again',
        timeout: 10_000,
      })
      .toContain('running');
    await popup.close();
    await expect
      .poll(clipboard, { message: 'the secret is cleared when the popup closes', timeout: CLEAR_TIMEOUT })
      .not.toBe(secret);
    expect(await clipboard()).toBe('');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
});

test('a popup closed in the instant its worker stopped, before it could connect again: the next worker clears the secret, without waiting out the 60 s', async () => {
  const popup = await openPopup();
  // The worker is watched from the thief's page, which outlives the popup.
  const { cdp, sw } = await watchRunningWorker(s.reader, s.extension);
  const debug = await s.extension.context.newCDPSession(popup);
  try {
    const secret = await copySecret(popup);
    // The popup's script halts at its next statement, which is its port's "lost" handler: it never
    // connects again, as a popup closed in that instant never does.
    await debug.send('Debugger.enable');
    await debug.send('Debugger.pause');
    const from = await stopWorker(cdp, sw);
    await popup.close();
    expect(await clipboard()).toBe(secret);
    // Any page may start the worker again: here the thief's own page, through the provider.
    const accounts = await s.reader.evaluate(() =>
      (
        window as unknown as { intentsCompanion: { request(a: { method: string }): Promise<unknown> } }
      ).intentsCompanion.request({ method: 'intents_accounts' }),
    );
    expect(accounts).toEqual([]);
    expect(sw.events().slice(from)).toContain('running');
    await expect
      .poll(clipboard, { message: 'the secret is cleared by the worker that started', timeout: CLEAR_TIMEOUT })
      .not.toBe(secret);
    expect(await clipboard()).toBe('');
  } finally {
    await debug.detach().catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
});
