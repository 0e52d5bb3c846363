// The records a woken worker reads to know which tabs and window the wallet cares about
// (src/background/tabRecords.ts): held here to what their owners, the real approval queue and page
// documents, write, so that a change of either record's shape cannot quietly make the worker load the
// wallet for every tab again, or skip a tab it should not.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KeyValue } from '../../../src/background/kv';
import { PageEvents } from '../../../src/background/page/events';
import { watchedIn } from '../../../src/background/tabRecords';
import { queueSetup, request } from './approvals/queueFakes';

beforeEach(() => fakeBrowser.reset());

const stored = () => fakeBrowser.storage.session.get(null);

describe('watchedIn, over what the wallet writes', () => {
  it('names each waiting request’s tab and the approval window, and nothing once they are gone', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(4, 'https://a.example'));
    await t.queue.enqueue(request(5, 'https://b.example'));
    const [windowId] = [...t.windows.open];
    const watched = watchedIn(await stored());
    expect(watched).not.toBeNull();
    expect([...watched!.tabs].sort()).toEqual([4, 5]);
    expect(watched!.windows).toEqual(new Set([windowId]));

    await t.queue.dropTab(4);
    await t.queue.dropTab(5);
    expect(watchedIn(await stored())).toEqual({ tabs: new Set(), windows: new Set() });
  });

  it('while requests wait and no window is stored, names every window: one may be opening', async () => {
    const t = queueSetup();
    t.windows.behaviour.createAnswers = 'nothing'; // the window's id never stored, as if the worker stopped first
    await t.queue.enqueue(request(4, 'https://a.example'));
    expect(watchedIn(await stored())).toEqual({ tabs: new Set([4]), windows: 'any' });
  });

  it('names the tabs of the documents that talked to the wallet', async () => {
    const events = new PageEvents(new KeyValue(fakeBrowser.storage.session), { sendMessage: async () => true });
    await events.remember({ tabId: 6, frameId: 0, origin: 'https://c.example', doc: 'd', documentId: null });
    await events.remember({ tabId: 7, frameId: 3, origin: 'https://d.example', doc: 'e', documentId: 'x' });
    expect([...watchedIn(await stored())!.tabs].sort()).toEqual([6, 7]);
    await events.forgetTab(6);
    expect([...watchedIn(await stored())!.tabs]).toEqual([7]);
  });

  it('reads a damaged queue as unknown; the queue then sets it aside, and it names nothing', async () => {
    await fakeBrowser.storage.session.set({ approvals: { items: 'not a list' } });
    expect(watchedIn(await stored())).toBeNull();
    const t = queueSetup();
    expect(await t.queue.list()).toEqual([]);
    expect(watchedIn(await stored())).toEqual({ tabs: new Set(), windows: new Set() });
  });

  it('reads a record stored as null as unknown, as the queue reads it as damaged', () => {
    expect(watchedIn({ approvals: null })).toBeNull();
    expect(watchedIn({ pageFrames: null })).toBeNull();
  });
});
