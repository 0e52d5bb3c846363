/**
 * Used nonces per signer: the wallet never signs the same (signer, nonce) twice, intents and
 * NEP-413 messages alike (docs/protocol.md, "Nonces").
 * A nonce is claimed before its signature is released, so a crash cannot free it for a second use.
 * Versioned nonces are forgotten a day after their deadline (the verifier refuses them by then);
 * legacy ones are kept (they never expire), up to a cap.
 */
import * as z from 'zod/mini';
import { decodeNonce } from '../core';
import type { KeyValue } from './kv';

const KEY = 'usedNonces';
const KEEP_AFTER_DEADLINE_MS = 24 * 3600_000;
const MAX_PER_SIGNER = 10_000;

const entrySchema = z.object({ nonce: z.string(), forgetAfter: z.nullable(z.number()), hash: z.optional(z.string()) });
const tableSchema = z.record(z.string(), z.array(entrySchema));

export class NonceReusedError extends Error {
  override readonly name = 'NonceReusedError';
  constructor(signerId: string) {
    super(`This nonce was already used by ${signerId}; the wallet never signs a nonce twice.`);
  }
}

export class UsedNonces {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
  ) {}

  async has(signerId: string, nonce: string): Promise<boolean> {
    return (await this.entry(signerId, nonce)) !== undefined;
  }

  /** What was signed under the nonce: the intent hash (or a message's digest tag), if recorded. */
  async hashOf(signerId: string, nonce: string): Promise<string | undefined> {
    return (await this.entry(signerId, nonce))?.hash;
  }

  private async entry(signerId: string, nonce: string) {
    const table = await this.kv.readOr(KEY, tableSchema, {});
    return (table[signerId] ?? []).find((e) => e.nonce === nonce);
  }

  /**
   * Records the nonce or throws NonceReusedError; serialised so two claims cannot race. Claiming it
   * again for the very same intent (same hash: the same bytes, the same deterministic signature) is
   * allowed, so an approval interrupted by a worker restart can finish.
   */
  claim(signerId: string, nonce: string, hash?: string): Promise<void> {
    const run = this.queue.then(async () => {
      const table = await this.kv.readOr(KEY, tableSchema, {});
      const now = this.now();
      const list = (table[signerId] ?? []).filter((e) => e.forgetAfter === null || e.forgetAfter > now);
      const used = list.find((e) => e.nonce === nonce);
      if (used && hash !== undefined && used.hash === hash) return;
      if (used) throw new NonceReusedError(signerId);
      const decoded = decodeNonce(nonce);
      const forgetAfter = decoded.kind === 'versioned' ? decoded.deadline.getTime() + KEEP_AFTER_DEADLINE_MS : null;
      list.push({ nonce, forgetAfter, ...(hash ? { hash } : {}) });
      table[signerId] = list.slice(-MAX_PER_SIGNER);
      await this.kv.write(KEY, table);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
