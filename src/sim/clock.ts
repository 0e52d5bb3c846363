/** The simulator's clock: real time plus an offset that `/dev/clock/advance` moves forward. */
export class SimClock {
  private offsetMs = 0;
  constructor(private readonly realNow: () => number = Date.now) {}

  nowMs(): number {
    return this.realNow() + this.offsetMs;
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

  /** Restores a persisted offset so a restarted simulator keeps its timeline. */
  restore(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}
