import { describe, expect, it } from 'vitest';
import {
  formatUnits,
  I128_MAX,
  I128_MIN,
  isI128String,
  isU128String,
  parseI128,
  parseU128,
  parseUnits,
  U128_MAX,
  usdValue,
} from '../../../src/core';
import { randomInt, seededRandom } from '../../fixtures/random';

describe('u128 / i128 strings', () => {
  it('accepts the bounds and refuses one past them', () => {
    expect(isU128String(U128_MAX.toString())).toBe(true);
    expect(isU128String((U128_MAX + 1n).toString())).toBe(false);
    expect(isI128String(I128_MAX.toString())).toBe(true);
    expect(isI128String(I128_MIN.toString())).toBe(true);
    expect(isI128String((I128_MIN - 1n).toString())).toBe(false);
  });

  it.each(['', '-1', '01', '1.0', '1e3', ' 1', '0x10', '+1'])('refuses %j as u128', (s) => {
    expect(isU128String(s)).toBe(false);
  });

  it('refuses -0 and leading zeros as i128, and names the field', () => {
    expect(isI128String('-0')).toBe(false);
    expect(isI128String('-01')).toBe(false);
    expect(() => parseI128('x', 'diff')).toThrow(/^diff: /);
    expect(parseU128('340282366920938463463374607431768211455')).toBe(U128_MAX);
  });
});

describe('parseUnits / formatUnits', () => {
  it('parses decimal text exactly', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n);
    expect(parseUnits('0.000001', 6)).toBe(1n);
    expect(parseUnits('.5', 1)).toBe(5n);
    expect(parseUnits('7', 0)).toBe(7n);
    expect(parseUnits('1', 24)).toBe(10n ** 24n);
  });

  it('refuses more fraction digits than the token has, signs, exponents and junk', () => {
    expect(() => parseUnits('0.0000001', 6)).toThrow(/more than 6 decimal places/);
    expect(() => parseUnits('1.5', 0)).toThrow(/more than 0/);
    for (const bad of ['-1', '1e6', '1,000', '', '.', 'abc', '1.2.3']) {
      expect(() => parseUnits(bad, 6), bad).toThrow(/decimal amount/);
    }
    expect(() => parseUnits('1', -1)).toThrow(/decimals/);
  });

  it('formats without floats and trims trailing zeros', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(1n, 24)).toBe('0.000000000000000000000001');
    expect(formatUnits(U128_MAX, 18)).toBe('340282366920938463463.374607431768211455');
    expect(formatUnits(-2_500_000n, 6)).toBe('-2.5');
    expect(formatUnits(100n, 0)).toBe('100');
  });

  it('property: parse(format(x)) = x for decimals 0–24', () => {
    const random = seededRandom(24);
    for (let decimals = 0; decimals <= 24; decimals++) {
      for (let i = 0; i < 40; i++) {
        const bytes = random(1 + randomInt(random, 16));
        const amount = BigInt(`0x${Buffer.from(bytes).toString('hex')}`) % (U128_MAX + 1n);
        expect(parseUnits(formatUnits(amount, decimals), decimals), `decimals ${decimals}, ${amount}`).toBe(amount);
      }
    }
  });
});

describe('usdValue', () => {
  it('multiplies exactly and rounds half up to cents', () => {
    expect(usdValue(1_500_000n, 6, 1)).toBe('1.50');
    expect(usdValue(10n ** 24n, 24, 3.21)).toBe('3.21');
    expect(usdValue(5n, 3, 1)).toBe('0.01'); // 0.005 → 0.01
    expect(usdValue(4n, 3, 1)).toBe('0.00');
    expect(usdValue(123_456_789n, 8, '97000.5')).toBe('119753.70');
  });

  it('handles prices printed in exponent form and refuses negative prices', () => {
    expect(usdValue(10n ** 18n * 1_000_000_000n, 18, 1.5e-7)).toBe('150.00');
    expect(() => usdValue(1n, 0, -1)).toThrow(/non-negative/);
    expect(() => usdValue(1n, 0, Number.NaN)).toThrow(/finite/);
  });
});
