// The Swap tab's in-progress list (swap_list) against the running simulator: it reads the index of
// unfinished swaps (the tracker's schedule, src/background/swaps/unfinished.ts) and the records it
// names, never the whole history; a swap that finishes leaves the index; a restart loses nothing; and
// an index that is damaged, missing, rolled back or names a record that is gone is handled as damage
// (reported, set aside when unreadable) without losing an unfinished swap.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { WALLET, type WalletStatus } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { memoryVaultStorage } from '../../../src/vault';

const WNEAR_ID = 'nep141:wrap.near';

import { deposit, fireSwapAlarm, swapAlarmAt, swapParams, trackOf } from '../reliability/helpers';
import {
  type Background,
  backgroundEnv,
  call,
  PASSWORD,
  STEP_TIMING,
  simulatorWithClock,
  useSimulator,
} from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

/** Keys asked of storage.local, counted while `counting` is set. */
const reads = { counting: false, keys: 0 };

/** A worker on the fake browser's storage (the same vault: a restart when one ran before). */
async function worker(vaultStorage: ReturnType<typeof memoryVaultStorage>): Promise<Background> {
  fakeBrowser.alarms.onAlarm.removeAllListeners();
  const env = backgroundEnv(clock, vaultStorage);
  const area = fakeBrowser.storage.local;
  env.storage.local = {
    get: (k) => {
      if (reads.counting) reads.keys += k === null ? Number.POSITIVE_INFINITY : Array.isArray(k) ? k.length : 1;
      return area.get(k);
    },
    set: (i) => area.set(i),
    remove: (k) => area.remove(k),
  };
  const bg = startBackground(env);
  // Its first answer: the unlocked session restored.
  await call(bg, WALLET.status);
  return bg;
}

