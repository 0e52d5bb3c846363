/**
 * Fault injection (`POST /dev/faults`): the next N requests whose path starts with a prefix answer
 * 429, 500, hang until the client gives up (`timeout`), or are carried out and then hang (`lost`: the
 * service did the work, its answer never reaches the client), so clients' retries and timeouts can be
 * tested. A held request is announced to `onHold` listeners (tests in the same process give up on it
 * then, instead of after a wall-clock deadline) and ends when its client goes.
 */
import type { MiddlewareHandler } from 'hono';
import { restError } from './http';

export type FaultKind = '429' | '500' | 'timeout' | 'lost';

interface Fault {
  kind: FaultKind;
  remaining: number;
  pathPrefix: string;
}

export class Faults {
  private queue: Fault[] = [];
  private readonly holdListeners = new Set<(request: Request) => void>();

  /** Calls `listener` with each request a `timeout` fault starts holding; returns the unsubscribe. */
  onHold(listener: (request: Request) => void): () => void {
    this.holdListeners.add(listener);
    return () => this.holdListeners.delete(listener);
  }

  add(kind: FaultKind, count: number, pathPrefix = '/'): void {
    this.queue.push({ kind, remaining: count, pathPrefix });
  }

  clear(): void {
    this.queue = [];
  }

  list(): readonly Fault[] {
    return this.queue;
  }

  /** Takes one fault for this path, if any is queued. */
  take(path: string): FaultKind | null {
    const fault = this.queue.find((f) => path.startsWith(f.pathPrefix));
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.queue = this.queue.filter((f) => f !== fault);
    return fault.kind;
  }

  middleware(timeoutHoldMs: number): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.path.startsWith('/dev/')) return next();
      const kind = this.take(c.req.path);
      if (kind === '429') return restError(c, 429, 'Too many requests (injected fault)');
      if (kind === '500') return restError(c, 500, 'Internal server error (injected fault)');
      if (kind === 'timeout' || kind === 'lost') {
        if (kind === 'lost') await next();
        // Real time on purpose: this holds a client's HTTP request, whose own timeout is wall-clock.
        await holdUntil(timeoutHoldMs, c.req.raw.signal, () => {
          for (const listener of this.holdListeners) listener(c.req.raw);
        });
        const timedOut = restError(c, 504, 'Gateway timeout (injected fault)');
        // A lost answer replaces the one the handler made.
        if (kind === 'lost') c.res = timedOut;
        return timedOut;
      }
      return next();
    };
  }
}

/** Waits `ms`, or until `gone` aborts (the client closed the connection), after calling `started`. */
function holdUntil(ms: number, gone: AbortSignal, started: () => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      gone.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    gone.addEventListener('abort', done, { once: true });
    started();
  });
}
