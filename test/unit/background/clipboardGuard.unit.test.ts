// The background's clipboard guard (src/background/clipboard/guard.ts): a secret copied by one of the
// wallet's pages is cleared when its timer fires or when that page goes away, once, and only while a
// clear is pending; ports from anything but the extension's own pages are turned away. WXT's fake
// browser gives the alarms, test/support/ports.ts the ports; the eraser records what it was asked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CLIPBOARD_PORT, guardRequestOf } from '../../../src/api/clipboard';
import {
  CLIPBOARD_ALARM,
  CLIPBOARD_REJOIN_MS,
  CLIPBOARD_RETRY_MS,
  ClipboardGuard,
} from '../../../src/background/clipboard/guard';
import { type FakePort, portPair, settle } from '../../support/ports';
import { EXT, POPUP } from './harness';

const NOW = 1_700_000_000_000;
let erased: number;
/** How many clears the browser refuses from now on. */
let refusals: number;
let guard: ClipboardGuard;
/** The waits the guard asked for, each resolved by the test: the rejoin window is the test's to end. */
let waits: { ms: number; end: () => void }[];

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'] }); // the fake alarms read the clock; the ports' tasks stay real
  vi.setSystemTime(NOW);
  erased = 0;
  refusals = 0;
  waits = [];
  guard = new ClipboardGuard({
    alarms: fakeBrowser.alarms,
    extensionOrigin: EXT,
    erase: async () => {
      if (refusals > 0) {
        refusals--;
        throw new Error('refused');
      }
      erased++;
    },
    wait: (ms) => new Promise<void>((end) => void waits.push({ ms, end })),
  });
});
afterEach(() => void vi.useRealTimers());

/** A page of the extension connected to the guard: its end of the port. */
function connect(sender: { url?: string } = POPUP, name = CLIPBOARD_PORT): FakePort {
  const [page, background] = portPair(name, sender);
  guard.connect(background);
  return page;
}
const received = (page: FakePort) => {
  const seen: unknown[] = [];
  page.onMessage.addListener((m) => seen.push(m));
  return seen;
};
const pending = () => fakeBrowser.alarms.get(CLIPBOARD_ALARM);
/** The timer firing as the browser fires a one-shot alarm: dropped first, then onAlarm. */
async function fire(): Promise<void> {
  await fakeBrowser.alarms.clear(CLIPBOARD_ALARM);
  await guard.alarm(CLIPBOARD_ALARM);
}

