/**
 * Provider events to web pages (accountsChanged, connect, disconnect, lock, unlock). The background
 * remembers which tab frames of which origins talked to it (no `tabs` permission needed) and pushes
 * events only to frames of the origin concerned.
 */
import * as z from 'zod/mini';
import type { KeyValue } from './kv';
import type { TabsPort } from './approvals';

const KEY = 'pageFrames';
const MAX_FRAMES = 500;
const framesSchema = z.array(z.object({ tabId: z.number(), frameId: z.number(), origin: z.string() }));
type Frame = z.output<typeof framesSchema>[number];

export class PageEvents {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly kv: KeyValue,
    private readonly tabs: TabsPort,
  ) {}

  private frames(): Promise<Frame[]> {
    return this.kv.readOr(KEY, framesSchema, []);
  }

  private edit(fn: (f: Frame[]) => Frame[]): Promise<void> {
    const run = this.queue.then(async () => this.kv.write(KEY, fn(await this.frames())));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async remember(frame: Frame): Promise<void> {
    const known = await this.frames();
    if (known.some((f) => f.tabId === frame.tabId && f.frameId === frame.frameId && f.origin === frame.origin)) return;
    await this.edit((f) => [...f.filter((x) => !(x.tabId === frame.tabId && x.frameId === frame.frameId)), frame].slice(-MAX_FRAMES));
  }

  forgetTab(tabId: number): Promise<void> {
    return this.edit((f) => f.filter((x) => x.tabId !== tabId));
  }

  /** Sends `event` to every known frame whose origin passes `to`. */
  async emit(to: (origin: string) => boolean, event: string, data: unknown): Promise<void> {
    const targets = (await this.frames()).filter((f) => to(f.origin));
    await Promise.all(
      targets.map((f) =>
        this.tabs.sendMessage(f.tabId, { type: 'providerEvent', event, data }, { frameId: f.frameId }).catch(() => this.edit((all) => all.filter((x) => x !== f && !(x.tabId === f.tabId && x.frameId === f.frameId)))),
      ),
    );
  }
}
