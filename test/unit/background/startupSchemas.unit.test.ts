// The worker's modules build few schemas as they load (docs/architecture.md, "Budgets": "Schemas built on
// first use"): a stopped worker evaluates them again before it can read its first message.
import { describe, expect, it } from 'vitest';

/** Counts the zod schemas built while `load` runs: each gets its `_zod` internals by Object.defineProperty. */
async function schemasBuiltBy(load: () => Promise<unknown>): Promise<number> {
  let built = 0;
  const define = Object.defineProperty;
  Object.defineProperty = ((target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
    if (key === '_zod') built++;
    return define(target, key, descriptor);
  }) as typeof Object.defineProperty;
  try {
    await load();
  } finally {
    Object.defineProperty = define;
  }
  return built;
}

describe('schemas built while the background loads', () => {
  // Each test file has its own module registry (vitest isolates files): this is a first load.
  it('stays under 320 (about 1,050 when every schema was built at load)', async () => {
    const built = await schemasBuiltBy(() =>
      Promise.all([import('../../../src/background/start'), import('../../../src/background/trustedStorage')]),
    );
    expect(built, 'schemas built at load').toBeGreaterThan(0);
    expect(built).toBeLessThan(320);
  });

  it('a lazy schema still parses and refuses as its definition says', async () => {
    const { accountIdSchema, parseIntents } = await import('../../../src/core');
    expect(accountIdSchema.safeParse('alice.near').success).toBe(true);
    expect(accountIdSchema.safeParse('Alice.near').success).toBe(false);
    expect(() =>
      parseIntents([{ intent: 'transfer', receiver_id: 'bob.near', tokens: { 'nep141:wrap.near': '-1' } }]),
    ).toThrow();
  });
});
