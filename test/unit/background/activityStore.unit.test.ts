// Activity's record of the intents the wallet published (src/background/activity/published.ts) on WXT's
// fake storage: newest first and bounded, plain words from describe.ts kept short, the bus's statuses
// taken (final ones kept), nothing but what Activity shows stored, concurrent writes not lost, and a
// damaged store set aside (never overwritten) and reported while the readable entries stay.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import {
  type NewPublished,
  PUBLISHED_KEY,
  PUBLISHED_LIMIT,
  PublishedIntents,
} from '../../../src/background/activity/published';
import { KeyValue } from '../../../src/background/kv';
import { StorageProblems } from '../../../src/background/problems';
import { type Intent, tokenTable } from '../../../src/core';
import { said } from '../../../src/ui/phrase';
import { memoryVaultStorage, Vault } from '../../../src/vault';

const WNEAR = 'nep141:wrap.near';
const TOKENS = tokenTable([{ assetId: WNEAR, symbol: 'wNEAR', decimals: 24, blockchain: 'home' }]);
const transfer = (to: string, amount = '1000000000000000000000000'): Extract<Intent, { intent: 'transfer' }> => ({
  intent: 'transfer',
  receiver_id: to,
  tokens: { [WNEAR]: amount },
});

let clock: number;
let problems: StorageProblems;
const local = () => new KeyValue(fakeBrowser.storage.local);
const store = (limit?: number) =>
  new PublishedIntents({
    local: local(),
    tokens: async () => TOKENS,
    now: () => clock,
    problems,
    ...(limit ? { limit } : {}),
  });
const entry = (n: number, over: Partial<NewPublished> = {}): NewPublished => ({
  intentHash: `hash${n}`,
  accountId: 'alice.near',
  kind: 'send',
  origin: null,
  intents: [transfer('bob.near')],
  status: 'PENDING',
  ...over,
});
const stored = async () =>
  (await fakeBrowser.storage.local.get(PUBLISHED_KEY))[PUBLISHED_KEY] as Record<string, unknown>[] | undefined;

beforeEach(() => {
  fakeBrowser.reset();
  clock = 1_700_000_000_000;
  problems = new StorageProblems();
});

