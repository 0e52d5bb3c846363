// Wrong-password delays (src/vault/throttle.ts): three free attempts, then 1 s doubling to a 5-minute cap;
// the count survives in storage, a right password clears it, a damaged count is no count.
import { describe, expect, it } from 'vitest';
import { memoryVaultStorage, VaultError } from '../../../src/vault';
import { delayAfter, PasswordThrottle, THROTTLE_KEY } from '../../../src/vault/throttle';

async function refusal(p: Promise<unknown>): Promise<VaultError | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (e instanceof VaultError) return e;
    throw e;
  }
}

describe('delayAfter', () => {
  it('is free for three failures, then doubles from one second up to five minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 11, 12, 40].map(delayAfter)).toEqual([
      0, 0, 0, 1000, 2000, 4000, 256_000, 300_000, 300_000,
    ]);
  });
});

describe('PasswordThrottle', () => {
  it('refuses until the delay since the last failure has passed, saying how long in whole seconds', async () => {
    let now = 50_000;
    const store = memoryVaultStorage();
    const throttle = new PasswordThrottle(store, () => now);
    for (let i = 0; i < 4; i++) await throttle.failed();
    expect(store.data.get(THROTTLE_KEY)).toEqual({ failures: 4, lastFailureAt: 50_000 });
    now += 1;
    const e = await refusal(throttle.check());
    expect([e?.code, e?.message, e?.retryAfterMs]).toEqual([
      'throttled',
      'Too many wrong passwords. Try again in 2 s.',
      1999,
    ]);
    now = 50_000 + 2000 - 1;
    expect((await refusal(throttle.check()))?.retryAfterMs).toBe(1);
    now += 1;
    expect(await refusal(throttle.check())).toBeUndefined();
  });

  it('a right password clears the count; a damaged count is read as none', async () => {
    const store = memoryVaultStorage({ [THROTTLE_KEY]: { failures: 9, lastFailureAt: 1000 } });
    const throttle = new PasswordThrottle(store, () => 1000);
    expect((await refusal(throttle.check()))?.code).toBe('throttled');
    await throttle.succeeded();
    expect(store.data.has(THROTTLE_KEY)).toBe(false);
    expect(await refusal(throttle.check())).toBeUndefined();

    for (const damaged of [{ failures: -1, lastFailureAt: 1000 }, { failures: 9 }, 'nine']) {
      const area = memoryVaultStorage({ [THROTTLE_KEY]: damaged });
      const t = new PasswordThrottle(area, () => 1000);
      expect(await refusal(t.check())).toBeUndefined();
      await t.failed();
      expect(area.data.get(THROTTLE_KEY)).toEqual({ failures: 1, lastFailureAt: 1000 });
    }
  });
});
