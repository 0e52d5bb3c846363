// The quote signature (src/core/quoteSignature.ts) held to the official SDK's own `verifyQuoteSignature`
// (one-click-sdk-typescript 0.1.25): the same answers are fed to both and they must agree, for the
// SDK's staging vectors (test/fixtures/live), for answers our signer made (dry and not, optionals
// present, absent, null and falsy), for each signed field tampered with, and for the fields the
// signature leaves out. The one place they may differ is written down: a non-canonical signature
// (S + the group order), which the SDK's tweetnacl accepts and RFC 8032 refuses.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type QuoteResponse as SdkQuoteResponse,
  verifyQuoteSignature as sdkVerify,
} from '@defuse-protocol/one-click-sdk-typescript';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../src/background/wallet/presets';
import {
  base58,
  formatPublicKey,
  generateKeyPair,
  quoteSignedFields,
  signQuote,
  stableStringify,
  verifyQuoteSignature,
} from '../../../src/core';
import { DEFAULT_CONFIG } from '../../../src/sim/config';
import { createContext } from '../../../src/sim/context';
import { fixture } from '../../support/liveServices';

const STAGING_KEY = 'ed25519:5J5tkaxyPoR3Q9S8LXfo5bWnXK5Z2bctJ4mB9gENh7co';
const MAINNET_KEY = 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc';
type Json = Record<string, unknown>;
type Answer = { timestamp: string; signature: string; quoteRequest: Json; quote: Json; [k: string]: unknown };

const pair = generateKeyPair((n) => new Uint8Array(randomBytes(n)));
const KEY = formatPublicKey(pair.publicKey);

/** Both verdicts, so a disagreement shows which side said what. */
const both = (answer: unknown, key: string) => ({
  sdk: sdkVerify(answer as SdkQuoteResponse, key),
  ours: verifyQuoteSignature(answer as Answer, key),
});

/** A simulator-like answer, signed by `pair`; `dry` decides which quote fields exist. */
function answer(dry: boolean, request: Json = {}, quote: Json = {}): Answer {
  const unsigned = {
    correlationId: 'c0ffee',
    timestamp: '2026-05-01T10:00:00.000Z',
    quoteRequest: {
      dry,
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: 'nep141:wrap.near',
      depositType: 'INTENTS',
      destinationAsset: 'nep141:usdt.tether-token.near',
      amount: '1000000000000000000000000',
      refundTo: 'alice.near',
      refundType: 'INTENTS',
      recipient: 'bob.near',
      recipientType: 'INTENTS',
      deadline: '2026-05-01T11:00:00.000Z',
      depositMode: 'SIMPLE',
      appFees: [{ recipient: 'fees.near', fee: 20 }],
      ...request,
    },
    quote: {
      amountIn: '1000000000000000000000000',
      amountInFormatted: '1',
      amountInUsd: '2.31',
      minAmountIn: '1000000000000000000000000',
      amountOut: '2300000',
      amountOutFormatted: '2.3',
      amountOutUsd: '2.3',
      minAmountOut: '2277000',
      timeEstimate: 10,
      refundFee: '0',
      withdrawFee: '0',
      ...(dry
        ? {}
        : {
            depositAddress: 'f'.repeat(64),
            deadline: '2026-05-04T11:00:00.000Z',
            timeWhenInactive: '2026-05-04T11:00:00.000Z',
          }),
      ...quote,
    },
  };
  return { ...unsigned, signature: signQuote(unsigned, pair.secretSeed) };
}

/** A value that is different from `v` whatever its type. */
const other = (v: unknown): unknown =>
  typeof v === 'string' ? `${v}x` : typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : 'x';

const SIGNED_REQUEST = [
  'dry',
  'swapType',
  'slippageTolerance',
  'originAsset',
  'depositType',
  'destinationAsset',
  'amount',
  'refundTo',
  'refundType',
  'recipient',
  'recipientType',
];
const AMOUNTS = [
  'amountIn',
  'amountInFormatted',
  'amountInUsd',
  'minAmountIn',
  'amountOut',
  'amountOutFormatted',
  'amountOutUsd',
  'minAmountOut',
];
const NON_DRY_QUOTE = [
  ...AMOUNTS,
  'depositAddress',
  'depositMemo',
  'deadline',
  'timeWhenInactive',
  'timeEstimate',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customRecipientMsg',
  'refundFee',
  'withdrawFee',
];
const OPTIONALS = {
  quoteWaitingTimeMs: 3000,
  referral: 'partner',
  virtualChainRecipient: '0x1111111111111111111111111111111111111111',
  virtualChainRefundRecipient: '0x2222222222222222222222222222222222222222',
  customRecipientMsg: '{"a":1}',
};

