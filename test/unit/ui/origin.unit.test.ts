import { describe, expect, it } from 'vitest';
import { decodePunycodeLabel, originView } from '../../../src/ui/approve/origin';

// RFC 3492 §7.1 sample strings that are valid host labels, and common look-alike domains.
describe('punycode decoding of host labels (RFC 3492, RFC 5891 §5.4)', () => {
  it.each([
    ['mnchen-3ya', 'münchen'],
    ['bcher-kva', 'bücher'],
    ['80ak6aa92e', 'аррӏе'], // Cyrillic look-alike of "apple"
    ['e1afmkfd', 'пример'],
    ['ihqwcrb4cv8a8dqg056pqjye', '他们为什么不说中文'],
    ['mgbcah9ar9a4efegftvvn', 'ليهمابتكلموشعربي'],
  ])('xn--%s → %s', (label, text) => {
    expect(decodePunycodeLabel(label)).toBe(text);
  });

  it.each([
    ['a-:b', 'a character that is no punycode digit (once decoded to junk)'],
    ['ab-!!', 'punctuation'],
    ['99999999999999', 'overflow'],
    ['en32g', 'a code point past U+10FFFF'],
    ['abc', 'C1 control characters'],
    ['abc-', 'an ASCII-only result'],
    ['egbpdaj6bu4bxfgehfvwxn', 'punctuation in the result (the RFC 3492 Arabic sample ends in U+061F)'],
    ['ab-g4t', 'a right-to-left override in the result'],
    ['ab-3w4a', 'a Hangul filler (invisible) in the result'],
    ['b-5da', 'an upper-case letter in the result'],
    ['a.b-', 'a dot in the result'],
    ['MNCHEN-3YA-', 'a non-canonical encoding'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (label) => {
    expect(decodePunycodeLabel(label)).toBeNull();
  });
});

describe('originView', () => {
  it('keeps the raw xn-- host (with port) as the host and offers the decoded form beneath', () => {
    expect(originView('https://xn--80ak6aa92e.com:8443')).toEqual({
      origin: 'https://xn--80ak6aa92e.com:8443',
      host: 'xn--80ak6aa92e.com:8443',
      unicodeHost: 'аррӏе.com:8443',
      punycode: true,
      insecure: false,
    });
  });

  it('flags an IDN whose label is not valid punycode but never decodes it', () => {
    // The URL parser itself refuses most bad labels; this one (ASCII-only once decoded) gets through it.
    const v = originView('https://xn--abc-.example');
    expect(v).toMatchObject({ host: 'xn--abc-.example', punycode: true });
    expect(v.unicodeHost).toBeUndefined();
  });

  it('flags plain http except on this machine', () => {
    expect(originView('http://dapp.example').insecure).toBe(true);
    expect(originView('http://127.0.0.1:5173').insecure).toBe(false);
    expect(originView('http://[::1]:5173').insecure).toBe(false);
    expect(originView('https://app.near-intents.org')).toEqual({
      origin: 'https://app.near-intents.org',
      host: 'app.near-intents.org',
      punycode: false,
      insecure: false,
    });
  });
});