describe('clipboard guard', () => {
  it('a copy sets a timer 60 s ahead and tells the page; the page closing clears the clipboard once', async () => {
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'copied' });
    await settle();
    expect(await pending()).toMatchObject({ scheduledTime: NOW + 60_000 });
    expect(news).toEqual([{ type: 'guarding' }]);
    page.disconnect();
    await settle();
    expect(erased).toBe(1);
    expect(await pending()).toBeUndefined();
  });

  it('the timer clears the clipboard with the page still open, and the page hears it; closing it later clears nothing more', async () => {
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'copied' });
    await settle();
    await fire();
    await settle();
    expect(erased).toBe(1);
    expect(news.at(-1)).toEqual({ type: 'cleared' });
    page.disconnect();
    await settle();
    expect(erased).toBe(1);
  });

  it('another copy starts the 60 s again', async () => {
    const page = connect();
    page.postMessage({ type: 'copied' });
    await settle();
    vi.setSystemTime(NOW + 45_000);
    page.postMessage({ type: 'copied' });
    await settle();
    expect(await pending()).toMatchObject({ scheduledTime: NOW + 45_000 + 60_000 });
  });

  it('something else copied over the secret calls the clear off: closing the page leaves the clipboard alone', async () => {
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'copied' });
    page.postMessage({ type: 'replaced' });
    await settle();
    expect(await pending()).toBeUndefined();
    expect(news.at(-1)).toEqual({ type: 'released' });
    page.disconnect();
    await settle();
    expect(erased).toBe(0);
  });

  it('a page that connects again after a worker stop learns the timer as it is, without moving it', async () => {
    const first = connect();
    first.postMessage({ type: 'copied' });
    await settle();
    const again = connect();
    const news = received(again);
    again.postMessage({ type: 'watching' });
    await settle();
    expect(news).toEqual([{ type: 'guarding' }]);
    await fire();
    const late = connect();
    const lateNews = received(late);
    late.postMessage({ type: 'watching' });
    await settle();
    expect(lateNews).toEqual([{ type: 'released' }]);
  });

  it('a clear the browser refuses twice is told to the page as failed, and stays pending: the timer is set again', async () => {
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'copied' });
    await settle();
    refusals = 2;
    vi.setSystemTime(NOW + 60_000);
    const fired = fire(); // it waits for the retry, which is the test's to end
    await settle();
    expect(waits.map((w) => w.ms)).toEqual([CLIPBOARD_RETRY_MS]);
    waits[0]!.end();
    await fired;
    await settle(); // the news crosses the port
    expect(news.at(-1)).toEqual({ type: 'failed' });
    expect(await pending()).toMatchObject({ scheduledTime: NOW + 120_000 });
    await fire();
    await settle();
    expect(erased).toBe(1);
    expect(await pending()).toBeUndefined();
  });

  it('a clear refused once is tried again CLIPBOARD_RETRY_MS later: the page hears only that it was cleared', async () => {
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'copied' });
    await settle();
    refusals = 1;
    const fired = fire();
    await settle();
    expect(erased).toBe(0);
    waits[0]!.end();
    await fired;
    await settle(); // the news crosses the port
    expect(erased).toBe(1);
    expect(news).toEqual([{ type: 'guarding' }, { type: 'cleared' }]);
    expect(await pending()).toBeUndefined();
  });

  it('the page closes and the browser refuses the clear twice: it is not lost with the page, the timer clears later', async () => {
    const page = connect();
    page.postMessage({ type: 'copied' });
    await settle();
    refusals = 2;
    page.disconnect();
    await settle();
    waits[0]!.end();
    await settle();
    expect(erased).toBe(0);
    expect(await pending()).toMatchObject({ scheduledTime: NOW + 60_000 });
    await fire();
    await settle();
    expect(erased).toBe(1);
  });

  it('the page closes and the first clear is refused: the second, CLIPBOARD_RETRY_MS later, clears, and nothing stays pending', async () => {
    const page = connect();
    page.postMessage({ type: 'copied' });
    await settle();
    refusals = 1;
    page.disconnect();
    await settle();
    expect(waits.map((w) => w.ms)).toEqual([CLIPBOARD_RETRY_MS]);
    waits[0]!.end();
    await settle();
    expect(erased).toBe(1);
    expect(await pending()).toBeUndefined();
  });

  it('a port from a web page (a content script) is turned away and its copy never arms a clear', async () => {
    const [page, background] = portPair(CLIPBOARD_PORT, { url: 'https://evil.example/' });
    const heard: unknown[] = [];
    background.onMessage.addListener((m) => heard.push(m)); // what the guard would have taken
    guard.connect(background);
    expect(page.connected).toBe(false);
    expect(() => page.postMessage({ type: 'copied' })).toThrow(/disconnected/);
    await settle();
    expect(await pending()).toBeUndefined();
    expect(connect({}).connected).toBe(false); // no word on the sender: turned away too
    expect(connect({ url: `${EXT}/popup.html` }).connected).toBe(true);
  });

  it('other ports are not the guard’s business; a message of the wrong shape ends the port', async () => {
    const other = connect(POPUP, 'something-else');
    other.postMessage({ type: 'copied' });
    await settle();
    expect(other.connected).toBe(true);
    expect(await pending()).toBeUndefined();

    const page = connect();
    page.postMessage({ type: 'copied', secret: 'ed25519:…' });
    await settle();
    expect(page.connected).toBe(false);
    expect(await pending()).toBeUndefined();
    expect(erased).toBe(0);
  });

  it('no clear without a copy: a page that only closes clears nothing', async () => {
    connect().disconnect();
    await settle();
    expect(erased).toBe(0);
    expect(guard.alarm('auto-lock')).toBeUndefined();
  });
});

