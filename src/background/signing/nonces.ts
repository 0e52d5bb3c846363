/**
 * Used nonces per signer: the wallet never signs the same (signer, nonce) twice, intents and
 * NEP-413 messages alike (docs/protocol.md, "Nonces").
 * A nonce is claimed before its signature is released, so a crash cannot free it for a second use.
 * Intents' nonces are kept per network, one table per verifier (`usedNonces:<verifier>`, docs/security.md
 * "Networks"), since each verifier has its own. The table of before (`usedNonces`, from when Local and
 * Mainnet shared a verifier) is consulted on every network and keeps NEP-413 messages' nonces, which no
 * verifier binds to a network: a nonce once used there is never signed again anywhere.
 * Versioned nonces are forgotten a day after their deadline (the verifier refuses them by then);
 * legacy ones never expire and are never forgotten: past the cap, new claims are refused instead.
 * The registry fails closed: if a table is found damaged it is set aside (never overwritten) and, since
 * it can no longer prove a nonce unused, every nonce a page supplies is refused from then on; the
 * wallet's own nonces are fresh random ones and go on working.
 */

import * as z from 'zod/mini';
import { decodeNonce, ProtocolError } from '../../core';
import { phrase } from '../../core/phrase';
import { serial } from '../../core/serial';
import { CorruptedValueError, type KeyValue } from '../kv';
import type { StorageProblems } from '../problems';

/** Every network's table (and messages'); the only table before networks were kept apart. */
const SHARED = 'usedNonces';
const tableKey = (verifierId: string) => `${SHARED}:${verifierId}`;
/** Set (to the time) once the registry was found damaged. */
const LOST_KEY = 'usedNonces.lost';
const KEEP_AFTER_DEADLINE_MS = 24 * 3600_000;
const MAX_PER_SIGNER = 10_000;

const entrySchema = z.lazy(() =>
  z.object({ nonce: z.string(), forgetAfter: z.nullable(z.number()), hash: z.optional(z.string()) }),
);
const tableSchema = z.lazy(() => z.record(z.string(), z.array(entrySchema)));

export class NonceReusedError extends Error {
  override readonly name = 'NonceReusedError';
  constructor(signerId: string) {
    super(`This nonce was already used by ${signerId}; the wallet never signs a nonce twice.`);
  }
}

type Table = z.output<typeof tableSchema>;

export class UsedNonces {
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number,
    private readonly problems?: StorageProblems,
  ) {}

  /**
   * True when the nonce was used on the network of `verifierId` or before networks were kept apart, or
   * cannot be shown unused (the registry was damaged).
   */
  async has(verifierId: string, signerId: string, nonce: string): Promise<boolean> {
    if ((await this.entry(verifierId, signerId, nonce)) !== undefined) return true;
    return (await this.kv.asFound(LOST_KEY)) !== undefined;
  }

  /** A table; a damaged one is set aside, reported, and replaced by an empty one marked lost. */
  private async table(key: string): Promise<Table> {
    try {
      return (await this.kv.read(key, tableSchema)) ?? {};
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      await this.kv.write(`${key}.damaged`, await this.kv.asFound(key));
      await this.kv.write(LOST_KEY, this.now());
      await this.kv.write(key, {});
      this.problems?.report(
        'nonces',
        key,
        'The record of used nonces was damaged and set aside; nonces supplied by web pages are refused from now on.',
        phrase('storeProblem_nonces'),
      );
      return {};
    }
  }

  /** What was signed under the nonce on this network (or before): the intent hash (or a message's digest tag), if recorded. */
  async hashOf(verifierId: string, signerId: string, nonce: string): Promise<string | undefined> {
    return (await this.entry(verifierId, signerId, nonce))?.hash;
  }

  private entry(verifierId: string, signerId: string, nonce: string) {
    return this.run(async () => {
      for (const key of [tableKey(verifierId), SHARED]) {
        const found = ((await this.table(key))[signerId] ?? []).find((e) => e.nonce === nonce);
        if (found) return found;
      }
      return undefined;
    });
  }

  private readonly run = serial();

  /**
   * Records the nonce on the network of `verifierId` or throws NonceReusedError; serialised so two claims
   * cannot race. Claiming it again for the very same intent (same hash: the same bytes, the same
   * deterministic signature) is allowed, so an approval interrupted by a worker restart can finish.
   * `kind: 'message'`: a NEP-413 message's nonce goes to the shared table and is kept for good — nothing
   * like the verifier's deadline check limits where (or on which network) a message signature is accepted.
   */
  claim(
    verifierId: string,
    signerId: string,
    nonce: string,
    hash?: string,
    kind: 'intent' | 'message' = 'intent',
  ): Promise<void> {
    return this.run(async () => {
      const key = kind === 'message' ? SHARED : tableKey(verifierId);
      const other = kind === 'message' ? tableKey(verifierId) : SHARED;
      const table = await this.table(key);
      const now = this.now();
      const list = (table[signerId] ?? []).filter((e) => e.forgetAfter === null || e.forgetAfter > now);
      const used =
        list.find((e) => e.nonce === nonce) ??
        ((await this.table(other))[signerId] ?? []).find((e) => e.nonce === nonce);
      if (used && hash !== undefined && used.hash === hash) return;
      if (used) throw new NonceReusedError(signerId);
      if (list.length >= MAX_PER_SIGNER)
        throw new ProtocolError(
          'too many unexpired nonces are recorded for this account; let the wallet make the nonce',
          'nonce',
        );
      const decoded = kind === 'intent' ? decodeNonce(nonce) : null;
      const forgetAfter = decoded?.kind === 'versioned' ? decoded.deadline.getTime() + KEEP_AFTER_DEADLINE_MS : null;
      list.push({ nonce, forgetAfter, ...(hash ? { hash } : {}) });
      table[signerId] = list;
      await this.kv.write(key, table);
    });
  }
}
