// The wallet's check of a quote answer (src/oneclick/quoteCheck.ts): the signature against the key the
// settings give, then the echoed request against the request sent, field by field, with the service's
// own defaults and platform fee as the only leeway.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatPublicKey, generateKeyPair, signQuote } from '../../../src/core';
import { encodeXAddress } from '../../../src/core/xrpAddress';
import { checkQuoteAnswer, checkQuoteEcho, QuoteRefusedError, type SentQuote } from '../../../src/oneclick';
import { fixture } from '../../support/liveServices';

type Json = Record<string, unknown>;
const pair = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
const KEY = formatPublicKey(pair.publicKey);

const SENT: SentQuote = {
  dry: false,
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: 'nep141:wrap.near',
  depositType: 'INTENTS',
  destinationAsset: 'nep141:usdt.tether-token.near',
  amount: '1000000000000000000000000',
  refundTo: 'alice.near',
  refundType: 'INTENTS',
  recipient: 'alice.near',
  recipientType: 'INTENTS',
  deadline: '2026-05-01T11:00:00.000Z',
};

/** The service's answer to `sent`, its echo changed by `echo`, signed by `pair`. */
function answer(sent: SentQuote, echo: Json = {}) {
  const unsigned = {
    timestamp: '2026-05-01T10:00:00.000Z',
    quoteRequest: { ...sent, ...echo },
    quote: {
      amountIn: '1',
      amountInFormatted: '1',
      amountInUsd: '1',
      minAmountIn: '1',
      amountOut: '1',
      amountOutFormatted: '1',
      amountOutUsd: '1',
      minAmountOut: '1',
      timeEstimate: 1,
      depositAddress: 'f'.repeat(64),
    },
  };
  return { ...unsigned, signature: signQuote(unsigned, pair.secretSeed) };
}

const refusal = (f: () => void): QuoteRefusedError | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof QuoteRefusedError) return e;
    throw e;
  }
};

