/**
 * Paying an INTENTS swap from the intents account (docs/services.md, "Paying a swap from the intents
 * account"; docs/security.md, "No signature before consent"). Two routes:
 * - `service`: the swap service writes the transfer (`POST /v0/generate-intent`), the vault signs it,
 *   the service executes it (`POST /v0/submit-intent`). Needs the swap-service key only; preferred.
 * - `bus`: the wallet writes the transfer and publishes it on the message bus (a bus key on Mainnet).
 * Either way `preview` shows the exact payload with the approval window's checks, and `pay` signs that
 * stored payload and nothing else. A payload from the service is signed only when it is exactly this
 * swap's payment (`expectPayment`): one transfer of the quote's amountIn of the origin asset to the
 * deposit address (with its memo), by the chosen account, for the verifier, under a fresh versioned
 * nonce, before a near deadline. The signed payment is stored the moment it exists (before the verifier's
 * check hands it to the ledger RPC), so a retry after a lost answer or a worker stop sends the same
 * signature again and never signs anew while it can execute; once its deadline passed unused, it is dropped.
 * A swap is paid only on the network it was made on (its record names the verifier), and its draft and
 * kept payment are keyed by that verifier (docs/security.md, "Networks").
 */
import * as z from 'zod/mini';
import { type HttpDeps, type IntentPayload, type SignedIntent, ProtocolError, buildIntentPayload, decodeNonce, extractIntentPayload, networkText, signedIntentSchema } from '../../core';
import { LedgerViewError } from '../../bus';
import { type CallOptions, OneClickError, generateIntent, submitIntent } from '../../oneclick';
import type { IntentsPreviewWire } from '../../provider/approvalApi';
import { ERROR_CODES } from '../../provider/protocol';
import type { PaymentPreview, PaymentRoute, SwapRecordView } from '../../provider/swapApi';
import type { KeyValue } from '../kv';
import type { UsedNonces } from '../signing/nonces';
import { sameAccount } from '../page/api';
import { type PreviewDeps, intentsPreview } from '../approvals/preview';
import { ProviderError } from '../providerError';
import { type Consent, assertReviewed, draftSchema, fromDraft, reviewedId, signReviewed, toDraft } from '../signing/reviewed';
import { type BusPort, type PreparedIntent, type SignedResult, type SigningService, publishOnce } from '../signing/signer';

/** A service-written payment must be signable now and expire soon: no more than this ahead. */
const MAX_PAYMENT_DEADLINE_MS = 60 * 60_000;

export interface PaymentDeps {
  local: KeyValue;
  http: HttpDeps;
  now: () => number;
  signer: SigningService;
  nonces: UsedNonces;
  preview: PreviewDeps;
  /** The verifier's simulate_intents with the real signature (after Confirm, before release). */
  simulate: (signed: SignedIntent) => Promise<unknown>;
  bus: () => Promise<BusPort>;
  /** The signing key of a wallet account (throws for an unknown account). */
  publicKeyOf: (accountId: string) => string;
}

/** What the payment of one swap is: who pays, how much of what, to which deposit account. */
export interface Expected {
  signerId: string;
  receiver: string;
  tokenId: string;
  amount: string;
  memo: string | null;
}

/** Where a swap's service is and how to speak to it (its URL, key and wire names). */
export interface Service {
  url: string;
  o: CallOptions;
}

const preparedSchema = z.object({ ...draftSchema.shape, route: z.enum(['service', 'bus']) });
/** Older versions stored bus payments without a route. */
const paymentSchema = z.object({ intentHash: z.string(), signed: signedIntentSchema, route: z.optional(z.enum(['service', 'bus'])) });
const draftKey = (verifierId: string, id: string) => `swapPaymentDraft:${verifierId}:${id}`;
const paymentKey = (verifierId: string, id: string) => `swapPayment:${verifierId}:${id}`;

const refuse = (m: string) => new ProviderError(ERROR_CODES.invalidParams, m, { field: 'id' });
const notThis = (why: string) => refuse(`The swap service proposed a payment that is not this swap's (${why}); nothing was signed.`);

/**
 * The service's proposal as the payload the wallet would sign, or a refusal naming the first
 * difference. The message is parsed strictly and re-serialised by the wallet (`buildIntentPayload`), so
 * what is signed is what was checked and shown, whatever spacing, key order or duplicate keys the
 * service's text had.
 */
