// The queue as storage.session keeps it, read back by a new worker (docs/architecture.md, "Where state
// lives"): every kind of request comes back with the parameters it was accepted with; a damaged queue is
// set aside under `approvals.damaged` (never overwritten), reported as the approvals store's problem,
// and an empty queue started; a read that merely failed is not taken for damage.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { NewRequest } from '../../../../src/background/approvals/pending';
import type { StorageAreaLike } from '../../../../src/background/kv';
import { phrase } from '../../../../src/core/phrase';
import { queueSetup, request } from './queueFakes';

beforeEach(() => fakeBrowser.reset());

const session = () => fakeBrowser.storage.session;
const NONCE = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));

const kinds: NewRequest[] = [
  request(1, 'https://connect.example'),
  {
    ...request(2, 'https://message.example', { doc: 'doc-2', documentId: 'D-2', frameId: 5 }),
    kind: 'signMessage',
    params: { message: 'hi', recipient: 'message.example', nonce: NONCE, callbackUrl: null, accountId: 'alice.near' },
  },
  {
    ...request(3, 'https://sign.example'),
    kind: 'signIntents',
    params: {
      intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '5' } }],
      deadline: '2030-01-01T00:00:00.000Z',
      nonce: NONCE,
      standard: 'raw_ed25519',
      signerId: 'alice.near',
    },
  },
  {
    ...request(4, 'https://publish.example'),
    kind: 'publishIntents',
    params: { intents: [], quoteHashes: ['h1', 'h2'], signerId: 'alice.near' },
  },
];

describe('a new worker reads the waiting requests back', () => {
  it('finds every kind with the parameters it was accepted with', async () => {
    const first = queueSetup();
    for (const entry of kinds) await first.queue.enqueue(entry);
    const stored = await first.queue.list();
    expect(stored.map((p) => p.kind)).toEqual(['connect', 'signMessage', 'signIntents', 'publishIntents']);
    // A worker restart: a new queue over the same storage.session.
    const restarted = queueSetup();
    const read = await restarted.queue.list();
    expect(read).toEqual(stored);
    expect(
      read.map(({ kind, params, origin, tabId, frameId, doc, documentId }) => ({
        kind,
        params,
        origin,
        tabId,
        frameId,
        doc,
        documentId,
      })),
    ).toEqual(kinds);
    expect(restarted.problems?.list()).toEqual([]);
    expect((await session().get('approvals.damaged'))['approvals.damaged']).toBeUndefined();
  });
});

describe('a damaged stored queue', () => {
  const damaged = { items: [{ id: 'x', kind: 'signMessage', params: 'not params' }], windowId: 'no' };

  it('is set aside under approvals.damaged, reported, and an empty queue is started', async () => {
    await session().set({ approvals: damaged });
    const t = queueSetup();
    expect(await t.queue.list()).toEqual([]);
    const kept = await session().get(['approvals', 'approvals.damaged']);
    expect(kept['approvals.damaged']).toEqual(damaged);
    expect(kept.approvals).toEqual({ items: [], windowId: null, cooldowns: {}, shownId: null });
    expect(t.problems?.list()).toEqual([
      {
        store: 'approvals',
        message: expect.stringMatching(/damaged/),
        words: phrase('storeProblem_approvals'),
      },
    ]);
    // The queue works on: a page may ask again.
    await expect(t.queue.enqueue(request(1, 'https://a.example'))).resolves.toBeTypeOf('string');
    expect((await session().get('approvals.damaged'))['approvals.damaged']).toEqual(damaged);
  });

  it('is set aside the same way when nobody collects storage problems', async () => {
    await session().set({ approvals: damaged });
    const t = queueSetup({ problems: null });
    expect(await t.queue.list()).toEqual([]);
    expect((await session().get('approvals.damaged'))['approvals.damaged']).toEqual(damaged);
  });
});

describe('a storage read that fails', () => {
  it('is not damage: the waiting requests are kept for the next read', async () => {
    const first = queueSetup();
    const a = await first.queue.enqueue(request(1, 'https://a.example'));
    let failures = 1;
    const flaky: StorageAreaLike = {
      get: (keys) => {
        if (failures-- > 0) return Promise.reject(new Error('storage is not available'));
        return session().get(keys);
      },
      set: (items) => session().set(items),
      remove: (keys) => session().remove(keys),
    };
    const t = queueSetup({ area: flaky });
    await expect(t.queue.list()).rejects.toThrow('storage is not available');
    expect((await t.queue.list()).map((p) => p.id)).toEqual([a]);
    expect((await session().get('approvals.damaged'))['approvals.damaged']).toBeUndefined();
    expect(t.problems?.list()).toEqual([]);
  });
});
