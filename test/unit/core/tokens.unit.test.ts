// Token amounts as notifications and previews word them (src/core/tokens.ts): a known token in its
// decimals and symbol, an unknown one in units of its id, hidden characters escaped in both; and the
// short form of an address, only past 14 characters; signed amounts as a token_diff preview words them
// ("-1.5 wNEAR", "+7 units of …").
import { describe, expect, it } from 'vitest';
import { formatTokenAmount, shortAddress, signedAmountWords, tokenTable } from '../../../src/core';

const table = tokenTable([
  { assetId: 'nep141:usdc.near', symbol: 'USDC', decimals: 6, blockchain: 'near' },
  { assetId: 'nep141:evil.near', symbol: 'US\u202eDC', decimals: 0, blockchain: 'near' },
]);

describe('formatTokenAmount', () => {
  it('words a known token in its decimals and symbol', () => {
    expect(formatTokenAmount(1_500_000n, 'nep141:usdc.near', table)).toBe('1.5 USDC');
    expect(formatTokenAmount(7n, 'nep141:evil.near', table)).toBe('7 US\\u202EDC');
  });

  it('words an unknown token in units of its id, hidden characters escaped', () => {
    expect(formatTokenAmount(1_500_000n, 'nep141:other.near', table)).toBe('1500000 units of nep141:other.near');
    expect(formatTokenAmount(2n, 'nep245:mt.near:a\u200bb', table)).toBe('2 units of nep245:mt.near:a\\u200Bb');
  });
});

describe('shortAddress', () => {
  it('keeps up to 14 characters whole and shortens longer ones to 6…4', () => {
    expect(shortAddress('12345678901234')).toBe('12345678901234');
    expect(shortAddress('0xab5801a7d398351b8be11c439e05c5b3259aeccd')).toBe('0xab58…eccd');
    expect(shortAddress('123456789012345')).toBe('123456…2345');
  });
});

describe('signedAmountWords', () => {
  it('words a known token with its sign and the magnitude in its decimals', () => {
    expect(signedAmountWords(-1_500_000n, 'nep141:usdc.near', table)).toEqual({ decimal: '-1.5', unit: 'USDC' });
    expect(signedAmountWords(2_000_000n, 'nep141:usdc.near', table)).toEqual({ decimal: '+2', unit: 'USDC' });
    expect(signedAmountWords(0n, 'nep141:usdc.near', table)).toEqual({ decimal: '+0', unit: 'USDC' });
    expect(signedAmountWords(-7n, 'nep141:evil.near', table)).toEqual({ decimal: '-7', unit: 'US\\u202EDC' });
  });

  it('words an unknown token as signed units of its id, escaped', () => {
    expect(signedAmountWords(-1_500_000n, 'nep141:other.near', table)).toEqual({
      key: 'amount_unitsOf',
      subs: ['-1500000', 'nep141:other.near'],
    });
    expect(signedAmountWords(7n, 'nep245:mt.near:a\u200bb', table)).toEqual({
      key: 'amount_unitsOf',
      subs: ['+7', 'nep245:mt.near:a\\u200Bb'],
    });
    expect(signedAmountWords(0n, 'nep141:other.near', table)).toEqual({
      key: 'amount_unitsOf',
      subs: ['+0', 'nep141:other.near'],
    });
  });
});
