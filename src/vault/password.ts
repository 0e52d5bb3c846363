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

/** Which rule a password breaks: the code the popup words in the person's language (src/ui/wallet.ts). */
export type PasswordWeakness = 'short' | 'spaces' | 'common' | 'repetitive';

const WEAKNESS_TEXT: Record<PasswordWeakness, string> = {
  short: `use at least ${MIN_PASSWORD_LENGTH} characters`,
  spaces: 'remove spaces at the start or end',
  common: 'this is a well-known password; choose another',
  repetitive: 'use more different characters',
};

/** The rule the password breaks, or null when it is acceptable. */
export function weaknessOf(password: string): PasswordWeakness | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'short';
  if (password.trim() !== password) return 'spaces';
  if (COMMON.has(password.toLowerCase())) return 'common';
  if (new Set(password).size < 4) return 'repetitive';
  return null;
}

/** Why the password is too weak, in English, or null when it is acceptable. */
export function passwordWeakness(password: string): string | null {
  const weakness = weaknessOf(password);
  return weakness && WEAKNESS_TEXT[weakness];
}
