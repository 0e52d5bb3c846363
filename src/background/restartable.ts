/**
 * The background, restartable in place: after an erase (./wallet/erase.ts) a new background is built
 * from the same environment, so that nothing a service kept in memory (grants, queues, drafts, the names
 * of sealed records) outlives the wallet it belonged to, and messages go to the new one at once. The
 * browser events the old one listened to reach only the current one. (runtime.reload would do the same
 * but closes every page of the extension, the one the person restores from too.)
 */
import type { BackgroundEnv, EventPort } from './env';
import { type Background, startBackground } from './start';

export class RestartableBackground {
  private generation = 0;
  private background: Background;

  constructor(private readonly env: BackgroundEnv) {
    this.background = this.boot();
  }

  /** The background answering now. */
  get current(): Background {
    return this.background;
  }

  readonly route: Background['route'] = (message, sender) => this.background.route(message, sender);

  private boot(): Background {
    this.generation += 1;
    const mine = this.generation;
    const env = this.env;
    /** The port's events, for as long as this background is the current one. */
    const live = <T extends unknown[]>(port: EventPort<T>): EventPort<T> => ({
      addListener: (fn) => port.addListener((...args: T) => (mine === this.generation ? fn(...args) : undefined)),
    });
    return startBackground({
      ...env,
      alarms: {
        create: (name, info) => env.alarms.create(name, info),
        clear: (name) => env.alarms.clear(name),
        onAlarm: live(env.alarms.onAlarm),
      },
      windows: {
        create: (info) => env.windows.create(info),
        update: (id, info) => env.windows.update(id, info),
        remove: (id) => env.windows.remove(id),
        onRemoved: live(env.windows.onRemoved),
      },
      tabs: {
        sendMessage: (tabId, message, options) => env.tabs.sendMessage(tabId, message, options),
        onRemoved: live(env.tabs.onRemoved),
        onUpdated: live(env.tabs.onUpdated),
      },
      restart: () => {
        this.background = this.boot();
      },
    });
  }
}
