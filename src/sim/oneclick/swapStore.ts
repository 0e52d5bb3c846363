/**
 * The swaps, kept in the simulator's persisted store (slice `oneclick`), with an index of the
 * ones the engine still has to move.
 */
import type { SimContext } from '../context';
import { type SwapRecord, swapKey } from './model';

interface OneClickSlice {
  seq: number;
  swaps: Record<string, SwapRecord>;
  /** `/dev/price-shift`: execution prices move this many basis points from the quoted ones. */
  priceShiftBps: number;
}

export class SwapStore {
  private readonly slice: OneClickSlice;
  private readonly active = new Set<string>();
  /** Deposit address → keys of swaps there (memo chains share an address). */
  private readonly byAddress = new Map<string, string[]>();

  constructor(ctx: SimContext) {
    this.slice = ctx.store.slice<OneClickSlice>('oneclick', () => ({ seq: 0, swaps: {}, priceShiftBps: 0 }));
    this.slice.priceShiftBps ??= 0;
    for (const swap of Object.values(this.slice.swaps)) this.index(swap);
  }

  private index(swap: SwapRecord): void {
    const address = swap.quoteResponse.quote.depositAddress ?? '';
    const keys = this.byAddress.get(address) ?? [];
    keys.push(swap.key);
    this.byAddress.set(address, keys);
    this.refreshActive(swap);
  }

  nextSeq(): number {
    this.slice.seq += 1;
    return this.slice.seq;
  }

  add(swap: SwapRecord): void {
    this.slice.swaps[swap.key] = swap;
    this.index(swap);
  }

  has(depositAddress: string, depositMemo: string | null | undefined): boolean {
    return swapKey(depositAddress, depositMemo) in this.slice.swaps;
  }

  get(depositAddress: string, depositMemo: string | null | undefined): SwapRecord | undefined {
    return this.slice.swaps[swapKey(depositAddress, depositMemo)];
  }

  /**
   * The swap a client means by address and optional memo: the exact pair, or, without a memo, the
   * only swap at that address.
   */
  find(depositAddress: string, depositMemo: string | null | undefined): SwapRecord | undefined {
    const exact = this.get(depositAddress, depositMemo || null);
    if (exact || depositMemo) return exact;
    const keys = this.byAddress.get(depositAddress) ?? [];
    return keys.length === 1 ? this.slice.swaps[keys[0]!] : undefined;
  }

  atAddress(depositAddress: string): SwapRecord[] {
    return (this.byAddress.get(depositAddress) ?? []).map((k) => this.slice.swaps[k]!).filter(Boolean);
  }

  all(): SwapRecord[] {
    return Object.values(this.slice.swaps);
  }

  /** Swaps the engine has a step ahead for (never seeded ones). */
  activeSwaps(): SwapRecord[] {
    return [...this.active].map((k) => this.slice.swaps[k]!).filter(Boolean);
  }

  /** Keeps in the index only swaps with a step ahead: a deposit in flight, an execution, a deadline. */
  refreshActive(swap: SwapRecord): void {
    const scheduled =
      swap.deposits.some((d) => !d.confirmed) ||
      swap.status === 'INCOMPLETE_DEPOSIT' ||
      (swap.status === 'PROCESSING' && swap.processAtMs !== null);
    if (!swap.seeded && scheduled) this.active.add(swap.key);
    else this.active.delete(swap.key);
  }

  get priceShiftBps(): number {
    return this.slice.priceShiftBps;
  }

  set priceShiftBps(bps: number) {
    this.slice.priceShiftBps = bps;
  }
}
