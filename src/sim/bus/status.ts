/**
 * `get_status` (docs/services.md, "The message bus"): a published intent shows PENDING, then TX_BROADCASTED and
 * SETTLED (with `data.hash`, the ledger transaction), each step `timing.busStepMs` of simulator time
 * apart, advanced by tick(); unknown hashes are NOT_FOUND_OR_NOT_VALID.
 */
import type { SimContext } from '../context';
import { own } from '../ledger/state';
import { invalidParams } from './jsonrpc';
import { getStatusParams, issueText } from './schemas';
import type { BusState, IntentStatus } from './state';

/** Settled intents and spent or expired quotes are forgotten after this much simulator time. */
const RETAIN_MS = 24 * 3600_000;

export function getStatus(state: BusState, raw: Record<string, unknown>) {
  const p = getStatusParams.safeParse(raw);
  if (!p.success) throw invalidParams(issueText(p.error));
  const intent = own(state.intents, p.data.intent_hash);
  if (!intent) return { intent_hash: p.data.intent_hash, status: 'NOT_FOUND_OR_NOT_VALID' };
  if (intent.status === 'PENDING') return { intent_hash: intent.intentHash, status: intent.status };
  return { intent_hash: intent.intentHash, status: intent.status, data: { hash: intent.txHash } };
}

function statusAt(elapsedMs: number, stepMs: number): IntentStatus {
  if (elapsedMs >= 2 * stepMs) return 'SETTLED';
  if (elapsedMs >= stepMs) return 'TX_BROADCASTED';
  return 'PENDING';
}

/** Moves intents along with the clock and drops old records; commits when anything changed. */
export function advanceStatuses(ctx: SimContext, state: BusState): void {
  const now = ctx.clock.nowMs();
  const step = ctx.config.timing.busStepMs;
  let changed = false;
  for (const [hash, intent] of Object.entries(state.intents)) {
    const next = statusAt(now - intent.publishedAtMs, step);
    if (next !== intent.status) {
      intent.status = next;
      changed = true;
    }
    if (intent.status === 'SETTLED' && now - intent.publishedAtMs > RETAIN_MS) {
      delete state.intents[hash];
      changed = true;
    }
  }
  for (const [hash, q] of Object.entries(state.quotes)) {
    if (now - q.expiresAtMs > RETAIN_MS) {
      delete state.quotes[hash];
      changed = true;
    }
  }
  if (changed) ctx.commit();
}