describe('the record of published intents', () => {
  it('keeps the newest first, in plain words, with nothing but what Activity shows', async () => {
    const s = store();
    await s.add(entry(1));
    clock += 1000;
    await s.add(
      entry(2, {
        kind: 'dapp',
        origin: 'https://app.example',
        intents: [{ intent: 'token_diff', diff: { [WNEAR]: '-2000000000000000000000000' } }],
      }),
    );
    const list = await s.list();
    expect(list.map((i) => [i.intentHash, i.kind, i.origin, i.createdAt])).toEqual([
      ['hash2', 'dapp', 'https://app.example', clock],
      ['hash1', 'send', null, clock - 1000],
    ]);
    expect(list[1]!.summary.map(said)).toEqual(['Send 1 wNEAR to bob.near']);
    expect(list[0]!.summary.map(said)).toEqual(['Give 2 wNEAR']);
    expect(list[1]!.summary).toEqual([{ key: 'describe_send', subs: [{ decimal: '1', unit: 'wNEAR' }, 'bob.near'] }]);
    expect([list[1]!.receivers, list[0]!.receivers]).toEqual([['bob.near'], []]);
    // What is on disk is exactly these fields: no payload, no nonce, no signature.
    const raw = (await stored())!;
    expect(Object.keys(raw[0]!).sort()).toEqual([
      'accountId',
      'checkedAt',
      'createdAt',
      'detail',
      'intentHash',
      'kind',
      'origin',
      'receivers',
      'status',
      'summary',
      'txHash',
    ]);
    // A new worker reads the same list back.
    expect((await store().list()).map((i) => i.intentHash)).toEqual(['hash2', 'hash1']);
  });

  it('is bounded: the oldest go first, at PUBLISHED_LIMIT by default', async () => {
    const small = store(3);
    for (let n = 1; n <= 5; n++) {
      clock += 1;
      await small.add(entry(n));
    }
    expect((await small.list()).map((i) => i.intentHash)).toEqual(['hash5', 'hash4', 'hash3']);

    fakeBrowser.reset();
    const full = store();
    await Promise.all(Array.from({ length: PUBLISHED_LIMIT + 7 }, (_, n) => full.add(entry(n))));
    const list = await full.list();
    expect(list).toHaveLength(PUBLISHED_LIMIT);
    expect(list[0]!.intentHash).toBe(`hash${PUBLISHED_LIMIT + 6}`);
    expect(list.at(-1)!.intentHash).toBe('hash7');
    expect(await stored()).toHaveLength(PUBLISHED_LIMIT);
  });

  it('writes one after another: concurrent adds and status updates lose nothing', async () => {
    const s = store();
    await Promise.all([1, 2, 3, 4].map((n) => s.add(entry(n))));
    await Promise.all([
      s.observe({ intent_hash: 'hash1', status: 'SETTLED', data: { hash: 'tx1' } }),
      s.add(entry(5)),
      s.observe({ intent_hash: 'hash3', status: 'TX_BROADCASTED' }),
    ]);
    const list = await store().list();
    expect(list.map((i) => i.intentHash).sort()).toEqual(['hash1', 'hash2', 'hash3', 'hash4', 'hash5']);
    expect(list.find((i) => i.intentHash === 'hash1')).toMatchObject({ status: 'SETTLED', txHash: 'tx1' });
    expect(list.find((i) => i.intentHash === 'hash3')).toMatchObject({ status: 'TX_BROADCASTED' });
  });

  it('takes the bus’s status for its own intents only; refused and settled are final', async () => {
    const s = store();
    await s.add(entry(1));
    await s.add(entry(2, { status: 'FAILED', detail: 'nonce was already used' }));
    clock += 5000;
    expect(await s.observe({ intent_hash: 'someone-elses', status: 'SETTLED' })).toBeUndefined();
    expect(
      await s.observe({ intent_hash: 'hash1', status: 'TX_BROADCASTED', status_details: 'on its way' }),
    ).toMatchObject({
      status: 'TX_BROADCASTED',
      detail: 'on its way',
      checkedAt: clock,
    });
    // Asked again with nothing new: the time of the check is kept in memory, storage is not written.
    const before = await stored();
    clock += 5000;
    expect(
      await s.observe({ intent_hash: 'hash1', status: 'TX_BROADCASTED', status_details: 'on its way' }),
    ).toMatchObject({ checkedAt: clock });
    expect((await s.list()).find((i) => i.intentHash === 'hash1')?.checkedAt).toBe(clock);
    expect(await stored()).toEqual(before);
    await s.observe({ intent_hash: 'hash1', status: 'SETTLED', data: { hash: 'ledgerTx' } });
    expect((await stored())!.find((i) => i.intentHash === 'hash1')).toMatchObject({
      status: 'SETTLED',
      txHash: 'ledgerTx',
      checkedAt: clock,
    });
    expect(await s.observe({ intent_hash: 'hash1', status: 'PENDING' })).toMatchObject({
      status: 'SETTLED',
      txHash: 'ledgerTx',
    });
    expect(await s.observe({ intent_hash: 'hash2', status: 'NOT_FOUND_OR_NOT_VALID' })).toMatchObject({
      status: 'FAILED',
      detail: 'nonce was already used',
    });
    expect((await store().list()).map((i) => i.intentHash)).toEqual(['hash2', 'hash1']);
  });

  it('keeps an unknown token’s units as a phrase inside the line, and reads it back after a restart', async () => {
    const odd = 'nep141:odd.near';
    await store().add(entry(1, { intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [odd]: '7' } }] }));
    const [read] = await store().list();
    expect(read!.summary[0]).toEqual({
      key: 'describe_send',
      subs: [{ key: 'amount_unitsOf', subs: ['7', odd] }, 'bob.near'],
    });
    expect(said(read!.summary[0]!)).toBe('Send 7 units of nep141:odd.near to bob.near');
    expect(problems.list()).toEqual([]);
  });

  it('keeps a page’s words short: a few lines, each cut, hidden characters shown', async () => {
    const s = store();
    const many = Array.from({ length: 9 }, (_, i) => transfer(`r${i}.near`));
    await s.add(entry(1, { kind: 'dapp', origin: 'https://app.example', intents: many }));
    await s.add(
      entry(2, {
        kind: 'dapp',
        origin: 'https://app.example',
        intents: [{ ...transfer('bob.near'), memo: `x\u202e${'m'.repeat(500)}` }],
      }),
    );
    const [long, wide] = [(await s.list())[1]!, (await s.list())[0]!];
    expect(long.summary).toHaveLength(6);
    expect(said(long.summary.at(-1)!)).toBe('and 4 more');
    expect(said(long.summary[0]!)).toBe('Send 1 wNEAR to r0.near');
    expect(long.receivers).toEqual(many.map((m) => m.receiver_id));
    const memo = String(wide.summary[1]!.subs[0]);
    expect(memo.length).toBeLessThanOrEqual(200);
    expect(said(wide.summary[1]!)).toMatch(/^memo: x\\u\{?202e/i);
    expect(memo.endsWith('…')).toBe(true);
  });
});

