/**
 * `intents_publishIntents`: as `intents_signIntents` (./signIntents.ts), then published on the message
 * bus with the quote hashes; what was published goes into Activity's record (../../activity/published),
 * and a bus refusal is the page's -32603 with the reason.
 */

import type { ApprovalViewWire, ResolveParams } from '../../../api/approvalApi';
import { phrase } from '../../../core/phrase';
import { ERROR_CODES } from '../../../provider/protocol';
import type { PublishedIntents } from '../../activity/published';
import { said } from '../../phrase';
import { ProviderError } from '../../providerError';
import type { BusPort, SigningService } from '../../signing/signer';
import type { BusKeyGap } from '../../wallet/busKey';
import type { PendingOf } from '../pending';
import type { IntentsReview } from './intents';
import type { KindHandler } from './kind';

export interface PublishIntentsDeps {
  review: IntentsReview;
  signer: SigningService;
  bus: () => Promise<BusPort>;
  /** Where Activity finds what was published for sites (../../activity/published). */
  published: Pick<PublishedIntents, 'add'>;
  /** What publishing lacks (the message-bus API key, ../../wallet/busKey), or null. */
  busKeyMissing: () => Promise<BusKeyGap | null>;
}

export class PublishIntentsKind implements KindHandler<'publishIntents'> {
  constructor(private readonly deps: PublishIntentsDeps) {}

  /** A missing bus key blocks Confirm in the window: it would fail only after the signature. */
  async view(p: PendingOf<'publishIntents'>, base: ApprovalViewWire): Promise<ApprovalViewWire> {
    const [view, missing] = await Promise.all([this.deps.review.view(p, base), this.deps.busKeyMissing()]);
    return missing !== null && view.blocked === null ? { ...view, blocked: said(missing.words) } : view;
  }

  async carryOut(p: PendingOf<'publishIntents'>, answer: ResolveParams): Promise<unknown> {
    const missing = await this.deps.busKeyMissing();
    if (missing !== null)
      throw new ProviderError(ERROR_CODES.disconnected, missing.message, {
        service: 'bus',
        httpStatus: null,
        setting: 'busApiKey',
        words: missing.words,
      });
    const { prepared, request, check } = await this.deps.review.confirm(p, answer);
    const out = await this.deps.signer.release(request, {
      prepared,
      assertion: answer.passkey,
      check,
      bus: await this.deps.bus(),
      quoteHashes: p.params.quoteHashes ?? [],
      retrySalt: false,
    });
    const result = out.result!;
    const failed = result.status === 'FAILED' ? result.reason : undefined;
    await this.deps.published.add({
      intentHash: out.intentHash,
      accountId: out.payload.signer_id,
      kind: 'dapp',
      origin: p.origin,
      intents: out.payload.intents,
      status: failed === undefined ? 'PENDING' : 'FAILED',
      detail: failed,
    });
    // Refused by the bus, it may still execute later (until its deadline): only an accepted one is let go.
    if (result.status !== 'FAILED') await this.deps.review.released(out.payload, out.intentHash);
    if (result.status === 'FAILED') {
      throw new ProviderError(ERROR_CODES.internal, `The verifier refused it: ${result.reason}`, {
        intentHash: out.intentHash,
        reason: result.reason,
        words: phrase('approveRefused_published', result.reason),
      });
    }
    return { intentHash: out.intentHash, status: 'OK' };
  }
}
