/** Typed events between simulator modules (the ledger tells the swap engine about deposits). */
export interface SimEventMap {
  /** Tokens moved inside the verifier ledger by an executed `transfer` intent. */
  transfer: {
    from: string;
    to: string;
    tokens: Record<string, string>;
    memo?: string | undefined;
    intentHash: string;
    txHash: string;
  };
}

type Listener<T> = (event: T) => void;

export class SimEvents {
  private listeners = new Map<keyof SimEventMap, Listener<never>[]>();

  on<K extends keyof SimEventMap>(name: K, fn: Listener<SimEventMap[K]>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(fn as Listener<never>);
    this.listeners.set(name, list);
  }

  emit<K extends keyof SimEventMap>(name: K, event: SimEventMap[K]): void {
    for (const fn of this.listeners.get(name) ?? []) (fn as Listener<SimEventMap[K]>)(event);
  }
}
