// Form checks the popup runs before asking the background (which checks everything again).
// Each returns the problem in plain words (messages of the catalogue), or null when the input is acceptable.
import { isValidAccountId } from '../core/account';
import { t } from './i18n';

/** The vault's minimum (src/vault/password.ts); the background gives the full reason when weaker. */
export const MIN_PASSWORD_LENGTH = 10;
export const AUTO_LOCK_MIN = 1;
export const AUTO_LOCK_MAX = 1440;
/** The longest name an account may have, in characters. */
const LABEL_MAX = 64;

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const PUBLIC_KEY_RE = new RegExp(`^ed25519:${BASE58}{43,44}$`);
/** A 32-byte seed (43–44 chars) or the 64-byte seed ‖ public key form (86–88 chars). */
const SECRET_KEY_RE = new RegExp(`^(ed25519:)?(${BASE58}{43,44}|${BASE58}{86,88})$`);

export function passwordLengthProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? t('validate_passwordLength', String(MIN_PASSWORD_LENGTH)) : null;
}

export function passwordMatchProblem(password: string, confirm: string): string | null {
  return password !== confirm ? t('validate_passwordMismatch') : null;
}

export function newPasswordProblem(password: string, confirm: string): string | null {
  return passwordLengthProblem(password) ?? passwordMatchProblem(password, confirm);
}

export function httpUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return t('validate_urlEnter');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return t('validate_urlNot');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return t('validate_urlScheme');
  if (url.username || url.password) return t('validate_urlCredentials');
  return null;
}

export function autoLockProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return t('validate_autoLockWhole', String(AUTO_LOCK_MIN), String(AUTO_LOCK_MAX));
  const minutes = Number(trimmed);
  if (minutes < AUTO_LOCK_MIN || minutes > AUTO_LOCK_MAX)
    return t('validate_autoLockRange', String(AUTO_LOCK_MIN), String(AUTO_LOCK_MAX));
  return null;
}

export function publicKeyProblem(text: string): string | null {
  if (!text.trim()) return t('validate_publicKeyEnter');
  return PUBLIC_KEY_RE.test(text.trim()) ? null : t('validate_publicKeyShape');
}

export function secretKeyProblem(text: string): string | null {
  if (!text.trim()) return t('validate_secretKeyEnter');
  return SECRET_KEY_RE.test(text.trim()) ? null : t('validate_secretKeyShape');
}

/** The phrase's words, lowercased, whatever spaces or line breaks separate them. */
export function phraseWords(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

export function phraseProblem(text: string): string | null {
  const count = phraseWords(text).length;
  if (count === 0) return t('validate_phraseEnter');
  if (count !== 12 && count !== 24) return t('validate_phraseCount', String(count));
  return null;
}

export function accountIdProblem(text: string): string | null {
  const id = text.trim();
  if (!id) return t('validate_accountEnter');
  if (id !== id.toLowerCase()) return t('validate_accountLowercase');
  return isValidAccountId(id) ? null : t('validate_accountInvalid');
}

export function labelProblem(text: string): string | null {
  const label = text.trim();
  if (!label) return t('validate_nameEnter');
  return label.length > LABEL_MAX ? t('validate_nameLong', String(LABEL_MAX)) : null;
}
