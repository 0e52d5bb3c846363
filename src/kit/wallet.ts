/** A typed wrapper of the wallet's provider: each method, the events, and waiting for an intent (docs/dapps.md). */
import { IntentsKitError } from './errors.js';
import {
  type Account,
  type EventMap,
  type EventName,
  type IntentStatus,
  METHODS,
  type Method,
  type MethodMap,
  type Network,
  type ProviderInfo,
  type PublishIntentsParams,
  type PublishIntentsResult,
  type RawProvider,
  type SignIntentsParams,
  type SignIntentsResult,
  type SignMessageParams,
  type SignMessageResult,
  type Status,
} from './protocol.js';

type Listener<E extends EventName> = (data: EventMap[E]) => void;

export interface WaitOptions {
  /** Between two status reads; default 1000 ms. */
  intervalMs?: number;
  /** Give up after this long (rejects with code -32603); default 120 000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with each status read. */
  onStatus?: (status: IntentStatus) => void;
}

const FINAL = new Set(['SETTLED', 'NOT_FOUND_OR_NOT_VALID']);

export class IntentsWallet {
  /** The listener the page registered → the one registered with the provider (same function here). */
  constructor(
    readonly provider: RawProvider,
    readonly info: ProviderInfo | null = null,
  ) {}

  /** One call; rejects with IntentsKitError. */
  async request<M extends Method>(
    method: M,
    ...params: undefined extends MethodMap[M]['params'] ? [MethodMap[M]['params']?] : [MethodMap[M]['params']]
  ): Promise<MethodMap[M]['result']> {
    const p = params[0];
    try {
      return (await this.provider.request(
        p === undefined ? { method } : { method, params: p },
      )) as MethodMap[M]['result'];
    } catch (e) {
      throw IntentsKitError.from(e);
    }
  }

  /** Connects (a window the first time per site); the accounts the person shared. */
  connect(): Promise<Account[]> {
    return this.request(METHODS.requestAccounts, {});
  }
  accounts(): Promise<Account[]> {
    return this.request(METHODS.accounts);
  }
  signMessage(params: SignMessageParams): Promise<SignMessageResult> {
    return this.request(METHODS.signMessage, params);
  }
  signIntents(params: SignIntentsParams): Promise<SignIntentsResult> {
    return this.request(METHODS.signIntents, params);
  }
  publishIntents(params: PublishIntentsParams): Promise<PublishIntentsResult> {
    return this.request(METHODS.publishIntents, params);
  }
  getIntentStatus(intentHash: string): Promise<IntentStatus> {
    return this.request(METHODS.getIntentStatus, { intentHash });
  }
  disconnect(): Promise<null> {
    return this.request(METHODS.disconnect, {});
  }
  network(): Promise<Network> {
    return this.request(METHODS.network);
  }
  status(): Promise<Status> {
    return this.request(METHODS.status);
  }

  on<E extends EventName>(event: E, listener: Listener<E>): this {
    this.provider.on(event, listener as (data: unknown) => void);
    return this;
  }
  off<E extends EventName>(event: E, listener: Listener<E>): this {
    this.provider.off(event, listener as (data: unknown) => void);
    return this;
  }
  removeListener<E extends EventName>(event: E, listener: Listener<E>): this {
    return this.off(event, listener);
  }
  /** The next `event`, as a promise. */
  once<E extends EventName>(event: E): Promise<EventMap[E]> {
    return new Promise((resolve) => {
      const fn: Listener<E> = (data) => {
        this.off(event, fn);
        resolve(data);
      };
      this.on(event, fn);
    });
  }

  /** Reads the intent's status until it is final (SETTLED or NOT_FOUND_OR_NOT_VALID), and returns it. */
  async waitForIntent(intentHash: string, options: WaitOptions = {}): Promise<IntentStatus> {
    const interval = options.intervalMs ?? 1000;
    const until = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      if (options.signal?.aborted) throw new IntentsKitError(-32603, 'waitForIntent was cancelled');
      const status = await this.getIntentStatus(intentHash);
      options.onStatus?.(status);
      if (FINAL.has(status.status)) return status;
      if (Date.now() + interval > until)
        throw new IntentsKitError(-32603, `Intent ${intentHash} is still ${status.status}`, { status });
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}
