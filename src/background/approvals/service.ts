/**
 * Turns queued requests into what the approval window shows (ApprovalView) and carries out the user's
 * answer: grant accounts, sign a message, sign (and publish) intents. Every request gets an answer:
 * approved, rejected (4001), or the error that stopped it — never silence. Nothing the vault signs
 * for a request leaves the background before the user confirmed it (docs/security.md).
 */

import type { ApprovalViewWire, IntentsPreviewWire, ResolveOutcome, ResolveParams } from '../../api/approvalApi';
import type { NetworkView } from '../../api/walletApi';
import { LedgerViewError, RpcError, type SimulationOutput } from '../../bus';
import { base64, HttpError, hex, nep413Digest } from '../../core';
import { ERROR_CODES, errorReply } from '../../provider/protocol';
import { VaultError } from '../../vault';
import type { PublishedIntents } from '../activity/published';
import { replyForError } from '../errors';
import type { PageEvents } from '../page/events';
import type { Permissions } from '../page/permissions';
import { ProviderError } from '../providerError';
import { intentsPreview, type PreviewDeps } from '../review/preview';
import type { UsedNonces } from '../signing/nonces';
import {
  type BusPort,
  isInvalidSaltText,
  type PreparedIntent,
  type SignedResult,
  type SigningService,
} from '../signing/signer';
import { networkOfPayload } from '../wallet/network';
import type { WalletService } from '../wallet/service';
import { checkMessageAtConfirm, messagePreview } from './message';
import { readPrepared } from './prepared';
import type { ApprovalQueue, Pending, PendingOf } from './queue';

export interface ApprovalServiceDeps {
  queue: ApprovalQueue;
  wallet: WalletService;
  signer: SigningService;
  permissions: Permissions;
  events: PageEvents;
  preview: PreviewDeps;
  nonces: UsedNonces;
  bus: () => Promise<BusPort>;
  /** simulate_intents with the real signature, after Confirm (see checkBeforeRelease). */
  simulate: (signed: SignedResult['signed']) => Promise<SimulationOutput>;
  /** Where Activity finds what was published for sites (../activity/published). */
  published: Pick<PublishedIntents, 'add'>;
  /** The network the wallet is on now (../wallet/network), named in the window. */
  network: () => Promise<NetworkView>;
}

export class ApprovalService {
  /**
   * One preview per request, shared while it is being made: the window asks again every second. Made
   * again when the wallet moved to another network meanwhile (the window then shows it blocked).
   */
  private previews = new Map<string, { verifierId: string; making: Promise<IntentsPreviewWire> }>();
  private preparing = new Map<string, Promise<PreparedIntent>>();
  constructor(private readonly deps: ApprovalServiceDeps) {}

