// The payment of an INTENTS swap (src/background/swaps/paymentCheck.ts), judged against what the swap's
// verified quote asks: exactly its amountIn of the origin token to its deposit address and memo, by the
// payer, under a versioned nonce, before a near deadline that is no later than the quote's own.
import { describe, expect, it } from 'vitest';
import { assertPayment, type Expected, expectedOf, expectPayment } from '../../../src/background/swaps/paymentCheck';
import type { VerifiedQuote } from '../../../src/background/swaps/storedQuote';
import { buildIntentPayload, encodeVersionedNonce, formatDeadline } from '../../../src/core';

const NOW = Date.parse('2026-05-01T10:00:00.000Z');
const SIGNER = 'alice.near';
const DEPOSIT = 'd'.repeat(64);
const WNEAR = 'nep141:wrap.near';

const quote = (q: Partial<VerifiedQuote['quote']> = {}): VerifiedQuote => ({
  quote: {
    amountIn: '1000',
    amountInFormatted: '0.000000000000000000001',
    amountInUsd: '0',
    amountOut: '1',
    amountOutFormatted: '1',
    amountOutUsd: '1',
    minAmountOut: '1',
    timeEstimate: 1,
    depositAddress: DEPOSIT,
    deadline: '2026-05-04T10:00:00.000Z',
    ...q,
  },
  request: {
    swapType: 'EXACT_INPUT',
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: 'INTENTS',
    destinationAsset: 'nep141:usdt.tether-token.near',
    amount: '1000',
    refundTo: SIGNER,
    refundType: 'INTENTS',
    recipient: SIGNER,
    recipientType: 'INTENTS',
    deadline: '2026-05-01T11:00:00.000Z',
  },
});

/** A transfer payload of `amount` to `receiver`, valid for `minutes`. */
function payment(opts: { amount?: string; receiver?: string; memo?: string; minutes?: number } = {}) {
  const deadline = new Date(NOW + (opts.minutes ?? 10) * 60_000);
  const nonce = encodeVersionedNonce({ salt: new Uint8Array(4), deadline, random15: new Uint8Array(15).fill(7) });
  const transfer = {
    intent: 'transfer',
    receiver_id: opts.receiver ?? DEPOSIT,
    tokens: { [WNEAR]: opts.amount ?? '1000' },
    ...(opts.memo ? { memo: opts.memo } : {}),
  };
  return buildIntentPayload({
    signerId: SIGNER,
    verifyingContract: 'intents.near',
    deadline: formatDeadline(deadline),
    nonce,
    intents: [transfer],
  });
}

describe('what the payment is, from the verified quote', () => {
  it('amountIn of the origin token to the quote’s deposit address and memo, until the quote’s deadline', () => {
    expect(expectedOf(quote({ depositMemo: '77' }), SIGNER)).toEqual<Expected>({
      signerId: SIGNER,
      receiver: DEPOSIT,
      tokenId: WNEAR,
      amount: '1000',
      memo: '77',
      notAfter: '2026-05-04T10:00:00.000Z',
    });
  });
});

describe('a payment judged against it', () => {
  const want = expectedOf(quote(), SIGNER);

  it('exactly the payment passes', () => {
    expect(() => assertPayment(payment(), want, NOW)).not.toThrow();
  });

  it.each([
    ['another amount', payment({ amount: '1001' }), /moves 1001 nep141:wrap.near, not 1000/],
    ['another receiver', payment({ receiver: 'mallory.near' }), /pays mallory.near, not the deposit account/],
    ['a memo the quote has not', payment({ memo: 'x' }), /carries a memo/],
    ['a deadline beyond the hour', payment({ minutes: 61 }), /not within the next hour/],
  ])('%s: refused', (_what, p, why) => {
    expect(() => assertPayment(p, want, NOW)).toThrow(why);
  });

  it('a deadline after the quote’s own (the deposit address no longer takes deposits then): refused, even within the hour', () => {
    const closing = expectedOf(quote({ deadline: new Date(NOW + 5 * 60_000).toISOString() }), SIGNER);
    expect(() => assertPayment(payment({ minutes: 10 }), closing, NOW)).toThrow(
      /after the quote's .*stops taking deposits/,
    );
    expect(() => assertPayment(payment({ minutes: 4 }), closing, NOW)).not.toThrow();
  });

  it('a service proposal is parsed, then judged the same way', () => {
    const p = payment({ minutes: 10 });
    const message = JSON.stringify({ deadline: p.deadline, intents: p.intents, signer_id: p.signer_id });
    expect(
      expectPayment(
        { standard: 'nep413', payload: { message, nonce: p.nonce, recipient: 'intents.near' } },
        want,
        'intents.near',
        NOW,
      ),
    ).toEqual(p);
    const more = JSON.stringify({
      deadline: p.deadline,
      intents: [{ ...p.intents[0], tokens: { [WNEAR]: '5000' } }],
      signer_id: p.signer_id,
    });
    expect(() =>
      expectPayment(
        { standard: 'nep413', payload: { message: more, nonce: p.nonce, recipient: 'intents.near' } },
        want,
        'intents.near',
        NOW,
      ),
    ).toThrow(/moves 5000/);
  });
});