export function expectPayment(proposal: { standard: string; payload: unknown }, expected: Expected, verifierId: string, nowMs: number): IntentPayload {
  if (proposal.standard !== 'nep413') throw notThis(`it asks for a ${proposal.standard} signature; this wallet signs nep413`);
  const envelope = z.strictObject({ message: z.string(), nonce: z.string(), recipient: z.string(), callbackUrl: z.optional(z.null()) }).safeParse(proposal.payload);
  if (!envelope.success) throw notThis('its payload is not a plain NEP-413 message');
  const { message, nonce, recipient } = envelope.data;
  if (!sameAccount(recipient, verifierId)) throw notThis(`it is addressed to ${recipient}, not the verifier ${verifierId}`);
  let fields: unknown;
  try {
    fields = JSON.parse(message);
  } catch {
    throw notThis('its message is not JSON');
  }
  const m = z.strictObject({ signer_id: z.string(), deadline: z.string(), intents: z.array(z.unknown()) }).safeParse(fields);
  if (!m.success) throw notThis('its message holds other fields than signer_id, deadline and intents');
  if (m.data.signer_id !== expected.signerId) throw notThis(`it would be signed by ${m.data.signer_id}`);
  let payload: IntentPayload;
  try {
    payload = buildIntentPayload({ signerId: m.data.signer_id, verifyingContract: verifierId, deadline: m.data.deadline, nonce, intents: m.data.intents });
  } catch (e) {
    throw notThis(e instanceof Error ? e.message : String(e));
  }
  const [only, ...more] = payload.intents;
  if (!only || more.length > 0 || only.intent !== 'transfer') throw notThis('it is not one transfer');
  const { intent: _i, receiver_id, tokens, memo, ...extra } = only;
  if (receiver_id !== expected.receiver) throw notThis(`it pays ${receiver_id}, not the deposit account ${expected.receiver}`);
  const amounts = Object.entries(tokens);
  if (amounts.length !== 1 || amounts[0]![0] !== expected.tokenId || amounts[0]![1] !== expected.amount) {
    throw notThis(`it moves ${amounts.map(([t, a]) => `${a} ${t}`).join(', ')}, not ${expected.amount} ${expected.tokenId}`);
  }
  if ((memo ?? null) !== expected.memo) throw notThis(expected.memo ? `its memo is not the deposit memo ${expected.memo}` : 'it carries a memo');
  if (Object.values(extra).some((v) => v !== undefined)) throw notThis(`it also sets ${Object.keys(extra).join(', ')}`);
  if (decodeNonce(nonce).kind !== 'versioned') throw notThis('its nonce has no salt and no expiry');
  const deadline = Date.parse(payload.deadline);
  if (!(deadline > nowMs && deadline <= nowMs + MAX_PAYMENT_DEADLINE_MS)) throw notThis(`its deadline ${payload.deadline} is not within the next hour`);
  return payload;
}

