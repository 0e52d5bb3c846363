// Amounts in the person's locale (src/ui/numbers.ts through src/ui/amountText.ts): only the grouping and the
// decimal mark change; every digit of the exact decimal string stays, however long.
import { afterEach, describe, expect, it } from 'vitest';
import { amountOf } from '../../../src/core/phrase';
import { signedAmountWords, tokenAmountWords, tokenTable } from '../../../src/core/tokens';
import { readableAmount, readableDecimal, readableUsd } from '../../../src/ui/amountText';
import { said } from '../../../src/ui/phrase';

const i18n = (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n;
const english = i18n.getUILanguage;
const inLocale = (locale: string) => {
  i18n.getUILanguage = () => locale;
};
afterEach(() => {
  i18n.getUILanguage = english;
});

describe('amounts in the person’s locale', () => {
  it('US English: commas group thousands, a dot marks decimals, the dollar sign first', () => {
    expect(readableDecimal('1234567.125')).toBe('1,234,567');
    expect(readableDecimal('12.345678')).toBe('12.3456');
    expect(readableUsd('1234.567')).toBe('$1,234.56');
  });

  it('Spanish: dots group, a comma marks decimals, US$ after the amount; the digits are the same', () => {
    inLocale('es');
    expect(readableDecimal('12345.678901')).toBe('12.345,6');
    expect(readableDecimal('12.345678')).toBe('12,3456');
    expect(readableDecimal('0.0000001')).toBe('<0,000001');
    expect(readableUsd('1234.567')).toMatch(/^1234,56\s?US\$$/);
    expect(readableUsd(0.004)).toMatch(/^<0,01\s?US\$$/);
  });

  it('never goes through a float: a whole part beyond 2^53 keeps every digit', () => {
    inLocale('es');
    expect(readableAmount(123456789012345678901234n, 0)).toBe('123.456.789.012.345.678.901.234');
    inLocale('de-CH');
    const swiss = readableAmount(123456789012345678901234n, 0);
    expect(swiss.replace(/\D/g, '')).toBe('123456789012345678901234');
    expect(swiss.split(/\d+/).filter(Boolean)).toEqual(Array(7).fill(swiss[3]));
    expect(swiss[3]).not.toBe(',');
  });

  it('Chinese (China): grouped as English, the dollar written US$', () => {
    inLocale('zh-CN');
    expect(readableDecimal('1234.5')).toBe('1,234.5');
    expect(readableUsd('1234.5')).toBe('US$1,234.50');
  });
});

describe('amounts the background words (an Amount inside a phrase)', () => {
  const tokens = tokenTable([{ assetId: 'nep141:wrap.near', symbol: 'wNEAR', decimals: 24, blockchain: 'near' }]);
  const oneAndAHalfThousandth = 1_005_000_000_000_000_000_000_000n; // 1.005 wNEAR

  it('take the person’s decimal mark, every digit kept and none grouped: 1.005 never reads as a thousand and five', () => {
    inLocale('es');
    expect(said(tokenAmountWords(oneAndAHalfThousandth, 'nep141:wrap.near', tokens))).toBe('1,005 wNEAR');
    expect(said(signedAmountWords(-oneAndAHalfThousandth * 1000n, 'nep141:wrap.near', tokens))).toBe('-1005 wNEAR');
    expect(said([amountOf('0.000001', 'wNEAR'), amountOf('12')])).toBe('0,000001 wNEAR, 12');
    inLocale('en-US');
    expect(said(tokenAmountWords(oneAndAHalfThousandth, 'nep141:wrap.near', tokens))).toBe('1.005 wNEAR');
  });

  it('leave a page’s own text as it came, whatever it looks like', () => {
    inLocale('es');
    expect(said('1.005 wNEAR')).toBe('1.005 wNEAR');
  });
});
