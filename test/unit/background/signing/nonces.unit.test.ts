// The registry of used nonces (src/background/signing/nonces.ts) over a plain in-memory storage area:
// one signature per (signer, nonce) per network, messages' nonces everywhere and for good, versioned
// nonces forgotten a day after their deadline, a cap on kept ones, and failing closed when damaged.
import { describe, expect, it } from 'vitest';
import { KeyValue, type StorageAreaLike } from '../../../../src/background/kv';
import { StorageProblems } from '../../../../src/background/problems';
import { NonceReusedError, UsedNonces } from '../../../../src/background/signing/nonces';
import { base64, encodeVersionedNonce } from '../../../../src/core';

function memoryArea(): StorageAreaLike & { items: Map<string, unknown> } {
  const items = new Map<string, unknown>();
  return {
    items,
    get: async (keys) => {
      const wanted = keys === null ? [...items.keys()] : typeof keys === 'string' ? [keys] : keys;
      return Object.fromEntries(wanted.filter((k) => items.has(k)).map((k) => [k, structuredClone(items.get(k))]));
    },
    set: async (all) => {
      for (const [k, v] of Object.entries(all)) items.set(k, structuredClone(v));
    },
    remove: async (keys) => {
      for (const k of typeof keys === 'string' ? [keys] : keys) items.delete(k);
    },
  };
}

const DAY = 24 * 3600_000;
const T0 = Date.parse('2030-01-01T00:00:00Z');
const SALT = Uint8Array.of(1, 2, 3, 4);
const versioned = (deadlineMs: number, seed: number) =>
  encodeVersionedNonce({ salt: SALT, deadline: new Date(deadlineMs), random15: new Uint8Array(15).fill(seed) });
const legacy = (seed: number) => base64.encode(new Uint8Array(32).fill(seed));

function setup() {
  const area = memoryArea();
  const clock = { now: T0 };
  const problems = new StorageProblems();
  const nonces = new UsedNonces(new KeyValue(area), () => clock.now, problems);
  return { area, clock, nonces, problems };
}

