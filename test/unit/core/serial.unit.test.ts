import { describe, expect, it } from 'vitest';
import { serial } from '../../../src/core/serial';

/** A promise and the functions that settle it, so a test decides when each task ends. */
function gate<T = void>() {
  let open!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const p = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { p, open, fail };
}

describe('serial: one task at a time, in call order', () => {
  it('starts each task only after the one before it settled, whatever order they would finish in', async () => {
    const run = serial();
    const log: string[] = [];
    const first = gate();
    const a = run(async () => {
      log.push('a start');
      await first.p;
      log.push('a end');
      return 'a';
    });
    const b = run(() => {
      log.push('b');
      return 'b';
    });
    const c = run(async () => {
      log.push('c');
      return 'c';
    });
    // b and c are queued behind a, which has not ended yet.
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b', 'c']);
  });

  it('a read-modify-write under it loses no update', async () => {
    const run = serial();
    let stored = 0;
    const bump = () =>
      run(async () => {
        const read = stored;
        await new Promise<void>((r) => queueMicrotask(r));
        stored = read + 1;
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    expect(stored).toBe(20);
  });

  it('a task that rejects or throws fails its own caller only; the next runs', async () => {
    const run = serial();
    const failing = gate();
    const bad = run(() => failing.p);
    const thrown = run(() => {
      throw new Error('sync');
    });
    const good = run(() => 'next');
    failing.fail(new Error('async'));
    await expect(bad).rejects.toThrow('async');
    await expect(thrown).rejects.toThrow('sync');
    await expect(good).resolves.toBe('next');
    await expect(run(async () => 'later')).resolves.toBe('later');
  });

  it('two queues do not wait for each other', async () => {
    const one = serial();
    const other = serial();
    const held = gate();
    const slow = one(() => held.p);
    await expect(other(() => 'free')).resolves.toBe('free');
    held.open();
    await slow;
  });

  it('is not reentrant: a task queued from inside a task runs after it (awaiting it there would never end)', async () => {
    const run = serial();
    const log: string[] = [];
    let inner: Promise<void> | undefined;
    const outer = run(async () => {
      inner = run(() => {
        log.push('inner');
      });
      await Promise.resolve();
      await Promise.resolve();
      log.push('outer end');
    });
    await outer;
    await inner;
    expect(log).toEqual(['outer end', 'inner']);
  });
});
