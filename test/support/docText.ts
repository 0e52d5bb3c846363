// Reading what docs/ states, for tests that hold the docs to the code (test/unit/docs.unit.test.ts):
// a section under its heading, a Markdown table row by its first cell, and the numbers as the docs write
// them (900,000 · 16,384 · 0.05 · "three" · "a hundred"). Text is compared with its line breaks and runs
// of spaces as single spaces, so rewrapping a paragraph never breaks a test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const docCache = new Map<string, string>();

/** docs/<name> as written. */
export function docSource(name: string): string {
  let text = docCache.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(ROOT, 'docs', name), 'utf8');
    docCache.set(name, text);
  }
  return text;
}

/** Every `#…` heading of a doc, without its hashes. */
export function headings(name: string): string[] {
  return [...docSource(name).matchAll(/^(#{1,6}) +(.+?) *$/gm)].map((m) => m[2]!);
}

/**
 * The lines under `heading` (any level) up to the next heading of the same or a higher level; the whole
 * doc without a heading. Throws, naming the headings there are, when the heading is gone.
 */
export function sectionLines(name: string, heading?: string): string[] {
  const lines = docSource(name).split('\n');
  if (heading === undefined) return lines;
  const at = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ +/, '').trim() === heading);
  if (at === -1)
    throw new Error(`docs/${name} has no heading "${heading}" any more (its headings: ${headings(name).join(' · ')})`);
  const level = /^#+/.exec(lines[at]!)![0].length;
  const end = lines.findIndex((l, i) => i > at && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(at + 1, end === -1 ? undefined : end);
}

/** A section's text with every run of white space as one space. */
export function sectionText(name: string, heading?: string): string {
  return sectionLines(name, heading).join('\n').replace(/\s+/g, ' ');
}

/** The cells of the table row under `heading` whose first cell starts with `firstCell`, trimmed. */
export function tableRow(name: string, heading: string | undefined, firstCell: string): string[] {
  const rows = sectionLines(name, heading)
    .filter((l) => l.startsWith('|'))
    .map((l) =>
      l
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  const row = rows.find((cells) => cells[0]!.startsWith(firstCell));
  if (!row)
    throw new Error(`docs/${name}${heading ? `, "${heading}"` : ''}: no table row starts with "${firstCell}" any more`);
  return row;
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  a: 1,
  an: 1,
  'a hundred': 100,
  'a thousand': 1000,
  'a day': 1,
  'a second': 1,
  second: 1,
  'an hour': 1,
  hour: 1,
};

/** A number as the docs write it: digits with `,` or `_` groups and an optional fraction, or a word. */
export function docNumber(text: string): number {
  const t = text.trim().toLowerCase();
  if (t in WORDS) return WORDS[t]!;
  if (!/^\d{1,3}([,_]?\d{3})*(\.\d+)?$/.test(t)) throw new Error(`"${text}" is not a number as the docs write them`);
  return Number(t.replace(/[,_]/g, ''));
}

/** A decimal amount in whole units (`0.05`) as an integer of smallest units (`decimals` places). */
export function docUnits(text: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.replace(/,/g, ''));
  if (!m || (m[2] ?? '').length > decimals)
    throw new Error(`"${text}" is not an amount with at most ${decimals} decimals`);
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt((m[2] ?? '').padEnd(decimals, '0') || '0');
}