describe('UsedNonces', () => {
  it('claims a nonce once per signer and network; the same intent may claim it again', async () => {
    const { nonces } = setup();
    const n = versioned(T0 + 60_000, 1);
    expect(await nonces.has('v1', 'alice', n)).toBe(false);
    await nonces.claim('v1', 'alice', n, 'hashA');
    expect(await nonces.has('v1', 'alice', n)).toBe(true);
    expect(await nonces.hashOf('v1', 'alice', n)).toBe('hashA');
    await nonces.claim('v1', 'alice', n, 'hashA');
    await expect(nonces.claim('v1', 'alice', n, 'hashB')).rejects.toThrow(NonceReusedError);
    await expect(nonces.claim('v1', 'alice', n)).rejects.toThrow(/already used by alice/);
    await expect(nonces.claim('v1', 'alice', n)).rejects.toMatchObject({ name: 'NonceReusedError' });
    // Another nonce of the same signer is free.
    const m = versioned(T0 + 60_000, 9);
    expect(await nonces.has('v1', 'alice', m)).toBe(false);
    expect(await nonces.hashOf('v1', 'alice', m)).toBeUndefined();
    // Claimed without a hash, a nonce cannot be claimed again, with or without one.
    await nonces.claim('v1', 'alice', m);
    await expect(nonces.claim('v1', 'alice', m)).rejects.toThrow(NonceReusedError);
    // Another signer, another network: free.
    expect(await nonces.has('v1', 'bob', n)).toBe(false);
    expect(await nonces.has('v2', 'alice', n)).toBe(false);
    expect(await nonces.hashOf('v2', 'alice', n)).toBeUndefined();
    await nonces.claim('v1', 'bob', n);
    await nonces.claim('v2', 'alice', n, 'hashC');
    expect(await nonces.hashOf('v2', 'alice', n)).toBe('hashC');
    expect(await nonces.hashOf('v1', 'bob', n)).toBeUndefined();
  });

  it("keeps a message's nonce in the shared table: used on every network, and no intent may use it", async () => {
    const { nonces, area } = setup();
    // A message's nonce is kept for good even when it has the shape of a versioned one.
    const n = versioned(T0 + 60_000, 7);
    await nonces.claim('v1', 'alice', n, 'message:abc', 'message');
    expect(area.items.get('usedNonces')).toEqual({ alice: [{ nonce: n, forgetAfter: null, hash: 'message:abc' }] });
    expect(area.items.has('usedNonces:v1')).toBe(false);
    for (const v of ['v1', 'v2']) expect(await nonces.has(v, 'alice', n)).toBe(true);
    await expect(nonces.claim('v2', 'alice', n, 'intentHash')).rejects.toThrow(NonceReusedError);
    // And an intent's nonce is refused to a message.
    const m = legacy(8);
    await nonces.claim('v1', 'alice', m, 'h');
    await expect(nonces.claim('v1', 'alice', m, 'message:x', 'message')).rejects.toThrow(NonceReusedError);
  });

  it('forgets a versioned nonce a day after its deadline, never a legacy one', async () => {
    const { nonces, clock, area } = setup();
    const deadline = T0 + 60_000;
    const old = versioned(deadline, 2);
    const kept = legacy(3);
    await nonces.claim('v1', 'alice', old, 'h1');
    await nonces.claim('v1', 'alice', kept, 'h2');
    expect(area.items.get('usedNonces:v1')).toEqual({
      alice: [
        { nonce: old, forgetAfter: deadline + DAY, hash: 'h1' },
        { nonce: kept, forgetAfter: null, hash: 'h2' },
      ],
    });
    clock.now = deadline + DAY - 1;
    await expect(nonces.claim('v1', 'alice', old, 'other')).rejects.toThrow(NonceReusedError);
    // From forgetAfter on, a claim drops it (the verifier refuses it by then anyway).
    clock.now = deadline + DAY;
    await nonces.claim('v1', 'alice', versioned(clock.now + 60_000, 5));
    const table = area.items.get('usedNonces:v1') as Record<string, { nonce: string }[]>;
    expect(table.alice!.map((e) => e.nonce)).toEqual([kept, versioned(clock.now + 60_000, 5)]);
    await expect(nonces.claim('v1', 'alice', kept, 'other')).rejects.toThrow(NonceReusedError);
  });

  it('refuses new claims past 10 000 unexpired nonces per signer (others unaffected)', async () => {
    const { nonces, area } = setup();
    const full = Array.from({ length: 10_000 }, (_, i) => ({ nonce: `n${i}`, forgetAfter: null }));
    area.items.set('usedNonces:v1', { alice: full });
    await expect(nonces.claim('v1', 'alice', legacy(9))).rejects.toMatchObject({
      message: expect.stringMatching(/too many unexpired nonces/),
      field: 'nonce',
    });
    await nonces.claim('v1', 'bob', legacy(9));
    area.items.set('usedNonces:v1', { alice: full.slice(1) });
    await nonces.claim('v1', 'alice', legacy(9));
  });

  it('serialises claims: two racing claims of one nonce, one wins', async () => {
    const { nonces } = setup();
    const n = legacy(10);
    const results = await Promise.allSettled([nonces.claim('v1', 'a', n, 'x'), nonces.claim('v1', 'a', n, 'y')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('sets a damaged table aside, reports it, and from then on refuses every supplied nonce', async () => {
    const { nonces, area, problems, clock } = setup();
    area.items.set('usedNonces:v1', { alice: 'not a list' });
    const n = legacy(11);
    expect(await nonces.has('v1', 'alice', n)).toBe(true);
    expect(area.items.get('usedNonces:v1.damaged')).toEqual({ alice: 'not a list' });
    expect(area.items.get('usedNonces:v1')).toEqual({});
    expect(area.items.get('usedNonces.lost')).toBe(clock.now);
    expect(problems.list()).toEqual([
      {
        store: 'nonces',
        message: expect.stringMatching(/refused from now on/),
        words: { key: 'storeProblem_nonces', subs: [] },
      },
    ]);
    // Still claimable by the wallet (its own nonces are fresh), and any nonce is now reported as used.
    await nonces.claim('v1', 'alice', n);
    expect(await nonces.has('v2', 'bob', legacy(12))).toBe(true);
  });

  it('fails closed on damage without a problems list too', async () => {
    const area = memoryArea();
    area.items.set('usedNonces', { alice: [{ nonce: 1 }] });
    const nonces = new UsedNonces(new KeyValue(area), () => T0);
    expect(await nonces.has('v1', 'alice', legacy(1))).toBe(true);
    expect(area.items.get('usedNonces.damaged')).toEqual({ alice: [{ nonce: 1 }] });
  });

  it('does not take a storage failure for damage, and goes on after it', async () => {
    const area = memoryArea();
    const get = area.get;
    let failures = 1;
    area.get = async (keys) => {
      if (failures-- > 0) throw new Error('disk gone');
      return get(keys);
    };
    const nonces = new UsedNonces(new KeyValue(area), () => T0);
    await expect(nonces.has('v1', 'a', legacy(1))).rejects.toThrow('disk gone');
    expect(area.items.has('usedNonces.lost')).toBe(false);
    expect(await nonces.has('v1', 'a', legacy(1))).toBe(false);
  });
});
