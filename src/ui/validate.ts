// Form checks the popup runs before asking the background (which checks everything again).
// Each returns the problem in plain words, or null when the input is acceptable.
import { isValidAccountId } from '../core/account';

/** The vault's minimum (src/vault/password.ts); the background gives the full reason when weaker. */
export const MIN_PASSWORD_LENGTH = 10;
export const AUTO_LOCK_MIN = 1;
export const AUTO_LOCK_MAX = 1440;

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const PUBLIC_KEY_RE = new RegExp(`^ed25519:${BASE58}{43,44}$`);
/** A 32-byte seed (43–44 chars) or the 64-byte seed ‖ public key form (86–88 chars). */
const SECRET_KEY_RE = new RegExp(`^(ed25519:)?(${BASE58}{43,44}|${BASE58}{86,88})$`);

export function passwordLengthProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? `Use at least ${MIN_PASSWORD_LENGTH} characters` : null;
}

export function passwordMatchProblem(password: string, confirm: string): string | null {
  return password !== confirm ? 'The two passwords do not match' : null;
}

export function newPasswordProblem(password: string, confirm: string): string | null {
  return passwordLengthProblem(password) ?? passwordMatchProblem(password, confirm);
}

export function httpUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'Enter a URL';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Not a URL (it should start with http:// or https://)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Use an http:// or https:// URL';
  if (url.username || url.password) return 'Leave credentials out of the URL; use the key fields below';
  return null;
}

export function autoLockProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `Enter whole minutes, ${AUTO_LOCK_MIN}–${AUTO_LOCK_MAX}`;
  const minutes = Number(trimmed);
  if (minutes < AUTO_LOCK_MIN || minutes > AUTO_LOCK_MAX)
    return `Choose between ${AUTO_LOCK_MIN} and ${AUTO_LOCK_MAX} minutes`;
  return null;
}

export function publicKeyProblem(text: string): string | null {
  if (!text.trim()) return 'Paste a public key';
  return PUBLIC_KEY_RE.test(text.trim())
    ? null
    : 'A public key looks like ed25519: followed by 43–44 base58 characters';
}

export function secretKeyProblem(text: string): string | null {
  if (!text.trim()) return 'Paste a secret key';
  return SECRET_KEY_RE.test(text.trim()) ? null : 'A secret key looks like ed25519: followed by base58 characters';
}

/** The phrase's words, lowercased, whatever spaces or line breaks separate them. */
export function phraseWords(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

export function phraseProblem(text: string): string | null {
  const count = phraseWords(text).length;
  if (count === 0) return 'Enter your recovery phrase';
  if (count !== 12 && count !== 24) return `A recovery phrase has 12 or 24 words; this has ${count}`;
  return null;
}

export function accountIdProblem(text: string): string | null {
  const id = text.trim();
  if (!id) return 'Enter an account id';
  if (id !== id.toLowerCase()) return 'Account ids are lowercase';
  return isValidAccountId(id) ? null : 'Not a valid account id (for example alice.near)';
}

export function labelProblem(text: string): string | null {
  const label = text.trim();
  if (!label) return 'Enter a name';
  return label.length > 64 ? 'Keep the name to 64 characters' : null;
}
