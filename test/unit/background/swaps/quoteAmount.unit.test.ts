// A quote that takes another amount than the swap form allows is refused in the person's words
// (src/background/swaps/quoteAmount.ts; docs/architecture.md, "Words and languages"): amounts with the
// token's decimals and symbol, never smallest units or the raw asset id, while the English message for
// the logs stays as it was.
import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../../../src/api/refusalWords';
import type { QuoteParams } from '../../../../src/api/swapApi';
import { said } from '../../../../src/background/phrase';
import { amountToSend } from '../../../../src/background/swaps/quoteAmount';
import type { TokenInfo } from '../../../../src/core';

const WNEAR = 'nep141:wrap.near';
const tokens: TokenInfo[] = [{ assetId: WNEAR, symbol: 'wNEAR', decimals: 24, blockchain: 'near' }];
const ONE = 10n ** 24n;

const request = (overrides: Partial<QuoteParams>): QuoteParams => ({
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: WNEAR,
  depositType: 'INTENTS',
  destinationAsset: 'nep141:usdc.near',
  amount: ONE.toString(),
  refundTo: 'alice.near',
  refundType: 'INTENTS',
  recipient: 'alice.near',
  recipientType: 'INTENTS',
  deadline: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

/** The refusal `f` throws, as the popup reads it: its English message and its words. */
function refusal(f: () => unknown): { message: string; words: string } {
  try {
    f();
  } catch (e) {
    const words = wordsOf((e as { data?: unknown }).data);
    return { message: (e as Error).message, words: words ? said(words) : '' };
  }
  throw new Error('not refused');
}

describe('amountToSend refusals', () => {
  it('EXACT_OUTPUT beyond the accepted quote and slippage: worded in wNEAR, not smallest units', () => {
    const r = refusal(() =>
      amountToSend(request({ swapType: 'EXACT_OUTPUT' }), ((ONE * 3n) / 2n).toString(), tokens, ONE.toString()),
    );
    expect(r.message).toContain(`takes ${(ONE * 3n) / 2n} of ${WNEAR}`);
    expect(r.words).toBe(
      'The swap service’s quote now takes 1.5 wNEAR, more than the 1 wNEAR you accepted allows with your slippage (at most 1.01 wNEAR); the swap was not started. Review the new quote.',
    );
  });

  it('EXACT_INPUT taking another amount than asked: both amounts in wNEAR', () => {
    const r = refusal(() => amountToSend(request({}), (2n * ONE).toString(), tokens));
    expect(r.words).toBe('The swap service’s quote takes 2 wNEAR, not the 1 wNEAR asked; the swap was not started.');
  });

  it('an amountIn that is no amount is said without echoing it', () => {
    const r = refusal(() => amountToSend(request({}), 'lots', tokens));
    expect(r.message).toContain("'lots'");
    expect(r.words).not.toContain('lots');
    expect(r.words).toContain('the swap was not started');
  });
});
