import { describe, expect, it } from 'vitest';
import { decodePunycodeLabel, originView } from '../../../src/background/origin';

// RFC 3492 §7.1 sample strings and common look-alike domains.
describe('punycode decoding (RFC 3492)', () => {
  it.each([
    ['mnchen-3ya', 'münchen'],
    ['bcher-kva', 'bücher'],
    ['80ak6aa92e', 'аррӏе'], // Cyrillic look-alike of "apple"
    ['ihqwcrb4cv8a8dqg056pqjye', '他们为什么不说中文'],
    ['egbpdaj6bu4bxfgehfvwxn', 'ليهمابتكلموشعربي؟'],
  ])('xn--%s → %s', (label, text) => {
    expect(decodePunycodeLabel(label)).toBe(text);
  });

  it('returns null for malformed input', () => {
    expect(decodePunycodeLabel('ab-!!')).toBeNull();
    expect(decodePunycodeLabel('99999999999999')).toBeNull();
  });
});

describe('originView', () => {
  it('decodes and flags punycode hosts, keeps the port', () => {
    expect(originView('https://xn--80ak6aa92e.com:8443')).toEqual({
      origin: 'https://xn--80ak6aa92e.com:8443',
      host: 'аррӏе.com:8443',
      punycode: true,
      insecure: false,
    });
  });

  it('flags plain http except on this machine', () => {
    expect(originView('http://dapp.example').insecure).toBe(true);
    expect(originView('http://127.0.0.1:5173').insecure).toBe(false);
    expect(originView('https://app.near-intents.org')).toMatchObject({ host: 'app.near-intents.org', punycode: false, insecure: false });
  });
});