describe('the SDK’s vectors', () => {
  it.each([
    ['non-dry (withdrawFee signed)', 'quote-exact-input.response.json'],
    ['dry', 'quote-exact-input.dry.response.json'],
    ['as a status answer embeds it (null optionals)', 'quote-in-status.response.json'],
  ])('a staging answer, %s: both verify it with the staging key, neither with the Mainnet key', (_what, name) => {
    const vector = fixture<Answer>(name);
    expect(both(vector, STAGING_KEY)).toEqual({ sdk: true, ours: true });
    expect(both(vector, MAINNET_KEY)).toEqual({ sdk: false, ours: false });
    const moved = { ...vector, quote: { ...vector.quote, amountOut: '1' } };
    expect(both(moved, STAGING_KEY)).toEqual({ sdk: false, ours: false });
  });

  it('the Mainnet preset carries the key the SDK verifies with by default; the Local preset the simulator’s', () => {
    const sdk = readFileSync(
      createRequire(import.meta.url)
        .resolve('@defuse-protocol/one-click-sdk-typescript')
        .replace(/index\.js$/, 'index.mjs'),
      'utf8',
    );
    expect(/ONE_CLICK_MANAGER_PUB_KEY = "(ed25519:\w+)"/.exec(sdk)?.[1]).toBe(PRESETS.mainnet.quoteSigningKey);
    expect(PRESETS.mainnet.quoteSigningKey).toBe(MAINNET_KEY);
    for (const seed of [DEFAULT_CONFIG.seed, 'another seed']) {
      expect(
        formatPublicKey(createContext({ ...DEFAULT_CONFIG, seed }).quoteSigner.publicKey),
        'one key whatever the seed',
      ).toBe(PRESETS.local.quoteSigningKey);
    }
  });
});

