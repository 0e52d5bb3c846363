// A pair of runtime ports as the browser makes them for runtime.connect: a message posted on one end
// arrives at the other end's listeners in a later task, disconnect() on one end fires the other end's
// onDisconnect (never its own), and a disconnected end refuses to post. WXT's fake browser has no ports.
type Fn<T extends unknown[]> = (...args: T) => void;

class Listeners<T extends unknown[]> {
  private readonly fns = new Set<Fn<T>>();
  addListener(fn: Fn<T>): void {
    this.fns.add(fn);
  }
  removeListener(fn: Fn<T>): void {
    this.fns.delete(fn);
  }
  hasListeners(): boolean {
    return this.fns.size > 0;
  }
  fire(...args: T): void {
    for (const fn of [...this.fns]) fn(...args);
  }
}

export interface FakePort {
  name: string;
  sender?: { url?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: Listeners<[unknown, FakePort]>;
  onDisconnect: Listeners<[FakePort]>;
  /** Every message posted on this end, in order. */
  posted: unknown[];
  /** Whether this end is connected. */
  readonly connected: boolean;
}

/** `[page end, background end]`; the background end carries `sender` (the browser's word on the page). */
export function portPair(name: string, sender: { url?: string }): [FakePort, FakePort] {
  let open = true;
  const end = (withSender?: { url?: string }): FakePort & { peer?: FakePort } => ({
    name,
    ...(withSender ? { sender: withSender } : {}),
    posted: [],
    get connected() {
      return open;
    },
    onMessage: new Listeners(),
    onDisconnect: new Listeners(),
    postMessage(message) {
      if (!open) throw new Error('Attempting to use a disconnected port object');
      this.posted.push(message);
      const copy: unknown = structuredClone(message);
      const peer = this.peer!;
      setTimeout(() => open && peer.onMessage.fire(copy, peer), 0);
    },
    disconnect() {
      if (!open) return;
      open = false;
      const peer = this.peer!;
      setTimeout(() => peer.onDisconnect.fire(peer), 0);
    },
  });
  const page = end();
  const background = end(sender);
  page.peer = background;
  background.peer = page;
  return [page, background];
}

/** Lets the tasks queued so far (and those they queue, `rounds` deep) run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