describe('a damaged record', () => {
  it('sets the unreadable entries aside, reports them, and keeps listing the others', async () => {
    const good = store();
    await good.add(entry(1));
    clock += 1;
    await good.add(entry(2));
    const [second, first] = (await stored())!;
    const damaged = [second, { intentHash: 42, kind: 'nonsense' }, first];
    await fakeBrowser.storage.local.set({ [PUBLISHED_KEY]: damaged });

    const s = store();
    expect((await s.list()).map((i) => i.intentHash)).toEqual(['hash2', 'hash1']);
    expect(problems.list()).toEqual([
      {
        store: 'activity',
        message: expect.stringMatching(/One entry of Activity.*set aside under publishedIntents\.damaged/),
        words: { key: 'storeProblem_activity', subs: ['1'] },
      },
    ]);
    expect((await fakeBrowser.storage.local.get(`${PUBLISHED_KEY}.damaged`))[`${PUBLISHED_KEY}.damaged`]).toEqual(
      damaged,
    );
    expect(await stored()).toEqual([second, first]);
    // New entries are kept as usual.
    await s.add(entry(3));
    expect((await store().list()).map((i) => i.intentHash)).toEqual(['hash3', 'hash2', 'hash1']);
  });

  it('a value that is not a list at all is set aside whole; a second damage never overwrites the first copy', async () => {
    await fakeBrowser.storage.local.set({ [PUBLISHED_KEY]: 'garbage' });
    expect(await store().list()).toEqual([]);
    expect((await fakeBrowser.storage.local.get(`${PUBLISHED_KEY}.damaged`))[`${PUBLISHED_KEY}.damaged`]).toBe(
      'garbage',
    );

    clock += 1;
    await fakeBrowser.storage.local.set({ [PUBLISHED_KEY]: { not: 'a list' } });
    const s = store();
    expect(await s.list()).toEqual([]);
    const all = await fakeBrowser.storage.local.get(null);
    expect(all[`${PUBLISHED_KEY}.damaged`]).toBe('garbage');
    expect(all[`${PUBLISHED_KEY}.damaged.${clock}`]).toEqual({ not: 'a list' });
    expect(problems.list().map((p) => p.store)).toEqual(['activity', 'activity']);
    await s.add(entry(1));
    expect((await store().list()).map((i) => i.intentHash)).toEqual(['hash1']);
  });
});

