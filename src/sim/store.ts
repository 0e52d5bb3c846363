/**
 * Simulator state: one JSON-able object, kept in memory and, with a data file, written atomically
 * (temporary file, fsync, rename) after every change, so a killed and restarted simulator loses nothing
 * it had acknowledged. Each module owns a slice; slices hold only JSON values (bigints as strings).
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClockState } from './clock';

export const STATE_VERSION = 1;

export interface PersistedState {
  version: number;
  clockOffsetMs: number;
  /** The clock's time at the write (ClockState.nowMs); a manual clock resumes from it. */
  clockNowMs?: number;
  slices: Record<string, unknown>;
}

export class SimStore {
  private slices: Record<string, unknown> = {};
  private clock: ClockState = { offsetMs: 0 };

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      let parsed: PersistedState;
      try {
        parsed = JSON.parse(text) as PersistedState;
      } catch {
        throw new Error(`data file ${file} is not valid JSON; it was left untouched`);
      }
      if (parsed.version !== STATE_VERSION || typeof parsed.slices !== 'object' || parsed.slices === null) {
        throw new Error(`data file ${file} has unknown version ${String(parsed.version)}; it was left untouched`);
      }
      this.slices = parsed.slices;
      this.clock = {
        offsetMs: typeof parsed.clockOffsetMs === 'number' ? parsed.clockOffsetMs : 0,
        nowMs: typeof parsed.clockNowMs === 'number' ? parsed.clockNowMs : undefined,
      };
    }
  }

  get restoredClock(): ClockState {
    return this.clock;
  }

  /** The slice named `name`, created by `init` when absent (first run, or an older file). */
  slice<T>(name: string, init: () => T): T {
    if (!(name in this.slices)) this.slices[name] = init();
    return this.slices[name] as T;
  }

  /** Writes the whole state; call after each acknowledged change. */
  commit(clock: ClockState): void {
    this.clock = clock;
    if (!this.file) return;
    const state: PersistedState = {
      version: STATE_VERSION,
      clockOffsetMs: clock.offsetMs,
      ...(clock.nowMs !== undefined && { clockNowMs: clock.nowMs }),
      slices: this.slices,
    };
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, JSON.stringify(state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }
}