  async current(): Promise<ApprovalViewWire | null> {
    const items = await this.deps.queue.list();
    // Requests that ended any way (navigation, a closed tab, Reject all) leave no preview behind.
    for (const id of this.previews.keys()) if (!items.some((i) => i.id === id)) this.previews.delete(id);
    const p = items[0];
    if (!p) return null;
    const locked = !this.deps.wallet.vault.isUnlocked;
    const network = await this.deps.network();
    const base: ApprovalViewWire = {
      id: p.id,
      kind: p.kind,
      origin: p.origin,
      createdAt: p.createdAt,
      waiting: items.length,
      locked,
      blocked: null,
      network,
    };
    if (locked) return base;
    try {
      switch (p.kind) {
        case 'connect': {
          // The selected account first: the window ticks the first one by default.
          const selected = await this.deps.wallet.selectedAccountId();
          const accounts = this.deps.wallet.accounts();
          return {
            ...base,
            accounts: [
              ...accounts.filter((a) => a.accountId === selected),
              ...accounts.filter((a) => a.accountId !== selected),
            ],
          };
        }
        case 'signMessage':
          return { ...base, message: messagePreview(p, await this.deps.preview.verifierId()) };
        case 'signIntents':
        case 'publishIntents': {
          const preview = await this.intentsPreviewOf(p);
          const forbidden = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)].find(
            (f) => f.level === 'forbidden',
          );
          // The network the payload signs for: its verifier's, whatever the settings say now.
          return {
            ...base,
            network: networkOfPayload(network, preview.verifier),
            intents: preview,
            blocked: forbidden ? forbidden.message : null,
          };
        }
      }
    } catch (e) {
      // The request cannot even be prepared (e.g. its account is gone): answer the page now.
      await this.deps.queue.finish(p.id, replyForError(e));
      return this.current();
    }
  }

  /**
   * The one payload of this request, shown and signed: prepared once (concurrent asks share one
   * preparation) and stored first-write-wins, so what the window showed is what Confirm signs.
   */
  private preparedOf(p: PendingOf<'signIntents' | 'publishIntents'>): Promise<PreparedIntent> {
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

  private async intentsPreviewOf(p: PendingOf<'signIntents' | 'publishIntents'>): Promise<IntentsPreviewWire> {
    const verifierId = await this.deps.preview.verifierId();
    const cached = this.previews.get(p.id);
    if (cached?.verifierId === verifierId) return cached.making;
    const making = (async () => {
      const prepared = await this.preparedOf(p);
      const requester = { origin: p.origin, grantedAccounts: await this.deps.permissions.accountsOf(p.origin) };
      return intentsPreview(
        this.deps.preview,
        prepared,
        requester,
        p.kind === 'publishIntents' ? (p.params.quoteHashes ?? []) : [],
      );
    })();
    this.previews.set(p.id, { verifierId, making });
    // A preview that failed is made again at the next ask (unless the request moved on meanwhile).
    making.catch(() => this.previews.get(p.id)?.making === making && this.previews.delete(p.id));
    return making;
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
    const p = await this.deps.queue.get(answer.id);
    if (!p) throw new ProviderError(ERROR_CODES.internal, 'This request is no longer waiting');
    if (!answer.approve) {
      this.previews.delete(p.id);
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
      this.previews.delete(p.id);
      const reply = replyForError(e);
      // The window stays to say why (it closes itself when the user has read it, or shows the next request).
      await this.deps.queue.finish(p.id, reply, { keepWindow: true });
      return reply.ok ? null : { refused: reply.error.message };
    }
    this.previews.delete(p.id);
    await this.deps.queue.finish(p.id, { ok: true, result });
    return null;
  }

  private async carryOut(p: Pending, answer: ResolveParams): Promise<unknown> {
    const wallet = this.deps.wallet;
    switch (p.kind) {
      case 'connect': {
        const chosen = answer.accounts ?? [];
        const mine = wallet.accounts();
        if (chosen.length === 0 || !chosen.every((a) => mine.some((m) => m.accountId === a))) {
          throw new ProviderError(ERROR_CODES.invalidParams, 'Choose at least one of this wallet’s accounts');
        }
        await this.deps.permissions.grant(p.origin, chosen);
        const accounts = chosen.map((a) => ({ accountId: a, publicKey: wallet.account(a).publicKeys[0]! }));
        void this.deps.events.emit((o) => o === p.origin, 'accountsChanged', accounts);
        void this.deps.events.emit((o) => o === p.origin, 'connect', { accounts });
        return accounts;
      }
      case 'signMessage': {
        const m = p.params;
        const accountId = m.accountId;
        // Judged again at signing: the window is not the source of truth, and the settings may have changed.
        checkMessageAtConfirm(p, await this.deps.preview.verifierId(), answer.acknowledgeDanger === true);
        // And the site must still be connected to the account on the network the wallet is on now.
        if (!(await this.deps.permissions.accountsOf(p.origin)).includes(accountId)) {
          throw new ProviderError(
            ERROR_CODES.unauthorized,
            `This site is not connected to ${accountId} on ${(await this.deps.network()).label}; nothing was signed.`,
          );
        }
        const publicKey = wallet.account(accountId).publicKeys[0]!;
        await wallet.touch();
        const payload = {
          message: m.message,
          nonce: base64.decode(m.nonce),
          recipient: m.recipient,
          callbackUrl: m.callbackUrl ?? null,
        };
        // The nonce is claimed before the signature exists outside the vault (one nonce, one signature).
        await this.deps.nonces.claim(
          await this.deps.preview.verifierId(),
          accountId,
          m.nonce,
          `message:${hex.encode(nep413Digest(payload))}`,
          'message',
        );
        return { accountId, publicKey, signature: wallet.vault.signMessage(publicKey, payload) }; // base64, verified by the vault
      }
      case 'signIntents':
      case 'publishIntents': {
        // Judged again now, on the stored payload against the current settings (the verifier or the
        // grant may have changed since the window drew it).
        this.previews.delete(p.id);
        const preview = await this.intentsPreviewOf(p);
        const all = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)];
        const forbidden = all.find((f) => f.level === 'forbidden');
        if (forbidden)
          throw new ProviderError(ERROR_CODES.invalidParams, `This request cannot be approved: ${forbidden.message}`);
        if (all.some((f) => f.level === 'danger') && !answer.acknowledgeDanger) {
          throw new ProviderError(ERROR_CODES.invalidParams, 'Confirm that you understand the risk first');
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
        const resumed =
          (await this.deps.nonces.hashOf(
            prepared.payload.verifying_contract,
            prepared.payload.signer_id,
            prepared.payload.nonce,
          )) !== undefined;
        const check = (signed: SignedResult) => this.checkBeforeRelease(signed, resumed);
        if (p.kind === 'signIntents') {
          const { signed, intentHash, payload } = await this.deps.signer.release(request, {
            prepared,
            check,
            retrySalt: false,
          });
          return { signed, intentHash, payload };
        }
        const out = await this.deps.signer.release(request, {
          prepared,
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
        if (result.status === 'FAILED') {
          throw new ProviderError(ERROR_CODES.internal, `The verifier refused it: ${result.reason}`, {
            intentHash: out.intentHash,
            reason: result.reason,
          });
        }
        return { intentHash: out.intentHash, status: 'OK' };
      }
    }
  }

  /**
   * The verifier's `simulate_intents` with the real signature, after Confirm and before the signature
   * goes to the page or the bus: a refusal stops the release. The RPC operator sees the signature
   * only now, for a request the user approved.
   */
  private async checkBeforeRelease(signed: SignedResult, resumed: boolean): Promise<'ok' | 'invalid_salt'> {
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
            { intentHash: signed.intentHash, reason },
          );
        }
        // The same signature was released before the interruption; the bus answers "already processed".
        if (resumed && /nonce was already used/i.test(reason)) return 'ok';
        // Neither the page nor the bus got it; the ledger RPC did see the signature (it was asked to check it).
        throw new ProviderError(
          ERROR_CODES.internal,
          `The verifier refused it: ${reason}. It was not given to the page or published.`,
          { intentHash: signed.intentHash, reason },
        );
      }
      if (e instanceof RpcError || e instanceof HttpError || e instanceof TypeError) {
        const redirect =
          e instanceof HttpError && e.kind === 'redirect'
            ? `The verifier could not check this request: ${e.message} It was not released.`
            : null;
        throw new ProviderError(
          ERROR_CODES.disconnected,
          redirect ??
            'The ledger RPC is unreachable, so the verifier could not check this request; it was not released. Try again.',
        );
      }
      throw e;
    }
  }
}
