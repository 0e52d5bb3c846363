// The folded swap options' summary (src/ui/pages/SwapOptions.tsx): what the options are now, in one line,
// and which fields live under them (a problem there opens them on submit).
import { describe, expect, it } from 'vitest';
import { OPTION_FIELDS, optionsSummary } from '../../../src/ui/pages/SwapOptions';
import { emptyForm, withAnyInput } from '../../../src/ui/swapForm';

const ME = 'alice.near';

describe('swap options summary', () => {
  it('a new form: exact in, the default slippage, from a wallet, to the own intents account', () => {
    expect(optionsSummary(emptyForm(ME), ME)).toBe('Exact in · 1 % slippage · from a wallet · to you');
  });

  it('says what changed: swap type, slippage, paying from the balance, another recipient or an address', () => {
    const form = {
      ...emptyForm(ME),
      swapType: 'EXACT_OUTPUT' as const,
      slippagePercent: '2.5',
      depositType: 'INTENTS' as const,
      recipient: 'bob.near',
    };
    expect(optionsSummary(form, ME)).toBe('Exact out · 2.5 % slippage · from your balance · to bob.near');
    expect(optionsSummary({ ...emptyForm(ME), recipientType: 'DESTINATION_CHAIN', recipient: '0xabc' }, ME)).toMatch(
      /to an address$/,
    );
    expect(optionsSummary({ ...emptyForm(ME), recipient: '' }, ME)).toMatch(/to no one yet$/);
    // ANY_INPUT always pays from the intents ledger.
    expect(optionsSummary(withAnyInput(emptyForm(ME), true), ME)).toBe(
      'ANY_INPUT · 1 % slippage · from your balance · to you',
    );
  });

  it('the recipient of a switched account is not "you" for the other account', () => {
    expect(optionsSummary(emptyForm(ME), 'carol.near')).toMatch(/to alice\.near$/);
  });

  it('names the fields it folds away, so that a problem in one opens it', () => {
    expect(OPTION_FIELDS).toEqual(
      expect.arrayContaining(['recipient', 'refundTo', 'slippagePercent', 'deadlineMinutes', 'depositMode']),
    );
    expect(OPTION_FIELDS).not.toContain('amount');
    expect(OPTION_FIELDS).not.toContain('originAsset');
    expect(OPTION_FIELDS).not.toContain('destinationAsset');
  });
});
