// The salt cache (src/background/signing/salt.ts): one read shared by concurrent askers, kept for
// SALT_TTL_MS, read again after it or after invalidate(), and a failed read is not cached.
import { describe, expect, it } from 'vitest';
import { SALT_TTL_MS, SaltCache } from '../../../../src/background/signing/salt';

function setup(answers: (string | Error)[]) {
  const clock = { now: 1_000 };
  let reads = 0;
  const cache = new SaltCache(
    async () => {
      const a = answers[reads++];
      if (a === undefined) throw new Error('no more answers');
      if (a instanceof Error) throw a;
      return a;
    },
    () => clock.now,
  );
  return { cache, clock, reads: () => reads };
}

describe('SaltCache', () => {
  it('shares one read among concurrent askers and keeps it for five minutes', async () => {
    const { cache, clock, reads } = setup(['0a0b0c0d', 'deadbeef']);
    expect(SALT_TTL_MS).toBe(300_000);
    expect(await Promise.all([cache.current(), cache.current()])).toEqual(['0a0b0c0d', '0a0b0c0d']);
    expect(reads()).toBe(1);
    clock.now += SALT_TTL_MS - 1;
    expect(await cache.currentBytes()).toEqual(Uint8Array.of(10, 11, 12, 13));
    expect(reads()).toBe(1);
    clock.now += 1;
    expect(await cache.current()).toBe('deadbeef');
    expect(reads()).toBe(2);
  });

  it('reads again after invalidate()', async () => {
    const { cache, reads } = setup(['01', '02']);
    expect(await cache.current()).toBe('01');
    cache.invalidate();
    expect(await cache.current()).toBe('02');
    expect(await cache.current()).toBe('02');
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read: the next ask reads again', async () => {
    const { cache, reads } = setup([new Error('rpc down'), 'ff']);
    await expect(cache.current()).rejects.toThrow('rpc down');
    expect(await cache.current()).toBe('ff');
    expect(reads()).toBe(2);
  });
});
