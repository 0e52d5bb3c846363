import { describe, expect, it } from 'vitest';
import { containsHiddenCharacters, hasHiddenCharacters, visibleText } from '../../../src/core';

// One or more members of each class the window must never render as they are (Unicode TR 9, TR 36, TR 39).
const CLASSES: [string, string, string][] = [
  ['Cc: C0 control (BEL)', '\u0007', '\\u0007'],
  ['Cc: escape', '\u001B', '\\u001B'],
  ['Cc: carriage return', '\r', '\\u000D'],
  ['Cc: C1 control', '\u0085', '\\u0085'],
  ['Cf: right-to-left override', '\u202E', '\\u202E'],
  ['Cf: left-to-right embedding', '\u202A', '\\u202A'],
  ['Cf: pop directional formatting', '\u202C', '\\u202C'],
  ['Cf: left-to-right isolate', '\u2066', '\\u2066'],
  ['Cf: first strong isolate', '\u2068', '\\u2068'],
  ['Cf: pop directional isolate', '\u2069', '\\u2069'],
  ['Cf: zero-width space', '\u200B', '\\u200B'],
  ['Cf: zero-width joiner', '\u200D', '\\u200D'],
  ['Cf: right-to-left mark', '\u200F', '\\u200F'],
  ['Cf: byte order mark', '\uFEFF', '\\uFEFF'],
  ['Cf: soft hyphen', '\u00AD', '\\u00AD'],
  ['Cf: word joiner', '\u2060', '\\u2060'],
  ['Cf: tag character (astral)', '\u{E0041}', '\\u{E0041}'],
  ['Zl: line separator', '\u2028', '\\u2028'],
  ['Zp: paragraph separator', '\u2029', '\\u2029'],
  ['Cs: lone surrogate', '\uD800', '\\uD800'],
  ['default ignorable: Hangul filler', '\u3164', '\\u3164'],
  ['default ignorable: variation selector', '\uFE0F', '\\uFE0F'],
];

describe('visibleText', () => {
  it.each(CLASSES)('escapes %s', (_, ch, escaped) => {
    expect(visibleText(`a${ch}b`)).toBe(`a${escaped}b`);
    expect(hasHiddenCharacters(`a${ch}b`)).toBe(true);
    expect(hasHiddenCharacters(visibleText(`a${ch}b`))).toBe(false);
  });

  it('leaves ordinary text, including non-Latin scripts and spaces, as it is', () => {
    for (const text of ['alice.near', 'Sign in to app.example', 'Привет мир', 'مرحبا', '他们为什么不说中文', 'a b']) {
      expect(visibleText(text)).toBe(text);
      expect(hasHiddenCharacters(text)).toBe(false);
    }
  });

  it('escapes line feeds and tabs on one line, keeps them in multi-line text', () => {
    expect(visibleText('a\nb\tc')).toBe('a\\u000Ab\\u0009c');
    expect(visibleText('a\nb\tc', { multiline: true })).toBe('a\nb\tc');
    expect(hasHiddenCharacters('a\nb', { multiline: true })).toBe(false);
    expect(visibleText('a\n\u202Eb', { multiline: true })).toBe('a\n\\u202Eb');
    expect(hasHiddenCharacters('a\n\u202Eb', { multiline: true })).toBe(true);
  });

  it('is idempotent', () => {
    const once = visibleText('x\u202Ey\u{E0041}');
    expect(visibleText(once)).toBe(once);
  });

  it('finds hidden characters anywhere in a JSON-like value, keys included', () => {
    expect(containsHiddenCharacters({ a: ['ok', { b: 'x\u200By' }] })).toBe(true);
    expect(containsHiddenCharacters({ 'nep245:mt.near:\u202E': '1' })).toBe(true);
    expect(containsHiddenCharacters({ a: ['ok', { b: 1, c: true, d: null }] })).toBe(false);
  });
});
