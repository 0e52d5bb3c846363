/**
 * Paying an INTENTS swap from the intents account (docs/services.md, "Paying a swap from the intents
 * account"; docs/security.md, "No signature before consent"). Two routes:
 * - `service`: the swap service writes the transfer (`POST /v0/generate-intent`), the vault signs it,
 *   the service executes it (`POST /v0/submit-intent`). Needs the swap-service key only; preferred.
 * - `bus`: the wallet writes the transfer and publishes it on the message bus (a bus key on Mainnet).
 * Either way `preview` shows the exact payload with the approval window's checks, and `pay` signs that
 * stored payload and nothing else. A payload (the service's, or the wallet's own) is signed only when it
 * is exactly this swap's payment (./paymentCheck), judged against the swap's signed quote verified again
 * each time (./storedQuote), at the review and again at Confirm. The signed payment is stored the
 * moment it exists (before the verifier's check hands it to the ledger RPC), so a retry after a lost
 * answer or a worker stop sends the same signature again and never signs anew while it can execute;
 * once its deadline passed unused, it is dropped. A swap is paid only on the network it was made on (its
 * record names the verifier), and its draft and kept payment are keyed by that verifier (docs/security.md,
 * "Networks").
 */
import * as z from 'zod/mini';
import type { IntentsPreviewWire } from '../../api/approvalApi';
import type { PaymentPreview, PaymentRoute, SwapRecordView } from '../../api/swapApi';
import {
  decodeNonce,
  extractIntentPayload,
  type HttpDeps,
  isPasskeyPublicKey,
  type MultiPayload,
  multiPayloadSchema,
  networkText,
  networkWords,
} from '../../core';
import { type Phrase, phrase } from '../../core/phrase';
import { generateIntent, OneClickError, type QuoteCallOptions, submitIntent } from '../../oneclick';
import { ERROR_CODES } from '../../provider/protocol';
import type { KeyValue } from '../kv';
import { ProviderError } from '../providerError';
import { intentsPreview, type PreviewDeps } from '../review/preview';
import type { UsedNonces } from '../signing/nonces';
import {
  assertReviewed,
  type Consent,
  draftSchema,
  fromDraft,
  reviewedId,
  signReviewed,
  toDraft,
} from '../signing/reviewed';
import {
  type BusPort,
  type PreparedIntent,
  publishOnce,
  type SignedResult,
  type SigningService,
} from '../signing/signer';
import { assertPayment, type Expected, expectedOf, expectPayment, notThisPayment } from './paymentCheck';
import { verifiedQuote } from './storedQuote';

export interface PaymentDeps {
  local: KeyValue;
  http: HttpDeps;
  now: () => number;
  signer: SigningService;
  nonces: UsedNonces;
  preview: PreviewDeps;
  /** The verifier's simulate_intents with the real signature (after Confirm, before release). */
  simulate: (signed: MultiPayload) => Promise<unknown>;
  bus: () => Promise<BusPort>;
  /** The signing key of a wallet account (throws for an unknown account). */
  publicKeyOf: (accountId: string) => string;
}

/** Where a swap's service is and how to speak to it (its URL, key and wire names). */
export interface Service {
  url: string;
  /** With the key its quotes are signed with (the stored quote is verified again with it when paying). */
  o: QuoteCallOptions;
}

const preparedSchema = z.lazy(() => z.object({ ...draftSchema.shape, route: z.enum(['service', 'bus']) }));
/** Older versions stored bus payments without a route. */
const paymentSchema = z.lazy(() =>
  z.object({
    intentHash: z.string(),
    signed: multiPayloadSchema,
    route: z.optional(z.enum(['service', 'bus'])),
  }),
);
const draftKey = (verifierId: string, id: string) => `swapPaymentDraft:${verifierId}:${id}`;
const paymentKey = (verifierId: string, id: string) => `swapPayment:${verifierId}:${id}`;

/** A refusal of the swap's payment: `m` for the logs, `words` for the person (docs/architecture.md, "Words and languages"). */
const refuse = (m: string, words: Phrase) => new ProviderError(ERROR_CODES.invalidParams, m, { field: 'id', words });

export class SwapPayments {
  constructor(private readonly d: PaymentDeps) {}

  /** The payment the swap's signed quote asks for, the quote verified again now (./storedQuote). */
  private expected(r: SwapRecordView, signerId: string, service: Service): Expected {
    return expectedOf(verifiedQuote(r, service.o.quoteSigningKey), signerId);
  }

