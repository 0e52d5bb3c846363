// A tab's requests follow its document (docs/security.md, "Per-document identity"): a tab that shows
// another document, or whose document is gone, has its requests dropped without an answer (nobody is
// left to hear it). Both checks run often (every top-frame page request, every tab update), so when
// nothing is to be dropped they write nothing and ask only the tab concerned (docs/architecture.md,
// "Budgets").
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { queueSetup, request } from './queueFakes';

beforeEach(() => fakeBrowser.reset());

describe('dropOtherDocuments: the tab shows another document now', () => {
  it('drops the tab’s request from the document before, keeps other tabs’ and answers nobody', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example', { doc: 'old' }));
    const b = await t.queue.enqueue(request(2, 'https://b.example', { doc: 'other' }));
    await t.queue.dropOtherDocuments(1, 'new');
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    expect(t.tabs.answers()).toEqual([]);
    expect(t.windows.open.size).toBe(1);
  });

  it('drops a request whose document had no token when the tab now has one', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example', { doc: null }));
    await t.queue.dropOtherDocuments(1, 'new');
    expect(await t.queue.list()).toEqual([]);
    expect(t.windows.open.size, 'nothing waits: the window closes').toBe(0);
  });

  it('keeps the request of the document that is still there, and writes nothing', async () => {
    const t = queueSetup();
    const a = await t.queue.enqueue(request(1, 'https://a.example', { doc: 'same' }));
    await t.queue.enqueue(request(2, 'https://b.example', { doc: 'other' }));
    const writes = t.storage.counted.writes;
    const calls = t.windows.calls.length;
    await t.queue.dropOtherDocuments(1, 'same');
    await t.queue.dropOtherDocuments(3, 'a-tab-with-nothing-waiting');
    expect((await t.queue.list()).map((p) => p.id)).toContain(a);
    expect(await t.queue.list()).toHaveLength(2);
    expect(t.storage.counted.writes, 'no storage write').toBe(writes);
    expect(t.windows.calls.length).toBe(calls);
  });

  it('writes nothing when no request waits at all', async () => {
    const t = queueSetup();
    await t.queue.list();
    const writes = t.storage.counted.writes;
    await t.queue.dropOtherDocuments(1, 'any');
    expect(t.storage.counted.writes).toBe(writes);
  });
});

describe('checkTab: after a tab changed', () => {
  it('drops the tab’s request whose document is gone, without an answer, and keeps the others', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    const b = await t.queue.enqueue(request(2, 'https://b.example'));
    t.tabs.gone.add(1);
    await t.queue.checkTab(1);
    expect((await t.queue.list()).map((p) => p.id)).toEqual([b]);
    expect(t.tabs.answers()).toEqual([]);
    expect(t.windows.open.size).toBe(1);
  });

  it('the window closes with the last request', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    t.tabs.gone.add(1);
    await t.queue.checkTab(1);
    expect(await t.queue.list()).toEqual([]);
    expect(t.windows.open.size).toBe(0);
  });

  it('asks only that tab’s documents, and writes nothing while they are there', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.enqueue(request(2, 'https://b.example'));
    // Tab 2's page is gone too, but its own update is what checks it.
    t.tabs.gone.add(2);
    t.tabs.probes.length = 0;
    const writes = t.storage.counted.writes;
    await t.queue.checkTab(1);
    expect(t.tabs.probes).toEqual([1]);
    expect(t.storage.counted.writes).toBe(writes);
    expect(await t.queue.list()).toHaveLength(2);
  });
});
