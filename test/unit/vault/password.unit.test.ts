// The vault's password rules (src/vault/password.ts), at their edges.
import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordWeakness } from '../../../src/vault';

describe('passwordWeakness', () => {
  it('wants ten characters at least', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(passwordWeakness('abcd12345')).toBe('use at least 10 characters');
    expect(passwordWeakness('abcd123456')).toBeNull();
  });

  it('refuses spaces at either end, not inside', () => {
    expect(passwordWeakness(' abcd123456')).toBe('remove spaces at the start or end');
    expect(passwordWeakness('abcd123456\t')).toBe('remove spaces at the start or end');
    expect(passwordWeakness('abcd 123456')).toBeNull();
  });

  it('refuses a well-known password in any case', () => {
    expect(passwordWeakness('PassWord123')).toBe('this is a well-known password; choose another');
    expect(passwordWeakness('password1234')).toBeNull();
  });

  it('wants four different characters at least', () => {
    expect(passwordWeakness('abcabcabcabc')).toBe('use more different characters');
    expect(passwordWeakness('abcdabcdabcd')).toBeNull();
  });
});