describe('clipboard guard after a worker start', () => {
  /** The clear a stopped worker left pending: the alarm of a copy made before this guard existed. */
  async function pendingFromBefore(): Promise<void> {
    await fakeBrowser.alarms.create(CLIPBOARD_ALARM, { delayInMinutes: 1 });
  }
  /** Starts `rejoined` and lets it reach its wait; hands back its promise (boxed: an async function would await it). */
  async function start(): Promise<{ done: Promise<void> }> {
    const done = guard.rejoined();
    await settle();
    return { done };
  }

  it('no page comes back within the rejoin window: the clipboard is cleared now, once, and the timer dropped', async () => {
    await pendingFromBefore();
    const { done } = await start();
    expect(waits.map((w) => w.ms)).toEqual([CLIPBOARD_REJOIN_MS]);
    expect(erased).toBe(0);
    waits[0]!.end();
    await done;
    expect(erased).toBe(1);
    expect(await pending()).toBeUndefined();
    await guard.alarm('auto-lock');
    expect(erased).toBe(1);
  });

  it('the page comes back: nothing is cleared when the window ends, and its closing clears once', async () => {
    await pendingFromBefore();
    const { done } = await start();
    const page = connect();
    const news = received(page);
    page.postMessage({ type: 'watching' });
    await settle();
    expect(news).toEqual([{ type: 'guarding' }]);
    waits[0]!.end();
    await done;
    expect(erased).toBe(0);
    expect(await pending()).toBeDefined();
    page.disconnect();
    await settle();
    expect(erased).toBe(1);
  });

  it('a page that comes back and goes within the window has cleared already; the window’s end clears nothing more', async () => {
    await pendingFromBefore();
    const { done } = await start();
    connect().disconnect();
    await settle();
    expect(erased).toBe(1);
    waits[0]!.end();
    await done;
    expect(erased).toBe(1);
  });

  it('a page that comes back after the window hears that the clipboard was cleared', async () => {
    await pendingFromBefore();
    const { done } = await start();
    waits[0]!.end();
    await done;
    const late = connect();
    const news = received(late);
    late.postMessage({ type: 'watching' });
    await settle();
    expect(news).toEqual([{ type: 'cleared' }]);
  });

  it('the timer that fires within the window is the one clear', async () => {
    await pendingFromBefore();
    const { done } = await start();
    await fire();
    expect(erased).toBe(1);
    waits[0]!.end();
    await done;
    expect(erased).toBe(1);
  });

  it('a clear the browser refuses when the window ends: the timer is set again, and a late page hears a clear is due', async () => {
    await pendingFromBefore();
    const { done } = await start();
    refusals = 2;
    waits[0]!.end();
    await settle();
    expect(waits.map((w) => w.ms)).toEqual([CLIPBOARD_REJOIN_MS, CLIPBOARD_RETRY_MS]);
    waits[1]!.end();
    await done;
    expect(await pending()).toMatchObject({ scheduledTime: NOW + 60_000 });
    const late = connect();
    const news = received(late);
    late.postMessage({ type: 'watching' });
    await settle();
    expect(news).toEqual([{ type: 'guarding' }]);
  });

  it('nothing pending: no wait, nothing cleared', async () => {
    await guard.rejoined();
    expect(waits).toEqual([]);
    expect(erased).toBe(0);
  });
});

describe('guardRequestOf: exactly { type } with one of its values', () => {
  it.each([
    [{ type: 'copied' }, { type: 'copied' }],
    [{ type: 'watching' }, { type: 'watching' }],
    [{ type: 'replaced' }, { type: 'replaced' }],
    [{ type: 'copied', secret: 'x' }, null],
    [{ type: 'cleared' }, null],
    [{ type: ['copied'] }, null],
    [{}, null],
    [['copied'], null],
    [Object.assign(Object.create({ type: 'copied' }) as object, {}), null],
    [null, null],
    ['copied', null],
    [7, null],
  ])('%j → %j', (raw, expected) => {
    expect(guardRequestOf(raw)).toEqual(expected);
  });
});
