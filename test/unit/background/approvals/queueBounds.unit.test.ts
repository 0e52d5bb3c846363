// The approval queue's bounds (docs/security.md, "Pages get nothing for free"): one waiting request per
// origin and per tab, 3 per site (subdomains together), 100 in all, each refused with -32002; the rate
// limit per site (-32005); and the cooldown after the user closed the window on a tab's request, which
// ends once CLOSED_COOLDOWN_MS have passed.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Pending, QueueState } from '../../../../src/background/approvals/pending';
import { CLOSED_COOLDOWN_MS, QUEUE_BOUNDS } from '../../../../src/background/approvals/queue';
import { KeyValue } from '../../../../src/background/kv';
import { LIMITS } from '../../../../src/background/page/rateLimits';
import { ERROR_CODES } from '../../../../src/provider/protocol';
import { queueSetup, request } from './queueFakes';

beforeEach(() => fakeBrowser.reset());

const pending = (code: number, message: RegExp) =>
  expect.objectContaining({ code, message: expect.stringMatching(message) });

/** `n` requests already waiting, each from a site and a tab of its own (as a worker finds them in storage). */
async function alreadyWaiting(n: number): Promise<void> {
  const items: Pending[] = Array.from({ length: n }, (_, i) => ({
    ...request(1000 + i, `https://site${i}.example`),
    kind: 'connect',
    params: {},
    id: `waiting-${i}`,
    createdAt: 1,
  }));
  const state: QueueState = { items, windowId: null, cooldowns: {}, shownId: null };
  await new KeyValue(fakeBrowser.storage.session).write('approvals', state);
}

describe('one waiting request per origin, per tab and 3 per site', () => {
  it('refuses a second request from the same origin, in another tab', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    await expect(t.queue.enqueue(request(2, 'https://a.example'))).rejects.toEqual(
      pending(ERROR_CODES.requestPending, /^A request from this site is already waiting for the user$/),
    );
    expect(await t.queue.list()).toHaveLength(1);
  });

  it('refuses a second request from the same tab, from another site', async () => {
    const t = queueSetup();
    await t.queue.enqueue(request(1, 'https://a.example'));
    await expect(t.queue.enqueue(request(1, 'https://b.example'))).rejects.toEqual(
      pending(ERROR_CODES.requestPending, /already waiting/),
    );
    expect((await t.queue.list()).map((p) => p.origin)).toEqual(['https://a.example']);
  });

  it('takes 3 requests from one site’s subdomains and refuses the 4th', async () => {
    const t = queueSetup();
    const hosts = ['one', 'two', 'three'].slice(0, QUEUE_BOUNDS.perSite);
    for (const [i, host] of hosts.entries()) await t.queue.enqueue(request(i + 1, `https://${host}.a.example`));
    await expect(t.queue.enqueue(request(9, 'https://four.a.example'))).rejects.toEqual(
      pending(ERROR_CODES.requestPending, /already waiting/),
    );
    // Another site is not held back by this one.
    await expect(t.queue.enqueue(request(10, 'https://b.example'))).resolves.toBeTypeOf('string');
  });
});

describe('100 waiting requests in all', () => {
  it('takes the 100th request', async () => {
    await alreadyWaiting(QUEUE_BOUNDS.total - 1);
    const t = queueSetup();
    await expect(t.queue.enqueue(request(1, 'https://new.example'))).resolves.toBeTypeOf('string');
    expect(await t.queue.list()).toHaveLength(QUEUE_BOUNDS.total);
  });

  it('refuses the 101st with -32002, whatever its site', async () => {
    await alreadyWaiting(QUEUE_BOUNDS.total);
    const t = queueSetup();
    await expect(t.queue.enqueue(request(1, 'https://new.example'))).rejects.toEqual(
      pending(ERROR_CODES.requestPending, /^Too many requests are waiting for the user; try again later$/),
    );
    expect(await t.queue.list()).toHaveLength(QUEUE_BOUNDS.total);
    expect(t.windows.calls, 'a refused request opens no window').toEqual([]);
  });
});

describe('the rate limit per site', () => {
  it('refuses a site’s request beyond its budget in a minute with -32005, and takes it a minute later', async () => {
    const t = queueSetup();
    for (let i = 0; i < LIMITS.approval.perSite; i++) {
      const id = await t.queue.enqueue(request(1, 'https://a.example'));
      await t.queue.finish(id, { ok: true, result: null });
    }
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).rejects.toEqual(
      pending(ERROR_CODES.rateLimited, /^Too many requests from this site; wait a minute and try again$/),
    );
    expect(await t.queue.list()).toEqual([]);
    t.clock.now += 60_000;
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).resolves.toBeTypeOf('string');
  });
});

describe('the cooldown after the user closed the window', () => {
  async function closedOnTab1() {
    const t = queueSetup();
    const id = await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.markShown(id);
    await t.userCloses();
    expect(t.tabs.answers()).toEqual([
      {
        tabId: 1,
        id,
        reply: { ok: false, error: { code: ERROR_CODES.userRejected, message: 'The user closed the approval window' } },
      },
    ]);
    return t;
  }

  it('refuses that tab’s next request with -32005 until the cooldown is over', async () => {
    const t = await closedOnTab1();
    t.clock.now += CLOSED_COOLDOWN_MS - 1;
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).rejects.toEqual(
      pending(
        ERROR_CODES.rateLimited,
        /^The user just closed the approval window on this page; wait a moment before asking again$/,
      ),
    );
    expect(await t.queue.list()).toEqual([]);
    expect(t.windows.open.size, 'the refused request opened no window').toBe(0);
  });

  it('is over once CLOSED_COOLDOWN_MS have passed', async () => {
    const t = await closedOnTab1();
    t.clock.now += CLOSED_COOLDOWN_MS;
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).resolves.toBeTypeOf('string');
  });

  it('holds back only the tab the window was closed on', async () => {
    const t = await closedOnTab1();
    await expect(t.queue.enqueue(request(2, 'https://b.example'))).resolves.toBeTypeOf('string');
  });

  it('is charged only when the window showed a request of that tab (an unrelated window closing charges none)', async () => {
    const t = queueSetup();
    const id = await t.queue.enqueue(request(1, 'https://a.example'));
    await t.queue.windowClosed(999_999);
    expect(t.tabs.answers()).toEqual([]);
    expect((await t.queue.list()).map((p) => p.id)).toEqual([id]);
    expect(t.windows.open.size, 'the approval window is still open').toBe(1);
    await t.queue.finish(id, { ok: true, result: null });
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).resolves.toBeTypeOf('string');
  });
});
