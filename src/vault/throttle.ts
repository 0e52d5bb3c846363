/**
 * Growing delays after wrong passwords: the first 3 attempts are free, then 1 s, 2 s, 4 s … capped at
 * 5 minutes. The count is stored beside the record so closing the popup or a worker restart does not
 * reset it; a correct password resets it.
 */
import * as z from 'zod/mini';
import { VaultError } from './errors';
import type { VaultStorage } from './vaultStorage';

export const THROTTLE_KEY = 'vault.throttle';
const FREE_ATTEMPTS = 3;
const MAX_DELAY_MS = 5 * 60_000;

const stateSchema = z.lazy(() => z.object({ failures: z.int().check(z.nonnegative()), lastFailureAt: z.number() }));
type ThrottleState = z.output<typeof stateSchema>;

export function delayAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_ATTEMPTS), MAX_DELAY_MS);
}

export class PasswordThrottle {
  constructor(
    private readonly store: VaultStorage,
    private readonly now: () => number,
  ) {}

  private async state(): Promise<ThrottleState> {
    const parsed = stateSchema.safeParse(await this.store.get(THROTTLE_KEY));
    return parsed.success ? parsed.data : { failures: 0, lastFailureAt: 0 };
  }

  /** Throws `throttled` while the delay since the last failure has not passed. */
  async check(): Promise<void> {
    const s = await this.state();
    const wait = s.lastFailureAt + delayAfter(s.failures) - this.now();
    if (wait > 0) {
      throw new VaultError('throttled', `Too many wrong passwords. Try again in ${Math.ceil(wait / 1000)} s.`, wait);
    }
  }

  async failed(): Promise<void> {
    const s = await this.state();
    await this.store.set(THROTTLE_KEY, { failures: s.failures + 1, lastFailureAt: this.now() });
  }

  async succeeded(): Promise<void> {
    const s = await this.state();
    if (s.failures > 0) await this.store.del(THROTTLE_KEY);
  }
}
