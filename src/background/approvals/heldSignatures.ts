/**
 * Signatures a page's request made that the wallet did not release, but that left it all the same: the
 * verifier's `simulate_intents` runs with the real signature after Confirm (./kinds/intents.ts), so the
 * ledger RPC that refused it (an "invalid salt" included, which only the RPC says), failed, or never
 * answered has seen it (and anyone on a plain-http path to it); so has a bus that then refused it. Each is
 * recorded before it leaves and dropped once the page or the bus took it; it can still be executed until
 * its deadline. If the person approves the page's next request too, both may execute: so while one is
 * live, every request this account signs for a page carries a danger finding naming it (docs/security.md,
 * "Risk rules"). Kept sealed per network and account; at most HELD_LIMIT, the oldest dropped; a passed
 * deadline ends it.
 */
import * as z from 'zod/mini';
import type { FindingView } from '../../api/approvalApi';
import { phrase } from '../../core/phrase';
import { serial } from '../../core/serial';
import { CorruptedValueError, type KeyValue } from '../kv';

export const HELD_LIMIT = 16;

const heldSchema = z.lazy(() =>
  z.array(
    z.strictObject({
      intentHash: z.string().check(z.maxLength(100)),
      origin: z.string().check(z.maxLength(2048)),
      /** The payload's deadline, as signed (RFC 3339). */
      deadline: z.string().check(z.maxLength(64)),
    }),
  ),
);
export type Held = z.output<typeof heldSchema>[number];

const keyOf = (verifierId: string, signerId: string) => `heldSignatures:${verifierId}:${signerId}`;

export class HeldSignatures {
  private readonly oneAtATime = serial();

  constructor(private readonly d: { local: KeyValue; now: () => number }) {}

  /** Those still able to execute (deadline ahead), newest first. A damaged list counts as empty. */
  async live(verifierId: string, signerId: string): Promise<Held[]> {
    const now = this.d.now();
    return (await this.read(verifierId, signerId)).filter((h) => Date.parse(h.deadline) > now).reverse();
  }

  /** A signature of `signerId` on `verifierId` that reached the ledger RPC and not the page. */
  record(verifierId: string, signerId: string, held: Held): Promise<void> {
    return this.oneAtATime(async () => {
      const now = this.d.now();
      const kept = (await this.read(verifierId, signerId)).filter(
        (h) => Date.parse(h.deadline) > now && h.intentHash !== held.intentHash,
      );
      await this.d.local.write(keyOf(verifierId, signerId), [...kept, held].slice(-HELD_LIMIT));
    });
  }

  /** The page or the bus got it after all: no longer held elsewhere. */
  release(verifierId: string, signerId: string, intentHash: string): Promise<void> {
    return this.oneAtATime(async () => {
      const kept = await this.read(verifierId, signerId);
      const rest = kept.filter((h) => h.intentHash !== intentHash);
      if (rest.length !== kept.length) await this.d.local.write(keyOf(verifierId, signerId), rest);
    });
  }

  /** The danger finding for a page's request signed by `signerId` (its own signature, `own`, aside), or none. */
  async finding(verifierId: string, signerId: string, own: string): Promise<FindingView | null> {
    const [newest, ...older] = (await this.live(verifierId, signerId)).filter((h) => h.intentHash !== own);
    if (!newest) return null;
    return {
      level: 'danger',
      code: 'refused_signature_live',
      words: phrase('risk_refusedSignatureLive', newest.origin, newest.deadline, String(older.length)),
    };
  }

  private async read(verifierId: string, signerId: string): Promise<Held[]> {
    try {
      return (await this.d.local.read(keyOf(verifierId, signerId), heldSchema)) ?? [];
    } catch (e) {
      if (e instanceof CorruptedValueError) return [];
      throw e;
    }
  }
}
