// The judge of the text check (test/e2e/messagesOnScreen.ts; docs/testing.md, "Words from the catalogue"):
// which pieces of a screen's text are neither a message of the catalogue nor data. Pure, so the rule itself
// is tested (test/unit/support/messageCheck.unit.test.ts).
import { formatMessage, type MessageEntry } from '../../src/core/messages';

export type Catalogue = Record<string, MessageEntry>;
export interface Piece {
  text: string;
  where: string;
}

export const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SUB = '\u0000';
/**
 * Where a piece had an element inside a message (src/ui/approve/Placed.tsx): the element's own words are
 * pieces of their own, so the hole stands for text already judged.
 */
export const HOLE = '\u0001';

/** Each message as a pattern: its words literal, each substitution any text (captured). */
function templates(catalogue: Catalogue): RegExp[] {
  const holes = Array.from({ length: 9 }, () => SUB);
  return Object.keys(catalogue)
    .map((key) => norm(formatMessage(catalogue, key, holes)))
    .filter((text) => /\p{L}/u.test(text.replaceAll(SUB, '')))
    .map((text) => new RegExp(`^${text.split(SUB).map(literal).join('(.+?)')}$`, 'su'));
}

const STRIP = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
/** A token's pieces between punctuation, each number written as 0 (Intl's "2分钟后" and "14分钟后" alike). */
const parts = (token: string): string[] =>
  token
    .split(/[\p{P}\p{S}]+/u)
    .filter(Boolean)
    .map((p) => p.replace(/\d+/g, '0'));

/**
 * A word as a dictionary has it ("Swap", "cross-chain", "envío", "兑换"), as opposed to an identifier or a
 * symbol: one with a digit, a dot, a colon and the like, or a capital after its first letter ("USDC",
 * "wNEAR", "alice.near", "0x5aAe…eAed").
 */
const isWord = (token: string) =>
  /\p{Lo}/u.test(token) || (/\p{L}/u.test(token) && !/[0-9._:@/…#]/.test(token) && !/.\p{Lu}/u.test(token));

/**
 * The pieces that are neither a message of `catalogue` (its placeholders taking anything that itself
 * passes) nor data: text without a word (see isWord), a piece or word of `data` (what the screen shows of
 * the person's own, chain names), or a word of `intlWords` (what Intl writes in this language).
 */
export function unexplained(
  pieces: readonly Piece[],
  catalogue: Catalogue,
  data: readonly string[],
  intlWords: readonly string[],
): Piece[] {
  const patterns = templates(catalogue);
  const whole = new Set(data.map(norm));
  const words = new Set(
    [...intlWords, ...data].flatMap((w) => norm(w).split(' ')).flatMap((w) => [w.replace(STRIP, ''), ...parts(w)]),
  );
  // A word of a script written without spaces (Chinese) may hold Intl's words between punctuation and
  // digits ("17:31（14分钟后）"): its parts are read each, any number standing for any other.
  const known = (token: string) =>
    words.has(token) || (/\p{Lo}/u.test(token) && parts(token).every((p) => !isWord(p) || words.has(p)));
  const explained = (text: string, depth: number): boolean => {
    const bare = norm(text.replaceAll(HOLE, ' '));
    if (!bare || whole.has(bare)) return true;
    if (depth < 3)
      for (const p of patterns) {
        const m = p.exec(text);
        if (m?.slice(1).every((sub) => explained(norm(sub), depth + 1))) return true;
      }
    return bare.split(' ').every((w) => {
      const token = w.replace(STRIP, '');
      return !isWord(token) || known(token);
    });
  };
  return pieces.map((p) => ({ ...p, text: norm(p.text) })).filter((p) => !explained(p.text, 0));
}
