// The tree's references resolve in a clone: every `docs/<file>.md, "Heading"` names a doc that exists and
// a heading it has; every file that speaks of "the interface" cites docs/interface.md, where the interface
// is written down; a section sign always names whose section it is (an RFC, a Unicode report), never a
// numbering no doc here has.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'test', 'entrypoints', 'scripts', 'docs'];
const SELF = 'test/unit/citations.unit.test.ts';
const TEXT = /\.(ts|tsx|js|mjs|md|html|css)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
    return TEXT.test(name) ? [full] : [];
  });
}

const tree = [...SCANNED.flatMap((d) => files(path.join(ROOT, d))), path.join(ROOT, 'README.md')].map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

/** A doc's headings, as written after the `#`s (backticks kept). */
function headings(doc: string): Set<string> {
  const text = readFileSync(path.join(ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim()));
}

// `docs/x.md, "Heading"`, `docs/x.md "Heading"` and `docs/x.md, “Heading”`; quotes may be escaped in source.
const CITATION = /docs\/([\w-]+\.md)(?:,?\s+\\?["“]([^"”\\\n]+)\\?["”])?/g;

describe('citations', () => {
  it('every docs/<file>.md cited exists, and every heading cited beside it is one of its headings', () => {
    const known = new Set(readdirSync(path.join(ROOT, 'docs')));
    const cache = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const { file, text } of tree.filter((f) => f.file !== SELF)) {
      for (const m of text.matchAll(CITATION)) {
        const [, doc, heading] = m;
        if (!known.has(doc!)) {
          broken.push(`${file}: docs/${doc} does not exist`);
          continue;
        }
        if (heading === undefined) continue;
        if (!cache.has(doc!)) cache.set(doc!, headings(doc!));
        if (!cache.get(doc!)!.has(heading)) broken.push(`${file}: docs/${doc} has no heading "${heading}"`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a file that speaks of "the interface" cites docs/interface.md', () => {
    const uncited = tree
      .filter(({ file, text }) => file !== 'docs/interface.md' && /\bthe interface\b/i.test(text))
      .filter(({ file, text }) => !text.includes(file.startsWith('docs/') ? 'interface.md' : 'docs/interface.md'))
      .map(({ file }) => file);
    expect(uncited).toEqual([]);
  });

  it('a section sign names whose section it is', () => {
    const OWNERS = /(RFC \d+|TR \d+|UTS #\d+|NEP-\d+|WCAG [\d.]+|BIP-?\d+|SLIP-?\d+|ISO [\d-]+)[^§\n]{0,20}§/;
    const bare = tree.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => line.includes('§') && !OWNERS.test(line) && !line.includes('OWNERS'))
        .map(({ at }) => at),
    );
    expect(bare).toEqual([]);
  });
});
