/**
 * Turns queued requests into what the approval window shows (ApprovalView) and carries out the user's
 * answer, through the handler of the request's kind (./kinds/): grant accounts, sign a message, sign
 * (and publish) intents. Every request gets an answer: approved, rejected (4001), or the error that
 * stopped it — never silence. Nothing the vault signs for a request leaves the background before the
 * user confirmed it (docs/security.md).
 */

import type { ApprovalViewWire, ResolveOutcome, ResolveParams } from '../../api/approvalApi';
import { wordsOf } from '../../api/refusalWords';
import type { NetworkView } from '../../api/walletApi';
import type { SimulationOutput } from '../../bus';
import { ERROR_CODES, errorReply } from '../../provider/protocol';
import { VaultError } from '../../vault';
import type { PublishedIntents } from '../activity/published';
import { replyForError } from '../errors';
import type { PageEvents } from '../page/events';
import type { Permissions } from '../page/permissions';
import { ProviderError } from '../providerError';
import type { PreviewDeps } from '../review/preview';
import type { UsedNonces } from '../signing/nonces';
import type { BusPort, SignedResult, SigningService } from '../signing/signer';
import type { BusKeyGap } from '../wallet/busKey';
import type { WalletService } from '../wallet/service';
import type { HeldSignatures } from './heldSignatures';
import { ConnectKind } from './kinds/connect';
import { IntentsReview } from './kinds/intents';
import type { KindHandler, KindTable, RequestKind } from './kinds/kind';
import { PublishIntentsKind } from './kinds/publishIntents';
import { SignIntentsKind } from './kinds/signIntents';
import { SignMessageKind } from './kinds/signMessage';
import type { Pending } from './pending';
import type { ApprovalQueue } from './queue';

export interface ApprovalServiceDeps {
  queue: ApprovalQueue;
  wallet: WalletService;
  signer: SigningService;
  permissions: Permissions;
  events: PageEvents;
  preview: PreviewDeps;
  nonces: UsedNonces;
  bus: () => Promise<BusPort>;
  /** simulate_intents with the real signature, after Confirm (./kinds/intents.ts, checkBeforeRelease). */
  simulate: (signed: SignedResult['signed']) => Promise<SimulationOutput>;
  /** Signatures the ledger RPC saw that were never released (./heldSignatures.ts). */
  held: HeldSignatures;
  /** Where Activity finds what was published for sites (../activity/published). */
  published: Pick<PublishedIntents, 'add'>;
  /** The network the wallet is on now (../wallet/network), named in the window. */
  network: () => Promise<NetworkView>;
  /** What publishing lacks before anything is signed (../wallet/busKey), or null. */
  busKeyMissing: () => Promise<BusKeyGap | null>;
}

export class ApprovalService {
  /** The intents' review, shared by signIntents and publishIntents: its previews go when a request ends. */
  private readonly review: IntentsReview;
  /** The handler of each kind of request. */
  private readonly kinds: KindTable;
  /** Requests being answered now: each is carried out once (a double click or two windows answer it twice). */
  private readonly answering = new Set<string>();

  constructor(private readonly deps: ApprovalServiceDeps) {
    this.review = new IntentsReview(deps);
    this.kinds = {
      connect: new ConnectKind(deps),
      signMessage: new SignMessageKind({ ...deps, verifierId: () => deps.preview.verifierId() }),
      signIntents: new SignIntentsKind({ review: this.review, signer: deps.signer }),
      publishIntents: new PublishIntentsKind({ ...deps, review: this.review }),
    };
  }

  /**
   * The handler of this request's kind. The table is typed kind by kind (KindTable); TypeScript cannot
   * tie a union's kind to its own handler, so the one widening is here.
   */
  private handlerOf(p: Pending): KindHandler<RequestKind> {
    return this.kinds[p.kind] as KindHandler<RequestKind>;
  }

  async current(): Promise<ApprovalViewWire | null> {
    const { first: p, ids } = await this.deps.queue.head();
    // Requests that ended any way (navigation, a closed tab, Reject all) leave no preview behind.
    this.review.keepOnly(ids);
    if (!p) return null;
    await this.deps.queue.markShown(p.id);
    const locked = !this.deps.wallet.vault.isUnlocked;
    const network = await this.deps.network();
    const base: ApprovalViewWire = {
      id: p.id,
      kind: p.kind,
      origin: p.origin,
      createdAt: p.createdAt,
      waiting: ids.length,
      locked,
      blocked: null,
      network,
    };
    if (locked) return base;
    try {
      return await this.handlerOf(p).view(p, base);
    } catch (e) {
      // The request cannot even be prepared (e.g. its account is gone): answer the page now.
      await this.deps.queue.finish(p.id, replyForError(e));
      return this.current();
    }
  }

  async rejectAll(origin: string): Promise<null> {
    await this.deps.queue.rejectOrigin(origin);
    return null;
  }

  /**
   * Carries out the user's answer. Null when it was accepted; `{refused}` when the request was
   * answered with an error the window should show (e.g. the verifier refused it after Confirm).
   */
  async resolve(answer: ResolveParams): Promise<ResolveOutcome> {
    if (this.answering.has(answer.id))
      throw new ProviderError(ERROR_CODES.internal, 'This request is already being answered');
    this.answering.add(answer.id);
    try {
      return await this.answerOnce(answer);
    } finally {
      this.answering.delete(answer.id);
    }
  }

  private async answerOnce(answer: ResolveParams): Promise<ResolveOutcome> {
    const p = await this.deps.queue.get(answer.id);
    if (!p) throw new ProviderError(ERROR_CODES.internal, 'This request is no longer waiting');
    if (!answer.approve) {
      this.review.forget(p.id);
      // Declining while the window asked for the password is "not authorised" (EIP-1193 4100).
      const reply = this.deps.wallet.vault.isUnlocked
        ? errorReply(ERROR_CODES.userRejected, 'The user rejected the request')
        : errorReply(ERROR_CODES.unauthorized, 'The wallet is locked and the user declined to unlock it');
      await this.deps.queue.finish(p.id, reply);
      return null;
    }
    if (!this.deps.wallet.vault.isUnlocked) throw new VaultError('locked', 'Unlock the wallet first.');
    let result: unknown;
    try {
      result = await this.carryOut(p, answer);
    } catch (e) {
      // The user's own mistakes go back to the window; anything else is the page's answer.
      if (e instanceof ProviderError && e.code === ERROR_CODES.invalidParams) throw e;
      if (e instanceof VaultError && e.code === 'locked') throw e;
      this.review.forget(p.id);
      const reply = replyForError(e);
      // The window stays to say why (it closes itself when the user has read it, or shows the next request).
      await this.deps.queue.finish(p.id, reply, { keepWindow: true });
      if (reply.ok) return null;
      const words = wordsOf(reply.error.data);
      return { refused: reply.error.message, ...(words ? { words } : {}) };
    }
    this.review.forget(p.id);
    await this.deps.queue.finish(p.id, { ok: true, result });
    return null;
  }

  private carryOut(p: Pending, answer: ResolveParams): Promise<unknown> {
    return this.handlerOf(p).carryOut(p, answer);
  }
}
