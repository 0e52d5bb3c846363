/** Password rules for the vault: long enough, not a well-known password, not one repeated character. */
export const MIN_PASSWORD_LENGTH = 10;

const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  '1234567890',
  '12345678910',
  'qwertyuiop',
  'iloveyou12',
  'qwerty1234',
  '0123456789',
  'abcdefghij',
  'letmein123',
  'welcome123',
  'administrator',
  'passw0rd12',
  'trustno1234',
]);

/** Why the password is too weak, or null when it is acceptable. */
export function passwordWeakness(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.trim() !== password) return 'remove spaces at the start or end';
  if (COMMON.has(password.toLowerCase())) return 'this is a well-known password; choose another';
  if (new Set(password).size < 4) return 'use more different characters';
  return null;
}
