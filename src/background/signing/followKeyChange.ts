/**
 * Following a published key change to its end on the message bus (docs/protocol.md, "Intent types"):
 * both key-change paths (./keyManager.ts, ./keyChangeReview.ts) poll `get_status` until the intent
 * settled or failed, and give up after a while, saying the change may still settle.
 */
import type { IntentStatus, PublishResult } from '../../bus';
import { phrase } from '../../core/phrase';
import { KeyChangeError } from './keyChangeError';
import type { BusPort } from './signer';

export interface StatusPort extends BusPort {
  getStatus(intentHash: string): Promise<IntentStatus>;
  publishIntent(...args: Parameters<BusPort['publishIntent']>): Promise<PublishResult>;
}

export interface FollowClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** How long to follow get_status before giving up. */
  settleTimeoutMs?: number;
}

/** Polls get_status until SETTLED or a final failure, with growing intervals. */
export async function followToEnd(bus: StatusPort, intentHash: string, clock: FollowClock): Promise<string> {
  const deadline = clock.now() + (clock.settleTimeoutMs ?? 120_000);
  let wait = 250;
  for (;;) {
    const s = await bus.getStatus(intentHash);
    if (s.status === 'SETTLED') return s.status;
    if (s.status === 'NOT_FOUND_OR_NOT_VALID' && s.status_details === 'FAILED') {
      throw new KeyChangeError('The intent failed on the verifier.', phrase('keyRefusal_failed'));
    }
    if (clock.now() > deadline)
      throw new KeyChangeError(
        `Not settled yet (last status ${s.status}); check again later.`,
        phrase('keyRefusal_notSettled'),
      );
    await clock.sleep(wait);
    wait = Math.min(wait * 2, 4000);
  }
}
