// One home for each rule (docs/architecture.md, "One home for each rule"): each rule written out once,
// in the file named here, and nowhere else in src/. Each check is shown to find a planted copy.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(): { rel: string; source: string }[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true })
    .map((f) => `src/${String(f).split(path.sep).join('/')}`)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((rel) => ({ rel, source: readFileSync(path.join(ROOT, rel), 'utf8') }));
}

function parse(rel: string, source: string): ts.SourceFile {
  return ts.createSourceFile(rel, source, ts.ScriptTarget.Latest, true, rel.endsWith('x') ? 4 : 3);
}

/** Every node of a file that `match` accepts, as `file:line`. */
function found(rel: string, source: string, match: (node: ts.Node, sf: ts.SourceFile) => boolean): string[] {
  const sf = parse(rel, source);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (match(node, sf)) out.push(`${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

interface Rule {
  name: string;
  /** The files allowed to hold it. */
  home: readonly string[];
  /** Which part of src/ it applies to. */
  within: (rel: string) => boolean;
  /** Cheap text a file must contain to be parsed at all. */
  hint: RegExp;
  match: (node: ts.Node, sf: ts.SourceFile) => boolean;
  /** Copies the check must find (one unless `copies` says), as a file outside the home. */
  planted: { rel: string; source: string; copies?: number };
}

const isCall = (node: ts.Node, callee: string, sf: ts.SourceFile): node is ts.CallExpression =>
  ts.isCallExpression(node) && node.expression.getText(sf) === callee;

const RULES: Rule[] = [
  {
    name: 'reading a stored quote answer (src/oneclick/storedAnswer.ts)',
    home: ['src/oneclick/storedAnswer.ts', 'src/oneclick/client.ts', 'src/oneclick/schemas.ts'],
    within: (rel) => !rel.startsWith('src/sim/'),
    hint: /quote/i,
    match: (node, sf) =>
      (isCall(node, 'JSON.parse', sf) && /quote/i.test(node.arguments[0]?.getText(sf) ?? '')) ||
      (ts.isIdentifier(node) && node.text === 'quoteResponseSchema'),
    planted: {
      rel: 'src/background/swaps/payment.ts',
      source: 'const quoteOf = (r: { quoteResponseJson: string }) => JSON.parse(r.quoteResponseJson).quote;',
    },
  },
  {
    name: 'serialising work through a promise chain (src/core/serial.ts)',
    home: ['src/core/serial.ts'],
    within: () => true,
    hint: /Promise\.resolve\(\)|\.then\(/,
    // The empty tail a queue starts from, kept in something reassigned, or a tail that follows itself.
    match: (node, sf) =>
      ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) &&
        node.initializer?.getText(sf) === 'Promise.resolve()' &&
        !(ts.isVariableDeclaration(node) && (node.parent.flags & ts.NodeFlags.Const) !== 0)) ||
      (ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        node.right
          .getText(sf)
          .replace(/^\(\s*/, '')
          .startsWith(`${node.left.getText(sf)}.then(`)),
    planted: {
      rel: 'src/background/swaps/tracker.ts',
      source: [
        'let chain: Promise<unknown> = Promise.resolve();',
        'const lock = <T>(f: () => Promise<T>): Promise<T> => { const p = chain.then(f); chain = p.catch(() => undefined); return p; };',
        'const erase = () => (erasing = erasing.then(() => undefined));',
      ].join('\n'),
      copies: 2,
    },
  },
  {
    name: 'asking the background and unwrapping its reply, in the UI (src/ui/call.ts)',
    // The transport (./messaging.ts), ./early.ts, which asks before the first screen, and ./headAsks.ts,
    // which asks from the page's head with the browser's own global (their answers are unwrapped by the
    // same helper later).
    home: ['src/ui/call.ts', 'src/ui/messaging.ts', 'src/ui/early.ts', 'src/ui/headAsks.ts'],
    within: (rel) => rel.startsWith('src/ui/'),
    hint: /askBackground|WalletError|sendMessage/,
    match: (node, sf) =>
      (ts.isNewExpression(node) && node.expression.getText(sf) === 'WalletError') ||
      (ts.isCallExpression(node) && /(^|\.)(askBackground|sendMessage)$/.test(node.expression.getText(sf))),
    planted: {
      rel: 'src/ui/swaps.ts',
      source: [
        'async function call(method: string) {',
        "  const reply = await askBackground({ type: 'request', method });",
        '  if (!reply.ok) throw new WalletError(reply.error);',
        '  return reply.result;',
        '}',
      ].join('\n'),
      copies: 2,
    },
  },
  {
    name: 'the text of anything thrown (src/core/errorText.ts)',
    home: ['src/core/errorText.ts'],
    // The dApp kit is a package of its own that imports nothing from src/ (test/unit/architecture.unit.test.ts).
    within: (rel) => !rel.startsWith('src/kit/'),
    hint: /instanceof Error|as Error/,
    // `x instanceof Error ? x.message …`, `x instanceof Error && x.message`, `(x as Error).message`.
    match: (node, sf) =>
      (ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
        node.right.getText(sf) === 'Error' &&
        /\.message\b/.test(node.parent.getText(sf))) ||
      (ts.isPropertyAccessExpression(node) &&
        node.name.text === 'message' &&
        /^\(\s*\w+\s+as\s+Error\s*\)$/.test(node.expression.getText(sf))),
    planted: {
      rel: 'src/background/wallet/send.ts',
      source: [
        'const a = (e: unknown) => (e instanceof Error ? e.message : String(e));',
        'const b = (e: unknown) => (e as Error).message;',
        "const c = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Something went wrong');",
      ].join('\n'),
      copies: 3,
    },
  },
  {
    name: 'facts per chain: names, address families, memos, payment requests, explorers (src/core/chains.ts)',
    // The icons' drawings are keyed by the same chain ids: pictures, not facts (src/ui/icons/drawings.ts).
    home: ['src/core/chains.ts', 'src/ui/icons/drawings.ts'],
    within: () => true,
    hint: /\beth\b/,
    // A table keyed by chain ids, or a list of them: any object or array naming eth, btc and sol.
    match: (node) => {
      const names = ts.isObjectLiteralExpression(node)
        ? node.properties.map((p) =>
            p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '',
          )
        : ts.isArrayLiteralExpression(node)
          ? node.elements.map((e) => (ts.isStringLiteral(e) ? e.text : ''))
          : [];
      return ['eth', 'btc', 'sol'].every((id) => names.includes(id));
    },
    planted: {
      rel: 'src/ui/chains.ts',
      source: [
        "const CHAIN_NAMES: Record<string, string> = { home: 'Home ledger', eth: 'Ethereum', btc: 'Bitcoin', sol: 'Solana' };",
        "export const CHAIN_IDS = ['home', 'eth', 'base', 'btc', 'sol'] as const;",
      ].join('\n'),
      copies: 2,
    },
  },
  {
    name: 'whether a key is a passkey’s (src/core/keyKind.ts)',
    home: ['src/core/keyKind.ts'],
    within: () => true,
    hint: /p256:/,
    // `key.startsWith('p256:')`: the prefix test the vault, the signer and the screens share.
    match: (node, sf) =>
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'startsWith' &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[0].getText(sf).slice(1, -1) === 'p256:',
    planted: {
      rel: 'src/ui/keys.ts',
      source: [
        "export const isPasskeyRow = (row: { publicKey: string }) => row.publicKey.startsWith('p256:');",
        'const signsWithPasskey = (keys: string[]) => keys[0]!.startsWith(`p256:`);',
      ].join('\n'),
      copies: 2,
    },
  },
];

describe('one home for each rule', () => {
  const files = sources();
  it.each(RULES.map((r) => [r.name, r] as const))('%s: written only in its home', (_name, rule) => {
    const copies = files
      .filter((f) => rule.within(f.rel) && !rule.home.includes(f.rel) && rule.hint.test(f.source))
      .flatMap((f) => found(f.rel, f.source, rule.match));
    expect(copies).toEqual([]);
    const homes = files.filter((f) => rule.home.includes(f.rel));
    expect(homes.flatMap((f) => found(f.rel, f.source, rule.match)).length).toBeGreaterThan(0);
  });
  it.each(RULES.map((r) => [r.name, r] as const))('%s: the check finds a planted copy', (_name, rule) => {
    expect(found(rule.planted.rel, rule.planted.source, rule.match)).toHaveLength(rule.planted.copies ?? 1);
  });
});