  /** The service's proposal, or null when it does not offer this route (no key, or it does not know the endpoint). */
  private async fromService(want: Expected, service: Service): Promise<PreparedIntent | null> {
    if (!service.o.jwt) return null;
    const { signerId } = want;
    let proposal: Awaited<ReturnType<typeof generateIntent>>;
    try {
      proposal = await generateIntent(this.d.http, service.url, { signerId, depositAddress: want.receiver }, service.o);
    } catch (e) {
      if (e instanceof OneClickError && [401, 403, 404, 405, 501].includes(e.status ?? 0)) return null;
      throw e;
    }
    const verifierId = await this.d.preview.verifierId();
    const payload = expectPayment(proposal.intent, want, verifierId, this.d.now());
    if (await this.d.nonces.has(verifierId, signerId, payload.nonce))
      throw notThisPayment('its nonce was used before by this account');
    return {
      payload,
      standard: isPasskeyPublicKey(this.d.publicKeyOf(signerId)) ? 'webauthn' : 'nep413',
      publicKey: this.d.publicKeyOf(signerId),
      nonceKind: 'versioned',
      ownNonce: false,
    };
  }

  /** The verifier of the network the swap was made on, when the wallet is on that network now; else a refusal. */
  private async networkOf(r: SwapRecordView): Promise<string> {
    const here = await this.d.preview.verifierId();
    if (r.verifierId === undefined)
      throw refuse(
        'This swap was made before the wallet recorded the network of each swap, so it is not paid from here; start a new swap.',
        phrase('swapPay_networkUnknown'),
      );
    if (r.verifierId !== here)
      throw refuse(
        `This swap was made on ${networkText(r.verifierId)}; the wallet is now on ${networkText(here)}. Switch back to that network to pay it.`,
        phrase('swapPay_otherNetwork', networkWords(r.verifierId), networkWords(here)),
      );
    return here;
  }

  /** Sends a signed payment by its route; a refusal whose nonce the verifier has used means it executed. */
  private async send(route: PaymentRoute, signed: MultiPayload, hash: string, service: Service): Promise<void> {
    let reason: string;
    try {
      if (route === 'service') {
        await submitIntent(this.d.http, service.url, signed, service.o);
        return;
      }
      const out = await publishOnce(await this.d.bus(), signed, []);
      if (out.status === 'OK') return;
      reason = out.reason;
    } catch (e) {
      if (!(e instanceof OneClickError) || e.status !== 400) throw e;
      reason = e.message;
    }
    const { signer_id, nonce } = extractIntentPayload(signed);
    if (await this.d.preview.nonceUsed(signer_id, nonce).catch(() => false)) return;
    throw new ProviderError(ERROR_CODES.internal, `The transfer was refused: ${reason}`, {
      intentHash: hash,
      words: phrase('send_refused', reason),
    });
  }

  /**
   * A signed payment that can no longer execute is dropped, so the swap can be paid with a new one: its
   * deadline has passed (the verifier refuses it from then on) and the verifier has not used its nonce (it
   * never executed). While either is unknown (the ledger RPC does not answer) it stays.
   */
  private async expired<T extends { signed: MultiPayload }>(
    stored: T | undefined,
    key: string,
  ): Promise<T | undefined> {
    if (!stored) return stored;
    const { signer_id, nonce, deadline } = extractIntentPayload(stored.signed);
    if (Date.parse(deadline) > this.d.now()) return stored;
    if (
      !(await this.d.preview.nonceUsed(signer_id, nonce).then(
        (used) => !used,
        () => false,
      ))
    )
      return stored;
    await this.d.local.remove(key);
    return undefined;
  }

  /** The account left the wallet: the payments of `swaps` it reviewed or signed (drafts, kept signatures) go with it. */
  async forget(accountId: string, swaps: readonly SwapRecordView[]): Promise<void> {
    for (const r of swaps) {
      if (r.request.depositType !== 'INTENTS' || r.verifierId === undefined) continue;
      const draft = await this.d.local.read(draftKey(r.verifierId, r.id), preparedSchema).catch(() => undefined);
      if (draft?.payload.signer_id === accountId) await this.d.local.remove(draftKey(r.verifierId, r.id));
      const paid = await this.d.local.read(paymentKey(r.verifierId, r.id), paymentSchema).catch(() => undefined);
      if (paid && extractIntentPayload(paid.signed).signer_id === accountId)
        await this.d.local.remove(paymentKey(r.verifierId, r.id));
    }
  }

