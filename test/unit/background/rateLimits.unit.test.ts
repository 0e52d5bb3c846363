// Fair rate limits (src/background/page/rateLimits.ts; docs/security.md, "Pages get nothing for free"):
// per site, and a global limit that never refuses a site under its fair share.
import { describe, expect, it } from 'vitest';
import { KeyValue, type StorageAreaLike } from '../../../src/background/kv';
import { LIMITS, RateLimits } from '../../../src/background/page/rateLimits';
import { ERROR_CODES } from '../../../src/provider/protocol';

function memoryArea(): StorageAreaLike {
  const data: Record<string, unknown> = {};
  return {
    get: async (keys) =>
      Object.fromEntries(
        (keys === null ? Object.keys(data) : [keys].flat())
          .filter((k) => k in data)
          .map((k) => [k, structuredClone(data[k])]),
      ),
    set: async (items) => void Object.assign(data, structuredClone(items)),
    remove: async (keys) => {
      for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
    },
  };
}

function limiter(area = memoryArea()) {
  const clock = { now: 1_000_000 };
  const limits = new RateLimits(new KeyValue(area), () => clock.now);
  /** Takes `n` approvals for `site`; how many were refused with -32005 (any other error throws). */
  const ask = async (site: string, n = 1, budget: keyof typeof LIMITS = 'approval') => {
    let refused = 0;
    for (let i = 0; i < n; i++) {
      try {
        await limits.take(budget, site, 'slow down');
      } catch (e) {
        if ((e as { code?: number }).code !== ERROR_CODES.rateLimited) throw e;
        refused++;
      }
    }
    return refused;
  };
  return { clock, limits, ask, area };
}

describe('rate limits', () => {
  it('counts a site as one, up to its limit a minute, and forgets after the minute', async () => {
    const { clock, ask } = limiter();
    expect(await ask('evil.example', LIMITS.approval.perSite)).toBe(0);
    expect(await ask('evil.example')).toBe(1);
    clock.now += 60_000;
    expect(await ask('evil.example')).toBe(0);
  });

  it('three sites that spent the global budget cannot silence a fourth: it is under its fair share', async () => {
    const { ask } = limiter();
    for (const site of ['a.example', 'b.example', 'c.example'])
      expect(await ask(site, LIMITS.approval.perSite)).toBe(0);
    // The global budget (30) is spent; each of the three is at its share (30 / 4 sites).
    expect(await ask('a.example')).toBe(1);
    expect(await ask('victim.example')).toBe(0);
    // Up to its share of the sites now active (30 / 4 = 7.5): 7 more, then refused.
    expect(await ask('victim.example', 7)).toBe(0);
    expect(await ask('victim.example')).toBe(1);
    // A fifth site still gets in.
    expect(await ask('fifth.example')).toBe(0);
  });

  it('a site that has not asked in the minute is never refused by the global limit; one above its share is', async () => {
    const { ask } = limiter();
    // 40 sites asking once: 40 uses, over the global 30, each one a newcomer when it asked.
    for (let i = 0; i < 40; i++) expect(await ask(`s${i}.example`), `site ${i}`).toBe(0);
    // Once more: its share is 30 / 40 sites, and it has used one.
    expect(await ask('s0.example')).toBe(1);
  });

  it('a refused request is not counted, and the budgets are apart', async () => {
    const { ask } = limiter();
    expect(await ask('evil.example', LIMITS.approval.perSite + 5)).toBe(5);
    expect(await ask('evil.example', LIMITS.network.perSite, 'network')).toBe(0);
    expect(await ask('evil.example', 1, 'network')).toBe(1);
  });

  it('survives a new worker: the table is read back from storage', async () => {
    const first = limiter();
    expect(await first.ask('evil.example', LIMITS.approval.perSite)).toBe(0);
    const second = limiter(first.area);
    second.clock.now = first.clock.now;
    expect(await second.ask('evil.example')).toBe(1);
  });
});
