import { describe, expect, it } from 'vitest';
import {
  defaultDepositType,
  minimumIn,
  minimumText,
  type SwapButtonInput,
  swapButton,
} from '../../../src/ui/swapButton';

const WNEAR = { symbol: 'wNEAR', decimals: 24 };
const ONE = 10n ** 24n;
const base: SwapButtonInput = {
  depositType: 'INTENTS',
  swapType: 'EXACT_INPUT',
  amount: '1',
  origin: WNEAR,
  held: 12n * ONE,
  quotedIn: null,
  quoteError: null,
};

describe('the swap button says the situation', () => {
  it('Swap when the balance covers the amount, the deposit address when paying from another wallet', () => {
    expect(swapButton(base)).toMatchObject({ label: 'Swap', blocked: false });
    expect(swapButton({ ...base, amount: '12' })).toMatchObject({ label: 'Swap', blocked: false });
    expect(swapButton({ ...base, depositType: 'ORIGIN_CHAIN', amount: '5000' })).toMatchObject({
      label: 'Get deposit address',
      blocked: false,
    });
    expect(swapButton({ ...base, swapType: 'ANY_INPUT' }).label).toBe('Get deposit address');
  });

  it('Insufficient when the amount is over the balance, by one smallest unit too', () => {
    expect(swapButton({ ...base, amount: '5000' })).toMatchObject({ label: 'Insufficient wNEAR', blocked: true });
    expect(swapButton({ ...base, amount: '12.000000000000000000000001' })).toMatchObject({ blocked: true });
    expect(swapButton({ ...base, held: 0n })).toMatchObject({ label: 'Insufficient wNEAR', blocked: true });
  });

  it('for an exact output, compares what the quote takes in with the balance', () => {
    const out = { ...base, swapType: 'EXACT_OUTPUT' as const, amount: '100' };
    expect(swapButton({ ...out, quotedIn: 13n * ONE })).toMatchObject({ label: 'Insufficient wNEAR', blocked: true });
    expect(swapButton({ ...out, quotedIn: 11n * ONE })).toMatchObject({ label: 'Swap', blocked: false });
    // No quote yet: nothing to compare, the start checks again.
    expect(swapButton({ ...out, quotedIn: null })).toMatchObject({ label: 'Swap', blocked: false });
  });

  it('an unknown balance or unconfirmed decimals never block', () => {
    expect(swapButton({ ...base, amount: '5000', held: null }).blocked).toBe(false);
    expect(swapButton({ ...base, amount: '5000', origin: { symbol: 'X', decimals: null } }).blocked).toBe(false);
    expect(swapButton({ ...base, amount: 'abc' }).blocked).toBe(false);
  });

  it("names the service's minimum in the token's words, not smallest units", () => {
    const quoteError = 'Amount is too low for bridge, try at least 430000000000000000000000';
    expect(swapButton({ ...base, amount: '0.1', quoteError })).toMatchObject({
      label: 'Minimum 0.43 wNEAR',
      blocked: true,
    });
    expect(minimumIn(quoteError)).toBe(430_000_000_000_000_000_000_000n);
    expect(minimumIn('No liquidity available')).toBeNull();
    expect(minimumText(quoteError, { symbol: 'X', decimals: null })).toBeNull();
    // Another refusal leaves the button as the balance has it.
    expect(swapButton({ ...base, quoteError: 'No liquidity available' }).label).toBe('Swap');
  });

  it('pays from the balance by default only for a token the account holds', () => {
    expect(defaultDepositType(1n)).toBe('INTENTS');
    expect(defaultDepositType(0n)).toBe('ORIGIN_CHAIN');
    expect(defaultDepositType(null)).toBe('ORIGIN_CHAIN');
  });
});