  /**
   * The payment to confirm, written by the service when it offers it, else by the wallet; kept until
   * Confirm (or the next preview). A payment signed before is shown again, not written anew.
   */
  async preview(r: SwapRecordView, signerId: string, service: Service): Promise<PaymentPreview> {
    const network = await this.networkOf(r);
    const stored = await this.expired(
      await this.d.local.read(paymentKey(network, r.id), paymentSchema),
      paymentKey(network, r.id),
    );
    let route: PaymentRoute;
    let prepared: PreparedIntent;
    if (stored) {
      route = stored.route ?? 'bus';
      const payload = extractIntentPayload(stored.signed);
      prepared = {
        payload,
        standard: stored.signed.standard,
        publicKey: stored.signed.public_key,
        nonceKind: decodeNonce(payload.nonce).kind,
        ownNonce: route === 'bus',
      };
    } else {
      if (r.status !== 'PENDING_DEPOSIT')
        throw refuse('This swap already has its deposit', phrase('swapPay_alreadyDeposited'));
      const want = this.expected(r, signerId, service);
      const offered = await this.fromService(want, service);
      route = offered ? 'service' : 'bus';
      const transfer = {
        intent: 'transfer',
        receiver_id: want.receiver,
        tokens: { [want.tokenId]: want.amount },
        ...(want.memo ? { memo: want.memo } : {}),
      };
      prepared = offered ?? (await this.d.signer.prepare({ signerId, intents: [transfer] }));
      // The wallet's own transfer meets the same rules (its deadline before the quote's, above all).
      if (!offered) assertPayment(prepared.payload, want, this.d.now());
      await this.d.local.write(draftKey(network, r.id), { route, ...toDraft(prepared) });
    }
    // The deposit account named as such only when the swap's signed quote verifies now.
    let deposit: string | undefined;
    try {
      deposit = this.expected(r, prepared.payload.signer_id, service).receiver;
    } catch {
      deposit = undefined;
    }
    const preview: IntentsPreviewWire = await intentsPreview(this.d.preview, prepared, null, [], deposit);
    return {
      route,
      signed: stored !== undefined,
      preview,
      reviewed: stored ? stored.intentHash : reviewedId(prepared),
    };
  }

  /**
   * Confirm: signs the payload last previewed (judged again now), when it is the one this Confirm
   * names, and sends it; a payment signed before is sent again as it is. Returns the intent hash.
   */
  async pay(r: SwapRecordView, consent: Consent, service: Service): Promise<string> {
    const network = await this.networkOf(r);
    const stored = await this.d.local.read(paymentKey(network, r.id), paymentSchema);
    if (stored) {
      assertReviewed(stored.intentHash, consent, 'payment');
      await this.send(stored.route ?? 'bus', stored.signed, stored.intentHash, service);
      return stored.intentHash;
    }
    if (r.status !== 'PENDING_DEPOSIT')
      throw refuse('This swap already has its deposit', phrase('swapPay_alreadyDeposited'));
    const draft = await this.d.local.read(draftKey(network, r.id), preparedSchema);
    if (!draft) throw refuse('Review the payment first', phrase('swapPay_reviewFirst'));
    const prepared = fromDraft(draft);
    if (this.d.publicKeyOf(prepared.payload.signer_id) !== prepared.publicKey)
      throw refuse(
        'The account’s key changed since the review; review the payment again',
        phrase('swapPay_keyChanged'),
      );
    // The kept draft is storage too: judged again against the signed quote, verified again now.
    assertPayment(prepared.payload, this.expected(r, prepared.payload.signer_id, service), this.d.now());
    // The draft goes once the payload passed the checks again (a refusal there leaves it for another try).
    // Kept as soon as it exists, before simulate_intents hands it to the ledger RPC: whatever happens
    // next, this payment is sent again as it is, never signed a second time while it can still execute.
    const keep = (s: SignedResult) =>
      this.d.local.write(paymentKey(network, r.id), { intentHash: s.intentHash, signed: s.signed, route: draft.route });
    const signed = await signReviewed(
      this.d,
      prepared,
      consent,
      'payment',
      () => this.d.local.remove(draftKey(network, r.id)),
      keep,
    );
    await this.send(draft.route, signed.signed, signed.intentHash, service);
    return signed.intentHash;
  }
}
