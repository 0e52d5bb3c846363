/**
 * What `intents_signIntents` and `intents_publishIntents` share: the one payload of a request, prepared
 * once and kept first-write-wins, so what the window showed is what Confirm signs; its preview (the
 * review engine, ../../review/preview.ts), shared while it is being made; the check again at Confirm;
 * and the verifier's `simulate_intents` with the real signature before the signature is released.
 */
import type { ApprovalViewWire, IntentsPreviewWire, ResolveParams } from '../../../api/approvalApi';
import { LedgerViewError, RpcError, type SimulationOutput } from '../../../bus';
import { HttpError, parseDeadline, payloadIntentHash } from '../../../core';
import { phrase } from '../../../core/phrase';
import { ERROR_CODES } from '../../../provider/protocol';
import type { Permissions } from '../../page/permissions';
import { said } from '../../phrase';
import { ProviderError } from '../../providerError';
import { intentsPreview, type PreviewDeps } from '../../review/preview';
import type { UsedNonces } from '../../signing/nonces';
import {
  isInvalidSaltText,
  isNonceUsedText,
  type PreparedIntent,
  type SignedResult,
  type SigningService,
} from '../../signing/signer';
import { networkOfPayload } from '../../wallet/network';
import type { HeldSignatures } from '../heldSignatures';
import type { PendingOf } from '../pending';
import { readPrepared } from '../prepared';
import type { ApprovalQueue } from '../queue';

export type IntentsPending = PendingOf<'signIntents' | 'publishIntents'>;

export interface IntentsReviewDeps {
  queue: ApprovalQueue;
  signer: SigningService;
  permissions: Permissions;
  preview: PreviewDeps;
  nonces: UsedNonces;
  /** simulate_intents with the real signature, after Confirm (see checkBeforeRelease). */
  simulate: (signed: SignedResult['signed']) => Promise<SimulationOutput>;
  /** Signatures the ledger RPC saw and the page never got, while they can execute (../heldSignatures.ts). */
  held: HeldSignatures;
}

/** A confirmed request, checked again: what to release, and the check to run before releasing it. */
export interface Confirmed {
  prepared: PreparedIntent;
  request: Pick<PreparedIntent['payload'], 'intents' | 'deadline'> & {
    signerId: string;
    standard: PreparedIntent['standard'];
  };
  check: (signed: SignedResult) => Promise<'ok' | 'invalid_salt'>;
}

export class IntentsReview {
  /**
   * One preview per request, shared while it is being made: the window asks again every second. Made
   * again when the wallet moved to another network meanwhile (the window then shows it blocked).
   */
  private previews = new Map<string, { verifierId: string; making: Promise<IntentsPreviewWire> }>();
  private preparing = new Map<string, Promise<PreparedIntent>>();
  constructor(private readonly deps: IntentsReviewDeps) {}

  /** The page (or the bus) got this signature: it is the page's now, no longer one held elsewhere. */
  async released(payload: { verifying_contract: string; signer_id: string }, intentHash: string): Promise<void> {
    await this.deps.held.release(payload.verifying_contract, payload.signer_id, intentHash).catch(() => undefined);
  }

  /** The request ended (answered, rejected or gone): its preview goes. */
  forget(id: string): void {
    this.previews.delete(id);
  }

  /** Requests that ended any way (navigation, a closed tab, Reject all) leave no preview behind. */
  keepOnly(waiting: readonly string[]): void {
    for (const id of this.previews.keys()) if (!waiting.includes(id)) this.previews.delete(id);
  }

  /**
   * A passed deadline cannot execute, and the quotes it was made for are gone too: the request ends with
   * -32010 at once (shown or confirmed), so the site asks for a new quote rather than wait on the window.
   */
  private refuseExpired(deadline: string): void {
    // As the risk rules read it (core/risk.ts, deadline_passed); a deadline that is no date is theirs to refuse.
    let ms: number;
    try {
      ms = parseDeadline(deadline).getTime();
    } catch {
      return;
    }
    if (ms <= this.deps.preview.now())
      throw new ProviderError(
        ERROR_CODES.expired,
        `The deadline passed before Confirm (${deadline}): ask for a new quote and request again`,
        { reason: 'expired', deadline, words: phrase('approveRefused_expired') },
      );
  }

