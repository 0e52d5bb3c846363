/**
 * Characters a page can hide in text it asks the user to sign: control and format characters,
 * bidirectional overrides and isolates (U+202A–202E, U+2066–2069), zero-width characters
 * (U+200B–200F, U+FEFF), line/paragraph separators and every other default-ignorable code point.
 * They can reorder what is shown (Unicode TR 9 "Trojan Source"), hide text, or make two different
 * strings look alike (Unicode TR 36 §2, TR 39 §3.3), so the wallet never renders them as they are:
 * it writes them as escapes (`\u202E`) the user can see. See docs/security.md.
 *
 * A literal backslash is left alone: `\u202E` typed by the page reads the same as an escaped one, and
 * both are harmless; the `hidden_characters` finding says when real ones were present.
 */

// Cc control, Cf format, Cs lone surrogate, Zl/Zp separators, plus Default_Ignorable_Code_Point
// (Hangul fillers, variation selectors, tag characters: invisible although not Cf).
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
const HIDDEN_ONE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

export interface VisibleTextOptions {
  /** Keep line feeds and tabs as they are (message text, JSON shown in a `<pre>`). */
  multiline?: boolean;
}

/** `\u202E` for a BMP code point, `\u{E0041}` beyond it: always visible, always unambiguous. */
function escapeCodePoint(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const digits = cp.toString(16).toUpperCase();
  return cp > 0xffff ? `\\u{${digits}}` : `\\u${digits.padStart(4, '0')}`;
}

/** The text with every hidden character written as an escape (idempotent: escapes are plain ASCII). */
export function visibleText(text: string, options: VisibleTextOptions = {}): string {
  return text.replace(HIDDEN, (ch) => (options.multiline && (ch === '\n' || ch === '\t') ? ch : escapeCodePoint(ch)));
}

/** True when the text holds a character `visibleText` would escape (line feeds and tabs excepted when multiline). */
export function hasHiddenCharacters(text: string, options: VisibleTextOptions = {}): boolean {
  if (!options.multiline) return HIDDEN_ONE.test(text);
  return visibleText(text, options) !== text;
}

/** True when any string in a JSON-like value (object keys included) holds a hidden character. */
export function containsHiddenCharacters(value: unknown): boolean {
  if (typeof value === 'string') return hasHiddenCharacters(value);
  if (Array.isArray(value)) return value.some(containsHiddenCharacters);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => hasHiddenCharacters(k) || containsHiddenCharacters(v));
  }
  return false;
}
