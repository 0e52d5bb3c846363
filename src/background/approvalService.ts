/**
 * Turns queued requests into what the approval window shows (ApprovalView) and carries out the user's
 * answer: grant accounts, sign a message, sign (and publish) intents. Every request gets an answer:
 * approved, rejected (4001), or the error that stopped it — never silence.
 */
import * as z from 'zod/mini';
import { base64, buildIntentPayload, type SigningStandard } from '../core';
import type { ApprovalView, IntentsPreview, ResolveParams } from '../provider/approvalApi';
import { ERROR_CODES, errorReply } from '../provider/protocol';
import { VaultError } from '../vault';
import type { ApprovalQueue, Pending } from './approvals';
import { replyForError } from './errors';
import { originView } from './origin';
import type { PageEvents } from './pageEvents';
import { type PublishIntentsParams, type SignMessageParams } from './pageParams';
import type { Permissions } from './permissions';
import { type PreviewDeps, intentsPreview } from './preview';
import { ProviderError } from './providerError';
import type { BusPort, PreparedIntent, SigningService } from './signer';
import type { WalletService } from './wallet';

const preparedSchema = z.object({
  payload: z.object({ signer_id: z.string(), verifying_contract: z.string(), deadline: z.string(), nonce: z.string(), intents: z.array(z.unknown()) }),
  standard: z.enum(['nep413', 'raw_ed25519']),
  publicKey: z.string(),
  nonceKind: z.enum(['versioned', 'legacy']),
  ownNonce: z.boolean(),
});

/** The stored prepared payload, checked again: storage.session is ours, but a bad value must not be signed. */
function readPrepared(raw: unknown): PreparedIntent | undefined {
  const p = preparedSchema.safeParse(raw);
  if (!p.success) return undefined;
  const payload = buildIntentPayload({
    signerId: p.data.payload.signer_id,
    verifyingContract: p.data.payload.verifying_contract,
    deadline: p.data.payload.deadline,
    nonce: p.data.payload.nonce,
    intents: p.data.payload.intents,
  });
  return { ...p.data, payload };
}

export interface ApprovalServiceDeps {
  queue: ApprovalQueue;
  wallet: WalletService;
  signer: SigningService;
  permissions: Permissions;
  events: PageEvents;
  preview: PreviewDeps;
  bus: () => Promise<BusPort>;
}

export class ApprovalService {
  private previews = new Map<string, IntentsPreview>();
  constructor(private readonly deps: ApprovalServiceDeps) {}

