/**
 * What the payment of an INTENTS swap from the intents account must be (docs/security.md, "Payments the
 * swap service writes"): one transfer of exactly the quote's `amountIn` of the origin asset to the quote's
 * deposit address (with its memo), by the chosen account, for the verifier, under a fresh versioned nonce,
 * before a near deadline that is no later than the quote's own. `Expected` is made from the swap's signed
 * quote, verified again when paying (./storedQuote `verifiedQuote`), never from fields of the stored
 * record. A proposal of the swap service is parsed strictly and re-serialised by the wallet
 * (`buildIntentPayload`), so what is signed is exactly what was checked and shown, whatever spacing, key
 * order or duplicate keys the service's text had.
 */

import * as z from 'zod/mini';
import { buildIntentPayload, decodeNonce, type IntentPayload, sameAccount } from '../../core';
import { errorText } from '../../core/errorText';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import type { VerifiedQuote } from './storedQuote';

/** A service-written payment must be signable now and expire soon: no more than this ahead. */
const MAX_PAYMENT_DEADLINE_MS = 60 * 60_000;

/** What the payment of one swap is: who pays, how much of what, to which deposit account, until when. */
export interface Expected {
  signerId: string;
  receiver: string;
  tokenId: string;
  amount: string;
  memo: string | null;
  /** The quote's deadline: past it the deposit address no longer takes deposits (null: none given). */
  notAfter: string | null;
}

/** The payment the signed quote asks for, paid by `signerId`. */
export const expectedOf = ({ quote, request }: VerifiedQuote, signerId: string): Expected => ({
  signerId,
  receiver: quote.depositAddress,
  tokenId: request.originAsset,
  amount: quote.amountIn,
  memo: quote.depositMemo ?? null,
  notAfter: quote.deadline ?? null,
});

export const notThisPayment = (why: string) =>
  new ProviderError(
    ERROR_CODES.invalidParams,
    `The swap service proposed a payment that is not this swap's (${why}); nothing was signed.`,
    { field: 'id' },
  );
const notThis = notThisPayment;

/** The service's proposal as the payload the wallet would sign, or a refusal naming what is wrong with its form. */
export function proposalPayload(proposal: { standard: string; payload: unknown }, verifierId: string): IntentPayload {
  if (proposal.standard !== 'nep413')
    throw notThis(`it asks for a ${proposal.standard} signature; this wallet signs nep413`);
  const envelope = z
    .strictObject({ message: z.string(), nonce: z.string(), recipient: z.string(), callbackUrl: z.optional(z.null()) })
    .safeParse(proposal.payload);
  if (!envelope.success) throw notThis('its payload is not a plain NEP-413 message');
  const { message, nonce, recipient } = envelope.data;
  if (!sameAccount(recipient, verifierId))
    throw notThis(`it is addressed to ${recipient}, not the verifier ${verifierId}`);
  let fields: unknown;
  try {
    fields = JSON.parse(message);
  } catch {
    throw notThis('its message is not JSON');
  }
  const m = z
    .strictObject({ signer_id: z.string(), deadline: z.string(), intents: z.array(z.unknown()) })
    .safeParse(fields);
  if (!m.success) throw notThis('its message holds other fields than signer_id, deadline and intents');
  try {
    return buildIntentPayload({
      signerId: m.data.signer_id,
      verifyingContract: verifierId,
      deadline: m.data.deadline,
      nonce,
      intents: m.data.intents,
    });
  } catch (e) {
    throw notThis(errorText(e));
  }
}

/** Refuses a payload that is not exactly the expected payment, naming the first difference. */
export function assertPayment(payload: IntentPayload, expected: Expected, nowMs: number): void {
  if (payload.signer_id !== expected.signerId) throw notThis(`it would be signed by ${payload.signer_id}`);
  const [only, ...more] = payload.intents;
  if (!only || more.length > 0 || only.intent !== 'transfer') throw notThis('it is not one transfer');
  const { intent: _i, receiver_id, tokens, memo, ...extra } = only;
  if (receiver_id !== expected.receiver)
    throw notThis(`it pays ${receiver_id}, not the deposit account ${expected.receiver}`);
  const amounts = Object.entries(tokens);
  if (amounts.length !== 1 || amounts[0]![0] !== expected.tokenId || amounts[0]![1] !== expected.amount) {
    throw notThis(
      `it moves ${amounts.map(([t, a]) => `${a} ${t}`).join(', ')}, not ${expected.amount} ${expected.tokenId}`,
    );
  }
  if ((memo ?? null) !== expected.memo)
    throw notThis(expected.memo ? `its memo is not the deposit memo ${expected.memo}` : 'it carries a memo');
  if (Object.values(extra).some((v) => v !== undefined)) throw notThis(`it also sets ${Object.keys(extra).join(', ')}`);
  if (decodeNonce(payload.nonce).kind !== 'versioned') throw notThis('its nonce has no salt and no expiry');
  const deadline = Date.parse(payload.deadline);
  if (!(deadline > nowMs && deadline <= nowMs + MAX_PAYMENT_DEADLINE_MS))
    throw notThis(`its deadline ${payload.deadline} is not within the next hour`);
  if (expected.notAfter !== null && !(deadline <= Date.parse(expected.notAfter))) {
    throw notThis(
      `its deadline ${payload.deadline} is after the quote's ${expected.notAfter}, when the deposit address stops taking deposits`,
    );
  }
}

/** A proposal of the service, checked: the payload to show and sign. */
export function expectPayment(
  proposal: { standard: string; payload: unknown },
  expected: Expected,
  verifierId: string,
  nowMs: number,
): IntentPayload {
  const payload = proposalPayload(proposal, verifierId);
  assertPayment(payload, expected, nowMs);
  return payload;
}