export function swapPayments(d: PaymentDeps) {
  const quoteOf = (r: SwapRecordView) => JSON.parse(r.quoteResponseJson) as { quote: { amountIn: string } };
  const expectedOf = (r: SwapRecordView, signerId: string): Expected => ({
    signerId,
    receiver: r.depositAddress,
    tokenId: r.request.originAsset,
    amount: quoteOf(r).quote.amountIn,
    memo: r.depositMemo,
  });

  /** The service's proposal, or null when it does not offer this route (no key, or it does not know the endpoint). */
  async function fromService(r: SwapRecordView, signerId: string, service: Service): Promise<PreparedIntent | null> {
    if (!service.o.jwt) return null;
    let proposal;
    try {
      proposal = await generateIntent(d.http, service.url, { signerId, depositAddress: r.depositAddress }, service.o);
    } catch (e) {
      if (e instanceof OneClickError && [401, 403, 404, 405, 501].includes(e.status ?? 0)) return null;
      throw e;
    }
    const verifierId = await d.preview.verifierId();
    const payload = expectPayment(proposal.intent, expectedOf(r, signerId), verifierId, d.now());
    if (await d.nonces.has(verifierId, signerId, payload.nonce)) throw notThis('its nonce was used before by this account');
    return { payload, standard: 'nep413', publicKey: d.publicKeyOf(signerId), nonceKind: 'versioned', ownNonce: false };
  }

  /** The verifier of the network the swap was made on, when the wallet is on that network now; else a refusal. */
  async function networkOf(r: SwapRecordView): Promise<string> {
    const here = await d.preview.verifierId();
    if (r.verifierId === undefined) throw refuse('This swap was made before the wallet recorded the network of each swap, so it is not paid from here; start a new swap.');
    if (r.verifierId !== here) throw refuse(`This swap was made on ${networkText(r.verifierId)}; the wallet is now on ${networkText(here)}. Switch back to that network to pay it.`);
    return here;
  }

  /** Sends a signed payment by its route; a refusal whose nonce the verifier has used means it executed. */
  async function send(route: PaymentRoute, signed: SignedIntent, hash: string, service: Service): Promise<void> {
    let reason: string;
    try {
      if (route === 'service') {
        await submitIntent(d.http, service.url, signed, service.o);
        return;
      }
      const out = await publishOnce(await d.bus(), signed, []);
      if (out.status === 'OK') return;
      reason = out.reason;
    } catch (e) {
      if (!(e instanceof OneClickError) || e.status !== 400) throw e;
      reason = e.message;
    }
    const { signer_id, nonce } = extractIntentPayload(signed);
    if (await d.preview.nonceUsed(signer_id, nonce).catch(() => false)) return;
    throw new ProviderError(ERROR_CODES.internal, `The transfer was refused: ${reason}`, { intentHash: hash });
  }

  /**
   * A signed payment that can no longer execute is dropped, so the swap can be paid with a new one: its
   * deadline has passed (the verifier refuses it from then on) and the verifier has not used its nonce (it
   * never executed). While either is unknown (the ledger RPC does not answer) it stays.
   */
  async function expired<T extends { signed: SignedIntent }>(stored: T | undefined, key: string): Promise<T | undefined> {
    if (!stored) return stored;
    const { signer_id, nonce, deadline } = extractIntentPayload(stored.signed);
    if (Date.parse(deadline) > d.now()) return stored;
    if (!(await d.preview.nonceUsed(signer_id, nonce).then((used) => !used, () => false))) return stored;
    await d.local.remove(key);
    return undefined;
  }

  return {
    /** The account left the wallet: the payments of `swaps` it reviewed or signed (drafts, kept signatures) go with it. */
    async forget(accountId: string, swaps: readonly SwapRecordView[]): Promise<void> {
      for (const r of swaps) {
        if (r.request.depositType !== 'INTENTS' || r.verifierId === undefined) continue;
        const draft = await d.local.read(draftKey(r.verifierId, r.id), preparedSchema).catch(() => undefined);
        if (draft?.payload.signer_id === accountId) await d.local.remove(draftKey(r.verifierId, r.id));
        const paid = await d.local.read(paymentKey(r.verifierId, r.id), paymentSchema).catch(() => undefined);
        if (paid && extractIntentPayload(paid.signed).signer_id === accountId) await d.local.remove(paymentKey(r.verifierId, r.id));
      }
    },

    /**
     * The payment to confirm, written by the service when it offers it, else by the wallet; kept until
     * Confirm (or the next preview). A payment signed before is shown again, not written anew.
     */
    async preview(r: SwapRecordView, signerId: string, service: Service): Promise<PaymentPreview> {
      const network = await networkOf(r);
      const stored = await expired(await d.local.read(paymentKey(network, r.id), paymentSchema), paymentKey(network, r.id));
      let route: PaymentRoute;
      let prepared: PreparedIntent;
      if (stored) {
        route = stored.route ?? 'bus';
        const payload = extractIntentPayload(stored.signed);
        prepared = { payload, standard: stored.signed.standard, publicKey: stored.signed.public_key, nonceKind: decodeNonce(payload.nonce).kind, ownNonce: route === 'bus' };
      } else {
        if (r.status !== 'PENDING_DEPOSIT') throw refuse('This swap already has its deposit');
        const offered = await fromService(r, signerId, service);
        route = offered ? 'service' : 'bus';
        const transfer = { intent: 'transfer', receiver_id: r.depositAddress, tokens: { [r.request.originAsset]: quoteOf(r).quote.amountIn }, ...(r.depositMemo ? { memo: r.depositMemo } : {}) };
        prepared = offered ?? (await d.signer.prepare({ signerId, intents: [transfer] }));
        await d.local.write(draftKey(network, r.id), { route, ...toDraft(prepared) });
      }
      const preview: IntentsPreviewWire = await intentsPreview(d.preview, prepared, null, []);
      return { route, signed: stored !== undefined, preview, reviewed: stored ? stored.intentHash : reviewedId(prepared) };
    },

    /**
     * Confirm: signs the payload last previewed (judged again now), when it is the one this Confirm
     * names, and sends it; a payment signed before is sent again as it is. Returns the intent hash.
     */
    async pay(r: SwapRecordView, consent: Consent, service: Service): Promise<string> {
      const network = await networkOf(r);
      const stored = await d.local.read(paymentKey(network, r.id), paymentSchema);
      if (stored) {
        assertReviewed(stored.intentHash, consent, 'payment');
        await send(stored.route ?? 'bus', stored.signed, stored.intentHash, service);
        return stored.intentHash;
      }
      if (r.status !== 'PENDING_DEPOSIT') throw refuse('This swap already has its deposit');
      const draft = await d.local.read(draftKey(network, r.id), preparedSchema);
      if (!draft) throw refuse('Review the payment first');
      const prepared = fromDraft(draft);
      if (d.publicKeyOf(prepared.payload.signer_id) !== prepared.publicKey) throw refuse('The account’s key changed since the review; review the payment again');
      // The draft goes once the payload passed the checks again (a refusal there leaves it for another try).
      // Kept as soon as it exists, before simulate_intents hands it to the ledger RPC: whatever happens
      // next, this payment is sent again as it is, never signed a second time while it can still execute.
      const keep = (s: SignedResult) => d.local.write(paymentKey(network, r.id), { intentHash: s.intentHash, signed: s.signed, route: draft.route });
      const signed = await signReviewed(d, prepared, consent, 'payment', () => d.local.remove(draftKey(network, r.id)), keep);
      await send(draft.route, signed.signed, signed.intentHash, service);
      return signed.intentHash;
    },
  };
}