describe('the signature', () => {
  it('no key: refused before anything, naming the setting', () => {
    expect(refusal(() => checkQuoteAnswer(answer(SENT), SENT, null))).toMatchObject({
      reason: 'no-key',
      message: expect.stringMatching(/quoteSigningKey/),
    });
  });

  it('another key, or the answer changed under the signature: refused; the signer’s own key: accepted', () => {
    const other = formatPublicKey(generateKeyPair((n) => new Uint8Array(randomBytes(n))).publicKey);
    expect(refusal(() => checkQuoteAnswer(answer(SENT), SENT, other))?.reason).toBe('signature');
    const moved = answer(SENT);
    moved.quote.depositAddress = 'e'.repeat(64);
    expect(refusal(() => checkQuoteAnswer(moved, SENT, KEY))).toMatchObject({
      reason: 'signature',
      message: expect.stringMatching(/no deposit address was shown|before any deposit address/),
    });
    expect(refusal(() => checkQuoteAnswer(answer(SENT), SENT, KEY))).toBeNull();
  });

  it('the SDK’s live staging answer, for the request it answered: accepted with the staging key', () => {
    const sent = fixture<SentQuote>('quote-exact-input.request.json');
    const live = fixture<Json>('quote-exact-input.response.json');
    expect(
      refusal(() => checkQuoteAnswer(live, sent, 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co')),
    ).toBeNull();
  });
});

describe('the echoed request, field by field', () => {
  const full: SentQuote = {
    ...SENT,
    depositMode: 'SIMPLE',
    referral: 'partner',
    quoteWaitingTimeMs: 3000,
    customRecipientMsg: '{}',
    virtualChainRecipient: '0x1111111111111111111111111111111111111111',
    virtualChainRefundRecipient: '0x2222222222222222222222222222222222222222',
    appFees: [{ recipient: 'fees.near', fee: 20 }],
  };

  it('each field the wallet sent, echoed otherwise: refused, naming it and both values', () => {
    for (const [field, value] of Object.entries(full)) {
      if (field === 'appFees') continue;
      const changed =
        typeof value === 'string'
          ? field === 'deadline'
            ? '2026-05-01T12:00:00.000Z'
            : `${value}x`
          : typeof value === 'number'
            ? value + 1
            : !value;
      const e = refusal(() => checkQuoteEcho(answer(full, { [field]: changed }), full));
      expect(e, field).toMatchObject({
        reason: 'echo',
        message: expect.stringContaining(`its ${field} is ${String(changed)}, not ${String(value)}`),
      });
    }
  });

  it('a field the wallet did not send, set in the echo: refused; left out or null: accepted', () => {
    for (const [field, value] of Object.entries({
      referral: 'mallory',
      customRecipientMsg: 'x',
      virtualChainRecipient: '0x3333333333333333333333333333333333333333',
      quoteWaitingTimeMs: 5,
    })) {
      expect(refusal(() => checkQuoteEcho(answer(SENT, { [field]: value }), SENT))?.message, field).toContain(
        `its ${field} is ${String(value)}, not absent`,
      );
      expect(
        refusal(() => checkQuoteEcho(answer(SENT, { [field]: null }), SENT)),
        field,
      ).toBeNull();
    }
  });

  it('the service’s defaults for what was not sent (depositMode SIMPLE, quoteWaitingTimeMs 0) pass; other values do not', () => {
    expect(
      refusal(() => checkQuoteEcho(answer(SENT, { depositMode: 'SIMPLE', quoteWaitingTimeMs: 0 }), SENT)),
    ).toBeNull();
    expect(refusal(() => checkQuoteEcho(answer(SENT, { depositMode: 'MEMO' }), SENT))?.message).toContain(
      'depositMode is MEMO',
    );
  });

  it('the deadline is one instant however it is written back', () => {
    expect(refusal(() => checkQuoteEcho(answer(SENT, { deadline: '2026-05-01T11:00Z' }), SENT))).toBeNull();
    expect(refusal(() => checkQuoteEcho(answer(SENT, { deadline: '2026-05-01T13:00:00+02:00' }), SENT))).toBeNull();
    expect(refusal(() => checkQuoteEcho(answer(SENT, { deadline: 'soon' }), SENT))?.message).toContain(
      'deadline is soon',
    );
  });

  it('fields the wallet does not know (confidentiality, sessionId) are not its to judge', () => {
    expect(refusal(() => checkQuoteEcho(answer(SENT, { confidentiality: 'public', sessionId: 's' }), SENT))).toBeNull();
  });

  it('no echo at all: refused', () => {
    const a = answer(SENT);
    expect(refusal(() => checkQuoteEcho({ ...a, quoteRequest: undefined }, SENT))?.message).toContain(
      'it has no quoteRequest',
    );
  });
});

describe('app fees in the echo', () => {
  const fee = { recipient: 'fees.near', fee: 20 };
  const platform = { recipient: '5880ad2b362620fadf759cbceb1cd5737ce8c6ed7fb8e9942881e6731f9247dd', fee: 20 };
  const sent = { ...SENT, appFees: [fee] };

  it('the fees sent, in any order, plus the service’s own fee (added for a caller it does not take as a partner)', () => {
    expect(refusal(() => checkQuoteEcho(answer(sent), sent))).toBeNull();
    expect(refusal(() => checkQuoteEcho(answer(sent, { appFees: [platform, fee] }), sent))).toBeNull();
    expect(refusal(() => checkQuoteEcho(answer(SENT, { appFees: [platform] }), SENT))).toBeNull();
  });

  it('added fees above the live 500 bps in all or malformed, a fee sent but missing or changed: refused', () => {
    expect(
      refusal(() => checkQuoteEcho(answer(SENT, { appFees: [{ ...platform, fee: 501 }] }), SENT))?.message,
    ).toContain('more than the service’s own fee may be');
    expect(
      refusal(() => checkQuoteEcho(answer(sent, { appFees: [fee, platform, { ...platform, fee: 481 }] }), sent))
        ?.message,
    ).toContain('more than the service’s own fee may be');
    expect(
      refusal(() => checkQuoteEcho(answer(SENT, { appFees: [{ recipient: 7, fee: 1 }] }), SENT))?.message,
    ).toContain('more than the service’s own fee may be');
    expect(refusal(() => checkQuoteEcho(answer(sent, { appFees: [] }), sent))?.message).toContain('its appFees are []');
    expect(
      refusal(() => checkQuoteEcho(answer(sent, { appFees: [{ ...fee, recipient: 'mallory.near' }] }), sent))?.message,
    ).toContain('appFees');
    expect(refusal(() => checkQuoteEcho(answer(sent, { appFees: 'all' }), sent))?.message).toContain('appFees');
  });
});

describe('a request whose memo travels inside the recipient (XRP destination tag)', () => {
  const CLASSIC = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
  const XRP: SentQuote = {
    ...SENT,
    destinationAsset: 'nep141:xrp.omft.near',
    recipient: CLASSIC,
    recipientType: 'DESTINATION_CHAIN',
    recipientMemo: '123456',
  };
  // What the service was sent and signed: the X-address of the address and the tag, no memo field.
  const { recipientMemo: _memo, ...wire } = XRP;
  const signed = answer({ ...wire, dry: false }, { recipient: encodeXAddress(CLASSIC, 123456) });

  it('the request as stored (address and tag apart) is the one the signed echo answers, at every check', () => {
    expect(refusal(() => checkQuoteAnswer(signed, XRP, KEY))).toBeNull();
    expect(refusal(() => checkQuoteEcho(signed, XRP))).toBeNull();
  });

  it('another tag, or none, is another request', () => {
    expect(refusal(() => checkQuoteEcho(signed, { ...XRP, recipientMemo: '123457' }))?.message).toMatch(/recipient/);
    expect(refusal(() => checkQuoteEcho(signed, wire))?.message).toMatch(/recipient/);
  });
});