  async view(p: IntentsPending, base: ApprovalViewWire): Promise<ApprovalViewWire> {
    const preview = await this.previewOf(p);
    this.refuseExpired(preview.deadline);
    const forbidden = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)].find(
      (f) => f.level === 'forbidden',
    );
    // Confirmed and signed before an interruption (a worker stop): the verifier has likely run it already,
    // so its "nonce was already used" is this very intent's, and the window says so in plain words.
    const sim = preview.simulation;
    const resumed = sim?.ok === false && isNonceUsedText(sim.error) && (await this.wasSigned(await this.preparedOf(p)));
    // The network the payload signs for: its verifier's, whatever the settings say now.
    return {
      ...base,
      network: networkOfPayload(base.network, preview.verifier),
      intents: resumed ? { ...preview, resumed: true } : preview,
      blocked: forbidden ? said(forbidden.words) : null,
    };
  }

  /**
   * This wallet signed this exact payload under its nonce before: the used-nonce registry holds this
   * payload's own intent hash. (Another payload under the same nonce cannot reach here today: a used
   * nonce is refused when a request is prepared, and a second request under a waiting one's nonce when it
   * is queued; the hash is compared all the same, so that "resumed" never rests on those two alone.)
   */
  private async wasSigned(prepared: PreparedIntent): Promise<boolean> {
    const { verifying_contract, signer_id, nonce } = prepared.payload;
    const hash = await this.deps.nonces.hashOf(verifying_contract, signer_id, nonce);
    return hash !== undefined && hash === payloadIntentHash(prepared.payload, prepared.standard);
  }

  /**
   * The one payload of this request, shown and signed: prepared once (concurrent asks share one
   * preparation) and stored first-write-wins, so what the window showed is what Confirm signs.
   */
  private preparedOf(p: IntentsPending): Promise<PreparedIntent> {
    const stored = p.prepared === undefined ? undefined : readPrepared(p.prepared);
    if (stored) return Promise.resolve(stored);
    let pending = this.preparing.get(p.id);
    if (!pending) {
      const params = p.params;
      pending = this.deps.signer
        .prepare({
          signerId: params.signerId,
          intents: params.intents,
          deadline: params.deadline,
          nonce: params.nonce,
          standard: params.standard,
        })
        .then(async (prepared) => {
          const kept = readPrepared(await this.deps.queue.setPreparedOnce(p.id, prepared));
          if (!kept) throw new ProviderError(ERROR_CODES.internal, 'The prepared request could not be read back');
          return kept;
        })
        .finally(() => this.preparing.delete(p.id));
      this.preparing.set(p.id, pending);
    }
    return pending;
  }

  private async previewOf(p: IntentsPending): Promise<IntentsPreviewWire> {
    const verifierId = await this.deps.preview.verifierId();
    const cached = this.previews.get(p.id);
    if (cached?.verifierId === verifierId) return cached.making;
    const making = (async () => {
      const prepared = await this.preparedOf(p);
      const requester = { origin: p.origin, grantedAccounts: await this.deps.permissions.accountsOf(p.origin) };
      const preview = await intentsPreview(
        this.deps.preview,
        prepared,
        requester,
        p.kind === 'publishIntents' ? (p.params.quoteHashes ?? []) : [],
      );
      const { verifying_contract, signer_id } = prepared.payload;
      // Its own signature, kept before a worker stop, is this request resumed, not another one held.
      const own = payloadIntentHash(prepared.payload, prepared.standard);
      const held = await this.deps.held.finding(verifying_contract, signer_id, own);
      return held ? { ...preview, batchFindings: [held, ...preview.batchFindings] } : preview;
    })();
    this.previews.set(p.id, { verifierId, making });
    // A preview that failed is made again at the next ask (unless the request moved on meanwhile).
    making.catch(() => this.previews.get(p.id)?.making === making && this.previews.delete(p.id));
    return making;
  }

  /**
   * Confirm: judged again now, on the stored payload against the current settings (the verifier or the
   * grant may have changed since the window drew it); forbidden findings refuse, danger needs the tick.
   */
  async confirm(p: IntentsPending, answer: ResolveParams): Promise<Confirmed> {
    this.previews.delete(p.id);
    const preview = await this.previewOf(p);
    this.refuseExpired(preview.deadline);
    const all = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)];
    const forbidden = all.find((f) => f.level === 'forbidden');
    if (forbidden)
      throw new ProviderError(ERROR_CODES.invalidParams, `This request cannot be approved: ${said(forbidden.words)}`, {
        words: phrase('approveRefused_forbidden', forbidden.words),
      });
    if (all.some((f) => f.level === 'danger') && !answer.acknowledgeDanger) {
      throw new ProviderError(ERROR_CODES.invalidParams, 'Confirm that you understand the risk first', {
        words: phrase('approveRefused_ackRisk', phrase('approve_ackRisk')),
      });
    }
    const prepared = await this.preparedOf(p);
    const request = {
      signerId: prepared.payload.signer_id,
      intents: prepared.payload.intents,
      deadline: prepared.payload.deadline,
      standard: prepared.standard,
    };
    // Confirmed before, then interrupted (a worker stop): this very intent was signed under its
    // nonce already, and may have executed since, so a used nonce is not a refusal here.
    const resumed = await this.wasSigned(prepared);
    const check = (signed: SignedResult) => this.checkBeforeRelease(signed, resumed, prepared, p.origin);
    return { prepared, request, check };
  }

  /**
   * The verifier's `simulate_intents` with the real signature, after Confirm and before the signature
   * goes to the page or the bus: a refusal stops the release. The RPC operator sees the signature
   * only now, for a request the user approved.
   */
  private async checkBeforeRelease(
    signed: SignedResult,
    resumed: boolean,
    prepared: PreparedIntent,
    origin: string,
  ): Promise<'ok' | 'invalid_salt'> {
    // From here the ledger RPC may hold it, whatever it answers, and a worker stop may come before the
    // answer: kept until the page or the bus got it (`released`), else until its deadline (../heldSignatures.ts).
    const { verifying_contract, signer_id, deadline } = prepared.payload;
    await this.deps.held.record(verifying_contract, signer_id, { intentHash: signed.intentHash, origin, deadline });
    try {
      await this.deps.simulate(signed.signed);
      return 'ok';
    } catch (e) {
      if (e instanceof LedgerViewError) {
        const reason = e.panic ?? e.message;
        // One approval, one signature: a stale salt ends the request (the page may ask again, in a new
        // window) rather than re-signing on the word of a network party, which could keep both.
        if (isInvalidSaltText(reason)) {
          throw new ProviderError(
            ERROR_CODES.internal,
            `The verifier refused it: ${reason}. Ask again: the nonce must be made anew.`,
            { intentHash: signed.intentHash, reason, words: phrase('approveRefused_askAgain') },
          );
        }
        // The same signature was released before the interruption; the bus answers "already processed".
        if (resumed && isNonceUsedText(reason)) return 'ok';
        // Neither the page nor the bus got it; the ledger RPC did see the signature (it was asked to check it).
        throw new ProviderError(
          ERROR_CODES.internal,
          `The verifier refused it: ${reason}. It was not given to the page or published.`,
          { intentHash: signed.intentHash, reason, words: phrase('approveRefused_verifier', reason) },
        );
      }
      if (e instanceof RpcError || e instanceof HttpError || e instanceof TypeError) throw ledgerCouldNotCheck(e);
      throw e;
    }
  }
}

