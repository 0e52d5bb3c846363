import { describe, expect, it } from 'vitest';
import { readStoredAnswer, storedQuoteWords } from '../../../src/oneclick';

/** A stored answer as the live service writes it (`near` chain id, nulls for absent fields). */
const answer = () => ({
  timestamp: '2026-09-01T19:00:00.000Z',
  signature: 'ed25519:4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
  quoteRequest: { dry: false, appFees: [] },
  quote: {
    amountIn: '10000',
    amountInFormatted: '0.0001',
    amountInUsd: '6.2376',
    amountOut: '5931560',
    amountOutFormatted: '5.93156',
    amountOutUsd: '5.9311',
    minAmountOut: '5872244',
    timeEstimate: 812,
    depositAddress: 'bc1q9x2nq6e0mmr3r9w7y0c4mpl2d7rf7v4j0gq5x3',
    depositMemo: null as string | null,
    chainDepositAddresses: [{ blockchain: 'near', address: 'a'.repeat(64), memo: null }],
  },
});

describe('the one reader of a stored quote answer', () => {
  it('parses with the service schema: nulls absent, the live chain id `near` read as `home`, the raw kept for the signature', () => {
    const read = readStoredAnswer(JSON.stringify(answer()));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.answer.quote.depositMemo).toBeUndefined();
    expect(read.answer.quote.chainDepositAddresses).toEqual([{ blockchain: 'home', address: 'a'.repeat(64) }]);
    expect(read.raw).toEqual(answer());
    expect(storedQuoteWords(JSON.stringify(answer()))?.amountIn).toBe('10000');
  });

  it.each<[string, string, string, boolean]>([
    ['text', 'not json', 'is not JSON', false],
    ['null', 'null', 'is not a quote answer', false],
    ['an array', '[1]', 'is not a quote answer', false],
    [
      'an amount as a number',
      JSON.stringify({ ...answer(), quote: { ...answer().quote, amountIn: 10000 } }),
      'does not have the shape of a quote',
      true,
    ],
    ['no signature', JSON.stringify({ ...answer(), signature: undefined }), 'does not have the shape of a quote', true],
  ])('refuses %s, saying why, and words of it are none', (_what, json, why, hasRaw) => {
    const read = readStoredAnswer(json);
    expect(read).toMatchObject({ ok: false, why });
    expect(read.raw !== undefined).toBe(hasRaw);
    expect(storedQuoteWords(json)).toBeNull();
  });
});
