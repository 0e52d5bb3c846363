/**
 * The verifier's current salt (docs/protocol.md, "Nonces"), cached at most 5 minutes like the official SDK
 * (SALT_TTL_MS); `invalidate()` after an `invalid salt` rejection forces a fresh read.
 */
import { hex } from '../../core';

export const SALT_TTL_MS = 5 * 60_000;

export class SaltCache {
  private cached: { salt: string; at: number } | null = null;
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly fetchSalt: () => Promise<string>,
    private readonly now: () => number,
  ) {}

  async current(): Promise<string> {
    if (this.cached && this.now() - this.cached.at < SALT_TTL_MS) return this.cached.salt;
    this.inFlight ??= this.fetchSalt().then(
      (salt) => {
        this.cached = { salt, at: this.now() };
        this.inFlight = null;
        return salt;
      },
      (e: unknown) => {
        this.inFlight = null;
        throw e;
      },
    );
    return this.inFlight;
  }

  async currentBytes(): Promise<Uint8Array> {
    return hex.decode(await this.current());
  }

  invalidate(): void {
    this.cached = null;
  }
}
