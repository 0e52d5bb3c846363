// The words the background writes for a person (src/background/phrase.ts): an amount inside them takes
// the browser language's decimal mark, as the pages' amounts do, so a Spanish notification never writes
// 1.005 wNEAR, which a Spanish reader takes for a thousand and five; a swap's stored English amount is
// read back as an amount, and raw units stay as they are.
import { afterEach, describe, expect, it } from 'vitest';
import { said, storedAmount } from '../../../src/background/phrase';
import { amountOf } from '../../../src/core/phrase';

const i18n = (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n;
const english = i18n.getUILanguage;
afterEach(() => {
  i18n.getUILanguage = english;
});

describe('amounts in the background’s words', () => {
  it('take the browser language’s decimal mark, every digit kept', () => {
    i18n.getUILanguage = () => 'es';
    expect(said(amountOf('1.005', 'wNEAR'))).toBe('1,005 wNEAR');
    expect(said(storedAmount('2.5 wNEAR'))).toBe('2,5 wNEAR');
    i18n.getUILanguage = () => 'en-US';
    expect(said(storedAmount('2.5 wNEAR'))).toBe('2.5 wNEAR');
  });

  it('a stored amount in raw units, or text that is no amount, is left as it is', () => {
    i18n.getUILanguage = () => 'es';
    expect(storedAmount('7 units of nep141:x.near')).toBe('7 units of nep141:x.near');
    expect(storedAmount('any token')).toBe('any token');
  });
});
