// The tree's references resolve in a clone: every `docs/<file>.md, "Heading"` names a doc that exists and
// a heading it has; every path of ours that docs/ cites (src/, test/, entrypoints/, scripts/) exists; every file that speaks of "the interface" cites docs/interface.md, where the interface
// is written down; a section sign always names whose section it is (an RFC, a Unicode report), never a
// numbering no doc here has.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/**
 * Paths of this repository cited in docs/*.md: `src/…`, `test/…`, `entrypoints/…`, `scripts/…`, not
 * inside a URL. A path in another project's tree (the SDK's `src/quote-signature.ts`) is cited right
 * after that project's name or URL: within FOREIGN_REACH characters of the same paragraph.
 */
const OUR_PATH = /(?<![\w./<>-])((?:src|test|entrypoints|scripts)\/[\w./<>*@-]*[\w/>*])/g;
const FOREIGN = /one-click-sdk-typescript|near-api-js|github\.com\//;
const FOREIGN_REACH = 100;

/** The cited paths of `text` that name nothing here; a pattern (`<group>`, `*`) names its fixed room. */
function missingPaths(text: string, exists: (p: string) => boolean): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(OUR_PATH)) {
    const cited = m[1]!;
    const fixed = /[<*]/.test(cited) ? cited.split('/').slice(0, 2).join('/') : cited.replace(/\/$/, '');
    if (exists(fixed)) continue;
    const before = text.slice(Math.max(0, m.index - FOREIGN_REACH), m.index);
    if (FOREIGN.test(before.split(/\n\s*\n/).at(-1)!)) continue;
    missing.push(cited);
  }
  return missing;
}

describe('citations', () => {
  it('every path of ours cited in docs/ exists', () => {
    const missing = tree
      .filter(({ file }) => file.startsWith('docs/'))
      .flatMap(({ file, text }) =>
        missingPaths(text, (p) => existsSync(path.join(ROOT, p))).map((p) => `${file}: ${p}`),
      );
    expect(missing).toEqual([]);
  });

  it("the path check finds a moved file, and leaves another project's paths and URLs alone", () => {
    const here = new Set(['src/core/site.ts', 'src/core', 'test/mutation']);
    const text = [
      'The rule is in `src/core/site.ts`; it was `src/background/page/siteOf.ts` (`test/unit/x.unit.test.ts`).',
      'Another line: `src/gone.ts`, a room `src/core/`, results in `test/mutation/incremental/<group>.json`.',
      'The SDK (one-click-sdk-typescript `src/quote-signature.ts`), https://example.com/src/a.ts, near-api-js',
      '`test/unit/signers/x.test.ts`.',
      '',
      'A new paragraph: `src/theirs.ts` is ours again.',
    ].join('\n');
    expect(missingPaths(text, (p) => here.has(p))).toEqual([
      'src/background/page/siteOf.ts',
      'test/unit/x.unit.test.ts',
      'src/gone.ts',
      'src/theirs.ts',
    ]);
  });

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