const tick = () =>
  fetch(`${sim.url}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 1_000 }),
  });

/** A wallet with two unfinished swaps (the first with its deposit made) and `finished` finished ones before them. */
async function wallet(finished = 0) {
  const vaultStorage = memoryVaultStorage();
  const bg = await worker(vaultStorage);
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  const a = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
  await tick();
  const b = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now, { recipient: 'carol.near' }));
  await deposit(sim, a);
  if (finished) {
    // Finished swaps stored before them, as the wallet keeps them (each record sealed, its id in swapIds).
    const done = Array.from({ length: finished }, (_, i) => ({
      ...structuredClone(a),
      id: randomBytes(8).toString('hex'),
      createdAt: a.createdAt - (finished - i) * 60_000,
      status: 'SUCCESS' as const,
    }));
    for (const r of done) await bg.local.write(`swap:${r.id}`, r);
    const ids = (await bg.local.read('swapIds', z.array(z.string()))) ?? [];
    await bg.local.write('swapIds', [...done.map((r) => r.id), ...ids]);
  }
  return { bg: await worker(vaultStorage), vaultStorage, a, b };
}

const listed = async (bg: Background) => (await call<SwapRecordView[]>(bg, SWAP.list)).map((r) => r.id);
const problems = async (bg: Background) => (await call<WalletStatus>(bg, WALLET.status)).storeProblems;

/** Keys of storage.local one swap_list call reads (after a first call, which may read what a new worker keeps). */
async function keysRead(bg: Background): Promise<number> {
  await listed(bg);
  reads.keys = 0;
  reads.counting = true;
  try {
    await listed(bg);
  } finally {
    reads.counting = false;
  }
  return reads.keys;
}

describe('swap_list: a receive request', () => {
  it('is not listed while nothing was sent to it, and is once its deposit is seen', async () => {
    const { bg, a, b } = await wallet();
    const status = await call<WalletStatus>(bg, WALLET.status);
    const me = status.selectedAccountId!;
    const receive = await call<SwapRecordView>(
      bg,
      SWAP.start,
      swapParams(clock.now, {
        destinationAsset: WNEAR_ID,
        refundTo: me,
        refundType: 'INTENTS',
        recipient: me,
        recipientType: 'INTENTS',
      }),
    );
    expect(await listed(bg)).toEqual([b.id, a.id]);
    expect((await call<SwapRecordView>(bg, SWAP.get, { id: receive.id })).status).toBe('PENDING_DEPOSIT');
    await deposit(sim, receive);
    for (let i = 0; i < 10 && !(await listed(bg)).includes(receive.id); i++) {
      await tick();
      await fireSwapAlarm(bg, clock.now);
    }
    expect(await listed(bg)).toContain(receive.id);
  });
});

describe('swap_list: the index of unfinished swaps', () => {
  it('reads the index and the records it names: the same storage reads with 5 or 300 finished swaps stored', async () => {
    const few = await wallet(5);
    expect(await listed(few.bg)).toEqual([few.b.id, few.a.id]);
    const small = await keysRead(few.bg);
    fakeBrowser.reset();
    const many = await wallet(300);
    expect(await listed(many.bg)).toEqual([many.b.id, many.a.id]);
    const large = await keysRead(many.bg);
    // The schedule and the two records it names.
    expect(small).toBe(3);
    expect(large).toBe(small);
    expect(await problems(many.bg)).toEqual([]);
  });

  it('a swap that finishes leaves the index; a restart loses nothing', async () => {
    const { bg, vaultStorage, a, b } = await wallet();
    for (let i = 0; i < 10 && (await listed(bg)).includes(a.id); i++) {
      await fetch(`${sim.url}/dev/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: STEP_TIMING.processMs }),
      });
      await fireSwapAlarm(bg, clock.now);
    }
    expect((await call<SwapRecordView>(bg, SWAP.get, { id: a.id })).status).toBe('SUCCESS');
    expect(await listed(bg)).toEqual([b.id]);
    expect((await trackOf(bg)).map((t) => t.id)).toEqual([b.id]);
    const again = await worker(vaultStorage);
    expect(await listed(again)).toEqual([b.id]);
    expect(await swapAlarmAt()).toBeDefined();
    expect(await problems(again)).toEqual([]);
  });

  type Damage = (bg: Background, name: string) => Promise<void>;
  const damages: [string, RegExp, Damage][] = [
    [
      'an index that does not open (one byte changed)',
      /damaged; it is set aside/,
      async (_bg, name) => {
        const env = (await fakeBrowser.storage.local.get(name))[name] as { ciphertext: string };
        const bytes = Buffer.from(env.ciphertext, 'base64');
        bytes[20] = bytes[20]! ^ 1;
        await fakeBrowser.storage.local.set({ [name]: { ...env, ciphertext: bytes.toString('base64') } });
      },
    ],
    ['an index removed', /missing swaps/, async (_bg, name) => fakeBrowser.storage.local.remove(name)],
    [
      'an index of another shape',
      /damaged; it is set aside/,
      async (bg) => bg.local.write('swapTrack', { items: 'none' }),
    ],
  ];
  for (const [what, message, damage] of damages) {
    it(`${what}: both unfinished swaps are listed and followed again, and it is reported`, async () => {
      const { bg, vaultStorage, a, b } = await wallet(3);
      const name = await bg.local.storedName('swapTrack');
      await damage(bg, name);
      const found = await bg.local.asFound('swapTrack');
      const again = await worker(vaultStorage);
      expect(await listed(again)).toEqual([b.id, a.id]);
      expect(await problems(again)).toEqual([
        {
          store: 'swaps',
          message: expect.stringMatching(message),
          words: {
            key: message.source.includes('damaged')
              ? 'storeProblem_swapsListRebuilt'
              : 'storeProblem_swapsListCompleted',
            subs: [],
          },
        },
      ]);
      // Stored again at once; what could not be read is kept aside as it was found.
      expect(new Set((await trackOf(again)).map((t) => t.id))).toEqual(new Set([a.id, b.id]));
      expect(await again.local.asFound('swapTrack.damaged')).toEqual(found);
      // The tracker follows them: the deposited one reaches SUCCESS and leaves the list.
      for (let i = 0; i < 10 && (await listed(again)).includes(a.id); i++) {
        await fetch(`${sim.url}/dev/clock/advance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ms: STEP_TIMING.processMs }),
        });
        await fireSwapAlarm(again, clock.now);
      }
      expect(await listed(again)).toEqual([b.id]);
    });
  }

  it('an index rolled back to before the newest swap: the newest is found again from the ids after the one it names', async () => {
    const vaultStorage = memoryVaultStorage();
    const bg = await worker(vaultStorage);
    await useSimulator(bg, sim.url, sim.busApiKey);
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    const a = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now));
    const name = await bg.local.storedName('swapTrack');
    const older = (await fakeBrowser.storage.local.get(name))[name];
    await tick();
    const b = await call<SwapRecordView>(bg, SWAP.start, swapParams(clock.now, { recipient: 'carol.near' }));
    await fakeBrowser.storage.local.set({ [name]: older });
    const again = await worker(vaultStorage);
    expect(await listed(again)).toEqual([b.id, a.id]);
    expect(await problems(again)).toEqual([
      {
        store: 'swaps',
        message: expect.stringMatching(/missing swaps/),
        words: { key: 'storeProblem_swapsListCompleted', subs: [] },
      },
    ]);
  });

  it('an entry whose record is gone: left out and reported; the other swap is listed', async () => {
    const { bg, vaultStorage, a, b } = await wallet();
    await fakeBrowser.storage.local.remove(await bg.local.storedName(`swap:${a.id}`));
    const again = await worker(vaultStorage);
    expect(await listed(again)).toEqual([b.id]);
    expect(await problems(again)).toEqual([
      {
        store: 'swaps',
        message: expect.stringContaining(`A stored swap (${a.id}) is damaged`),
        words: { key: 'storeProblem_swap', subs: [] },
      },
    ]);
  });
});
