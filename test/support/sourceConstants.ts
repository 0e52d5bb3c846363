// Values written in source files that the modules do not export (a module-private `const X = 5 * 60_000`,
// a string id, a bench row's `budget`), read with TypeScript's parser so that tests can hold docs to them without the
// source exporting test-only names. Only literal arithmetic is evaluated; anything else is refused by
// name, so a constant that stops being a plain number fails loudly instead of reading wrong.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './docText';

const parsed = new Map<string, ts.SourceFile>();

function sourceFile(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    sf = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    parsed.set(file, sf);
  }
  return sf;
}

function find<T extends ts.Node>(root: ts.Node, test: (n: ts.Node) => n is T): T[] {
  const out: T[] = [];
  const visit = (n: ts.Node) => {
    if (test(n)) out.push(n);
    n.forEachChild(visit);
  };
  visit(root);
  return out;
}

/** Numeric literal arithmetic: 5 * 60_000, 24 * 3600_000, 7 + 64 + 1 + 256, 50_000n, (x), other consts of the file. */
function evaluate(file: string, node: ts.Expression): number | bigint {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return evaluate(file, node.expression);
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isBigIntLiteral(node)) return BigInt(node.text.slice(0, -1));
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const v = evaluate(file, node.operand);
    return typeof v === 'bigint' ? -v : -v;
  }
  if (ts.isIdentifier(node)) return sourceConstant(file, node.text);
  if (ts.isBinaryExpression(node)) {
    const [a, b] = [evaluate(file, node.left), evaluate(file, node.right)];
    if (typeof a !== typeof b) throw new Error(`${file}: mixes bigint and number in ${node.getText()}`);
    const ops: Partial<Record<ts.SyntaxKind, (x: never, y: never) => number | bigint>> = {
      [ts.SyntaxKind.AsteriskToken]: (x: number, y: number) => x * y,
      [ts.SyntaxKind.PlusToken]: (x: number, y: number) => x + y,
      [ts.SyntaxKind.MinusToken]: (x: number, y: number) => x - y,
      [ts.SyntaxKind.SlashToken]: (x: number, y: number) => x / y,
      [ts.SyntaxKind.AsteriskAsteriskToken]: (x: number, y: number) => x ** y,
    };
    const op = ops[node.operatorToken.kind];
    if (op) return op(a as never, b as never);
  }
  throw new Error(`${file}: ${node.getText()} is not literal arithmetic`);
}

/** The value of the top-level `const name = <arithmetic>` of `file` (a path from the repository root). */
export function sourceConstant(file: string, name: string): number | bigint {
  const decls = find(sourceFile(file), ts.isVariableDeclaration).filter(
    (d) => ts.isIdentifier(d.name) && d.name.text === name,
  );
  if (decls.length !== 1 || !decls[0]!.initializer)
    throw new Error(`${file} has ${decls.length === 0 ? 'no' : 'more than one'} const ${name} any more`);
  return evaluate(file, decls[0]!.initializer);
}

/** The value of the top-level `const name = '<string>'` of `file`. */
export function sourceString(file: string, name: string): string {
  const decls = find(sourceFile(file), ts.isVariableDeclaration).filter(
    (d) => ts.isIdentifier(d.name) && d.name.text === name,
  );
  const init = decls.length === 1 ? decls[0]!.initializer : undefined;
  if (!init || !(ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)))
    throw new Error(`${file} has no const ${name} = '<string>' any more`);
  return init.text;
}

/** An expression's text with each `${…}` of a template shown as `…`: how a bench row's name reads. */
function nameText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `…${s.literal.text}`).join('');
  return undefined;
}

/**
 * A bench row's gate (test/bench): the `budget` of the row literal `{name, …, budget}` whose name reads
 * `name` (template substitutions written `…`), or the third argument of `gzipRow(name, files, budgetKb)`.
 */
export function benchBudget(file: string, name: string): number {
  const sf = sourceFile(file);
  const rows = find(sf, ts.isObjectLiteralExpression).filter((o) =>
    o.properties.some(
      (p) => ts.isPropertyAssignment(p) && p.name.getText() === 'name' && nameText(p.initializer) === name,
    ),
  );
  const calls = find(sf, ts.isCallExpression).filter(
    (c) => c.expression.getText() === 'gzipRow' && c.arguments[0] && nameText(c.arguments[0]) === name,
  );
  const budgets = [
    ...rows.flatMap((o) =>
      o.properties
        .filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'budget')
        .map((p) => p.initializer),
    ),
    ...calls.map((c) => c.arguments[2]).filter((a): a is ts.Expression => a !== undefined),
  ];
  if (budgets.length !== 1)
    throw new Error(`${file}: ${budgets.length === 0 ? 'no' : 'more than one'} bench row "${name}" with a budget`);
  const value = evaluate(file, budgets[0]!);
  if (typeof value !== 'number') throw new Error(`${file}: the budget of "${name}" is not a number`);
  return value;
}
