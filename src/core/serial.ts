/**
 * The one way the wallet serialises work (read-modify-write of a stored table, one erase at a time): a
 * queue where each task starts when the one before it settled, in call order.
 * - A task that throws or rejects fails its own caller only; the next task runs as if it had succeeded
 *   (one bad write never blocks every later one).
 * - Not reentrant: a task must not wait on a task of its own queue (it would wait for itself, forever). Code
 *   under a queue calls the unqueued form of what it needs.
 * - Per queue, per JavaScript realm: a service worker that stops loses its queue with its state, and two
 *   contexts of the extension never share one (docs/architecture.md, "Where state lives").
 */

/** Runs `task` after every task queued before it settled; answers what `task` answers. */
export type Serial = <T>(task: () => T | PromiseLike<T>) => Promise<T>;

const settled = (): undefined => undefined;

/** A new, empty queue. */
export function serial(): Serial {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => T | PromiseLike<T>): Promise<T> => {
    const run = tail.then(() => task());
    tail = run.then(settled, settled);
    return run;
  };
}
