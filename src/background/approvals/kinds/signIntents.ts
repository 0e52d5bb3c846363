/**
 * `intents_signIntents`: the window shows the intents' review (./intents.ts); at Confirm they are judged
 * again, signed, checked by the verifier's `simulate_intents`, and only then handed to the page as
 * `{signed, intentHash, payload}` (docs/security.md, "No signature before consent").
 */
import type { ApprovalViewWire, ResolveParams } from '../../../api/approvalApi';
import type { SigningService } from '../../signing/signer';
import type { PendingOf } from '../pending';
import type { IntentsReview } from './intents';
import type { KindHandler } from './kind';

export class SignIntentsKind implements KindHandler<'signIntents'> {
  constructor(private readonly deps: { review: IntentsReview; signer: SigningService }) {}

  view(p: PendingOf<'signIntents'>, base: ApprovalViewWire): Promise<ApprovalViewWire> {
    return this.deps.review.view(p, base);
  }

  async carryOut(p: PendingOf<'signIntents'>, answer: ResolveParams): Promise<unknown> {
    const { prepared, request, check } = await this.deps.review.confirm(p, answer);
    const { signed, intentHash, payload } = await this.deps.signer.release(request, {
      prepared,
      assertion: answer.passkey,
      check,
      retrySalt: false,
    });
    await this.deps.review.released(payload, intentHash);
    return { signed, intentHash, payload };
  }
}
