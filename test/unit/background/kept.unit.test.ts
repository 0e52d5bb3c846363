// A value kept in memory by its only writer (src/background/kv.ts Kept): readers get copies, a peek at a
// part copies nothing, and a failed load is not kept.
import { describe, expect, it } from 'vitest';
import { Kept } from '../../../src/background/kv';

function counted(load: () => Promise<{ items: number[] }>) {
  const n = { loads: 0, copies: 0 };
  const kept = new Kept(
    () => {
      n.loads++;
      return load();
    },
    (v) => {
      n.copies++;
      return structuredClone(v);
    },
  );
  return { kept, n };
}

describe('a kept value', () => {
  it('is loaded once; get hands out copies, peek looks at it without copying the whole', async () => {
    const { kept, n } = counted(async () => ({ items: [1, 2, 3] }));
    expect(await kept.peek((v) => v.items.length)).toBe(3);
    expect(n).toEqual({ loads: 1, copies: 0 });
    const copy = await kept.get();
    copy.items.push(4);
    expect(await kept.peek((v) => v.items.length)).toBe(3);
    expect(n).toEqual({ loads: 1, copies: 1 });
    await kept.put({ items: [9] }, async () => undefined);
    expect(await kept.peek((v) => v.items[0])).toBe(9);
    expect(n.loads).toBe(1);
  });

  it('a failed load is not kept: the next look loads again', async () => {
    let fail = true;
    const { kept, n } = counted(async () => {
      if (fail) throw new Error('storage failed');
      return { items: [] };
    });
    await expect(kept.peek((v) => v.items.length)).rejects.toThrow('storage failed');
    fail = false;
    expect(await kept.peek((v) => v.items.length)).toBe(0);
    expect(n.loads).toBe(2);
  });
});