  async current(): Promise<ApprovalView | null> {
    const items = await this.deps.queue.list();
    const p = items[0];
    if (!p) return null;
    const locked = !this.deps.wallet.vault.isUnlocked;
    const base: ApprovalView = { id: p.id, kind: p.kind, origin: originView(p.origin), createdAt: p.createdAt, waiting: items.length, locked, blocked: null };
    if (locked) return base;
    try {
      switch (p.kind) {
        case 'connect': {
          // The selected account first: the window ticks the first one by default.
          const selected = await this.deps.wallet.selectedAccountId();
          const accounts = this.deps.wallet.accounts();
          return { ...base, accounts: [...accounts.filter((a) => a.accountId === selected), ...accounts.filter((a) => a.accountId !== selected)] };
        }
        case 'signMessage': {
          const m = p.params as SignMessageParams;
          const accountId = m.accountId ?? (await this.deps.permissions.accountsOf(p.origin))[0] ?? '';
          const verifier = (await this.deps.preview.verifierId()).toLowerCase();
          return {
            ...base,
            message: {
              accountId,
              message: m.message,
              recipient: m.recipient,
              callbackUrl: m.callbackUrl ?? null,
              nonce: m.nonce,
              recipientIsVerifier: m.recipient.trim().toLowerCase() === verifier,
            },
          };
        }
        case 'signIntents':
        case 'publishIntents': {
          const preview = await this.intentsPreviewOf(p);
          const forbidden = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)].find((f) => f.level === 'forbidden');
          return { ...base, intents: preview, blocked: forbidden ? forbidden.message : null };
        }
      }
    } catch (e) {
      // The request cannot even be prepared (e.g. its account is gone): answer the page now.
      await this.deps.queue.finish(p.id, replyForError(e));
      return this.current();
    }
  }

  private async preparedOf(p: Pending): Promise<PreparedIntent> {
    const stored = p.prepared === undefined ? undefined : readPrepared(p.prepared);
    if (stored) return stored;
    const params = p.params as PublishIntentsParams;
    const prepared = await this.deps.signer.prepare({
      signerId: params.signerId ?? '',
      intents: params.intents,
      deadline: params.deadline,
      nonce: params.nonce,
      standard: params.standard as SigningStandard | undefined,
    });
    await this.deps.queue.setPrepared(p.id, prepared);
    return prepared;
  }

  private async intentsPreviewOf(p: Pending): Promise<IntentsPreview> {
    const cached = this.previews.get(p.id);
    if (cached) return cached;
    const prepared = await this.preparedOf(p);
    const preview = await intentsPreview(this.deps.preview, prepared, p.origin, (p.params as PublishIntentsParams).quoteHashes ?? []);
    this.previews.set(p.id, preview);
    return preview;
  }

  async rejectAll(origin: string): Promise<null> {
    await this.deps.queue.rejectOrigin(origin);
    return null;
  }

  async resolve(answer: ResolveParams): Promise<null> {
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
      await this.deps.queue.finish(p.id, replyForError(e));
      return null;
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
        const m = p.params as SignMessageParams;
        const accountId = m.accountId ?? (await this.deps.permissions.accountsOf(p.origin))[0];
        if (!accountId) throw new ProviderError(ERROR_CODES.unauthorized, 'This site is no longer connected');
        // A "message" addressed to the verifier may really be an intent that moves funds.
        const toVerifier = m.recipient.trim().toLowerCase() === (await this.deps.preview.verifierId()).toLowerCase();
        if (toVerifier && !answer.acknowledgeDanger) throw new ProviderError(ERROR_CODES.invalidParams, 'Confirm that you understand the risk first');
        const publicKey = wallet.account(accountId).publicKeys[0]!;
        await wallet.touch();
        const signature = wallet.vault.signMessage(publicKey, {
          message: m.message,
          nonce: base64.decode(m.nonce),
          recipient: m.recipient,
          callbackUrl: m.callbackUrl ?? null,
        });
        return { accountId, publicKey, signature: base64.encode(signature) };
      }
      case 'signIntents':
      case 'publishIntents': {
        const preview = await this.intentsPreviewOf(p);
        const all = [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)];
        const forbidden = all.find((f) => f.level === 'forbidden');
        if (forbidden) throw new ProviderError(ERROR_CODES.invalidParams, `This request cannot be approved: ${forbidden.message}`);
        if (all.some((f) => f.level === 'danger') && !answer.acknowledgeDanger) {
          throw new ProviderError(ERROR_CODES.invalidParams, 'Confirm that you understand the risk first');
        }
        const prepared = await this.preparedOf(p);
        const signed = await this.deps.signer.sign(prepared);
        if (p.kind === 'signIntents') return signed;
        const quoteHashes = (p.params as PublishIntentsParams).quoteHashes ?? [];
        const bus = await this.deps.bus();
        let out = await bus.publishIntent(signed.signed, quoteHashes);
        let intentHash = signed.intentHash;
        if (out.status === 'FAILED' && /invalid salt/i.test(out.reason) && prepared.ownNonce) {
          // The salt rotated between preview and approval: same intents, fresh nonce (as the SDK does).
          const again = await this.deps.signer.signAndPublish(
            { signerId: prepared.payload.signer_id, intents: prepared.payload.intents, deadline: prepared.payload.deadline, standard: prepared.standard },
            bus,
            quoteHashes,
          );
          out = again.result;
          intentHash = again.intentHash;
        }
        if (out.status === 'FAILED' && !/already processed/i.test(out.reason)) {
          throw new ProviderError(ERROR_CODES.internal, `The verifier refused it: ${out.reason}`, { intentHash, reason: out.reason });
        }
        return { intentHash, status: 'OK' };
      }
    }
  }
}

