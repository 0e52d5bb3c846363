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

describe('refusals and edges', () => {
  it('parses u128 and i128 text or refuses it with the reason and the field', () => {
    expect(() => parseU128('-1', 'amount')).toThrow("amount: '-1' is not a u128 decimal string");
    expect(parseI128('-5')).toBe(-5n);
    expect(() => parseI128('1.5', 'diff')).toThrow("diff: '1.5' is not an i128 decimal string");
    expect(isI128String((I128_MAX + 1n).toString())).toBe(false);
  });

  it('takes decimals from 0 to 255 only', () => {
    expect(formatUnits(10n ** 255n, 255)).toBe('1');
    expect(parseUnits('1', 255)).toBe(10n ** 255n);
    expect(() => formatUnits(1n, 256)).toThrow('decimals: decimals must be an integer from 0 to 255, got 256');
    expect(() => parseUnits('1', 1.5)).toThrow(/got 1\.5$/);
  });

  it('parseUnits trims the text, reads every digit of a leading-dot fraction and names the amount', () => {
    expect(parseUnits('  1.5\n', 6)).toBe(1_500_000n);
    expect(parseUnits('.25', 2)).toBe(25n);
    expect(parseUnits('2.', 3)).toBe(2000n);
    expect(() => parseUnits('.5x', 6)).toThrow("amount: '.5x' is not a decimal amount");
    expect(() => parseUnits('0.1234567', 6)).toThrow("amount: '0.1234567' has more than 6 decimal places");
  });

  it('formatUnits writes zero without a sign', () => {
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(-1n, 2)).toBe('-0.01');
  });
});

describe('usdValue: prices and signs', () => {
  it('reads a price string trimmed and refuses one that is not a plain decimal, naming the price', () => {
    expect(usdValue(2n, 0, ' 1.25 ')).toBe('2.50');
    for (const bad of ['x1', '1x', '-1', '1e3', '']) {
      expect(() => usdValue(1n, 0, bad), bad).toThrow(`price: '${bad}' is not a non-negative decimal`);
    }
  });

  it('takes a price of zero and refuses a negative or infinite number with its own reason', () => {
    expect(usdValue(5n, 0, 0)).toBe('0.00');
    expect(() => usdValue(1n, 0, -1)).toThrow("price: '-1' is not a non-negative finite number");
    expect(() => usdValue(1n, 0, Number.POSITIVE_INFINITY)).toThrow("price: 'Infinity' is not a non-negative");
  });

  it('reads prices JS prints in exponent form, huge and tiny', () => {
    // 1e21 prints as "1e+21"; its digits are exact (10^21 is a double).
    expect(usdValue(1n, 0, 1e21)).toBe('1000000000000000000000.00');
    // 1e-21 has no digit in toFixed(20): the price reads as 0.
    expect(usdValue(10n ** 30n, 0, 1e-21)).toBe('0.00');
  });

  it('keeps the sign of a negative amount unless it rounds to zero', () => {
    expect(usdValue(-1_500_000n, 6, 1)).toBe('-1.50');
    expect(usdValue(-4n, 3, 1)).toBe('0.00');
    expect(usdValue(-5n, 3, 1)).toBe('-0.01');
  });

  it('rounds to whole dollars when asked for no fraction digits', () => {
    expect(usdValue(1_500_000n, 6, 1, 0)).toBe('2');
    expect(usdValue(1_499_999n, 6, 1, 0)).toBe('1');
    expect(usdValue(1_234n, 3, 1, 3)).toBe('1.234');
  });
});
