/**
 * Sending from the intents account to another intents account (docs/services.md, "The message bus"):
 * `preview` writes the transfer intent with the wallet's own nonce and shows it with the approval
 * window's checks and names it; `send` signs that reviewed payload and nothing else (signing/reviewed), publishes it
 * on the bus, and the popup follows it with `status`. One draft per account: a new review replaces it.
 * The signed transfer is kept until the bus took it: a Confirm again for the same review (its answer was
 * lost) sends that same signature, which can execute once, never a second transfer. Drafts and kept
 * signatures are per network, keyed by its verifier (docs/security.md, "Networks"): one made on Local is
 * never offered on Mainnet. A signature kept before networks were kept apart (`sendSigned:<account>`) is
 * never sent again; it is still named in a new review while it can execute on the network of its verifier.
 */

import * as z from 'zod/mini';
import type { FindingView, IntentsPreviewWire } from '../../api/approvalApi';
import type { SendParams } from '../../api/walletApi';
import type { IntentStatus } from '../../bus';
import {
  describeIntent,
  extractIntentPayload,
  intentHash,
  MAINNET_VERIFIER,
  type MultiPayload,
  multiPayloadSchema,
  networkText,
  networkWords,
  SIM_VERIFIER,
  tokenIdsOf,
} from '../../core';
import { errorText } from '../../core/errorText';
import { type Phrase, phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import type { PublishedIntents } from '../activity/published';
import type { KeyValue } from '../kv';
import { said } from '../phrase';
import { ProviderError } from '../providerError';
import { intentsPreview, type PreviewDeps } from '../review/preview';
import { type Consent, draftSchema, fromDraft, reviewedId, signReviewed, toDraft } from '../signing/reviewed';
import { type BusPort, publishOnce, type SignedResult, type SigningService } from '../signing/signer';
import type { BusKeyGap } from './busKey';

export interface SendDeps {
  local: KeyValue;
  signer: SigningService;
  preview: PreviewDeps;
  simulate: (signed: MultiPayload) => Promise<unknown>;
  bus: () => Promise<BusPort & { getStatus(intentHash: string): Promise<IntentStatus> }>;
  /** Why the bus cannot be used now (no key on Mainnet), or null. */
  busUnavailable: () => Promise<BusKeyGap | null>;
  publicKeyOf: (accountId: string) => string;
  now: () => number;
  /** Where Activity finds the sends (../activity/published). */
  published: Pick<PublishedIntents, 'add' | 'observe' | 'list'>;
}

/** How long a review waits for the bus's word on an earlier transfer (liveEarlier). */
const BUS_WAIT_MS = 3000;

const draftKey = (verifierId: string, accountId: string) => `sendDraft:${verifierId}:${accountId}`;
/** The transfer signed for a review, until the bus took it. */
const signedKey = (verifierId: string, accountId: string) => `sendSigned:${verifierId}:${accountId}`;
const legacySignedKey = (accountId: string) => `sendSigned:${accountId}`;
const signedSchema = z.lazy(() => z.object({ reviewed: z.string(), signed: multiPayloadSchema }));
/** A refusal of the popup's Send: `m` for the logs, `words` for the person (docs/architecture.md, "Words and languages"). */
const refuse = (m: string, words: Phrase, field?: string) =>
  new ProviderError(ERROR_CODES.invalidParams, m, field ? { field, words } : { words });

export class SendService {
  constructor(private readonly d: SendDeps) {}

  private async needBus(): Promise<void> {
    const why = await this.d.busUnavailable();
    if (why) throw new ProviderError(ERROR_CODES.unauthorized, why.message, { words: why.words });
  }

  /**
   * Only a token whose decimals and symbol a second source confirms is sent (docs/security.md, "Token
   * facts"): the amount typed was read with those decimals, and the review words it with them.
   */
  private async needFacts(tokenIds: readonly string[]): Promise<void> {
    const [table, disputes] = await Promise.all([this.d.preview.tokens(), this.d.preview.disputedTokens()]);
    for (const id of tokenIds) {
      if (table.has(id)) continue;
      const fact = disputes.get(id) ?? phrase('tokenFacts_unconfirmed', id);
      throw refuse(
        `${said(fact)} Send does not use this token, so that no amount is shown wrongly.`,
        phrase('send_tokenUnconfirmed', fact),
        'tokenId',
      );
    }
  }
  /**
   * Whether the bus or Activity says the intent settled: only then can it not execute again. The
   * ledger RPC's `is_nonce_used` is not asked: the RPC is the party that may hold the signature
   * (docs/security.md, "No signature before consent"), so its word cannot clear the warning. No answer
   * within BUS_WAIT_MS counts as "not settled".
   */
  private async settled(hash: string): Promise<boolean> {
    if ((await this.d.published.list().catch(() => [])).some((e) => e.intentHash === hash && e.status === 'SETTLED'))
      return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), BUS_WAIT_MS)));
    const word = (async () => {
      const s = await (await this.d.bus()).getStatus(hash);
      await this.d.published.observe(s).catch(() => undefined);
      return s.status;
    })().catch(() => null);
    try {
      return (await Promise.race([word, late])) === 'SETTLED';
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A transfer this account signed whose publication the bus never confirmed, while it can still execute:
   * its deadline is ahead and neither the bus (`get_status`) nor Activity says it settled. Whoever saw it
   * (the ledger RPC that checked it, the bus) can still have it executed, so a second transfer could pay
   * twice. Shown as danger at the top of a new review; a bus that cannot be asked counts as "may still
   * execute".
   */
  private async liveEarlier(verifierId: string, signerId: string): Promise<FindingView | null> {
    for (const key of [signedKey(verifierId, signerId), legacySignedKey(signerId)]) {
      const kept = await this.d.local.read(key, signedSchema);
      if (!kept) continue;
      const { verifying_contract, deadline, intents } = extractIntentPayload(kept.signed);
      // Only this network's verifier can execute it here; it stops being live when its deadline passed
      // or the intent is known settled, never on one RPC's word that its nonce is used.
      if (verifying_contract !== verifierId || Date.parse(deadline) <= this.d.now()) continue;
      if (await this.settled(intentHash(kept.signed))) continue;
      const what = describeIntent(intents[0]!, await this.d.preview.tokens())
        .map(said)
        .join(' ');
      return {
        level: 'danger',
        code: 'earlier_signature_live',
        words: phrase('risk_earlierSignatureLive', what, deadline),
      };
    }
    return null;
  }

  /**
   * The account left the wallet: its reviewed drafts and kept signatures go with them, on the known
   * networks and the current one (names are keyed hashes: the store cannot list what else exists).
   */
  async forget(accountId: string): Promise<void> {
    for (const verifier of new Set([MAINNET_VERIFIER, SIM_VERIFIER, await this.d.preview.verifierId()])) {
      await this.d.local.remove(draftKey(verifier, accountId));
      await this.d.local.remove(signedKey(verifier, accountId));
    }
  }

  async preview(
    signerId: string,
    p: Omit<SendParams, 'accountId'>,
  ): Promise<{ preview: IntentsPreviewWire; reviewed: string }> {
    if (p.receiverId === signerId)
      throw refuse('That is this account; choose another account to send to', phrase('send_toItself'), 'receiverId');
    if (!/[1-9]/.test(p.amount)) throw refuse('Enter an amount above zero', phrase('send_amountZero'), 'amount');
    await this.needBus();
    await this.needFacts([p.tokenId]);
    const transfer = { intent: 'transfer', receiver_id: p.receiverId, tokens: { [p.tokenId]: p.amount } };
    const prepared = await this.d.signer.prepare({ signerId, intents: [transfer] });
    const verifierId = prepared.payload.verifying_contract;
    await this.d.local.write(draftKey(verifierId, signerId), toDraft(prepared));
    const preview = await intentsPreview(this.d.preview, prepared, null, []);
    const earlier = await this.liveEarlier(verifierId, signerId);
    if (earlier) preview.batchFindings.unshift(earlier);
    return { preview, reviewed: reviewedId(prepared) };
  }

  async send(signerId: string, consent: Consent): Promise<{ intentHash: string; status: 'OK' }> {
    await this.needBus();
    const verifierId = await this.d.preview.verifierId();
    const kept = await this.d.local.read(signedKey(verifierId, signerId), signedSchema);
    let signed: MultiPayload;
    if (kept && kept.reviewed === consent.reviewed) signed = kept.signed;
    else {
      const draft = await this.d.local.read(draftKey(verifierId, signerId), draftSchema);
      if (!draft)
        throw refuse(
          `Review the transfer first (on ${networkText(verifierId)}, the network the wallet is on now)`,
          phrase('send_reviewFirst', networkWords(verifierId)),
        );
      const prepared = fromDraft(draft);
      if (this.d.publicKeyOf(signerId) !== prepared.publicKey)
        throw refuse(
          'The account’s key changed since the review; review the transfer again',
          phrase('send_keyChanged'),
        );
      await this.needFacts(prepared.payload.intents.flatMap(tokenIdsOf));
      const keep = (s: SignedResult) =>
        this.d.local.write(signedKey(verifierId, signerId), { reviewed: consent.reviewed, signed: s.signed });
      signed = (
        await signReviewed(
          this.d,
          prepared,
          consent,
          'transfer',
          () => this.d.local.remove(draftKey(verifierId, signerId)),
          keep,
        )
      ).signed;
    }
    const hash = intentHash(signed);
    const out = await publishOnce(await this.d.bus(), signed, []).catch((e: unknown) => {
      throw new ProviderError(
        ERROR_CODES.disconnected,
        `The bus did not answer (${errorText(e)}); the transfer may have gone out. Sign and send again sends this same transfer, which cannot execute twice; a new review would be a second transfer.`,
        { intentHash: hash, words: phrase('send_busSilent', errorText(e)) },
      );
    });
    const { signer_id, nonce, intents } = extractIntentPayload(signed);
    const note = (status: 'PENDING' | 'FAILED', detail?: string) =>
      this.d.published.add({
        intentHash: hash,
        accountId: signerId,
        kind: 'send',
        origin: null,
        intents,
        status,
        detail,
      });
    // Refused, but its nonce is spent: it executed (a retry of one that went through). Only the bus's
    // OK lets the kept signature go: the RPC's word alone leaves it for liveEarlier to judge.
    if (out.status === 'OK' || (await this.d.preview.nonceUsed(signer_id, nonce).catch(() => false))) {
      if (out.status === 'OK') await this.d.local.remove(signedKey(verifierId, signerId));
      await note('PENDING');
      return { intentHash: out.status === 'OK' ? out.intent_hash : hash, status: 'OK' };
    }
    await note('FAILED', out.reason);
    throw new ProviderError(ERROR_CODES.internal, `The transfer was refused: ${out.reason}`, {
      intentHash: hash,
      reason: out.reason,
      words: phrase('send_refused', out.reason),
    });
  }

  /** The bus's word, also kept for Activity when the intent is one of ours. */
  async status(hash: string): Promise<IntentStatus> {
    const s = await (await this.d.bus()).getStatus(hash);
    await this.d.published.observe(s).catch(() => undefined);
    return s;
  }
}