/**
 * The ledger RPC could not run the check after Confirm: what the page and the window are told. Fixed
 * words: a redirect's message names the endpoint's host, and an RPC's own error text is the operator's,
 * neither the page's to learn; an HTTP status is said as a number.
 */
function ledgerCouldNotCheck(e: RpcError | HttpError | TypeError): ProviderError {
  const redirect = e instanceof HttpError && e.kind === 'redirect';
  const status = e instanceof HttpError && e.kind === 'http' ? e.status : undefined;
  const check = 'check its endpoint (endpoints.ledgerRpc in Settings → Advanced → Network)';
  const message = redirect
    ? 'The verifier could not check this request: its ledger RPC answered with a redirect, which the wallet never follows. It was not released.'
    : status !== undefined
      ? `The ledger RPC answered with HTTP status ${status}, so the verifier could not check this request; it was not released. Try again, or ${check}.`
      : `The ledger RPC is unreachable, so the verifier could not check this request; it was not released. Try again, or ${check}.`;
  const field = phrase('advanced_ledgerRpcUrl');
  return new ProviderError(ERROR_CODES.disconnected, message, {
    service: 'ledger',
    httpStatus: e instanceof HttpError ? (e.status ?? null) : null,
    setting: 'endpoints.ledgerRpc',
    words: redirect
      ? phrase('approveRefused_ledgerRedirect')
      : status !== undefined
        ? phrase('approveRefused_ledgerStatus', String(status), field)
        : phrase('approveRefused_ledgerUnreachable', field),
  });
}
