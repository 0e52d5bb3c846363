/**
 * The simulator's clock: every time-based state (swap steps, request and quote deadlines, bus statuses,
 * nonce and salt deadlines) reads it, never `Date.now` (docs/architecture.md, "The simulator's clock").
 *
 * - `real` (the dev simulator, `npm start`, `npm run sim`): real time plus an offset that
 *   `/dev/clock/advance` moves forward, so swaps progress on their own as on the live network.
 * - `manual` (tests): starts at the real time of its start and then stands still; only `advance`
 *   (`sim.clock.advance(ms)` in process, `POST /dev/clock/advance` over HTTP) moves it, so what a test
 *   sees between two moves does not depend on how fast the machine runs.
 */
export type ClockMode = 'real' | 'manual';

/** What a data file keeps of the clock, so a restarted simulator keeps its timeline. */
export interface ClockState {
  /** How far `advance` has moved the clock in all. */
  offsetMs: number;
  /** The clock's time when the state was written (absent in files written before it was kept). */
  nowMs?: number | undefined;
}

export class SimClock {
  private offsetMs = 0;
  /** Manual mode: the time the clock stands at, less the offset. */
  private frozenAt: number;

  constructor(
    readonly mode: ClockMode = 'real',
    private readonly realNow: () => number = Date.now,
  ) {
    this.frozenAt = realNow();
  }

  nowMs(): number {
    return (this.mode === 'manual' ? this.frozenAt : this.realNow()) + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /**
   * Waits `ms` of simulated latency (a solver thinking) before an answer. The real clock waits; the
   * manual one answers at once, as its time moves only when told: what the latency decides (whether an
   * answer came within the caller's wait) is compared, not waited for (src/sim/bus/quote.ts).
   */
  delay(ms: number): Promise<void> {
    if (ms <= 0 || this.mode === 'manual') return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  state(): ClockState {
    return { offsetMs: this.offsetMs, nowMs: this.nowMs() };
  }

  /**
   * Restores a persisted clock. The real clock keeps its offset (the time the simulator was down has
   * passed for it too); the manual one stands again where it stood.
   */
  restore(state: ClockState): void {
    this.offsetMs = state.offsetMs;
    if (this.mode === 'manual' && state.nowMs !== undefined) this.frozenAt = state.nowMs - state.offsetMs;
  }
}
