// The catalogues (assets/public/_locales/<locale>/messages.json): every locale has exactly the English keys,
// each with the same placeholders standing for the same substitutions, so no screen falls back to English
// or loses an amount in one language; and Chrome's substitution rule as src/core/messages.ts writes it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMessage, type MessageEntry, substitutionsOf } from '../../../src/core/messages';

type Catalogue = Record<string, MessageEntry>;
const DIR = new URL('../../../assets/public/_locales/', import.meta.url);
const read = (locale: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`${locale}/messages.json`, DIR), 'utf8')) as Catalogue;
const LOCALES = readdirSync(DIR).sort();

/** What a placeholder set is, to compare: name (lower case, as Chrome reads it) → content. */
const placeholderSet = (e: MessageEntry) =>
  Object.fromEntries(
    Object.entries(e.placeholders ?? {})
      .map(([name, p]) => [name.toLowerCase(), p.content] as const)
      .sort(),
  );

/** The problems of one catalogue on its own: key names, placeholders used and defined, substitutions 1…n. */
function ownProblems(locale: string, catalogue: Catalogue): string[] {
  const out: string[] = [];
  const lower = new Map<string, string>();
  for (const [key, entry] of Object.entries(catalogue)) {
    const at = `${locale}/${key}`;
    if (!/^[A-Za-z0-9_]+$/.test(key)) out.push(`${at}: a key is letters, digits and _ only`);
    const clash = lower.get(key.toLowerCase());
    if (clash) out.push(`${at}: the same key as ${clash} to Chrome (keys are case-insensitive)`);
    lower.set(key.toLowerCase(), key);
    if (typeof entry.message !== 'string' || !entry.message.trim()) out.push(`${at}: no message`);
    const used = [...new Set([...entry.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))];
    const defined = Object.keys(placeholderSet(entry));
    for (const name of used) if (!defined.includes(name)) out.push(`${at}: $${name}$ has no placeholder`);
    for (const name of defined) if (!used.includes(name)) out.push(`${at}: placeholder ${name} is not used`);
    const subs = substitutionsOf(entry);
    if (subs.some((n, i) => n !== i + 1)) out.push(`${at}: substitutions ${subs.join(',')} are not 1…n`);
  }
  return out;
}

/** The differences of `other` from English: keys missing or extra, placeholder sets that differ. */
function differences(english: Catalogue, locale: string, other: Catalogue): string[] {
  const out: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) out.push(`${locale}: no ${key}`);
    else if (JSON.stringify(placeholderSet(english[key]!)) !== JSON.stringify(placeholderSet(other[key]!)))
      out.push(`${locale}/${key}: placeholders differ from English`);
  }
  for (const key of Object.keys(other)) if (!(key in english)) out.push(`${locale}: ${key} is not in English`);
  return out;
}

describe('the catalogues', () => {
  const english = read('en');

  it('are English and at least two more languages', () => {
    expect(LOCALES).toContain('en');
    expect(LOCALES.length).toBeGreaterThanOrEqual(3);
  });

  it.each(LOCALES)('%s is well formed', (locale) => {
    expect(ownProblems(locale, read(locale))).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has every English key, with the same placeholders, and no other',
    (locale) => {
      expect(differences(english, locale, read(locale))).toEqual([]);
    },
  );

  it('the checks catch a missing key, an extra key, a changed placeholder and a broken one', () => {
    const base: Catalogue = { ...english, sent: { message: 'Sent $a$', placeholders: { a: { content: '$1' } } } };
    const missing = { ...base };
    delete missing.sent;
    expect(differences(base, 'x', missing)).toEqual(['x: no sent']);
    expect(differences(base, 'x', { ...base, extraKey: { message: 'x' } })).toEqual(['x: extraKey is not in English']);
    const renamed = { message: 'Sent $b$', placeholders: { b: { content: '$1' } } };
    expect(differences(base, 'x', { ...base, sent: renamed })).toEqual(['x/sent: placeholders differ from English']);
    const renumbered = { message: 'Sent $a$', placeholders: { a: { content: '$2' } } };
    expect(differences(base, 'x', { ...base, sent: renumbered })).toEqual(['x/sent: placeholders differ from English']);
    expect(ownProblems('x', { a: { message: 'Send $amount$' } })).toEqual(['x/a: $amount$ has no placeholder']);
    expect(ownProblems('x', { a: { message: '$b$', placeholders: { b: { content: '$2' } } } })).toEqual([
      'x/a: substitutions 2 are not 1…n',
    ]);
    expect(ownProblems('x', { ab: { message: 'a' }, AB: { message: 'b' } })).toEqual([
      'x/AB: the same key as ab to Chrome (keys are case-insensitive)',
    ]);
  });
});

describe('formatMessage, as Chrome substitutes', () => {
  const catalogue: Catalogue = {
    sent: {
      message: 'Sent $Amount$ to $who$ ($$ fee)',
      placeholders: { amount: { content: '$1' }, who: { content: '$2' } },
    },
    direct: { message: '$1 and $2' },
  };

  it('puts each substitution where its placeholder stands, names read case-insensitively', () => {
    expect(formatMessage(catalogue, 'sent', ['1.5 USDC', 'bob.near'])).toBe('Sent 1.5 USDC to bob.near ($ fee)');
    expect(formatMessage(catalogue, 'direct', ['a', 'b'])).toBe('a and b');
  });

  it('never reads a substitution as a placeholder, and leaves an absent one empty', () => {
    expect(formatMessage(catalogue, 'sent', ['$2', '$who$'])).toBe('Sent $2 to $who$ ($ fee)');
    expect(formatMessage(catalogue, 'sent', ['1'])).toBe('Sent 1 to  ($ fee)');
  });

  it('is empty for a key the catalogue does not have, as the browser is', () => {
    expect(formatMessage(catalogue, 'nope')).toBe('');
  });
});