describe('a record this wallet did not seal', () => {
  it('a well-formed list written in the clear under the sealed name: set aside whole, no entry listed', async () => {
    const vault = new Vault({
      storage: memoryVaultStorage(),
      random: (n) => new Uint8Array(randomBytes(n)),
      iterations: 600_000,
    });
    await vault.create('a long test password', { kind: 'generate' });
    const sealed = new KeyValue(fakeBrowser.storage.local, vault);
    const own = new PublishedIntents({ local: sealed, tokens: async () => TOKENS, now: () => clock, problems });
    await own.add(entry(1));
    const genuine = (await fakeBrowser.storage.local.get(await sealed.storedName(PUBLISHED_KEY)))[
      await sealed.storedName(PUBLISHED_KEY)
    ];
    expect(genuine).toMatchObject({ sealed: 1 });
    // What a writer of storage plants: entries of the right shape, in the clear, where the sealed list lives.
    const planted = (await own.list()).map((e) => ({ ...e, intentHash: 'planted', receivers: ['attacker.near'] }));
    await fakeBrowser.storage.local.set({ [await sealed.storedName(PUBLISHED_KEY)]: planted });
    const fresh = new PublishedIntents({ local: sealed, tokens: async () => TOKENS, now: () => clock, problems });
    expect(await fresh.list()).toEqual([]);
    expect(problems.list()).toEqual([
      expect.objectContaining({ store: 'activity', message: expect.stringMatching(/set aside/) }),
    ]);
    expect(await sealed.read(`${PUBLISHED_KEY}.damaged`, z.unknown())).toEqual(planted);
  });
});

describe('records an older version stored', () => {
  const old = (n: number, summary: unknown, over: Record<string, unknown> = {}) => ({
    intentHash: `old${n}`,
    accountId: 'alice.near',
    kind: 'send',
    origin: null,
    summary,
    createdAt: n,
    status: 'SETTLED',
    detail: null,
    txHash: null,
    checkedAt: null,
    ...over,
  });

  it('reads English lines as they were written, and the receivers of their Send lines once', async () => {
    await fakeBrowser.storage.local.set({
      [PUBLISHED_KEY]: [
        old(2, ['Send 1 wNEAR to bob.near', 'memo: pay to carol.near']),
        old(1, ['Give 1 wNEAR', 'Receive 3 USDC'], { kind: 'dapp', origin: 'https://app.example' }),
      ],
    });
    const s = store();
    const [send, dapp] = await s.list();
    expect(send!.summary.map(said)).toEqual(['Send 1 wNEAR to bob.near', 'memo: pay to carol.near']);
    expect(send!.receivers).toEqual(['bob.near']);
    expect(dapp!.summary.map(said)).toEqual(['Give 1 wNEAR', 'Receive 3 USDC']);
    expect(dapp!.receivers).toEqual([]);
    expect(problems.list()).toEqual([]);
    // Written back in the new shape with the next change, and read the same.
    await s.add(entry(3));
    expect((await stored())![1]).toMatchObject({ receivers: ['bob.near'] });
    expect((await store().list())[1]).toEqual(send);
  });

  it('sets aside a line naming a message that is not plain words, or too many substitutions', async () => {
    await fakeBrowser.storage.local.set({
      [PUBLISHED_KEY]: [
        old(3, [{ key: 'describe_send', subs: ['1 wNEAR', 'bob.near'] }], { receivers: ['bob.near'] }),
        old(2, [{ key: 'risk_earlierSignatureLive', subs: ['x', 'y'] }], { receivers: [] }),
        old(1, [{ key: 'describe_give', subs: ['a', 'b', 'c', 'd', 'e'] }], { receivers: [] }),
        old(0, [{ key: 'describe_give', subs: ['1 wNEAR'] }], { receivers: [42] }),
      ],
    });
    expect((await store().list()).map((i) => i.intentHash)).toEqual(['old3']);
    expect(problems.list()).toEqual([
      {
        store: 'activity',
        message: expect.stringMatching(/^3 entries of Activity/),
        words: { key: 'storeProblem_activity', subs: ['3'] },
      },
    ]);
  });
});
