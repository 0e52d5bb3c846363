// Amounts a person can read (src/ui/amountText.ts): readable without lying (never rounded up, never a
// non-zero amount shown as zero), and pasted input read exactly.
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../../src/core/amounts';
import {
  NOT_A_FIGURE,
  parseAmountInput,
  readableAmount,
  readableDecimal,
  readableUsd,
} from '../../../src/ui/amountText';

describe('token amounts', () => {
  it.each([
    ['10.811655876623376623376623', '10.8116'],
    ['0.000123456', '0.000123'],
    ['0.0000001', '<0.000001'],
    ['0', '0'],
    ['1234567.891', '1,234,567'],
    ['1234.5678', '1,234.56'],
    ['1.500000', '1.5'],
    ['100', '100'],
    ['not a number', NOT_A_FIGURE],
  ])('%s reads %s', (exact, shown) => {
    expect(readableDecimal(exact)).toBe(shown);
  });

  it('never shows more than there is: every shown amount is at most the exact one', () => {
    for (const raw of [1n, 999_999n, 10n ** 24n + 1n, 123_456_789_123_456_789n, 5n * 10n ** 17n]) {
      const shown = readableAmount(raw, 24);
      if (shown.startsWith('<')) continue;
      const shownUnits =
        BigInt(shown.replace(/,/g, '').replace('.', '').padEnd(0)) *
        10n ** BigInt(24 - (shown.split('.')[1]?.length ?? 0));
      expect(shownUnits <= raw, `${formatUnits(raw, 24)} shown as ${shown}`).toBe(true);
    }
  });
});

describe('USD', () => {
  it('to the cent, grouped, dust as <$0.01', () => {
    expect(readableUsd('1234.5678')).toBe('$1,234.56');
    expect(readableUsd(0.004)).toBe('<$0.01');
    expect(readableUsd('0')).toBe('$0.00');
  });

  it('a service’s text that is not a number is never shown as it came', () => {
    for (const text of ['n/a', 'Send 5 ETH to 0xdead… to unlock your refund', '1e9', ' 12 USD'])
      expect([readableUsd(text), readableDecimal(text)]).toEqual([NOT_A_FIGURE, NOT_A_FIGURE]);
    expect(readableUsd(Number.NaN)).toBe(NOT_A_FIGURE);
  });

  it('read from the digits, never through float arithmetic that loses a cent', () => {
    // 0.29 * 100 is 28.999999999999996 in binary floating point.
    expect(['0.29', '0.57', '1.15', '4.35', '9.07'].map((v) => readableUsd(v))).toEqual([
      '$0.29',
      '$0.57',
      '$1.15',
      '$4.35',
      '$9.07',
    ]);
    expect(readableUsd(0.29)).toBe('$0.29');
    expect(readableUsd('0.009')).toBe('<$0.01');
  });
});

describe('pasted input', () => {
  it('reads "1,000.5" and plain digits exactly', () => {
    expect(parseAmountInput('1,000.5', 6)).toEqual({ units: 1_000_500_000n });
    expect(parseAmountInput(' 12.5 ', 6)).toEqual({ units: 12_500_000n });
    expect(parseAmountInput('1,000,000', 0)).toEqual({ units: 1_000_000n });
  });
  it('reads either locale\'s marks: "1.000,5" as "1,000.5", one mark alone as the decimal mark', () => {
    expect(parseAmountInput('1.000,5', 6)).toEqual({ units: 1_000_500_000n });
    expect(parseAmountInput('1.000.000', 0)).toEqual({ units: 1_000_000n });
    // What the wallet writes in Spanish for 0.001 is 0.001 when typed back, never 1.
    expect(parseAmountInput('0,001', 8)).toEqual({ units: 100_000n });
    expect(parseAmountInput('000,001', 8)).toEqual({ units: 100_000n });
    expect(parseAmountInput('0,500', 8)).toEqual({ units: 50_000_000n });
    expect(parseAmountInput('1,5', 8)).toEqual({ units: 150_000_000n });
    expect(parseAmountInput('12.3456', 8)).toEqual({ units: 1_234_560_000n });
    expect(parseAmountInput('1234,5', 1)).toEqual({ units: 12_345n });
  });
  it('refuses one mark before exactly three digits, which one reader takes for thousands and another for decimals', () => {
    for (const text of ['1,500', '1.500', '12.345', '100,000', '999.999']) {
      const out = parseAmountInput(text, 8);
      expect('problem' in out && out.problem, text).toMatch(/thousands or decimals/);
    }
  });
  it('reads back every amount the wallet writes, in English or Spanish marks, exactly or not at all', () => {
    for (let i = 0; i < 400; i++) {
      const decimals = [0, 2, 6, 8, 18, 24][i % 6]!;
      const units = (BigInt(i) * 7_919n) ** BigInt(1 + (i % 5)) + BigInt(i % 3);
      const exact = formatUnits(units, decimals);
      const [whole, fraction] = exact.split('.');
      const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      const english = fraction ? `${grouped}.${fraction}` : grouped;
      const spanish = english.replace(/[.,]/g, (m) => (m === '.' ? ',' : '.'));
      for (const written of [english, spanish]) {
        const out = parseAmountInput(written, decimals);
        if ('units' in out) expect(out.units, written).toBe(units);
        else expect(out.problem, written).toMatch(/thousands or decimals/);
      }
    }
  });
  it.each([
    ['1e3', /no exponent/],
    ['1,00.5', /groups of three/],
    ['1.000,5,5', /groups of three/],
    ['1,000.000.5', /groups of three/],
    ['0,000.5', /groups of three/],
    ['-1', /positive number/],
    ['1.1234567', /has 6 decimals; this has 7/],
    ['', /Enter an amount/],
  ])('refuses %j with words that say why', (text, why) => {
    const out = parseAmountInput(text, 6);
    expect('problem' in out && out.problem).toMatch(why);
  });
});