describe('answers our signer made', () => {
  const cases: [string, Answer][] = [
    ['dry', answer(true)],
    ['non-dry', answer(false)],
    [
      'non-dry with a memo and every optional',
      answer(false, OPTIONALS, {
        depositMemo: '1234567',
        ...OPTIONALS,
        virtualChainRecipient: OPTIONALS.virtualChainRecipient,
      }),
    ],
    ['dry with every optional', answer(true, OPTIONALS)],
    [
      'optionals null (as the live service sends them)',
      answer(
        false,
        { referral: null, virtualChainRecipient: null, quoteWaitingTimeMs: null },
        { depositMemo: null, refundFee: null },
      ),
    ],
    [
      'falsy optionals (0, empty)',
      answer(false, { quoteWaitingTimeMs: 0, referral: '' }, { timeEstimate: 0, refundFee: '', withdrawFee: '' }),
    ],
    ['a null amount field', answer(true, {}, { minAmountIn: null })],
  ];

  it.each(cases)('%s: both verify it', (_what, a) => {
    expect(both(a, KEY)).toEqual({ sdk: true, ours: true });
  });

  it.each(cases)(
    '%s: a signature without its prefix verifies on both; another key, a prefix in capitals, garbage, none do not',
    (_what, a) => {
      expect(both({ ...a, signature: a.signature.slice('ed25519:'.length) }, KEY)).toEqual({ sdk: true, ours: true });
      expect(both({ ...a, signature: a.signature.replace('ed25519', 'ED25519') }, KEY)).toEqual({
        sdk: false,
        ours: false,
      });
      expect(both(a, STAGING_KEY)).toEqual({ sdk: false, ours: false });
      for (const signature of ['', 'not-a-signature', 'ed25519:1111', 42, null])
        expect(both({ ...a, signature }, KEY)).toEqual({ sdk: false, ours: false });
    },
  );

  it('each signed field of a non-dry answer, changed: both refuse', () => {
    const a = answer(false, OPTIONALS, { depositMemo: '1234567', ...OPTIONALS });
    const changed = [
      ...SIGNED_REQUEST.map((f) => ({ ...a, quoteRequest: { ...a.quoteRequest, [f]: other(a.quoteRequest[f]) } })),
      ...['quoteWaitingTimeMs', 'referral'].map((f) => ({
        ...a,
        quoteRequest: { ...a.quoteRequest, [f]: other(a.quoteRequest[f]) },
      })),
      ...NON_DRY_QUOTE.map((f) => ({ ...a, quote: { ...a.quote, [f]: other(a.quote[f]) } })),
      { ...a, timestamp: other(a.timestamp) },
    ];
    for (const c of changed) expect(both(c, KEY)).toEqual({ sdk: false, ours: false });
  });

  it('each signed field of a dry answer, changed: both refuse', () => {
    const a = answer(true, OPTIONALS);
    const fields = [...SIGNED_REQUEST.filter((f) => f !== 'dry'), 'deadline', ...Object.keys(OPTIONALS)];
    for (const f of fields)
      expect(both({ ...a, quoteRequest: { ...a.quoteRequest, [f]: other(a.quoteRequest[f]) } }, KEY), f).toEqual({
        sdk: false,
        ours: false,
      });
    for (const f of AMOUNTS)
      expect(both({ ...a, quote: { ...a.quote, [f]: other(a.quote[f]) } }, KEY), f).toEqual({
        sdk: false,
        ours: false,
      });
  });

  it('what the signature leaves out, changed: both still verify (so the wallet checks those itself)', () => {
    const dry = answer(true);
    const live = answer(false, OPTIONALS, { ...OPTIONALS });
    const unsigned = [
      // Never signed: app fees, deposit mode, the correlation id, fields the SDK does not name.
      { ...live, quoteRequest: { ...live.quoteRequest, appFees: [{ recipient: 'mallory.near', fee: 500 }] } },
      { ...live, quoteRequest: { ...live.quoteRequest, depositMode: 'MEMO', confidentiality: 'advanced' } },
      { ...live, correlationId: 'another' },
      // A non-dry quote's own deadline, virtual-chain fields and message replace the request's.
      { ...live, quoteRequest: { ...live.quoteRequest, deadline: '2030-01-01T00:00:00.000Z' } },
      {
        ...live,
        quoteRequest: {
          ...live.quoteRequest,
          customRecipientMsg: 'changed',
          virtualChainRecipient: '0x3333333333333333333333333333333333333333',
        },
      },
      // A dry quote signs only its amounts.
      { ...dry, quote: { ...dry.quote, timeEstimate: 999, refundFee: '5', withdrawFee: '5' } },
    ];
    for (const u of unsigned) expect(both(u, KEY)).toEqual({ sdk: true, ours: true });
  });

  it('malformed answers: both refuse, neither throws', () => {
    const a = answer(false);
    for (const bad of [{ ...a, quoteRequest: null }, { ...a, quote: undefined }, {}, { signature: a.signature }]) {
      expect(both(bad, KEY)).toEqual({ sdk: false, ours: false });
    }
  });

  it('the one difference: a non-canonical signature (S + group order) is accepted by the SDK’s tweetnacl, refused here (RFC 8032 §5.1.7)', () => {
    const a = answer(false);
    const bytes = base58.decode(a.signature.slice('ed25519:'.length));
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 31; i >= 0; i--) s = (s << 8n) | BigInt(bytes[32 + i]!);
    const high = s + L;
    const malleated = Uint8Array.from(bytes);
    for (let i = 0; i < 32; i++) malleated[32 + i] = Number((high >> BigInt(8 * i)) & 0xffn);
    expect(both({ ...a, signature: `ed25519:${base58.encode(malleated)}` }, KEY)).toEqual({ sdk: true, ours: false });
  });
});

describe('the parts, held to the SDK’s json-stable-stringify 1.3.0', () => {
  it('stable JSON: arrays in order, undefined in an array as null; a missing request or quote throws', () => {
    const sdkStable = createRequire(import.meta.url)('json-stable-stringify') as (value: unknown) => string;
    for (const v of [[1, undefined, 'a'], { b: [{ d: 2, c: undefined }, null], a: [] }, [[{ z: 1, y: [true] }]]])
      expect(stableStringify(v)).toBe(sdkStable(v));
    const missing = [
      { ...answer(false), quoteRequest: null },
      { ...answer(true), quote: undefined },
    ];
    for (const bad of missing) expect(() => quoteSignedFields(bad)).toThrow(/^the quote answer has no quoteRequest/);
  });
});
