// The popup's and the approval window's first ask leaves before the rest of their script is evaluated
// (docs/architecture.md, "Budgets": src/ui/early.ts): each entry's first statement is a bare import of
// its ask module (src/ui/popupFirst.ts, src/ui/approve/first.ts), which imports only early.ts and asks at
// once. A bare import (`import './x'`, no bindings) is a boundary no import sorter moves anything across
// (simple-import-sort keeps side-effect imports first and in order; Biome and TypeScript's organizeImports
// sort only between them), so a sorted file keeps the ask first. ES modules evaluate their imports in
// order, depth first: whatever the entry imports later (Preact, the screens) runs after the ask.
// early.ts itself stays small: no Preact, no zod, nothing from the screens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/docText';

interface Import {
  /** Resolved to a repository file (`src/ui/early.ts`) or left as a package name (`wxt/browser`). */
  target: string;
  /** No bindings: `import './x'`. */
  bare: boolean;
  /** Erased by TypeScript (`import type`, or every binding `type`): not evaluated. */
  typeOnly: boolean;
}

const parse = (file: string) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
};

function resolve(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const base = path.posix.join(path.posix.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      readFileSync(path.join(ROOT, candidate));
      return candidate;
    } catch {
      // next candidate
    }
  }
  throw new Error(`${from}: cannot resolve '${spec}'`);
}

/** The statement's import, or null for a statement that imports nothing (re-exports count as imports). */
function importOf(file: string, s: ts.Statement): Import | null {
  if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
    const clause = s.importClause;
    const named =
      clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
    const typeOnly =
      !!clause &&
      (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    return { target: resolve(file, s.moduleSpecifier.text), bare: !clause, typeOnly };
  }
  if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
    return { target: resolve(file, s.moduleSpecifier.text), bare: false, typeOnly: s.isTypeOnly };
  }
  return null;
}

const statements = (file: string) => [...parse(file).statements];
const importsOf = (file: string) => statements(file).flatMap((s) => importOf(file, s) ?? []);

/** Every module `file` evaluates, itself included (type-only imports are erased and do not count). */
function evaluated(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const i of importsOf(file)) {
    if (i.typeOnly || seen.has(i.target)) continue;
    if (/\.(tsx?)$/.test(i.target)) evaluated(i.target, seen);
    else seen.add(i.target);
  }
  return seen;
}

const PAGES = [
  { entry: 'entrypoints/popup/main.tsx', ask: 'src/ui/popupFirst.ts', call: 'askStatusEarly' },
  { entry: 'entrypoints/approve/main.tsx', ask: 'src/ui/approve/first.ts', call: 'askCurrentEarly' },
];

describe.each(PAGES)('$entry asks first', ({ entry, ask, call }) => {
  it(`its first statement is a bare import of ${ask}`, () => {
    const first = statements(entry)[0];
    const imp = first && importOf(entry, first);
    expect(
      imp?.target,
      `${entry}: the first statement must be \`import '<path to ${ask}>'\` (docs/architecture.md, "Budgets"), found: ${first?.getText() ?? 'nothing'}`,
    ).toBe(ask);
    expect(
      imp?.bare,
      `${entry}: the import of ${ask} must have no bindings, so that no import sorter moves another import above it`,
    ).toBe(true);
  });

  it(`${ask} imports early.ts alone and asks at once`, () => {
    expect(
      importsOf(ask).map((i) => i.target),
      `${ask} must import src/ui/early.ts and nothing else`,
    ).toEqual(['src/ui/early.ts']);
    const calls = statements(ask)
      .filter((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression))
      .map((s) => (s as ts.ExpressionStatement).expression.getText());
    expect(calls, `${ask} must call ${call}() at its top level`).toContain(`${call}()`);
  });
});

describe('src/ui/early.ts', () => {
  it('evaluates no Preact, no zod, no curve code and no screen', () => {
    const modules = [...evaluated('src/ui/early.ts')];
    const heavy = modules.filter(
      (m) =>
        /^(preact|zod|@noble\/|@scure\/)/.test(m) ||
        m.endsWith('.css') ||
        m.endsWith('.tsx') ||
        m.startsWith('src/ui/pages/') ||
        m.startsWith('src/ui/components/'),
    );
    expect(
      heavy,
      `src/ui/early.ts runs before the popup's first screen and must stay small; it now evaluates: ${modules.join(', ')}`,
    ).toEqual([]);
    // What it does evaluate, so that this test fails when the walk stops finding imports.
    expect(modules).toEqual(expect.arrayContaining(['src/ui/early.ts', 'src/ui/messaging.ts', 'wxt/browser']));
  });
});

describe('src/ui/headAsks.ts (run by /early.js before the page is parsed)', () => {
  it('evaluates the asks’ names and the runtime round trip only: no wxt/browser, Preact, zod or screen', () => {
    const modules = [...evaluated('src/ui/headAsks.ts')];
    const heavy = modules.filter(
      (m) =>
        /^(preact|zod|@noble\/|@scure\/|wxt)/.test(m) ||
        m.endsWith('.css') ||
        m.endsWith('.tsx') ||
        m.startsWith('src/ui/pages/') ||
        m.startsWith('src/ui/components/'),
    );
    expect(heavy, `it now evaluates: ${modules.join(', ')}`).toEqual([]);
    expect(modules).toEqual(expect.arrayContaining(['src/ui/headAsks.ts', 'src/provider/rpc.ts']));
  });
});

describe('the check itself', () => {
  it('sees a sorted-in import above the ask, and a named import of it', () => {
    const reordered = (source: string) => {
      const sf = ts.createSourceFile(
        'entrypoints/popup/main.tsx',
        source,
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      return importOf('entrypoints/popup/main.tsx', sf.statements[0]!);
    };
    expect(reordered("import { mount } from '../../src/ui/mount';\nimport '../../src/ui/popupFirst';")?.target).toBe(
      'src/ui/mount.tsx',
    );
    expect(reordered("import { askStatusEarly } from '../../src/ui/early';")).toMatchObject({
      target: 'src/ui/early.ts',
      bare: false,
    });
    expect(reordered("import type { X } from '../../src/ui/early';")).toMatchObject({ typeOnly: true });
  });
});
