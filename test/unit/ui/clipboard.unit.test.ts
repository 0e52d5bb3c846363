// The page's side of the clipboard guard (src/ui/clipboard.ts) against the background's guard
// (src/background/clipboard/guard.ts), joined by test/support/ports.ts as runtime.connect joins them:
// what the page says and shows after a secret copy, a plain copy, the timer, a worker stop and a
// background that is not there. The clipboard is a recorder (the page's writes are not what is tested).
import { parseHTML } from 'linkedom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CLIPBOARD_ALARM, ClipboardGuard } from '../../../src/background/clipboard/guard';
import { type FakePort, portPair, settle } from '../../support/ports';
import { EXT, POPUP } from '../background/harness';

const { document } = parseHTML('<!doctype html><html><body></body></html>');
const written: string[] = [];
Object.assign(globalThis, { document });
Object.defineProperty(globalThis, 'navigator', {
  configurable: true,
  value: { clipboard: { writeText: async (t: string) => void written.push(t) } },
});

const SECRET = 'ed25519:3vQB7B6MrGQZaxCuFg4oh5hYbnWcTUhVPkBLXEhPtoYvvyLdGfHEc7W5FFDqCrhhyWfYGsoQEQTQJdnLRRxFMNs9';
let erased: number;
let ui: typeof import('../../../src/ui/clipboard');
let guard: ClipboardGuard;
/** The page ends runtime.connect handed out, newest last. */
let pageEnds: FakePort[];
let backgroundEnds: FakePort[];
/** false: runtime.connect finds no background (the port closes at once). */
let reachable: boolean;

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50 && !(await check()); i++) await settle(1);
  expect(await check()).toBe(true);
}

beforeEach(async () => {
  fakeBrowser.reset();
  written.length = 0;
  erased = 0;
  pageEnds = [];
  backgroundEnds = [];
  reachable = true;
  guard = new ClipboardGuard({
    alarms: fakeBrowser.alarms,
    extensionOrigin: EXT,
    erase: async () => void erased++,
    wait: () => new Promise(() => undefined), // no worker restart here
  });
  (fakeBrowser.runtime as unknown as { connect: (info: { name: string }) => FakePort }).connect = ({ name }) => {
    const [page, background] = portPair(name, POPUP);
    pageEnds.push(page);
    backgroundEnds.push(background);
    if (reachable) guard.connect(background);
    else setTimeout(() => background.disconnect(), 0); // as the browser does: the port closes in a later task
    return page;
  };
  vi.resetModules();
  ui = await import('../../../src/ui/clipboard');
});

/** The timer firing as the browser fires a one-shot alarm: dropped first, then onAlarm. */
async function fire(): Promise<void> {
  await fakeBrowser.alarms.clear(CLIPBOARD_ALARM);
  await guard.alarm(CLIPBOARD_ALARM);
}
const everythingSent = () => JSON.stringify(pageEnds.map((p) => p.posted));

describe('the page’s clipboard guard', () => {
  it('a secret copy is guarded, and the secret itself never leaves the page', async () => {
    await ui.copyText(SECRET, true);
    expect(written).toEqual([SECRET]);
    expect(ui.guardState()).toBe('arming');
    await until(() => ui.guardState() === 'guarded');
    expect(await fakeBrowser.alarms.get(CLIPBOARD_ALARM)).toBeDefined();
    expect(everythingSent()).toBe(JSON.stringify([[{ type: 'copied' }]]));
    expect(everythingSent()).not.toContain(SECRET.slice(8, 20));
  });

  it('the timer clears it: the page says so and lets go of its port', async () => {
    await ui.copyText(SECRET, true);
    await until(() => ui.guardState() === 'guarded');
    await fire();
    await until(() => ui.guardState() === 'cleared');
    expect(erased).toBe(1);
    expect(pageEnds[0]!.connected).toBe(false);
  });

  it('the page closing clears it', async () => {
    await ui.copyText(SECRET, true);
    await until(() => ui.guardState() === 'guarded');
    pageEnds[0]!.disconnect(); // what the browser does when the popup closes
    await until(() => erased === 1);
  });

  it('a plain copy after the secret calls the clear off, so closing the page leaves the plain text alone', async () => {
    await ui.copyText(SECRET, true);
    await until(() => ui.guardState() === 'guarded');
    await ui.copyText('alice.near', false);
    expect(ui.guardState()).toBe('idle');
    await until(async () => (await fakeBrowser.alarms.get(CLIPBOARD_ALARM)) === undefined);
    pageEnds.at(-1)!.disconnect();
    await settle();
    expect(erased).toBe(0);
    expect(written).toEqual([SECRET, 'alice.near']);
  });

  it('a plain copy with no secret copied before opens no port', async () => {
    await ui.copyText('alice.near', false);
    expect(pageEnds).toEqual([]);
    expect(ui.guardState()).toBe('idle');
  });

  it('a worker stop: the page connects again without moving the timer, and closing it still clears', async () => {
    await ui.copyText(SECRET, true);
    await until(() => ui.guardState() === 'guarded');
    const due = (await fakeBrowser.alarms.get(CLIPBOARD_ALARM))!.scheduledTime;
    backgroundEnds[0]!.disconnect(); // the worker went away with its end
    await until(() => pageEnds.length === 2);
    expect(pageEnds[1]!.posted).toEqual([{ type: 'watching' }]);
    await settle();
    expect(ui.guardState()).toBe('guarded');
    expect((await fakeBrowser.alarms.get(CLIPBOARD_ALARM))!.scheduledTime).toBe(due);
    expect(erased).toBe(0);
    pageEnds[1]!.disconnect();
    await until(() => erased === 1);
  });

  it('no background to guard it: the page says the user must clear it, and does not keep trying', async () => {
    reachable = false;
    await ui.copyText(SECRET, true);
    await until(() => ui.guardState() === 'unguarded');
    await settle();
    expect(pageEnds).toHaveLength(1);
  });
});
